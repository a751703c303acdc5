// Internal: special reduction on ZMM registers for the *_vpclmul kernels. Include only
// after `#pragma GCC target("vpclmulqdq,avx512f,pclmul")`.
//
// f = x^m + r(x), m = 64q + s (0 < s < 64, q = W - 1), deg r = k1 < 64. A product c of
// two reduced elements is c_L + x^m c_H with c_L = c mod x^m and c_H = c >> m; then
// c = c_L + c_H r (mod f), and the few bits G of that at and above m fold once more as
// G r. The first fold is one carry-less product per word of c_H, or shifts:
//  - "scaled" folding (halves layout, needs k1 < s): with K = r x^(64-s) (one word),
//    a word c_j of c (j >= q, the word c_q with its bits below s cleared) times K is
//    (c_j r x^(64j - m)) x^64, so c_H r = sum_j (c_j K) x^(64(j - q - 1)): the words of
//    c are multiplied where they lie, with no shifting of c, and the products land on
//    word boundaries; the two parities of j differ by one word (one permute).
//  - "window" folding (wide layout, any s): c_H is assembled from two word-shifted
//    copies of c (c >> 64q and c >> 64(q+1), shifted by s and 64 - s), then c_H r.
//  - shift folding (halves layout with a one-bit top word, m = 257: s = 1 and K would
//    span two words): c_H r = c_H + c_H x^k by shifts across qwords, no product
//    (reduce_halves257).
// G = bits [m, m+64) of c_L + c_H r: every DSTU field but m = 191 and m = 367 keeps
// them in word q; those two spill into word q + 1 (checked at compile time).
//
// Unnamed namespace: see words.hpp.
#pragma once

#include <climits>

#include "prim_vpclmul.hpp"
#include "reduce_clmul.hpp"

