// Squaring with VPCLMULQDQ on ZMM registers: a word's square is its carry-less
// product with itself, so one instruction squares a word of every lane; the squares
// are put in order by permutes and reduced on ZMM (reduce_vpclmul.hpp). Layouts as in
// mul_vpclmul.cpp: halves (two elements, 3 and 4 words; m = 257, whose square
// A^2 + a_4 x^512 adds the top bit under a mask) and wide (5 to 7 words).
// Reached only when cpu::active() reports vpclmulqdq and avx512f (Isa::vpclmul).
//
// Only m = 257 selects them (vpclmul_choice() in kernels.hpp): elsewhere they were
// measured slower than the PCLMULQDQ squarings where it counts (latency); kept
// compiled, tested and benchmarked (perf_gf2m --vpclmul) beside the multiplication kernels.
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
// See mul_vpclmul.cpp.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"

#include "prim_vpclmul.hpp"
#include "reduce_vpclmul.hpp"

namespace dstu::gf2m {
namespace {

using detail::Z;
using detail::clmul;
using detail::perm;

/// The squares of 3- and 4-word elements [a1^2 | a2^2], unreduced: l = words 0-3 and
/// u = words 4-7 (W = 4) or words 2-5 (W = 3). With pair j of each element in both
/// lanes of its half, the low-word square lands on lane 0 and the high-word square on
/// lane 1 of another product: a blend under a constant mask puts a_2j^2, a_2j+1^2 in
/// order (no permute between the products and the reduction).
template <int W>
[[gnu::always_inline]] inline void sqr_halves(Z& l, Z& u, const Word* a1, const Word* a2) {
  const Z x0 = detail::load_pair_halves<W>(a1, a2, 0);  // [A0, A0 | A0', A0']
  const Z x1 = detail::load_pair_halves<W>(a1, a2, 1);  // [A1, A1 | A1', A1']
  const Z lane1 = detail::half_mask<0xC>();
  auto pick = [&](Z on_lane0, Z on_lane1) { return detail::select(lane1, on_lane1, on_lane0); };
  l = pick(clmul<0x00>(x0, x0), clmul<0x11>(x0, x0));  // a0^2, a1^2: words 0-3
  if constexpr (W == 4) {
    u = pick(clmul<0x00>(x1, x1), clmul<0x11>(x1, x1));  // words 4-7
  } else {
    u = pick(clmul<0x11>(x0, x0), clmul<0x00>(x1, x1));  // words 2-5
  }
}

/// [a1^2 | a2^2] mod f for 3- and 4-word fields.
template <class P>
[[gnu::always_inline]] inline Z sqr_reduce_halves(const Word* a1, const Word* a2) {
  Z l, u;
  sqr_halves<P::words>(l, u, a1, a2);
  if constexpr (P::words == 4) {
    return detail::reduce_halves4<P>(l, u);
  } else {
    return detail::reduce_halves3<P>(l, u);
  }
}

/// m = 257: [a1^2 | a2^2] mod f as in mul_reduce_halves257 (mul_vpclmul.cpp). The
/// square of a = A + a_4 x^256 is A^2 + a_4 x^512: the 4-word squares of sqr_halves,
/// and x^512 under the mask of a_4.
template <class P>
[[gnu::always_inline]] inline void sqr_reduce_halves257(Z& r, Z& top, const Word* a1, const Word* a2) {
  Z l, u;
  sqr_halves<4>(l, u, a1, a2);
  detail::reduce_halves257<P>(r, top, l, u, detail::top_bit_halves<4>(a1, a2));
}

/// a^2 mod f for 5 to 7 words.
template <class P>
[[gnu::always_inline]] inline Z sqr_reduce_wide(const Word* a) {
  Z x, unused;
  detail::load_lanes<P::words>(x, unused, a, 0);
  const Z lo = clmul<0x00>(x, x), hi = clmul<0x11>(x, x);  // squares of even / odd words
  using Lo = detail::ZConst<0, 1, 8, 9, 2, 3, 10, 11>;
  using Hi = detail::ZConst<4, 5, 12, 13, 6, 7, 14, 15>;
  return detail::reduce_wide<P>(perm(lo, Lo::load(), hi), perm(lo, Hi::load(), hi));
}

}  // namespace

template <class P>
void sqr_vpclmul(Word* r, const Word* a) {
  if constexpr (detail::one_bit_top<P>()) {
    Z x, top;
    sqr_reduce_halves257<P>(x, top, a, a);
    detail::store_first_half<4>(r, x);
    detail::store_top_first_half<4>(r, top);
  } else if constexpr (P::words <= 4) {
    detail::store_first_half<P::words>(r, sqr_reduce_halves<P>(a, a));
  } else {
    detail::store_wide<P::words>(r, sqr_reduce_wide<P>(a));
  }
}

template <class P>
void sqr2_vpclmul(Word* r1, const Word* a1, Word* r2, const Word* a2) {
  if constexpr (detail::one_bit_top<P>()) {
    Z x, top;
    sqr_reduce_halves257<P>(x, top, a1, a2);
    detail::store_halves<4>(r1, r2, x);
    detail::store_top_halves<4>(r1, r2, top);
  } else if constexpr (P::words <= 4) {
    detail::store_halves<P::words>(r1, r2, sqr_reduce_halves<P>(a1, a2));
  } else {
    const Z x1 = sqr_reduce_wide<P>(a1), x2 = sqr_reduce_wide<P>(a2);
    detail::store_wide<P::words>(r1, x1);
    detail::store_wide<P::words>(r2, x2);
  }
}

#define DSTU_GF2M_INSTANTIATE(F)                       \
  template void sqr_vpclmul<F>(Word*, const Word*);    \
  template void sqr2_vpclmul<F>(Word*, const Word*, Word*, const Word*);
DSTU_GF2M_FOR_EACH_VPCLMUL_FIELD(DSTU_GF2M_INSTANTIATE)
#undef DSTU_GF2M_INSTANTIATE

}  // namespace dstu::gf2m

#pragma GCC diagnostic pop
#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif
