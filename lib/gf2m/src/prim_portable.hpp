// Internal: the portable carry-less 64x64 -> 128 product, constant time, no tables.
//
// Integer multiplication with holes: split each operand into the five bit classes
// i mod 5 (at most 13 bits each). In the integer product of one class of a by one
// class of b, every column whose position is in class (c + d) mod 5 sums at most 13
// one-bit terms, so its value fits in 4 bits and its carries stop before the next
// column of the same class; the bit of that class is the column's parity, i.e. the
// carry-less result. XOR the 5 products that land in each class, keep that class's
// bits: 25 multiplications (64x64 -> 128, constant time on x86-64) per word product.
//
// Unnamed namespace: see words.hpp.
#pragma once

#include "dstu/gf2m/field.hpp"

namespace dstu::gf2m::detail {
namespace {

constexpr Word hole_class(int c) {
  Word m = 0;
  for (int i = c; i < 64; i += 5) m |= Word(1) << i;
  return m;
}

struct PortablePrim {
  using V = Word;
  struct U {
    Word lo, hi;
  };

  static V load(const Word* p) { return *p; }
  static V addv(V a, V b) { return a ^ b; }
  static U addu(U a, U b) { return {a.lo ^ b.lo, a.hi ^ b.hi}; }
  static U zero() { return {0, 0}; }

  [[gnu::always_inline]] static U mul(Word a, Word b) {
    using u128 = unsigned __int128;
    constexpr Word m0 = 0x1111111111111111ULL, m1 = m0 << 1, m2 = m0 << 2, m3 = m0 << 3;
    constexpr Word low60 = (Word(1) << 60) - 1;
    const Word x = a & low60;  // at most 15 bits per class: column sums stay below 16
    const Word a0 = x & m0, a1 = x & m1, a2 = x & m2, a3 = x & m3;
    const Word b0 = b & m0, b1 = b & m1, b2 = b & m2, b3 = b & m3;
    auto p = [](Word u, Word v) { return u128(u) * u128(v); };
    // One class of the result at a time keeps few 128-bit values live.
    u128 z = p(a0, b0) ^ p(a1, b3) ^ p(a2, b2) ^ p(a3, b1);
    Word lo = Word(z) & m0, hi = Word(z >> 64) & m0;
    z = p(a0, b1) ^ p(a1, b0) ^ p(a2, b3) ^ p(a3, b2);
    lo |= Word(z) & m1;
    hi |= Word(z >> 64) & m1;
    z = p(a0, b2) ^ p(a1, b1) ^ p(a2, b0) ^ p(a3, b3);
    lo |= Word(z) & m2;
    hi |= Word(z >> 64) & m2;
    z = p(a0, b3) ^ p(a1, b2) ^ p(a2, b1) ^ p(a3, b0);
    lo |= Word(z) & m3;
    hi |= Word(z >> 64) & m3;
    // Bits 60..63 of a, one per class: against one class of b every column holds at
    // most one term, so these four integer products are exact carry-less products.
    const Word t = a & ~low60;
    const u128 zt = p(t, b0) ^ p(t, b1) ^ p(t, b2) ^ p(t, b3);
    return {lo ^ Word(zt), hi ^ Word(zt >> 64)};
  }

  template <int N>
  [[gnu::always_inline]] static void to_words(Word* c, const U* acc) {
    c[0] = acc[0].lo;
    for (int k = 1; k < 2 * N - 1; ++k) c[k] = acc[k].lo ^ acc[k - 1].hi;
    c[2 * N - 1] = acc[2 * N - 2].hi;
  }
};

}  // namespace
}  // namespace dstu::gf2m::detail
