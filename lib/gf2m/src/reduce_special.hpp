// Internal: special reduction for a DSTU trinomial or pentanomial, fully unrolled.
//
// With f = x^m + r(x), r = x^k1 (+ x^k2 + x^k3) + 1, and c = L + x^m H (deg L < m):
//   c = L + H r  (mod f).
// H has degree <= m - 2, so H r overflows x^m only by the bits of H x^k at or above
// m, i.e. O = sum_k (H >> (m - k)) of degree < k1 - 1; O r is below 2 k1 < 64 and needs
// no further folding. All shifts are compile-time constants; no branch, no table.
// This is the word-level folding of Hankerson–Menezes–Vanstone §2.3.5, arranged so
// that the H r terms and O are computed independently (short dependency chains).
//
// Also the double-length product/square for a field type (mul_wide_words,
// sqr_wide_*), shared by the portable and carry-less TUs.
//
// Unnamed namespace: see words.hpp.
#pragma once

#include "karatsuba.hpp"
#include "words.hpp"

namespace dstu::gf2m::detail {
namespace {

/// The nonzero middle exponents of P.
template <class P>
constexpr int middle_count() {
  return P::pentanomial ? 3 : 1;
}
template <class P>
constexpr int middle(int i) {
  return i == 0 ? P::k1 : i == 1 ? P::k2 : P::k3;
}

/// r = c mod f for c of 2 * words words, deg c <= 2m - 2.
template <class P>
[[gnu::always_inline]] inline void fold_special(Word* r, const Word* c) {
  constexpr int m = P::m, W = P::words, s = m % 64, K = middle_count<P>();
  Word h[W];
  for (int j = 0; j < W; ++j) {
    if constexpr (s == 0) {
      h[j] = c[W + j];
    } else {
      h[j] = c[W - 1 + j] >> s | (W + j < 2 * W ? c[W + j] << (64 - s) : 0);
    }
  }
  Word t[W];
  for (int j = 0; j < W; ++j) t[j] = c[j] ^ h[j];
  for (int i = 0; i < K; ++i) {
    const int k = middle<P>(i);
    t[0] ^= h[0] << k;
    for (int j = 1; j < W; ++j) t[j] ^= h[j] << k | h[j - 1] >> (64 - k);
  }
  t[W - 1] &= top_mask_for(m);
  Word o = 0;
  for (int i = 0; i < K; ++i) {
    const int sh = m - middle<P>(i), q = sh / 64, b = sh % 64;
    Word v = h[q] >> b;
    if (b != 0 && q + 1 < W) v |= h[q + 1] << (64 - b);
    o ^= v;
  }
  Word fo = o;
  for (int i = 0; i < K; ++i) fo ^= o << middle<P>(i);
  t[0] ^= fo;
  for (int j = 0; j < W; ++j) r[j] = t[j];
}

/// c[0 .. 2W) = a * b. When m = 64(W-1) + 1 (m = 257) the top word holds one bit:
/// multiply W-1 words and add the one-bit terms under masks.
template <class P, class Prim>
[[gnu::always_inline]] inline void mul_wide_words(Word* c, const Word* a, const Word* b) {
  constexpr int W = P::words;
  if constexpr (P::m % 64 == 1 && W > 1) {
    kara_words<Prim, W - 1>(c, a, b);
    const Word ma = Word(0) - (a[W - 1] & 1), mb = Word(0) - (b[W - 1] & 1);
    for (int i = 0; i < W - 1; ++i) c[W - 1 + i] ^= (b[i] & ma) ^ (a[i] & mb);
    c[2 * W - 2] = a[W - 1] & b[W - 1] & 1;
    c[2 * W - 1] = 0;
  } else {
    kara_words<Prim, W>(c, a, b);
  }
}

/// c[0 .. 2n) = a^2 by spreading bits with shifts and masks (portable).
[[gnu::always_inline]] inline void sqr_wide_spread(Word* c, const Word* a, int n) {
  for (int i = 0; i < n; ++i) {
    c[2 * i] = spread32(a[i]);
    c[2 * i + 1] = spread32(a[i] >> 32);
  }
}

}  // namespace
}  // namespace dstu::gf2m::detail
