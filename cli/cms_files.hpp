// What the CMS commands (`dstu verify` of .p7s files, `dstu sign --cms` and --cosign)
// share: how much content is read, where a detached signature's content is when it is
// not named, and the signer's certificate, chain and record fields of a signing run.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "dstu/pkix/certificate.hpp"
#include "dstu/pkix/cms_sign.hpp"
#include "dstu/pkix/key.hpp"
#include "output.hpp"

namespace dstu::cli {

/// The largest content a CMS command reads (held in memory while it is hashed).
inline constexpr std::size_t kCmsContentLimit = std::size_t{1} << 30;

/// The content beside a detached signature: the signed file's name without its
/// extension (.p7s, .p7, .sig). Error(invalid_input) for another name, saying to give
/// the content with `option`.
std::string cms_content_beside(const std::string& signed_file, const char* option = "--content");

/// The signer's certificate: the file `path` (--cert) when given, else the container's;
/// Error(invalid_input) when there is none or it is not the key's.
pkix::Certificate cms_signer_certificate(const pkix::AnyPrivateKey& key,
                                         const std::optional<pkix::Certificate>& from_container, const std::string& path);

/// The certificates of --chain, read.
std::vector<pkix::Certificate> cms_chain(const std::vector<std::string>& paths);

/// The fields every record of a signing run carries: format, hash, key_id, certificate;
/// for an RSA key padding, and salt_length with PSS.
Json cms_signer_fields(const pkix::AnyPublicKey& key, const pkix::Certificate& cert,
                       const pkix::CmsSignOptions& options);

}  // namespace dstu::cli
