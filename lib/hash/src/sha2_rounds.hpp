// Internal: the SHA-2 compression function once for both word sizes (FIPS 180-4 §6.2.2
// and §6.4.2): message schedule, the rounds, the feed-forward. Spec gives the word
// type, the round count and the rotation amounts of the four sigma functions.
#pragma once

#include <cstddef>
#include <cstdint>

namespace dstu::hash::detail {

template <class W>
constexpr W rotr(W x, int n) {
  return x >> n | x << (8 * sizeof(W) - n);
}

/// Spec: Word, kRounds, load(p) (one big-endian word), and the shifts
/// kSmall0 = {r1, r2, s}, kSmall1, kBig0 = {r1, r2, r3}, kBig1.
/// Always inline, so that a caller compiled for more of the CPU (sha512.cpp's BMI2
/// twin: rorx for the rotations) gets its own copy.
template <class Spec>
[[gnu::always_inline]] inline void sha2_compress(typename Spec::Word h[8], const std::uint8_t* p, std::size_t blocks,
                   const typename Spec::Word* k) {
  using W = typename Spec::Word;
  constexpr int R = Spec::kRounds;
  constexpr auto s0 = Spec::kSmall0, s1 = Spec::kSmall1, b0 = Spec::kBig0, b1 = Spec::kBig1;
  for (; blocks > 0; --blocks, p += 16 * sizeof(W)) {
    W w[R];
    for (int t = 0; t < 16; ++t) w[t] = Spec::load(p + sizeof(W) * t);
    for (int t = 16; t < R; ++t) {
      const W x = w[t - 15], y = w[t - 2];
      w[t] = w[t - 16] + (rotr(x, s0[0]) ^ rotr(x, s0[1]) ^ (x >> s0[2])) + w[t - 7] +
             (rotr(y, s1[0]) ^ rotr(y, s1[1]) ^ (y >> s1[2]));
    }
    W a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
#pragma GCC unroll 80
    for (int t = 0; t < R; ++t) {
      // Ch(e, f, g) = g ^ (e & (f ^ g)) and Maj(a, b, c) = (a & b) | (c & (a | b)): the
      // same functions in fewer operations.
      const W t1 = hh + (rotr(e, b1[0]) ^ rotr(e, b1[1]) ^ rotr(e, b1[2])) + (g ^ (e & (f ^ g))) + k[t] + w[t];
      const W t2 = (rotr(a, b0[0]) ^ rotr(a, b0[1]) ^ rotr(a, b0[2])) + ((a & b) | (c & (a | b)));
      hh = g;
      g = f;
      f = e;
      e = d + t1;
      d = c;
      c = b;
      b = a;
      a = t1 + t2;
    }
    const W out[8] = {a, b, c, d, e, f, g, hh};
    for (int i = 0; i < 8; ++i) h[i] += out[i];
  }
}

}  // namespace dstu::hash::detail
