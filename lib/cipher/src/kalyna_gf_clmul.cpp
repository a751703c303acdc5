// The carry-less word product of kalyna_gf.hpp with PCLMULQDQ (constant time in
// hardware). Called only where cpu::active().pclmulqdq.
#include <immintrin.h>  // before the region: its functions carry their own targets

#include <cstdint>

#include "kalyna_gf.hpp"

#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("pclmul,sse4.1"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("pclmul,sse4.1")
#endif

namespace dstu::cipher::kalyna_gf::detail {

void clmul_words_pclmul(std::uint64_t* p, const std::uint64_t* a, const std::uint64_t* b, int words) {
  // Schoolbook over word pairs; the product of words i and j lands at words i + j, i + j + 1.
  __m128i acc[16];
  for (int k = 0; k < 2 * words; ++k) acc[k] = _mm_setzero_si128();
  for (int i = 0; i < words; ++i) {
    const __m128i ai = _mm_cvtsi64_si128(static_cast<long long>(a[i]));
    for (int j = 0; j < words; ++j) {
      const __m128i prod = _mm_clmulepi64_si128(ai, _mm_cvtsi64_si128(static_cast<long long>(b[j])), 0x00);
      acc[i + j] = _mm_xor_si128(acc[i + j], prod);
    }
  }
  // acc[k] holds the 128-bit sum of the products at word k: add its high word into k + 1.
  std::uint64_t carry = 0;
  for (int k = 0; k < 2 * words; ++k) {
    p[k] = static_cast<std::uint64_t>(_mm_cvtsi128_si64(acc[k])) ^ carry;
    carry = static_cast<std::uint64_t>(_mm_extract_epi64(acc[k], 1));
  }
}

}  // namespace dstu::cipher::kalyna_gf::detail

#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif
