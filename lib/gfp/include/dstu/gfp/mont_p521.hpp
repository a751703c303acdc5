// The Montgomery product modulo the Mersenne prime p = 2^521 - 1 of P-521 (9 limbs,
// R = 2^576). Since 2^521 = 1 mod p, the reduction needs no products at all: the
// 1042-bit product folds onto its low 521 bits (T mod p = low + high), and dividing by
// R = 2^55 2^521 = 2^55 (mod p) is a rotation of the 521-bit residue by 55 bits. The
// product itself is by columns (Comba), whose three-word sums keep the multiplier busy
// instead of waiting on one carry chain. Results equal mont_mul_cios<9>'s exactly
// (both are a b R^-1 mod p in [0, p)). Constant time: no branch or index on operands.
// Inline, for kernels.hpp's Kernels<9, Form::mersenne521, ...> and gfp::Field.
#pragma once

#include "dstu/gfp/mont_portable.hpp"

namespace dstu::gfp::detail {

DSTU_GFP_INLINE void mont_mul_p521(Limb* r, const Limb* a, const Limb* b, const Limb* /*p*/, Limb /*m0inv*/) {
  constexpr std::size_t N = 9;
  constexpr Limb kLow9 = (Limb{1} << 9) - 1, kLow55 = (Limb{1} << 55) - 1;
  // T = a b by columns: acc (128 bits) plus the column's carries in top.
  Limb t[2 * N];
  Wide acc = 0;
  for (std::size_t k = 0; k < 2 * N - 1; ++k) {
    Limb top = 0;
    const std::size_t lo = k < N ? 0 : k - (N - 1), hi = k < N ? k : N - 1;
    for (std::size_t i = lo; i <= hi; ++i) {
      const Wide pr = static_cast<Wide>(a[i]) * b[k - i];
      acc += pr;
      top += static_cast<Limb>(acc < pr);
    }
    t[k] = static_cast<Limb>(acc);
    acc = (acc >> 64) | (static_cast<Wide>(top) << 64);
  }
  t[2 * N - 1] = static_cast<Limb>(acc);
  // s = (T mod 2^521) + (T >> 521) < 2^522, then folded once more: s <= 2^521.
  Limb s[N];
  unsigned char carry = 0;
  for (std::size_t j = 0; j < N; ++j) {
    const Limb low = j + 1 < N ? t[j] : t[j] & kLow9;
    const Limb high = (t[N - 1 + j] >> 9) | (t[N + j] << 55);
    s[j] = addc(low, high, carry);
  }
  const Limb over = s[N - 1] >> 9;  // 0 or 1
  s[N - 1] &= kLow9;
  carry = 0;
  s[0] = addc(s[0], over, carry);
  for (std::size_t j = 1; j < N; ++j) s[j] = addc(s[j], 0, carry);
  // x = s mod p in [0, p): s + 1 reaches 2^521 exactly when s >= p, and then s - p is
  // s + 1 - 2^521.
  Limb u[N];
  carry = 0;
  u[0] = addc(s[0], 1, carry);
  for (std::size_t j = 1; j < N; ++j) u[j] = addc(s[j], 0, carry);
  const ct::Mask wrap = ct::mask_from_bit(static_cast<unsigned>(u[N - 1] >> 9) & 1);
  u[N - 1] &= kLow9;
  Limb x[N];
  for (std::size_t j = 0; j < N; ++j) x[j] = select_scalar(wrap, u[j], s[j]);
  // r = x 2^-55 mod p: the 521-bit rotation right by 55.
  const Limb low55 = x[0] & kLow55;
  // (in general registers: GCC's SLP vectoriser would store x and reload it in SSE
  // registers, a store-forwarding stall each; select_scalar's comment)
  for (std::size_t j = 0; j + 1 < N; ++j) r[j] = ct::value_barrier((x[j] >> 55) | (x[j + 1] << 9));
  r[N - 1] = x[N - 1] >> 55;  // 0: x[8] has 9 bits
  r[7] |= low55 << 18;        // 466 = 7 * 64 + 18
  r[8] |= low55 >> 46;
}

}  // namespace dstu::gfp::detail
