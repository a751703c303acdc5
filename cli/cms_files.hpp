// What the CMS commands (`dstu verify` of .p7s files, `dstu sign --cms` and --cosign)
// share about files: how much content is read, and where a detached signature's content
// is when it is not named.
#pragma once

#include <cstddef>
#include <string>

namespace dstu::cli {

/// The largest content a CMS command reads (held in memory while it is hashed).
inline constexpr std::size_t kCmsContentLimit = std::size_t{1} << 30;

/// The content beside a detached signature: the signed file's name without its
/// extension (.p7s, .p7, .sig). Error(invalid_input) for another name, saying to give
/// the content with `option`.
std::string cms_content_beside(const std::string& signed_file, const char* option = "--content");

}  // namespace dstu::cli
