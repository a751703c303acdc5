// Squaring with PCLMULQDQ: each word's square is one carry-less a_i * a_i, landing
// exactly on word pair i, then the field's reduction on pairs in registers
// (reduce_clmul.hpp). sqr_n keeps the value in registers between squarings (the
// Itoh–Tsujii chains spend most of their time here). Reached only when cpu::active()
// reports pclmulqdq.
#include "dstu/gf2m/internal/kernels.hpp"
#include "internal.hpp"

#include <immintrin.h>  // before the region: its functions carry their own targets

// GCC compiles the region for pclmul,sse4.1 by pragma; clang ignores #pragma GCC target and
// takes the same ISA as an attribute on every function of the region.
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("pclmul,sse4.1"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("pclmul,sse4.1")
#endif

#include "prim_clmul.hpp"
#include "reduce_clmul.hpp"

namespace dstu::gf2m {
namespace {

/// c (W pairs) = a^2 for a as ceil(W/2) pairs. For m = 257 the top word is one bit
/// and squares to itself.
template <class P>
[[gnu::always_inline]] inline void sqr_wide_pairs(__m128i* c, const __m128i* a) {
  constexpr int W = P::words;
  constexpr int full = P::m % 64 == 1 ? W - 1 : W;  // words squared by clmul
  for (int i = 0; i < full; ++i) {
    if (i % 2 == 0) {
      c[i] = _mm_clmulepi64_si128(a[i / 2], a[i / 2], 0x00);
    } else {
      c[i] = _mm_clmulepi64_si128(a[i / 2], a[i / 2], 0x11);
    }
  }
  if constexpr (full < W) c[W - 1] = _mm_move_epi64(a[(W - 1) / 2]);
}

}  // namespace

template <class P>
void sqr_clmul(Word* r, const Word* a) {
  constexpr int W = P::words, NP = (W + 1) / 2;
  __m128i x[NP], c[W];
  detail::load_pairs<W>(x, a);
  sqr_wide_pairs<P>(c, x);
  detail::fold_pairs<P>(x, c);
  detail::store_pairs<W>(r, x);
}

template <class P>
void sqr2_clmul(Word* r1, const Word* a1, Word* r2, const Word* a2) {
  constexpr int W = P::words, NP = (W + 1) / 2;
  __m128i x1[NP], c1[W], x2[NP], c2[W];
  detail::load_pairs<W>(x1, a1);
  detail::load_pairs<W>(x2, a2);
  sqr_wide_pairs<P>(c1, x1);
  sqr_wide_pairs<P>(c2, x2);
  detail::fold_pairs<P>(x1, c1);
  detail::fold_pairs<P>(x2, c2);
  detail::store_pairs<W>(r1, x1);
  detail::store_pairs<W>(r2, x2);
}

template <class P>
void sqr_n_clmul(Word* r, const Word* a, unsigned n) {
  constexpr int W = P::words, NP = (W + 1) / 2;
  __m128i x[NP], c[W];
  detail::load_pairs<W>(x, a);
  for (unsigned i = 0; i < n; ++i) {
    sqr_wide_pairs<P>(c, x);
    detail::fold_pairs<P>(x, c);
  }
  detail::store_pairs<W>(r, x);
}

#define DSTU_GF2M_INSTANTIATE(F)                                  \
  template void sqr_clmul<F>(Word*, const Word*);               \
  template void sqr2_clmul<F>(Word*, const Word*, Word*, const Word*); \
  template void sqr_n_clmul<F>(Word*, const Word*, unsigned);
DSTU_GF2M_FOR_EACH_FIELD(DSTU_GF2M_INSTANTIATE)
#undef DSTU_GF2M_INSTANTIATE

namespace detail {

void sqr_wide_n_clmul(Word* c, const Word* a, int n) {
  for (int i = 0; i < n; ++i) {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(c + 2 * i), clmul_square(a[i]));
  }
}

}  // namespace detail
}  // namespace dstu::gf2m

#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif
