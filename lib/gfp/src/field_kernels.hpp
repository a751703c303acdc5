// Field kernels for a fixed number of limbs N: additions, subtractions, and Montgomery
// products by the coarsely integrated operand scanning (CIOS) and finely integrated
// product scanning (FIPS) methods of Koç, Acar and Kaliski ("Analyzing and comparing Montgomery
// multiplication algorithms", IEEE Micro 16(3), 1996), with 128-bit products. With N a
// compile-time constant the compiler unrolls the loops into straight-line mul/adc code,
// several times faster than the general n-limb kernels of lib/mp for the 3- to 9-limb
// primes of the named curves. Constant time: no branch or index on a, b or the result;
// the final subtraction of p is a masked select.
#pragma once

#include <cstddef>

#include "dstu/base/ct.hpp"
#include "dstu/mp/limbs.hpp"

#if defined(__x86_64__)
#include <x86intrin.h>
#endif

// GCC's SLP vectoriser turns the final masked selects into SSE loads of limbs just
// stored one by one (a store-forwarding stall each, tripling the time of an addition):
// these kernels stay scalar.
#if defined(__GNUC__) && !defined(__clang__)
#define DSTU_SCALAR_KERNEL __attribute__((optimize("no-tree-vectorize")))
#else
#define DSTU_SCALAR_KERNEL
#endif

namespace dstu::gfp::detail {

using Limb = mp::Limb;
using Wide = unsigned __int128;

/// a + b + carry_in, the carry out in *carry (0 or 1).
inline Limb addc(Limb a, Limb b, unsigned char& carry) {
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
inline Limb subb(Limb a, Limb b, unsigned char& borrow) {
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

/// r = t mod p for t = (top, t[N-1] ... t[0]) < 2p, top 0 or 1: t - p unless that borrows
/// past top (a masked select). The last step of every Montgomery product here.
template <std::size_t N>
DSTU_SCALAR_KERNEL inline void reduce_once(Limb* r, const Limb* t, Limb top, const Limb* p) {
  Limb d[N];
  unsigned char borrow = 0;
  for (std::size_t j = 0; j < N; ++j) d[j] = subb(t[j], p[j], borrow);
  const ct::Mask keep_t = ct::mask_from_bit(borrow & (top ^ 1));
  for (std::size_t j = 0; j < N; ++j) r[j] = (t[j] & keep_t) | (d[j] & ~keep_t);
}

/// r = a b / 2^(64 N) mod p for a, b < p (r may alias a or b); m0inv = -p^-1 mod 2^64.
template <std::size_t N>
DSTU_SCALAR_KERNEL void mont_mul_cios(Limb* r, const Limb* a, const Limb* b, const Limb* p, Limb m0inv) {
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
    const Limb m = t[0] * m0inv;
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
  void add(Limb x, Limb y) {
    const Wide pr = static_cast<Wide>(x) * y;
    acc += pr;
    top += static_cast<Limb>(acc < pr);
  }
  /// The low limb out, the sum shifted down one limb.
  Limb shift() {
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
DSTU_SCALAR_KERNEL void mont_mul_fips(Limb* r, const Limb* a, const Limb* b, const Limb* p, Limb m0inv) {
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
DSTU_SCALAR_KERNEL void add_mod(Limb* r, const Limb* a, const Limb* b, const Limb* p) {
  Limb s[N], t[N];
  unsigned char carry = 0, borrow = 0;
  for (std::size_t j = 0; j < N; ++j) s[j] = addc(a[j], b[j], carry);
  for (std::size_t j = 0; j < N; ++j) t[j] = subb(s[j], p[j], borrow);
  const ct::Mask use_t = ct::mask_from_bit(carry | (borrow ^ 1));
  for (std::size_t j = 0; j < N; ++j) r[j] = (s[j] & ~use_t) | (t[j] & use_t);
}

/// r = a - b mod p for a, b < p: the difference, plus p when it borrowed.
template <std::size_t N>
DSTU_SCALAR_KERNEL void sub_mod(Limb* r, const Limb* a, const Limb* b, const Limb* p) {
  Limb d[N];
  unsigned char borrow = 0, carry = 0;
  for (std::size_t j = 0; j < N; ++j) d[j] = subb(a[j], b[j], borrow);
  const ct::Mask add_p = ct::mask_from_bit(borrow);
  for (std::size_t j = 0; j < N; ++j) r[j] = addc(d[j], p[j] & add_p, carry);
}

using MontMulFn = void (*)(Limb*, const Limb*, const Limb*, const Limb*, Limb);
using AddFn = void (*)(Limb*, const Limb*, const Limb*, const Limb*);

#if defined(__x86_64__)
/// The 4-limb product with two carry chains (mont_mul_adx.cpp); needs BMI2 and ADX.
void mont_mul_4_adx(Limb* r, const Limb* a, const Limb* b, const Limb* p, Limb m0inv);
/// The same for m0inv = 1 (p = -1 mod 2^64, as P-256's): no product by m0inv.
void mont_mul_4_adx_m1(Limb* r, const Limb* a, const Limb* b, const Limb* p, Limb m0inv);
#endif

/// The product modulo 2^521 - 1 (mont_mul_p521.cpp): a Comba product, the Mersenne fold
/// and a rotation, no reduction products.
void mont_mul_p521(Limb* r, const Limb* a, const Limb* b, const Limb* p, Limb m0inv);

/// The kernels for n limbs (1 <= n <= 9). The portable product is the faster of the two
/// methods as measured on AMD EPYC Zen 3 (gcc 12, -O3, minimum of 21 runs of chained
/// products, both in one process): FIPS from 6 limbs (P-384 76 against 91 ns, 8 limbs
/// 150 against 156 ns), CIOS below (4 limbs 30 against 34 ns, 3 limbs 19 against 24 ns).
/// Each is the other's twin in the tests. mul_adx, where not null, is the product on
/// BMI2 + ADX, and mul_adx_m1 its form for m0inv = 1.
struct Kernels {
  MontMulFn mul;
  AddFn add, sub;
  MontMulFn mul_adx = nullptr, mul_adx_m1 = nullptr;
};

template <std::size_t N>
constexpr Kernels kernels_of() {
#if defined(__x86_64__)
  if constexpr (N == 4) return {mont_mul_cios<N>, add_mod<N>, sub_mod<N>, mont_mul_4_adx, mont_mul_4_adx_m1};
#endif
  if constexpr (N >= 6) return {mont_mul_fips<N>, add_mod<N>, sub_mod<N>};
  return {mont_mul_cios<N>, add_mod<N>, sub_mod<N>};
}

inline const Kernels& kernels_for(std::size_t n) {
  static constexpr Kernels table[] = {{},
                                      kernels_of<1>(),
                                      kernels_of<2>(),
                                      kernels_of<3>(),
                                      kernels_of<4>(),
                                      kernels_of<5>(),
                                      kernels_of<6>(),
                                      kernels_of<7>(),
                                      kernels_of<8>(),
                                      kernels_of<9>()};
  return table[n];
}

/// -p0^-1 mod 2^64 for odd p0 (Newton's iteration doubles the correct bits each step).
inline Limb neg_inverse_mod_2_64(Limb p0) {
  Limb x = p0;  // correct to 3 bits: p0 p0 = 1 mod 8
  for (int i = 0; i < 5; ++i) x *= 2 - p0 * x;
  return 0 - x;
}

}  // namespace dstu::gfp::detail
