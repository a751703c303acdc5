// Internal: what the SHA-256 kernels share.
#pragma once

#include <cstddef>
#include <cstdint>

namespace dstu::hash::detail {

/// The 64 round constants of SHA-256 (FIPS 180-4 §4.2.2).
extern const std::uint32_t kSha256K[64];

/// SHA-256 compression with the portable code and with the SHA extensions (only where
/// cpu::active().sha).
void sha256_compress_portable(std::uint32_t h[8], const std::uint8_t* p, std::size_t blocks);
void sha256_compress_shani(std::uint32_t h[8], const std::uint8_t* p, std::size_t blocks);

}  // namespace dstu::hash::detail
