// dstu::gfp — the portable field kernels for a fixed number of limbs N: additions,
// subtractions, and Montgomery products by the coarsely integrated operand scanning
// (CIOS) and finely integrated product scanning (FIPS) methods of Koç, Acar and Kaliski
// ("Analyzing and comparing Montgomery multiplication algorithms", IEEE Micro 16(3),
// 1996), with 128-bit products. With N a compile-time constant the compiler unrolls the
// loops into straight-line mul/adc code, and callers that know N (kernels.hpp) inline
// them into the curve formulas. Constant time: no branch or index on a, b or the
// result; the final subtraction of p is a masked select.
//
// Internal to lib/gfp and the code it specialises (kernels.hpp): signatures take raw limb
// pointers so that the same kernels serve gfp::Field's run-time table and the tests.
#pragma once

#include <cstddef>

#include "dstu/base/ct.hpp"
#include "dstu/mp/limbs.hpp"

#if defined(__x86_64__)
#include <x86intrin.h>
#endif

/// The kernels inline into the curve formulas whatever GCC's size estimate of them (its
/// heuristics left even the 4-limb addition out of line in the doublings, as calls).
#define DSTU_GFP_INLINE inline __attribute__((always_inline))

namespace dstu::gfp::detail {

using Limb = mp::Limb;
using Wide = unsigned __int128;

/// a + b + carry_in, the carry out in *carry (0 or 1).
DSTU_GFP_INLINE Limb addc(Limb a, Limb b, unsigned char& carry) {
#if defined(__x86_64__)
  unsigned long long r;
  carry = _addcarry_u64(carry, a, b, &r);
  return r;
#else
  const Wide x = static_cast<Wide>(a) + b + carry;
  carry = static_cast<unsigned char>(x >> 64);
  return static_cast<Limb>(x);
#endif
}

/// a - b - borrow_in, the borrow out in *borrow (0 or 1).
DSTU_GFP_INLINE Limb subb(Limb a, Limb b, unsigned char& borrow) {
#if defined(__x86_64__)
  unsigned long long r;
  borrow = _subborrow_u64(borrow, a, b, &r);
  return r;
#else
  const Wide y = static_cast<Wide>(a) - b - borrow;
  borrow = static_cast<unsigned char>((y >> 64) & 1);
  return static_cast<Limb>(y);
#endif
}

/// mask ? x : y, kept in general registers: GCC's SLP vectoriser would otherwise turn
/// the selects of limbs just computed one by one into SSE loads of them from the stack
/// (a store-forwarding stall each, tripling the time of an addition).
DSTU_GFP_INLINE Limb select_scalar(ct::Mask mask, Limb x, Limb y) {
  return ct::value_barrier((x & mask) | (y & ~mask));
}

/// r = t mod p for t = (top, t[N-1] ... t[0]) < 2p, top 0 or 1: t - p unless that borrows
/// past top (a masked select). The last step of every Montgomery product here.
template <std::size_t N>
DSTU_GFP_INLINE void reduce_once(Limb* r, const Limb* t, Limb top, const Limb* p) {
  Limb d[N];
  unsigned char borrow = 0;
  for (std::size_t j = 0; j < N; ++j) d[j] = subb(t[j], p[j], borrow);
  const ct::Mask keep_t = ct::mask_from_bit(borrow & (top ^ 1));
  for (std::size_t j = 0; j < N; ++j) r[j] = select_scalar(keep_t, t[j], d[j]);
}

/// r = a b / 2^(64 N) mod p for a, b < p (r may alias a or b); m0inv = -p^-1 mod 2^64.
/// kM0invOne: m0inv = 1 (p = -1 mod 2^64, as P-192's and P-256's), the product by it
/// left out.
template <std::size_t N, bool kM0invOne = false>
DSTU_GFP_INLINE void mont_mul_cios(Limb* r, const Limb* a, const Limb* b, const Limb* p, Limb m0inv) {
  Limb t[N + 2] = {};
  for (std::size_t i = 0; i < N; ++i) {
    // t += a b[i]
    Wide c = 0;
    for (std::size_t j = 0; j < N; ++j) {
      c = static_cast<Wide>(a[j]) * b[i] + t[j] + (c >> 64);
      t[j] = static_cast<Limb>(c);
    }
    c = static_cast<Wide>(t[N]) + (c >> 64);
    t[N] = static_cast<Limb>(c);
    t[N + 1] = static_cast<Limb>(c >> 64);
    // t = (t + m p) / 2^64 with m making the low limb 0
    const Limb m = kM0invOne ? t[0] : t[0] * m0inv;
    c = static_cast<Wide>(m) * p[0] + t[0];
    for (std::size_t j = 1; j < N; ++j) {
      c = static_cast<Wide>(m) * p[j] + t[j] + (c >> 64);
      t[j - 1] = static_cast<Limb>(c);
    }
    c = static_cast<Wide>(t[N]) + (c >> 64);
    t[N - 1] = static_cast<Limb>(c);
    t[N] = t[N + 1] + static_cast<Limb>(c >> 64);
  }
  reduce_once<N>(r, t, t[N], p);
}

/// The three-word column sum of product scanning: acc (128 bits) and its carries.
struct Column {
  Wide acc = 0;
  Limb top = 0;
  DSTU_GFP_INLINE void add(Limb x, Limb y) {
    const Wide pr = static_cast<Wide>(x) * y;
    acc += pr;
    top += static_cast<Limb>(acc < pr);
  }
  /// The low limb out, the sum shifted down one limb.
  DSTU_GFP_INLINE Limb shift() {
    const Limb lo = static_cast<Limb>(acc);
    acc = (acc >> 64) | (static_cast<Wide>(top) << 64);
    top = 0;
    return lo;
  }
};

/// The same product by the finely integrated product scanning (FIPS) method of the
/// same paper: column by column, the products of a b and of m p summed in three words,
/// each m[i] made from its column's low limb. The columns' sums are independent chains,
/// so the multiplier keeps busy where CIOS waits on one carry chain per row.
template <std::size_t N>
DSTU_GFP_INLINE void mont_mul_fips(Limb* r, const Limb* a, const Limb* b, const Limb* p, Limb m0inv) {
  Limb m[N];
  Column col;
  for (std::size_t i = 0; i < N; ++i) {
    for (std::size_t j = 0; j < i; ++j) {
      col.add(a[j], b[i - j]);
      col.add(m[j], p[i - j]);
    }
    col.add(a[i], b[0]);
    m[i] = static_cast<Limb>(col.acc) * m0inv;
    col.add(m[i], p[0]);
    col.shift();  // 0
  }
  Limb t[N + 1];
  for (std::size_t i = N; i < 2 * N; ++i) {
    for (std::size_t j = i - N + 1; j < N; ++j) {
      col.add(a[j], b[i - j]);
      col.add(m[j], p[i - j]);
    }
    t[i - N] = col.shift();
  }
  t[N] = static_cast<Limb>(col.acc);
  reduce_once<N>(r, t, t[N], p);
}

/// r = a + b mod p for a, b < p: the sum, or the sum minus p when that does not borrow
/// past the sum's carry (a masked select).
template <std::size_t N>
DSTU_GFP_INLINE void add_mod(Limb* r, const Limb* a, const Limb* b, const Limb* p) {
  Limb s[N], t[N];
  unsigned char carry = 0, borrow = 0;
  for (std::size_t j = 0; j < N; ++j) s[j] = addc(a[j], b[j], carry);
  for (std::size_t j = 0; j < N; ++j) t[j] = subb(s[j], p[j], borrow);
  const ct::Mask use_t = ct::mask_from_bit(carry | (borrow ^ 1));
  for (std::size_t j = 0; j < N; ++j) r[j] = select_scalar(use_t, t[j], s[j]);
}

/// r = a - b mod p for a, b < p: the difference, plus p when it borrowed.
template <std::size_t N>
DSTU_GFP_INLINE void sub_mod(Limb* r, const Limb* a, const Limb* b, const Limb* p) {
  Limb d[N];
  unsigned char borrow = 0, carry = 0;
  for (std::size_t j = 0; j < N; ++j) d[j] = subb(a[j], b[j], borrow);
  const ct::Mask add_p = ct::mask_from_bit(borrow);
  for (std::size_t j = 0; j < N; ++j) r[j] = addc(d[j], p[j] & add_p, carry);
}

/// r = a / 2 mod p for a < p and p odd: a, or a + p where a is odd (a masked
/// addition), shifted right one bit with the carry as the top bit. Below p again.
template <std::size_t N>
DSTU_GFP_INLINE void half_mod(Limb* r, const Limb* a, const Limb* p) {
  const ct::Mask odd = ct::mask_from_bit(a[0]);
  Limb s[N];
  unsigned char carry = 0;
  for (std::size_t j = 0; j < N; ++j) s[j] = addc(a[j], p[j] & odd, carry);
  for (std::size_t j = 0; j + 1 < N; ++j) r[j] = s[j] >> 1 | s[j + 1] << 63;
  r[N - 1] = s[N - 1] >> 1 | static_cast<Limb>(carry) << 63;
}

}  // namespace dstu::gfp::detail
