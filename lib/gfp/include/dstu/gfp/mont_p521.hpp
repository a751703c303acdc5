// The Montgomery product modulo the Mersenne prime p = 2^521 - 1 of P-521 (9 limbs,
// R = 2^576). Since 2^521 = 1 mod p, the reduction needs no products at all: the
// 1042-bit product folds onto its low 521 bits (T mod p = low + high), and dividing by
// R = 2^55 2^521 = 2^55 (mod p) is a rotation of the 521-bit residue by 55 bits. The
// portable product is by columns (Comba), whose three-word sums keep the multiplier busy
// instead of waiting on one carry chain; on BMI2 + ADX it is lib/mp's unrolled 8 x 8
// kernel on the low 512 bits plus the rows of the 9-bit top limbs (and the square
// likewise, lib/mp's 8-limb square). Results equal mont_mul_cios<9>'s exactly (all are
// a b R^-1 mod p in [0, p)). Constant time: no branch or index on operands.
// Inline, for kernels.hpp's Kernels<9, Form::mersenne521, ...> and gfp::Field.
#pragma once

#include "dstu/gfp/mont_portable.hpp"
#include "dstu/mp/limbs.hpp"

namespace dstu::gfp::detail {

/// r = t / 2^576 mod 2^521 - 1 for the 18-limb product t of two elements (below 2^1042).
DSTU_GFP_INLINE void fold_p521(Limb* r, const Limb* t) {
  constexpr std::size_t N = 9;
  constexpr Limb kLow9 = (Limb{1} << 9) - 1, kLow55 = (Limb{1} << 55) - 1;
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

/// r = a b / 2^576 mod 2^521 - 1, portable: the product by columns (acc, 128 bits, plus
/// the column's carries in top), then the fold.
DSTU_GFP_INLINE void mont_mul_p521(Limb* r, const Limb* a, const Limb* b, const Limb* /*p*/, Limb /*m0inv*/) {
  constexpr std::size_t N = 9;
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
  fold_p521(r, t);
}

#if defined(__x86_64__)
/// t[8 .. 17] += the rows of the top limbs, (a8 b_lo + b8 a_lo) 2^512 + a8 b8 2^1024, for
/// a8, b8 < 2^9 (elements below 2^521); t[16] and t[17] are 0 on entry.
DSTU_GFP_INLINE void add_p521_top_rows(Limb* t, const Limb* a, const Limb* b) {
  Wide acc = 0;
  unsigned char carry = 0;
  for (std::size_t j = 0; j < 8; ++j) {
    acc += static_cast<Wide>(a[8]) * b[j] + static_cast<Wide>(b[8]) * a[j];  // below 2^75
    t[8 + j] = addc(t[8 + j], static_cast<Limb>(acc), carry);
    acc >>= 64;
  }
  t[16] = static_cast<Limb>(acc) + a[8] * b[8] + carry;  // the product is below 2^1042
  t[17] = 0;
}

/// r = a b / 2^576 mod 2^521 - 1 on BMI2 + ADX.
DSTU_GFP_INLINE void mont_mul_p521_adx(Limb* r, const Limb* a, const Limb* b) {
  Limb t[18];
  mp::ln::mul_fixed_adx<8>(t, a, b);
  add_p521_top_rows(t, a, b);
  fold_p521(r, t);
}

/// r = a^2 / 2^576 mod 2^521 - 1 on BMI2 + ADX.
DSTU_GFP_INLINE void mont_sqr_p521_adx(Limb* r, const Limb* a) {
  Limb t[18];
  mp::ln::sqr_fixed_adx<8>(t, a);
  add_p521_top_rows(t, a, a);
  fold_p521(r, t);
}
#endif

}  // namespace dstu::gfp::detail
