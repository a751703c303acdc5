// Internal: SHA-512 compression (FIPS 180-4 §6.4.2) with the message schedule in vector
// registers, two words a 128-bit register, W + K stored for the scalar rounds. The schedule
// of rounds 8j + 16 .. 8j + 23 is written beside the scalar rounds 8j .. 8j + 7, so the
// vector units compute it while the integer units run the rounds (the portable code spends
// about a third of its instructions on the schedule). Maj(a, b, c) is b ^ ((a ^ b) &
// (b ^ c)), whose b ^ c is the previous round's a ^ b; e's chain is d + h + W + K + Ch, then
// Sigma1. Included by one file per ISA (sha512_avx512.cpp, sha512_avx2.cpp) after its
// target pragma, with the sigma functions of that ISA as Sigma:
//   struct Sigma { static __m128i small0(__m128i); static __m128i small1(__m128i); };
#pragma once

#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "sha2_internal.hpp"

namespace dstu::hash::detail::sha512_vec {

constexpr std::uint64_t rotr(std::uint64_t x, int n) { return x >> n | x << (64 - n); }

/// r[k % 8] holds W[2k], W[2k + 1]: computes pair k (k >= 8) from pairs k-8, k-7, k-4,
/// k-3, k-1 and stores W + K at wk[2k].
template <class Sigma>
[[gnu::always_inline]] inline void schedule_pair(__m128i r[8], int k, std::uint64_t* wk, const std::uint64_t* kk) {
  const __m128i w16 = r[k % 8];
  const __m128i w15 = _mm_alignr_epi8(r[(k - 7) % 8], w16, 8);       // W[2k-15], W[2k-14]
  const __m128i w7 = _mm_alignr_epi8(r[(k - 3) % 8], r[(k - 4) % 8], 8);  // W[2k-7], W[2k-6]
  const __m128i w = _mm_add_epi64(_mm_add_epi64(w16, Sigma::small0(w15)),
                                  _mm_add_epi64(w7, Sigma::small1(r[(k - 1) % 8])));
  r[k % 8] = w;
  _mm_store_si128(reinterpret_cast<__m128i*>(wk + 2 * k),
                  _mm_add_epi64(w, _mm_loadu_si128(reinterpret_cast<const __m128i*>(kk + 2 * k))));
}

template <class Sigma>
[[gnu::always_inline]] inline void compress(std::uint64_t h[8], const std::uint8_t* p, std::size_t blocks) {
  const __m128i bswap = _mm_set_epi64x(0x08090a0b0c0d0e0fLL, 0x0001020304050607LL);
  const std::uint64_t* kk = kSha512K;
  for (; blocks > 0; --blocks, p += 128) {
    alignas(16) std::uint64_t wk[80];
    __m128i r[8];
    for (int k = 0; k < 8; ++k) {
      r[k] = _mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * k)), bswap);
      _mm_store_si128(reinterpret_cast<__m128i*>(wk + 2 * k),
                      _mm_add_epi64(r[k], _mm_loadu_si128(reinterpret_cast<const __m128i*>(kk + 2 * k))));
    }
    std::uint64_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
    std::uint64_t bc = b ^ c;
#pragma GCC unroll 10
    for (int j = 0; j < 10; ++j) {
      if (j < 8) {
        for (int k = 8 + 4 * j; k < 12 + 4 * j; ++k) schedule_pair<Sigma>(r, k, wk, kk);
      }
      // The rounds read W + K from memory (an add with a memory operand) rather than
      // from the vector registers (vmovq, vpextrq: more micro-ops on the integer side).
      __asm__ volatile("" : : : "memory");
#pragma GCC unroll 8
      for (int t = 8 * j; t < 8 * j + 8; ++t) {
        // e's chain: d + h + W + K is ready early, Ch two steps after e, Sigma1 three.
        const std::uint64_t hk_ch = hh + wk[t] + (g ^ (e & (f ^ g)));
        const std::uint64_t s1 = rotr(e, 14) ^ rotr(e, 18) ^ rotr(e, 41);
        const std::uint64_t t1 = hk_ch + s1;
        const std::uint64_t ab = a ^ b;
        const std::uint64_t t2 = (rotr(a, 28) ^ rotr(a, 34) ^ rotr(a, 39)) + (b ^ (ab & bc));
        bc = ab;
        hh = g;
        g = f;
        f = e;
        e = (d + hk_ch) + s1;
        d = c;
        c = b;
        b = a;
        a = t1 + t2;
      }
    }
    const std::uint64_t out[8] = {a, b, c, d, e, f, g, hh};
    for (int i = 0; i < 8; ++i) h[i] += out[i];
  }
}

}  // namespace dstu::hash::detail::sha512_vec
