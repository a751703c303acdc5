// Internal: what the SHA-256 and SHA-512 kernels share.
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

/// The 80 round constants of SHA-512 (FIPS 180-4 §4.2.3), 16-octet aligned.
extern const std::uint64_t kSha512K[80];

/// SHA-512 compression with the portable code, and with the message schedule in vector
/// registers: AVX-512VL (only where cpu::active() has avx512f, avx512vl and bmi2) and AVX2
/// (avx2 and bmi2).
void sha512_compress_portable(std::uint64_t h[8], const std::uint8_t* p, std::size_t blocks);
void sha512_compress_avx512(std::uint64_t h[8], const std::uint8_t* p, std::size_t blocks);
void sha512_compress_avx2(std::uint64_t h[8], const std::uint8_t* p, std::size_t blocks);

}  // namespace dstu::hash::detail
