// SHA-256 compression with the x86 SHA extensions (Intel, "New Instructions Supporting
// the Secure Hash Algorithm on Intel Architecture Processors", 2013). SHA256RNDS2 does
// two rounds on the state split as (A, B, E, F) and (C, D, G, H); SHA256MSG1/MSG2
// compute the message schedule four words at a time. Called only where
// cpu::active().sha (any such CPU has SSE4.1).
#include <immintrin.h>  // before the region: its functions carry their own targets

// GCC compiles the file for SHA-NI by pragma; clang ignores #pragma GCC target and takes
// the same ISA as an attribute on every function of the region.
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("sha,sse4.1"))), apply_to = function)
#else
#pragma GCC target("sha,sse4.1")
#endif

#include "sha2_internal.hpp"

namespace dstu::hash::detail {

void sha256_compress_shani(std::uint32_t h[8], const std::uint8_t* p, std::size_t blocks) {
  // Big-endian message words to little-endian lanes, word order kept.
  const __m128i bswap = _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL);
  // (A, B, C, D), (E, F, G, H) in lanes 0-3 -> ABEF = lanes (F, E, B, A), CDGH = (H, G, D, C).
  const __m128i badc = _mm_shuffle_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(h)), 0xB1);
  const __m128i hgfe = _mm_shuffle_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(h + 4)), 0x1B);
  __m128i abef = _mm_alignr_epi8(badc, hgfe, 8);
  __m128i cdgh = _mm_blend_epi16(hgfe, badc, 0xF0);
  for (; blocks > 0; --blocks, p += 64) {
    const __m128i abef_in = abef, cdgh_in = cdgh;
    __m128i m[4];  // m[j % 4]: message words 4j .. 4j + 3
    for (int j = 0; j < 4; ++j) {
      m[j] = _mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * j)), bswap);
    }
#pragma GCC unroll 16
    for (int j = 0; j < 16; ++j) {
      __m128i& w = m[j % 4];
      if (j >= 4) {
        // W[t] = sigma1(W[t-2]) + W[t-7] + sigma0(W[t-15]) + W[t-16] for t = 4j .. 4j+3:
        // w holds words 4j-16.., m[(j+1)%4] 4j-12.., m[(j+2)%4] 4j-8.., m[(j+3)%4] 4j-4..
        __m128i t = _mm_sha256msg1_epu32(w, m[(j + 1) % 4]);
        t = _mm_add_epi32(t, _mm_alignr_epi8(m[(j + 3) % 4], m[(j + 2) % 4], 4));  // W[t-7]
        w = _mm_sha256msg2_epu32(t, m[(j + 3) % 4]);
      }
      __m128i wk = _mm_add_epi32(w, _mm_loadu_si128(reinterpret_cast<const __m128i*>(kSha256K + 4 * j)));
      cdgh = _mm_sha256rnds2_epu32(cdgh, abef, wk);  // two rounds: cdgh now holds the new ABEF
      wk = _mm_shuffle_epi32(wk, 0x0E);
      abef = _mm_sha256rnds2_epu32(abef, cdgh, wk);  // two more; the old ABEF was the CDGH
    }
    abef = _mm_add_epi32(abef, abef_in);
    cdgh = _mm_add_epi32(cdgh, cdgh_in);
  }
  const __m128i abfe = _mm_shuffle_epi32(abef, 0x1B);  // lanes (A, B, E, F)
  const __m128i ghcd = _mm_shuffle_epi32(cdgh, 0xB1);  // lanes (G, H, C, D)
  _mm_storeu_si128(reinterpret_cast<__m128i*>(h), _mm_blend_epi16(abfe, ghcd, 0xF0));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(h + 4), _mm_alignr_epi8(ghcd, abfe, 8));
}

}  // namespace dstu::hash::detail

#if defined(__clang__)
#pragma clang attribute pop
#endif
