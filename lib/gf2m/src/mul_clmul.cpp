// Multiplication with PCLMULQDQ: Karatsuba over words (karatsuba.hpp) on the
// carry-less instruction, then the field's reduction on 128-bit pairs in registers
// (reduce_clmul.hpp). Compiled for pclmul + SSE4.1 only in this file; reached only
// when cpu::active() reports pclmulqdq.
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

/// c (W pairs) = a * b. For m = 257 the top word holds one bit: multiply four words
/// and add the one-bit terms under masks.
template <class P>
[[gnu::always_inline]] inline void mul_wide_pairs(__m128i* c, const Word* a, const Word* b) {
  constexpr int W = P::words;
  if constexpr (P::m % 64 == 1 && W == 5) {
    detail::kara_pairs<4>(c, a, b);
    const __m128i ma = _mm_set1_epi64x(-static_cast<long long>(a[4] & 1));
    const __m128i mb = _mm_set1_epi64x(-static_cast<long long>(b[4] & 1));
    for (int j = 0; j < 2; ++j) {
      const __m128i av = _mm_loadu_si128(reinterpret_cast<const __m128i*>(a + 2 * j));
      const __m128i bv = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b + 2 * j));
      c[2 + j] = _mm_xor_si128(c[2 + j], _mm_xor_si128(_mm_and_si128(bv, ma), _mm_and_si128(av, mb)));
    }
    c[4] = _mm_cvtsi64_si128(static_cast<long long>(a[4] & b[4] & 1));
  } else {
    detail::kara_pairs<W>(c, a, b);
  }
}

}  // namespace

template <class P>
void mul_wide_clmul(Word* c, const Word* a, const Word* b) {
  __m128i p[P::words];
  mul_wide_pairs<P>(p, a, b);
  for (int j = 0; j < P::words; ++j) _mm_storeu_si128(reinterpret_cast<__m128i*>(c + 2 * j), p[j]);
}

template <class P>
void mul_clmul(Word* r, const Word* a, const Word* b) {
  __m128i p[P::words], q[(P::words + 1) / 2];
  mul_wide_pairs<P>(p, a, b);
  detail::fold_pairs<P>(q, p);
  detail::store_pairs<P::words>(r, q);
}

template <class P>
void mul2_clmul(Word* r1, const Word* a1, const Word* b1, Word* r2, const Word* a2, const Word* b2) {
  // Two independent products in one body: the compiler interleaves their carry-less
  // multiplications, so the multiplier stays busy while each chain waits.
  __m128i p1[P::words], p2[P::words], q1[(P::words + 1) / 2], q2[(P::words + 1) / 2];
  mul_wide_pairs<P>(p1, a1, b1);
  mul_wide_pairs<P>(p2, a2, b2);
  detail::fold_pairs<P>(q1, p1);
  detail::fold_pairs<P>(q2, p2);
  detail::store_pairs<P::words>(r1, q1);
  detail::store_pairs<P::words>(r2, q2);
}

#define DSTU_GF2M_INSTANTIATE(F)                                          \
  template void mul_clmul<F>(Word*, const Word*, const Word*);          \
  template void mul2_clmul<F>(Word*, const Word*, const Word*, Word*, const Word*, const Word*); \
  template void mul_wide_clmul<F>(Word*, const Word*, const Word*);
DSTU_GF2M_FOR_EACH_FIELD(DSTU_GF2M_INSTANTIATE)
#undef DSTU_GF2M_INSTANTIATE

namespace detail {

void mul_wide_n_clmul(Word* c, const Word* a, const Word* b, int n) {
  switch (n) {
    case 1: kara_words<ClmulPrim, 1>(c, a, b); break;
    case 2: kara_words<ClmulPrim, 2>(c, a, b); break;
    case 3: kara_words<ClmulPrim, 3>(c, a, b); break;
    case 4: kara_words<ClmulPrim, 4>(c, a, b); break;
    case 5: kara_words<ClmulPrim, 5>(c, a, b); break;
    case 6: kara_words<ClmulPrim, 6>(c, a, b); break;
    case 7: kara_words<ClmulPrim, 7>(c, a, b); break;
    case 8: kara_words<ClmulPrim, 8>(c, a, b); break;
    default: kara_words<ClmulPrim, 9>(c, a, b); break;
  }
}

void mul_columns_clmul(Word* p, const Word* a, const Word* b, int n, int k0, int k1) {
  for (int k = k0; k < k1; ++k) {
    __m128i acc = _mm_setzero_si128();
    const int lo = k < n ? 0 : k - n + 1, hi = k < n ? k : n - 1;
    for (int i = lo; i <= hi; ++i) {
      acc = _mm_xor_si128(acc, ClmulPrim::mul(ClmulPrim::load(a + i), ClmulPrim::load(b + k - i)));
    }
    p[k] ^= static_cast<Word>(_mm_cvtsi128_si64(acc));
    p[k + 1] ^= static_cast<Word>(_mm_extract_epi64(acc, 1));
  }
}

}  // namespace detail
}  // namespace dstu::gf2m

#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif
