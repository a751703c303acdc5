// Multiplication with VPCLMULQDQ on ZMM registers (four 64x64 carry-less products per
// instruction), then the special reduction on ZMM (reduce_vpclmul.hpp). Compiled for
// vpclmulqdq + avx512f (+ pclmul) only in this file; reached only when cpu::active()
// reports vpclmulqdq and avx512f (Isa::vpclmul).
//
// Fields of 3 and 4 words (m = 163 ... 233) use the halves layout: the two products of
// mul2 side by side, each element's 128-bit word pairs A0 = (a0, a1), A1 = (a2, a3) in
// the two lanes of its half. With Y_j = pair j of b in both lanes, the four immediates
// of VPCLMULQDQ on (A_l, B_j) give a_2l b_2j, a_2l+1 b_2j+1 (on lanes of the product)
// and the cross terms a_2l+1 b_2j + a_2l b_2j+1 (one word up): schoolbook, 8 instructions
// for both 4x4-word products. For the cross terms of B1 the lanes of A are swapped, so
// that A1 B0 and A0 B1 (both at word 3) meet in the same lane and one permute places
// the cross terms of a whole half. 4 permutes assemble both products.
// mul runs the same code on one product (the second half repeats it): the instruction
// count of mul2, the latency of one product.
//
// m = 257 (5 words, the fifth one bit) takes the halves layout too: with a = A +
// a_4 x^256, a b = A B + x^256 (a_4 B + b_4 A) + a_4 b_4 x^512, the 4x4-word products
// of both elements side by side, B and A added under masks of the top bits (no
// branch), and a fold by shifts (reduce_halves257). mul2 costs one product again.
//
// Fields of 5 to 7 words (m = 307 ... 431) use the wide layout: one product at a
// time, the pairs of a shifted by j lanes times pair j of b broadcast (E/M
// accumulators on lanes and one word up), so no product is permuted; mul2 interleaves
// two of them.
//
// Compiled for the DSTU_GF2M_FOR_EACH_VPCLMUL_FIELD fields (builtin.hpp: the ZMM
// reductions need k1 < m mod 64, or m = 257 with a trinomial, which NIST's
// x^233 + x^74 + 1 and x^409 + x^87 + 1 break). Which fields and operations take these
// kernels is measured: vpclmul_choice() in kernels.hpp. Every one is compiled and
// tested against the portable kernels.
//
// Constant time: see prim_vpclmul.hpp.
#include "dstu/gf2m/internal/kernels.hpp"

#include <immintrin.h>  // before the region: its functions carry their own targets

