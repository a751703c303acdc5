// SHA-1 (FIPS 180-4 §4.1.1, §5.3.1, §6.1): initial value, the portable compression and the
// choice of kernel.
#include "dstu/hash/sha1.hpp"

#include "dstu/base/bytes.hpp"
#include "dstu/base/error.hpp"
#include "dstu/cpu/features.hpp"
#include "sha1_internal.hpp"

namespace dstu::hash::detail {
namespace {

constexpr std::uint32_t rotl(std::uint32_t x, int n) { return x << n | x >> (32 - n); }

inline std::uint32_t load_be32(const std::uint8_t* p) {
  return static_cast<std::uint32_t>(p[0]) << 24 | static_cast<std::uint32_t>(p[1]) << 16 |
         static_cast<std::uint32_t>(p[2]) << 8 | p[3];
}

/// f_t(b, c, d) + K_t of §4.1.1 and §4.2.1 for round t (t is a constant after unrolling).
inline std::uint32_t f_plus_k(int t, std::uint32_t b, std::uint32_t c, std::uint32_t d) {
  if (t < 20) return (d ^ (b & (c ^ d))) + 0x5a827999;              // Ch
  if (t < 40) return (b ^ c ^ d) + 0x6ed9eba1;                      // Parity
  if (t < 60) return ((b & c) | (d & (b | c))) + 0x8f1bbcdc;        // Maj
  return (b ^ c ^ d) + 0xca62c1d6;                                  // Parity
}

}  // namespace

void sha1_compress_portable(std::uint32_t h[5], const std::uint8_t* p, std::size_t blocks) {
  for (; blocks > 0; --blocks, p += 64) {
    std::uint32_t w[16];  // W[t] in w[t % 16]: the schedule of §6.1.2 step 1, 16 words live
    for (int t = 0; t < 16; ++t) w[t] = load_be32(p + 4 * t);
    std::uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
#pragma GCC unroll 80
    for (int t = 0; t < 80; ++t) {
      if (t >= 16) w[t % 16] = rotl(w[(t - 3) % 16] ^ w[(t - 8) % 16] ^ w[(t - 14) % 16] ^ w[t % 16], 1);
      const std::uint32_t tmp = rotl(a, 5) + f_plus_k(t, b, c, d) + e + w[t % 16];
      e = d;
      d = c;
      c = rotl(b, 30);
      b = a;
      a = tmp;
    }
    h[0] += a;
    h[1] += b;
    h[2] += c;
    h[3] += d;
    h[4] += e;
  }
}

void Sha1Core::init(Word h[8], std::size_t bits) {
  if (bits != 160) throw_invalid("SHA-1: the digest has 160 bits");
  static constexpr Word kIv[5] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0};
  for (int i = 0; i < 5; ++i) h[i] = kIv[i];
  for (int i = 5; i < 8; ++i) h[i] = 0;
}

void Sha1Core::compress(Word h[8], const std::uint8_t* p, std::size_t blocks) {
  if (cpu::active().sha) {
    sha1_compress_shani(h, p, blocks);
  } else {
    sha1_compress_portable(h, p, blocks);
  }
}

}  // namespace dstu::hash::detail
