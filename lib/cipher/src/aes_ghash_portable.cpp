// GHASH (SP 800-38D §6.4) without carry-less multiply instructions and without tables:
// constant time. The 64 x 64-bit carry-less product is computed with integer
// multiplications "with holes": each operand is split into four classes of bits four
// apart, so that in the integer product of two classes every column sums at most 15
// terms below bit 60 and carries stay inside the three-bit holes (T. Pornin, "Constant-
// Time Mul", BearSSL's notes on constant-time code). That gives the low 64 bits; the
// high 64 come from the product of the bit-reversed operands. Three such products make
// the 128-bit product (Karatsuba), reduced as every path does (aes_internal.hpp).
#include <cstring>

#include "aes_internal.hpp"
#include "dstu/base/wipe.hpp"

namespace dstu::cipher::aes_impl {
namespace {

using u64 = std::uint64_t;

/// The low 64 bits of the carry-less product x * y.
inline u64 clmul_low(u64 x, u64 y) {
  constexpr u64 m0 = 0x1111111111111111ULL, m1 = m0 << 1, m2 = m0 << 2, m3 = m0 << 3;
  const u64 x0 = x & m0, x1 = x & m1, x2 = x & m2, x3 = x & m3;
  const u64 y0 = y & m0, y1 = y & m1, y2 = y & m2, y3 = y & m3;
  u64 z0 = (x0 * y0) ^ (x1 * y3) ^ (x2 * y2) ^ (x3 * y1);
  u64 z1 = (x0 * y1) ^ (x1 * y0) ^ (x2 * y3) ^ (x3 * y2);
  u64 z2 = (x0 * y2) ^ (x1 * y1) ^ (x2 * y0) ^ (x3 * y3);
  u64 z3 = (x0 * y3) ^ (x1 * y2) ^ (x2 * y1) ^ (x3 * y0);
  return (z0 & m0) | (z1 & m1) | (z2 & m2) | (z3 & m3);
}

inline u64 reverse_bits(u64 x) {
  x = ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1);
  x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
  x = ((x >> 4) & 0x0f0f0f0f0f0f0f0fULL) | ((x & 0x0f0f0f0f0f0f0f0fULL) << 4);
  return __builtin_bswap64(x);
}

/// The 128-bit carry-less product of x and y given with their bit reversals:
/// reverse(x) * reverse(y) is the reversed 127-bit product, whose low half reversed is
/// bits 63 .. 126 of x * y.
inline void clmul(u64& lo, u64& hi, u64 x, u64 y, u64 x_rev, u64 y_rev) {
  lo = clmul_low(x, y);
  hi = reverse_bits(clmul_low(x_rev, y_rev)) >> 1;
}

/// Montgomery reduction of the 256-bit (w3 w2 w1 w0) by y^128 modulo y^128 + y^127 +
/// y^126 + y^121 + 1 (GCM's polynomial reversed): two folds of 64 bits; each adds
/// L * (that polynomial) for the low word L, i.e. L * y^64 and L * (y^63 + y^62 + y^57).
inline void reduce(u64 r[2], u64 w0, u64 w1, u64 w2, u64 w3) {
  w1 ^= (w0 << 63) ^ (w0 << 62) ^ (w0 << 57);
  w2 ^= w0 ^ (w0 >> 1) ^ (w0 >> 2) ^ (w0 >> 7);
  w2 ^= (w1 << 63) ^ (w1 << 62) ^ (w1 << 57);
  w3 ^= w1 ^ (w1 >> 1) ^ (w1 >> 2) ^ (w1 >> 7);
  r[0] = w2;
  r[1] = w3;
}

/// a * (b stored times y) / y^128, b given as GhashKey's split.
inline void mul_by(u64 r[2], const u64 a[2], const u64 b[2], const u64 b_rev[2], u64 b_mid, u64 b_mid_rev) {
  const u64 a_rev0 = reverse_bits(a[0]), a_rev1 = reverse_bits(a[1]);
  u64 lo0, lo1, hi0, hi1, mid0, mid1;
  clmul(lo0, lo1, a[0], b[0], a_rev0, b_rev[0]);
  clmul(hi0, hi1, a[1], b[1], a_rev1, b_rev[1]);
  clmul(mid0, mid1, a[0] ^ a[1], b_mid, a_rev0 ^ a_rev1, b_mid_rev);
  mid0 ^= lo0 ^ hi0;
  mid1 ^= lo1 ^ hi1;
  reduce(r, lo0, lo1 ^ mid0, hi0 ^ mid1, hi1);
}

inline u64 load_be64(const std::uint8_t* p) {
  u64 v;
  std::memcpy(&v, p, 8);
  return __builtin_bswap64(v);
}

}  // namespace

void ghash_mul_portable(u64 r[2], const u64 a[2], const u64 b[2]) {
  const u64 b_rev[2] = {reverse_bits(b[0]), reverse_bits(b[1])};
  mul_by(r, a, b, b_rev, b[0] ^ b[1], b_rev[0] ^ b_rev[1]);
}

void ghash_portable(const GhashKey& g, u64 x[2], const std::uint8_t* data, std::size_t blocks) {
  for (; blocks > 0; --blocks, data += 16) {
    const u64 a[2] = {x[0] ^ load_be64(data + 8), x[1] ^ load_be64(data)};
    mul_by(x, a, g.h, g.h_rev, g.h_mid, g.h_mid_rev);
  }
}

void ghash_key_init(GhashKey& g, const std::uint8_t h_block[16]) {
  // H in register form, times y: a left shift, y^128 folded back as y^127 + y^126 + y^121 + 1.
  u64 h[2] = {load_be64(h_block + 8), load_be64(h_block)};
  const u64 carry = 0 - (h[1] >> 63);
  h[1] = (h[1] << 1) | (h[0] >> 63);
  h[0] <<= 1;
  h[0] ^= carry & 1;
  h[1] ^= carry & 0xc200000000000000ULL;
  constexpr int n = GhashKey::kMaxPowers;
  g.pow[n - 1][0] = h[0];
  g.pow[n - 1][1] = h[1];
  for (int k = 2; k <= n; ++k) ghash_mul_portable(g.pow[n - k], g.pow[n - k + 1], h);  // H^k y = H^(k-1) y * H y / y
  for (int i = 0; i < n; ++i) g.pow_mid[i][0] = g.pow_mid[i][1] = g.pow[i][0] ^ g.pow[i][1];
  g.h[0] = h[0];
  g.h[1] = h[1];
  g.h_rev[0] = reverse_bits(h[0]);
  g.h_rev[1] = reverse_bits(h[1]);
  g.h_mid = h[0] ^ h[1];
  g.h_mid_rev = g.h_rev[0] ^ g.h_rev[1];
  secure_wipe(h, sizeof h);
}

}  // namespace dstu::cipher::aes_impl
