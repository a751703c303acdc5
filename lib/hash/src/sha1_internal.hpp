// Internal: the SHA-1 compressions (sha1.cpp, sha1_shani.cpp), for the dispatch and the
// tests that compare them.
#pragma once

#include <cstddef>
#include <cstdint>

namespace dstu::hash::detail {

/// SHA-1 compression of `blocks` 64-octet blocks into h[0..4]: the portable code, and the
/// SHA extensions (only where cpu::active().sha).
void sha1_compress_portable(std::uint32_t h[5], const std::uint8_t* p, std::size_t blocks);
void sha1_compress_shani(std::uint32_t h[5], const std::uint8_t* p, std::size_t blocks);

}  // namespace dstu::hash::detail
