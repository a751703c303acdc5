// SHA-512 compression with the message schedule in vector registers (sha512_vec.hpp) on
// CPUs without AVX-512: sigma0 and sigma1 by shifts (no vector rotation before AVX-512),
// the scalar rounds by BMI2's rorx. Called only where cpu::active() has avx2 and bmi2.
#include <immintrin.h>  // before the region: its functions carry their own targets

#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2,bmi2"))), apply_to = function)
#else
#pragma GCC target("avx2,bmi2")
#endif

#include "sha512_vec.hpp"

namespace dstu::hash::detail {
namespace {

/// sigma0 and sigma1 of FIPS 180-4 §4.1.3 on two words: ROTR^n(x) is x >> n ^ x << (64 - n)
/// (the two halves share no bit), so each sigma is five shifts and four xors.
struct Sigma {
  static __m128i small0(__m128i x) {
    const __m128i r1_r8 = _mm_xor_si128(_mm_xor_si128(_mm_srli_epi64(x, 1), _mm_slli_epi64(x, 63)),
                                        _mm_xor_si128(_mm_srli_epi64(x, 8), _mm_slli_epi64(x, 56)));
    return _mm_xor_si128(r1_r8, _mm_srli_epi64(x, 7));
  }
  static __m128i small1(__m128i x) {
    const __m128i r19_r61 = _mm_xor_si128(_mm_xor_si128(_mm_srli_epi64(x, 19), _mm_slli_epi64(x, 45)),
                                          _mm_xor_si128(_mm_srli_epi64(x, 61), _mm_slli_epi64(x, 3)));
    return _mm_xor_si128(r19_r61, _mm_srli_epi64(x, 6));
  }
};

}  // namespace

void sha512_compress_avx2(std::uint64_t h[8], const std::uint8_t* p, std::size_t blocks) {
  sha512_vec::compress<Sigma>(h, p, blocks);
}

}  // namespace dstu::hash::detail

#if defined(__clang__)
#pragma clang attribute pop
#endif
