// Internal: special reduction on the carry-less path, on 128-bit word pairs kept in
// XMM registers (pair j = words 2j, 2j+1). Include only after
// `#pragma GCC target("pclmul,sse4.1")`.
//
// Two foldings, chosen at compile time per polynomial:
//  - aligned carry-less folding (every DSTU polynomial but m = 257, and NIST's m = 283
//    and 571): with W words and r' = x^(64W - m) r(x) mod nothing (it is below 2^64 for
//    these f), each high word c_j, j >= W, folds as c_j r' at word offset j - W: W
//    multiplications, no bit shifts. The few bits G still at or above m (fewer than
//    64, checked at compile time from the degree bound 2m - 2) fold once more as G r(x).
//  - shift folding (m = 257, where r' = x^63 (x^12 + 1) spans two words, and NIST's
//    x^233 + x^74 + 1 and x^409 + x^87 + 1, where r itself does): the pair form of
//    fold_special (reduce_special.hpp): H = c >> m, c + H r + O r, each shift by a
//    middle exponent split into a word offset and a bit shift, O up to two words.
//
// Unnamed namespace: see words.hpp.
#pragma once

#include <immintrin.h>

#include "dstu/gf2m/field.hpp"
#include "reduce_special.hpp"

namespace dstu::gf2m::detail {
namespace {

/// Words i, i+1 of a pair array of n pairs (zero beyond).
template <int N>
[[gnu::always_inline]] inline __m128i word_pair(const __m128i* c, int i) {
  auto at = [&](int j) { return j >= 0 && j < N ? c[j] : _mm_setzero_si128(); };
  if (i % 2 == 0) return at(i / 2);
  return _mm_alignr_epi8(at((i + 1) / 2), at((i - 1) / 2), 8);
}

/// Bits [64i + s, 64i + s + 128) of a pair array: words i, i+1 shifted right by s.
template <int N>
[[gnu::always_inline]] inline __m128i bits_at(const __m128i* c, int i, int s) {
  const __m128i lo = word_pair<N>(c, i);
  if (s == 0) return lo;
  const __m128i hi = word_pair<N>(c, i + 1);
  return _mm_or_si128(_mm_srli_epi64(lo, s), _mm_slli_epi64(hi, 64 - s));
}

/// Upper bound on deg(c_j) for a product of two reduced elements: 2m - 2 - 64 j.
template <class P>
constexpr int word_degree(int j) {
  const int d = 2 * P::m - 2 - 64 * j;
  return d > 63 ? 63 : d;
}

template <class P>
constexpr Word low_poly() {  // r(x) = f - x^m
  static_assert(P::k1 < 64, "r(x) spans more than a word");
  Word r = 1 | Word(1) << P::k1;
  if (P::pentanomial) r |= Word(1) << P::k2 | Word(1) << P::k3;
  return r;
}

/// True when r' = x^(64W - m) r(x) fits in a word and the second fold is one word.
template <class P>
constexpr bool aligned_fold_fits() {
  constexpr int W = P::words, dr = 64 * W - P::m + P::k1;
  if (dr > 63) return false;
  int top = 0;  // degree bound after the first fold
  for (int j = W; j < 2 * W; ++j) {
    if (word_degree<P>(j) < 0) continue;
    const int d = 64 * (j - W) + word_degree<P>(j) + dr;
    top = d > top ? d : top;
  }
  return top - P::m < 64;
}

/// The mask of the valid bits of the last result pair.
template <class P>
[[gnu::always_inline]] inline __m128i top_pair() {
  constexpr Word top = top_mask_for(P::m);
  return P::words % 2 == 1 ? _mm_set_epi64x(0, static_cast<long long>(top))
                           : _mm_set_epi64x(static_cast<long long>(top), -1);
}

/// Aligned carry-less folding (see the file comment); r = c mod f, r as ceil(W/2)
/// pairs, c as W pairs.
template <class P>
[[gnu::always_inline]] inline void fold_pairs_aligned(__m128i* r, const __m128i* c) {
  constexpr int W = P::words, NP = (W + 1) / 2, m = P::m, s = m % 64, dr = 64 * W - m;
  const __m128i rp = _mm_set_epi64x(0, static_cast<long long>(low_poly<P>()));
  const __m128i rq = _mm_set_epi64x(0, static_cast<long long>(low_poly<P>() << dr));
  // First fold: acc[k] (word offset k) gets c_(W+k) r'.
  __m128i acc[W];
  for (int k = 0; k < W; ++k) {
    acc[k] = _mm_clmulepi64_si128(word_pair<W>(c, W + k), rq, 0x00);
  }
  // t = (words < W of c) + sum acc[k] x^(64k): W + 1 words.
  __m128i t[NP + 1];
  for (int j = 0; j <= NP; ++j) {
    const __m128i below = 2 * j - 1 >= 0 && 2 * j - 1 < W ? acc[2 * j - 1] : _mm_setzero_si128();
    const __m128i above = 2 * j + 1 < W ? acc[2 * j + 1] : _mm_setzero_si128();
    const __m128i here = 2 * j < W ? acc[2 * j] : _mm_setzero_si128();
    __m128i low = 2 * j < W ? c[j] : _mm_setzero_si128();
    if (2 * j + 1 == W) low = _mm_move_epi64(low);  // word W of c was folded
    t[j] = _mm_xor_si128(_mm_xor_si128(low, here), _mm_alignr_epi8(above, below, 8));
  }
  // Second fold: G = t >> m (under 64 bits) as G r(x).
  const __m128i g = bits_at<NP + 1>(t, W - 1, s);
  const __m128i gr = _mm_clmulepi64_si128(g, rp, 0x00);
  for (int j = 0; j < NP; ++j) r[j] = t[j];
  r[NP - 1] = _mm_and_si128(r[NP - 1], top_pair<P>());
  r[0] = _mm_xor_si128(r[0], gr);
}

/// Pair j (words 2j, 2j+1) of x << s for x of N pairs (zero outside).
template <int N>
[[gnu::always_inline]] inline __m128i shl_pair(const __m128i* x, int j, int s) {
  const int q = s / 64, b = s % 64;
  const __m128i here = word_pair<N>(x, 2 * j - q);
  if (b == 0) return here;
  const __m128i below = word_pair<N>(x, 2 * j - q - 1);
  return _mm_or_si128(_mm_slli_epi64(here, b), _mm_srli_epi64(below, 64 - b));
}

/// Shift folding (see the file comment); same contract as fold_pairs_aligned.
template <class P>
[[gnu::always_inline]] inline void fold_pairs_shift(__m128i* r, const __m128i* c) {
  constexpr int W = P::words, NP = (W + 1) / 2, m = P::m, s = m % 64, q = m / 64;
  constexpr int K = middle_count<P>();
  constexpr int OW = words_for(P::k1 - 1), FP = (words_for(2 * P::k1 - 1) + 1) / 2;
  static_assert(OW <= 2 && FP <= NP, "O is one pair, O r below m");
  // H = c >> m (W words), t = L + H + sum_k H << k, O = sum_k H >> (m - k).
  __m128i h[NP];
  for (int j = 0; j < NP; ++j) h[j] = bits_at<W>(c, q + 2 * j, s);
  __m128i t[NP];
  for (int j = 0; j < NP; ++j) t[j] = _mm_xor_si128(c[j], h[j]);
  __m128i o = _mm_setzero_si128();
  for (int i = 0; i < K; ++i) {
    const int k = middle<P>(i);
    for (int j = 0; j < NP; ++j) t[j] = _mm_xor_si128(t[j], shl_pair<NP>(h, j, k));
    o = _mm_xor_si128(o, bits_at<NP>(h, (m - k) / 64, (m - k) % 64));
  }
  if constexpr (OW == 1) o = _mm_move_epi64(o);
  for (int j = 0; j < NP; ++j) r[j] = t[j];
  r[NP - 1] = _mm_and_si128(r[NP - 1], top_pair<P>());
  for (int j = 0; j < FP; ++j) {  // r += O r = O + sum_k O x^k (below x^m)
    __m128i fo = j == 0 ? o : _mm_setzero_si128();
    for (int i = 0; i < K; ++i) fo = _mm_xor_si128(fo, shl_pair<1>(&o, j, middle<P>(i)));
    r[j] = _mm_xor_si128(r[j], fo);
  }
}

/// r = c mod f with c as W pairs (2W words), r as ceil(W/2) pairs.
template <class P>
[[gnu::always_inline]] inline void fold_pairs(__m128i* r, const __m128i* c) {
  if constexpr (aligned_fold_fits<P>()) {
    fold_pairs_aligned<P>(r, c);
  } else {
    fold_pairs_shift<P>(r, c);
  }
}

/// Stores ceil(W/2) pairs as W words.
template <int W>
[[gnu::always_inline]] inline void store_pairs(Word* r, const __m128i* p) {
  for (int j = 0; 2 * j + 1 < W; ++j) _mm_storeu_si128(reinterpret_cast<__m128i*>(r + 2 * j), p[j]);
  if constexpr (W % 2 == 1) _mm_storel_epi64(reinterpret_cast<__m128i*>(r + W - 1), p[W / 2]);
}

/// Loads W words as ceil(W/2) pairs (the missing high word of an odd W is zero).
template <int W>
[[gnu::always_inline]] inline void load_pairs(__m128i* p, const Word* a) {
  for (int j = 0; 2 * j + 1 < W; ++j) p[j] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(a + 2 * j));
  if constexpr (W % 2 == 1) p[W / 2] = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(a + W - 1));
}

}  // namespace
}  // namespace dstu::gf2m::detail
