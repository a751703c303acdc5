// Internal: the PCLMULQDQ primitive for karatsuba.hpp. Include only after
// `#pragma GCC target("pclmul,sse4.1")` (see mul_clmul.cpp).
//
// V is a word in the low half of an XMM register; to_words folds accumulator k's
// high half into word k + 1 with one PALIGNR per output pair.
//
// Unnamed namespace: see words.hpp.
#pragma once

#include <immintrin.h>

#include "dstu/gf2m/field.hpp"
#include "karatsuba.hpp"

namespace dstu::gf2m::detail {
namespace {

struct ClmulPrim {
  using V = __m128i;
  using U = __m128i;

  static V load(const Word* p) { return _mm_loadl_epi64(reinterpret_cast<const __m128i*>(p)); }
  static V addv(V a, V b) { return _mm_xor_si128(a, b); }
  static U addu(U a, U b) { return _mm_xor_si128(a, b); }
  static U zero() { return _mm_setzero_si128(); }
  static U mul(V a, V b) { return _mm_clmulepi64_si128(a, b, 0x00); }

  /// Word pairs (c_2j, c_2j+1), j < N, of the product in accumulator form.
  template <int N>
  [[gnu::always_inline]] static void to_pairs(__m128i* c, const U* acc) {
    for (int j = 0; j < N; ++j) {
      const U below = j > 0 ? acc[2 * j - 1] : zero();
      const U above = 2 * j + 1 < 2 * N - 1 ? acc[2 * j + 1] : zero();
      c[j] = _mm_xor_si128(acc[2 * j], _mm_alignr_epi8(above, below, 8));
    }
  }

  template <int N>
  [[gnu::always_inline]] static void to_words(Word* c, const U* acc) {
    __m128i p[N];
    to_pairs<N>(p, acc);
    for (int j = 0; j < N; ++j) _mm_storeu_si128(reinterpret_cast<__m128i*>(c + 2 * j), p[j]);
  }
};

/// c (N pairs) = a * b for N-word a, b.
template <int N>
[[gnu::always_inline]] inline void kara_pairs(__m128i* c, const Word* a, const Word* b) {
  __m128i va[N], vb[N], acc[2 * N - 1];
  for (int i = 0; i < N; ++i) {
    va[i] = ClmulPrim::load(a + i);
    vb[i] = ClmulPrim::load(b + i);
  }
  kara<ClmulPrim, N>(acc, va, vb);
  ClmulPrim::to_pairs<N>(c, acc);
}

/// The square of a word: the 128-bit carry-less a * a.
[[gnu::always_inline]] inline __m128i clmul_square(Word a) {
  const __m128i v = _mm_cvtsi64_si128(static_cast<long long>(a));
  return _mm_clmulepi64_si128(v, v, 0x00);
}

}  // namespace
}  // namespace dstu::gf2m::detail
