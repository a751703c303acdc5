// Internal: special reduction for a built-in trinomial or pentanomial, fully unrolled.
//
// With f = x^m + r(x), r = x^k1 (+ x^k2 + x^k3) + 1, and c = L + x^m H (deg L < m):
//   c = L + H r  (mod f).
// H has degree <= m - 2, so H r overflows x^m only by the bits of H x^k at or above
// m, i.e. O = sum_k (H >> (m - k)) of degree <= k1 - 2: one word when k1 <= 65, two
// for NIST's k1 = 74 (m = 233) and k1 = 87 (m = 409). O r has degree <= 2 k1 - 2 < m
// (Poly asserts 2 k1 < m), so one more fold, O r added below x^m, finishes.
// This is the word-level folding of Hankerson–Menezes–Vanstone, "Guide to Elliptic
// Curve Cryptography" §2.3.5 (Algorithms 2.41-2.45 spell it out for the NIST
// polynomials on 32-bit words), on 64-bit words with every shift by a middle exponent
// split into a word offset and a bit shift (so k >= 64 needs nothing special), arranged so that the H r terms and O are computed independently
// (short dependency chains). All word offsets and shift counts are compile-time
// constants of the field: no branch, no table, no secret-dependent index.
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

/// Word j of x << s for x of N words (words outside x read as zero). j and s are
/// constants once the caller's loops are unrolled; the tests fold away.
template <int N>
[[gnu::always_inline]] inline Word shl_word(const Word* x, int j, int s) {
  const int i = j - s / 64, b = s % 64;
  const Word here = i >= 0 && i < N ? x[i] << b : 0;
  const Word below = b != 0 && i >= 1 && i - 1 < N ? x[i - 1] >> (64 - b) : 0;
  return here | below;
}

/// Word j of x >> s for x of N words (words outside x read as zero).
template <int N>
[[gnu::always_inline]] inline Word shr_word(const Word* x, int j, int s) {
  const int i = j + s / 64, b = s % 64;
  const Word here = i >= 0 && i < N ? x[i] >> b : 0;
  const Word above = b != 0 && i + 1 >= 0 && i + 1 < N ? x[i + 1] << (64 - b) : 0;
  return here | above;
}

/// r = c mod f for c of 2 * words words, deg c <= 2m - 2.
template <class P>
[[gnu::always_inline]] inline void fold_special(Word* r, const Word* c) {
  constexpr int m = P::m, W = P::words, K = middle_count<P>();
  constexpr int OW = words_for(P::k1 - 1);      // O: degree <= k1 - 2
  constexpr int FW = words_for(2 * P::k1 - 1);  // O r: degree <= 2 k1 - 2 < m
  static_assert(OW >= 1 && FW <= W);
  Word h[W];  // H = c >> m
  for (int j = 0; j < W; ++j) h[j] = shr_word<2 * W>(c, j, m);
  Word t[W];  // L + H + sum_k (H x^k mod x^m)
  for (int j = 0; j < W; ++j) t[j] = c[j] ^ h[j];
  for (int i = 0; i < K; ++i) {
    for (int j = 0; j < W; ++j) t[j] ^= shl_word<W>(h, j, middle<P>(i));
  }
  t[W - 1] &= top_mask_for(m);
  Word o[OW] = {};  // O = sum_k H >> (m - k)
  for (int i = 0; i < K; ++i) {
    for (int j = 0; j < OW; ++j) o[j] ^= shr_word<W>(h, j, m - middle<P>(i));
  }
  for (int j = 0; j < FW; ++j) {  // t += O r = O + sum_k O x^k
    Word v = j < OW ? o[j] : 0;
    for (int i = 0; i < K; ++i) v ^= shl_word<OW>(o, j, middle<P>(i));
    t[j] ^= v;
  }
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