namespace dstu::gf2m::detail {
namespace {

/// The bits s .. 63 of a word, as a qword constant.
constexpr long long bits_from(int s) { return static_cast<long long>(~((Word(1) << s) - 1)); }

/// True when c_L + c_H r can reach word W (one word past the field's top word).
template <class P>
constexpr bool fold_spills() {
  return P::m - 2 + P::k1 >= 64 * P::words;
}

/// Second fold on d = c_L + c_H r (word i of each element at qword i of a block of
/// Block qwords; Block = 4 for halves, 8 for wide): returns G r at qword 0 of each
/// block, G = d >> m (moved to qword 0 first).
template <class P, int Block>
[[gnu::always_inline]] inline Z fold_top(Z d) {
  constexpr int W = P::words, s = P::m % 64;
  constexpr Word r = low_poly<P>();
  constexpr bool spill = fold_spills<P>();
  static_assert(!spill || (P::k1 < s && W < Block), "G spills past the block");
  Z x;
  if constexpr (Block == 4) {
    x = perm(d, half_index<W - 1, spill ? W : kZero, kZero, kZero>(), zero());
  } else {
    x = perm(d, ZConst<W - 1, spill ? W : 15, 15, 15, 15, 15, 15, 15>::load(), zero());
  }
  Z gr;
  if constexpr (spill) {
    // G = (x0 >> s) + x1 x^(64-s): (x0 >> s) r + x1 (r x^(64-s)), both one word.
    const Z xs = select(half_mask<1>(), _mm512_srli_epi64(x, s), x);  // qword 0 shifted
    const Z k = ZConst<static_cast<long long>(r), static_cast<long long>(r << (64 - s)), static_cast<long long>(r),
                       static_cast<long long>(r << (64 - s)), static_cast<long long>(r),
                       static_cast<long long>(r << (64 - s)), static_cast<long long>(r),
                       static_cast<long long>(r << (64 - s))>::load();
    gr = xor2(clmul<0x00>(xs, k), clmul<0x11>(xs, k));
  } else {
    gr = clmul<0x00>(_mm512_srli_epi64(x, s), lo_splat<r>());
  }
  return gr;
}

/// The mask of the valid bits of an element in each half (W words, top word s bits).
template <class P>
[[gnu::always_inline]] inline Z half_top_mask() {
  constexpr int W = P::words;
  constexpr auto top = static_cast<long long>(top_mask_for(P::m));
  auto q = [](int i) { return i < W - 1 ? -1LL : i == W - 1 ? top : 0LL; };
  return ZConst<q(0), q(1), q(2), q(3), q(0), q(1), q(2), q(3)>::load();
}

/// Halves layout, W = 4: c of each element as L = words 0-3 and H = words 4-7; returns
/// the two reduced elements. Scaled folding: words 4, 6 (lanes of H) land on lanes,
/// words 5, 7 one word up, word 3's top bits (c_q above s) one lane down. The second
/// fold is computed beside the first instead of after it: the bits of word 3 at and
/// above s after the first fold are those of e_3 + o_2 (below), and masked to them, one
/// more product by K gives G r in the high word, where the top bits of c_3 are too.
template <class P>
[[gnu::always_inline]] inline Z reduce_halves4(Z l, Z h) {
  constexpr int s = P::m % 64;
  static_assert(P::words == 4 && P::k1 < s && !fold_spills<P>());
  // c_7 K must stay in word 3: deg c_7 <= 2m - 2 - 448.
  static_assert(2 * P::m - 2 - 448 + P::k1 + 64 - s < 64);
  const Z k = lo_splat<low_poly<P>() << (64 - s)>();
  const Z e = clmul<0x00>(h, k);  // c4 K, c6 K: words 0-1, 2-3
  const Z o = clmul<0x01>(h, k);  // c5 K, c7 K: words 1-2, 3 (one word up)
  using High3 = ZConst<0, 0, 0, bits_from(s), 0, 0, 0, bits_from(s)>;  // word 3 above s
  using High2 = ZConst<0, 0, bits_from(s), 0, 0, 0, bits_from(s), 0>;  // o's word 3, before the move
  // Qword 3 of each: (c3 above s) K, (e3 above s) K, (o2 above s) K, all x^64 times a
  // value that belongs at word 0 (c_3's part of c_H r, and G r).
  const Z t = xor3(clmul<0x01>(and2(l, High3::load()), k), clmul<0x01>(and2(e, High3::load()), k),
                   clmul<0x00>(and2(o, High2::load()), k));
  const Z tm = half_top_mask<P>();
  return and2(xor3(and2(l, tm), e, perm(o, half_index<8 + 3, 0, 1, 2>(), t)), tm);
}

/// Halves layout, W = 3: c of each element as L = words 0-3 and T = words 2-5; returns
/// the two reduced elements. Scaled folding: words 3, 5 (odd qwords of T) land on
/// lanes, words 2 (top bits) and 4 one word down.
template <class P>
[[gnu::always_inline]] inline Z reduce_halves3(Z l, Z t) {
  constexpr int s = P::m % 64;
  static_assert(P::words == 3 && P::k1 < s);
  const Z k = lo_splat<low_poly<P>() << (64 - s)>();
  const Z tm = and2(t, ZConst<bits_from(s), -1, -1, -1, bits_from(s), -1, -1, -1>::load());
  const Z e = clmul<0x01>(tm, k);  // c3 K, c5 K: words 0-1, 2-3
  const Z o = clmul<0x00>(tm, k);  // (c2 above s) K, c4 K: one word down
  const Z top = half_top_mask<P>();
  const Z d = xor3(and2(l, top), e, perm(o, half_index<1, 2, 3, kZero>(), zero()));
  const Z f = fold_top<P, 4>(d);  // not inline: at -O0 the intrinsic is a macro
  return _mm512_ternarylogic_epi64(d, top, f, 0x6A);
}

/// True for the fields reduced by reduce_halves257: m = 257 (4 words and a one-bit top
/// word), a trinomial x^257 + x^k + 1 with 2 <= k <= 32 (F257: k = 12).
template <class P>
constexpr bool one_bit_top() {
  return P::m == 257 && !P::pentanomial && P::k1 >= 2 && P::k1 <= 32;
}

/// Halves layout for f = x^257 + x^k + 1: c = l + x^256 u + x^512 c_8 for each element
/// (l = words 0-3, u = words 4-7, c8 all-ones in a half where c_8 = 1, else zero).
/// Returns words 0-3 of c mod f in r and word 4 (one bit) at qword 0 of each half of
/// top, the other qwords zero. The word-level folding of Hankerson–Menezes–Vanstone,
/// "Guide to Elliptic Curve Cryptography" §2.3.5 (as reduce_special.hpp) on ZMM
/// registers, shifts across qwords by permutes, AVX-512F only:
///   c mod x^257 = l + c_4,0 x^256, and x^257 H = H r with H = u >> 1 (255 bits);
///   H x^k = (u << (k-1)) with bit k-1 cleared, words i >= 1 taking the top k-1 bits
///   of word i-1 (u rotated by one qword); its bit 256 (bit 65-k of c_7) goes to the
///   top word, and the bits above, G = c_7 >> (66-k) (k-2 bits), fold once more as
///   G + G x^k (the second fold); x^512 = x^255 + x^(2k-2) + x^(k-2) mod f is added
///   under c8. Six shifts, two permutes, five ternary-logic operations (VBMI2's
///   double shifts VPSHRDQ/VPSHLDQ would merge two pairs of them: not worth a further
///   CPU requirement beside AVX-512F).
template <class P>
[[gnu::always_inline]] inline void reduce_halves257(Z& r, Z& top, Z l, Z u, Z c8) {
  constexpr int k = P::k1;
  static_assert(one_bit_top<P>());
  constexpr long long x512 = static_cast<long long>(Word(1) << (2 * k - 2) | Word(1) << (k - 2));
  using X512 = ZConst<x512, 0, 0, LLONG_MIN, x512, 0, 0, LLONG_MIN>;  // x^512 mod f
  constexpr long long below_k = static_cast<long long>(~(Word(1) << (k - 1)));
  using ClearK = ZConst<below_k, -1, -1, -1, below_k, -1, -1, -1>;  // bit k-1 of word 0 cleared
  using Right = ZConst<66 - k, 65 - k, 65 - k, 65 - k, 66 - k, 65 - k, 65 - k, 65 - k>;
  using Left = ZConst<k, 64, 64, 64, k, 64, 64, 64>;  // a count of 64 clears the qword
  const Z next = perm(u, half_index<1, 2, 3, kZero>(), zero());  // c5, c6, c7, 0
  const Z prev = perm(u, half_index<3, 0, 1, 2>(), zero());      // c7, c4, c5, c6
  const Z g = _mm512_srlv_epi64(prev, Right::load());            // G, then the carries of H x^k
  // Cheapest terms first: the ones that wait for the permutes come last.
  const Z a = xor_and(l, X512::load(), c8);
  const Z b = xor_and(a, _mm512_slli_epi64(u, k - 1), ClearK::load());
  const Z d = xor3(b, _mm512_srli_epi64(u, 1), g);
  r = xor3(d, _mm512_slli_epi64(next, 63), _mm512_sllv_epi64(g, Left::load()));
  // (c_4 + (c_7 >> (65-k))) & 1 at qword 0 of each half (a named constant: at -O0 the
  // intrinsic is a macro, and a template's commas would split its arguments).
  using Bit0 = ZConst<1, 0, 0, 0, 1, 0, 0, 0>;
  top = _mm512_ternarylogic_epi64(u, _mm512_srli_epi64(prev, 65 - k), Bit0::load(), 0x28);
}

/// Wide layout (5 <= W <= 7): c as lo = words 0-7, hi = words 8-15; returns the
/// reduced element in lo. Window folding.
template <class P>
[[gnu::always_inline]] inline Z reduce_wide(Z lo, Z hi) {
  constexpr int W = P::words, q = P::m / 64, s = P::m % 64;
  static_assert(W >= 5 && W <= 7 && q == W - 1);
  const Z u = _mm512_alignr_epi64(hi, lo, q), v = _mm512_alignr_epi64(hi, lo, q + 1);
  const Z ch = _mm512_ternarylogic_epi64(_mm512_srli_epi64(u, s), _mm512_slli_epi64(v, 64 - s), zero(), 0xFE);
  const Z r = lo_splat<low_poly<P>()>();
  constexpr auto top = static_cast<long long>(top_mask_for(P::m));
  auto q_mask = [](int i) { return i < W - 1 ? -1LL : i == W - 1 ? top : 0LL; };
  const Z tm = ZConst<q_mask(0), q_mask(1), q_mask(2), q_mask(3), q_mask(4), q_mask(5), q_mask(6), q_mask(7)>::load();
  const Z e = clmul<0x00>(ch, r), o = clmul<0x01>(ch, r);
  const Z d = xor3(and2(lo, tm), e, _mm512_alignr_epi64(o, zero(), 7));
  const Z f = fold_top<P, 8>(d);
  return _mm512_ternarylogic_epi64(d, tm, f, 0x6A);
}

}  // namespace
}  // namespace dstu::gf2m::detail