// GCC compiles the region for vpclmulqdq,avx512f,pclmul by pragma; clang ignores #pragma GCC target and
// takes the same ISA as an attribute on every function of the region.
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("vpclmulqdq,avx512f,pclmul"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("vpclmulqdq,avx512f,pclmul")
#endif
// GCC 12's avx512fintrin.h starts several intrinsics from _mm512_undefined_epi32() and
// trips -W(maybe-)uninitialized; the value is fully overwritten.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"

#include "prim_vpclmul.hpp"
#include "reduce_vpclmul.hpp"

namespace dstu::gf2m {
namespace {

using detail::Z;
using detail::clmul;
using detail::half_index;
using detail::kZero;
using detail::perm;
using detail::xor2;
using detail::xor3;
using detail::zero;

/// The operands of mul_halves: A = [A0, A1 | A0', A1'] (each element's words 0-3 in
/// its half, also the layout of an element), A with its lanes swapped, and pair j of b
/// in both lanes of its half.
struct HalvesOperands {
  Z x, xs, y0, y1;
};

template <int W>
[[gnu::always_inline]] inline HalvesOperands load_halves(const Word* a1, const Word* b1, const Word* a2,
                                                         const Word* b2) {
  const Z lane1 = detail::half_mask<0xC>();
  const Z a0 = detail::load_pair_halves<W>(a1, a2, 0);   // [A0, A0 | A0', A0']
  const Z a1p = detail::load_pair_halves<W>(a1, a2, 1);  // [A1, A1 | A1', A1']
  return {detail::select(lane1, a1p, a0),                // [A0, A1 | A0', A1']
          detail::select(lane1, a0, a1p),                // [A1, A0 | A1', A0']
          detail::load_pair_halves<W>(b1, b2, 0),        // [B0, B0 | B0', B0']
          detail::load_pair_halves<W>(b1, b2, 1)};       // [B1, B1 | B1', B1']
}

/// The two products a1 b1 (first half) and a2 b2 (second half) of 3- or 4-word
/// elements: l = words 0-3 and u = words 4-7 (W = 4) or words 2-5 (W = 3) of each.
/// For W = 4, add_u is added to u beside a product that is ready early (m = 257's
/// top-word terms; zero otherwise, which the compiler drops).
template <int W>
[[gnu::always_inline]] inline void mul_halves(Z& l, Z& u, const HalvesOperands& op, Z add_u = zero()) {
  const Z lane1 = detail::half_mask<0xC>();
  const Z x = op.x, xs = op.xs, y0 = op.y0, y1 = op.y1;
  // Lane l of a half, in words of the product: a_2l b_0 at 2l (t00), a_2l+1 b_1 at
  // 2l+2 (t11), cross terms at 2l+1 (m0); a_2l b_2 at 2l+2, a_2l+1 b_3 at 2l+4 (t11b).
  const Z t00 = clmul<0x00>(x, y0);
  const Z v = xor2(clmul<0x11>(x, y0), clmul<0x00>(x, y1));  // both at word 2l + 2
  const Z m0 = xor2(clmul<0x01>(x, y0), clmul<0x10>(x, y0));
  // Cross terms of B1 on swapped A: lane 0 is A1 B1 (word 5), lane 1 is A0 B1 (word 3).
  // For W = 3 the high words of A1, B1 are zero: a_5, b_3 terms vanish.
  Z m1 = clmul<0x01>(xs, y1);
  if constexpr (W == 4) m1 = xor2(m1, clmul<0x10>(xs, y1));
  const Z n = detail::xor_and(m0, m1, lane1);  // lane 0: word 1, lane 1: word 3
  l = xor3(t00, perm(v, half_index<kZero, kZero, 0, 1>(), zero()),
           perm(n, half_index<kZero, 0, 1, 2>(), zero()));
  if constexpr (W == 4) {
    const Z t11b = clmul<0x11>(x, y1);  // a_2l+1 b_3: lane 0 word 4, lane 1 word 6
    // Words 4-7: v's lane 1, n's word 4, m1's lane 0 (A1 B1 at word 5); qword 7 of
    // m1 & lane 0 is the zero of the last entry.
    u = xor3(xor2(t11b, add_u), perm(v, half_index<2, 3, kZero, kZero>(), zero()),
             perm(n, half_index<3, 8, 9, kZero>(), detail::and2(m1, detail::half_mask<0x3>())));
  } else {
    // Words 2-5: words 2, 3 of l, v's lane 1 (word 4) and n's word 4.
    u = xor2(perm(l, half_index<2, 3, 8 + 2, 8 + 3>(), v), perm(n, half_index<kZero, kZero, 3, kZero>(), zero()));
  }
}

/// [r1 | r2] = [a1 b1 | a2 b2] mod f for 3- and 4-word fields.
template <class P>
[[gnu::always_inline]] inline Z mul_reduce_halves(const Word* a1, const Word* b1, const Word* a2,
                                                  const Word* b2) {
  Z l, u;
  mul_halves<P::words>(l, u, load_halves<P::words>(a1, b1, a2, b2));
  if constexpr (P::words == 4) {
    return detail::reduce_halves4<P>(l, u);
  } else {
    return detail::reduce_halves3<P>(l, u);
  }
}

/// m = 257: [r1 | r2] = [a1 b1 | a2 b2] mod f, words 0-3 in r and the one-bit word 4 at
/// qword 0 of each half of top. With a = A + a_4 x^256 (A: words 0-3, a_4 one bit),
///   a b = A B + x^256 (a_4 B + b_4 A) + a_4 b_4 x^512:
/// the 4x4-word product of mul_halves, B and A added to words 4-7 under the masks of
/// a_4 and b_4, and x^512 under both (reduce_halves257).
template <class P>
[[gnu::always_inline]] inline void mul_reduce_halves257(Z& r, Z& top, const Word* a1, const Word* b1,
                                                        const Word* a2, const Word* b2) {
  const HalvesOperands op = load_halves<4>(a1, b1, a2, b2);
  const Z ma = detail::top_bit_halves<4>(a1, a2), mb = detail::top_bit_halves<4>(b1, b2);
  const Z b = detail::select(detail::half_mask<0xC>(), op.y1, op.y0);  // [B0, B1 | B0', B1']
  Z l, u;
  mul_halves<4>(l, u, op, detail::xor_and(detail::and2(b, ma), op.x, mb));
  detail::reduce_halves257<P>(r, top, l, u, detail::and2(ma, mb));
}

/// c = a b for 5 to 7 words: lo = words 0-7, hi = words 8-15. With X_j = the pairs of a
/// on lanes j .. j + n - 1, X_j times pair j of b gives a_2i b_2j on lane i + j (E), the
/// cross terms one word up (M); a_2i+1 b_2j+1 belongs on lane i + j + 1, which X_j+1
/// (one lane further) provides.
template <int W>
[[gnu::always_inline]] inline void mul_wide(Z& lo, Z& hi, const Word* a, const Word* b) {
  constexpr int n = (W + 1) / 2;
  Z xl[n + 1], xh[n + 1];
  for (int j = 0; j <= n; ++j) detail::load_lanes<W>(xl[j], xh[j], a, j);
  Z el = zero(), eh = zero(), ml = zero(), mh = zero();
  for (int j = 0; j < n; ++j) {
    const Z y = detail::load_pair_all<W>(b, j);
    const bool full = 2 * j + 1 < W;  // pair j of b has its high word
    const bool in_lo = j < 4, in_hi = j + n - 1 >= 4, next_lo = j + 1 < 4, next_hi = j + n >= 4;
    if (in_lo) {
      el = xor2(el, clmul<0x00>(xl[j], y));
      ml = xor2(ml, clmul<0x01>(xl[j], y));
      if (full) ml = xor2(ml, clmul<0x10>(xl[j], y));
    }
    if (in_hi) {
      eh = xor2(eh, clmul<0x00>(xh[j], y));
      mh = xor2(mh, clmul<0x01>(xh[j], y));
      if (full) mh = xor2(mh, clmul<0x10>(xh[j], y));
    }
    if (full && next_lo) el = xor2(el, clmul<0x11>(xl[j + 1], y));
    if (full && next_hi) eh = xor2(eh, clmul<0x11>(xh[j + 1], y));
  }
  lo = xor2(el, _mm512_alignr_epi64(ml, zero(), 7));
  hi = xor2(eh, _mm512_alignr_epi64(mh, ml, 7));
}

template <class P>
[[gnu::always_inline]] inline Z mul_reduce_wide(const Word* a, const Word* b) {
  Z lo, hi;
  mul_wide<P::words>(lo, hi, a, b);
  return detail::reduce_wide<P>(lo, hi);
}

}  // namespace

template <class P>
void mul_vpclmul(Word* r, const Word* a, const Word* b) {
  if constexpr (detail::one_bit_top<P>()) {
    Z x, top;
    mul_reduce_halves257<P>(x, top, a, b, a, b);
    detail::store_first_half<4>(r, x);
    detail::store_top_first_half<4>(r, top);
  } else if constexpr (P::words <= 4) {
    detail::store_first_half<P::words>(r, mul_reduce_halves<P>(a, b, a, b));
  } else {
    detail::store_wide<P::words>(r, mul_reduce_wide<P>(a, b));
  }
}

template <class P>
void mul2_vpclmul(Word* r1, const Word* a1, const Word* b1, Word* r2, const Word* a2, const Word* b2) {
  if constexpr (detail::one_bit_top<P>()) {
    Z x, top;
    mul_reduce_halves257<P>(x, top, a1, b1, a2, b2);
    detail::store_halves<4>(r1, r2, x);
    detail::store_top_halves<4>(r1, r2, top);
  } else if constexpr (P::words <= 4) {
    detail::store_halves<P::words>(r1, r2, mul_reduce_halves<P>(a1, b1, a2, b2));
  } else {
    const Z x1 = mul_reduce_wide<P>(a1, b1), x2 = mul_reduce_wide<P>(a2, b2);
    detail::store_wide<P::words>(r1, x1);
    detail::store_wide<P::words>(r2, x2);
  }
}

#define DSTU_GF2M_INSTANTIATE(F)                                \
  template void mul_vpclmul<F>(Word*, const Word*, const Word*); \
  template void mul2_vpclmul<F>(Word*, const Word*, const Word*, Word*, const Word*, const Word*);
DSTU_GF2M_FOR_EACH_VPCLMUL_FIELD(DSTU_GF2M_INSTANTIATE)
#undef DSTU_GF2M_INSTANTIATE

}  // namespace dstu::gf2m

#pragma GCC diagnostic pop
#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif
