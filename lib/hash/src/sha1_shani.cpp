// SHA-1 compression with the x86 SHA extensions (Intel, "New Instructions Supporting the
// Secure Hash Algorithm on Intel Architecture Processors", 2013). SHA1RNDS4 does four
// rounds on (A, B, C, D) with the message words plus E in the top word; SHA1NEXTE derives
// the next four rounds' E from A four rounds back; SHA1MSG1/MSG2 compute the message
// schedule four words at a time. Called only where cpu::active().sha (such CPUs have
// SSE4.1).
#include <immintrin.h>  // before the region: its functions carry their own targets

// GCC compiles the file for SHA-NI by pragma; clang ignores #pragma GCC target and takes
// the same ISA as an attribute on every function of the region.
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("sha,sse4.1"))), apply_to = function)
#else
#pragma GCC target("sha,sse4.1")
#endif

#include "sha1_internal.hpp"

namespace dstu::hash::detail {
namespace {

/// Four rounds of group j (rounds 4j .. 4j + 3): the round function and constant change
/// every 20 rounds, and SHA1RNDS4 takes their number as an immediate.
inline __m128i rounds4(__m128i abcd, __m128i we, int j) {
  switch (j / 5) {
    case 0: return _mm_sha1rnds4_epu32(abcd, we, 0);
    case 1: return _mm_sha1rnds4_epu32(abcd, we, 1);
    case 2: return _mm_sha1rnds4_epu32(abcd, we, 2);
    default: return _mm_sha1rnds4_epu32(abcd, we, 3);
  }
}

}  // namespace

void sha1_compress_shani(std::uint32_t h[5], const std::uint8_t* p, std::size_t blocks) {
  // Message octets (big-endian words) reversed as a whole: word 0 in the top lane, as
  // SHA1RNDS4 wants; (A, B, C, D) likewise, A on top.
  const __m128i reverse = _mm_set_epi64x(0x0001020304050607LL, 0x08090a0b0c0d0e0fLL);
  __m128i abcd = _mm_shuffle_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(h)), 0x1B);
  __m128i e = _mm_set_epi32(static_cast<int>(h[4]), 0, 0, 0);
  for (; blocks > 0; --blocks, p += 64) {
    const __m128i abcd_in = abcd, e_in = e;
    __m128i m[4];  // m[j % 4]: message words 4j .. 4j + 3
    for (int j = 0; j < 4; ++j) {
      m[j] = _mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * j)), reverse);
    }
    __m128i prev = abcd;  // (A, B, C, D) four rounds back
#pragma GCC unroll 20
    for (int j = 0; j < 20; ++j) {
      __m128i& w = m[j % 4];
      if (j >= 4) {
        // W[t] = rotl1(W[t-3] ^ W[t-8] ^ W[t-14] ^ W[t-16]) for t = 4j .. 4j+3: w holds
        // words 4j-16.., m[(j+1)%4] 4j-12.., m[(j+2)%4] 4j-8.., m[(j+3)%4] 4j-4..
        const __m128i t = _mm_xor_si128(_mm_sha1msg1_epu32(w, m[(j + 1) % 4]), m[(j + 2) % 4]);
        w = _mm_sha1msg2_epu32(t, m[(j + 3) % 4]);
      }
      const __m128i we = j == 0 ? _mm_add_epi32(e, w) : _mm_sha1nexte_epu32(prev, w);
      prev = abcd;
      abcd = rounds4(abcd, we, j);
    }
    e = _mm_sha1nexte_epu32(prev, e_in);  // E after round 79, plus E before round 0
    abcd = _mm_add_epi32(abcd, abcd_in);
  }
  _mm_storeu_si128(reinterpret_cast<__m128i*>(h), _mm_shuffle_epi32(abcd, 0x1B));
  h[4] = static_cast<std::uint32_t>(_mm_extract_epi32(e, 3));
}

}  // namespace dstu::hash::detail

#if defined(__clang__)
#pragma clang attribute pop
#endif
