// SHA-512 compression with the message schedule in vector registers (sha512_vec.hpp),
// sigma0 and sigma1 by AVX-512VL's vprorq and vpternlogq, the scalar rounds by BMI2's rorx.
// Called only where cpu::active() has avx512f, avx512vl and bmi2.
#include <immintrin.h>  // before the region: its functions carry their own targets

#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx512f,avx512vl,bmi2"))), apply_to = function)
#else
#pragma GCC target("avx512f,avx512vl,bmi2")
#endif

#include "sha512_vec.hpp"

namespace dstu::hash::detail {
namespace {

/// sigma0 and sigma1 of FIPS 180-4 §4.1.3 on two words: two rotations and a shift, one
/// three-way xor.
struct Sigma {
  static __m128i small0(__m128i x) {
    return _mm_ternarylogic_epi64(_mm_ror_epi64(x, 1), _mm_ror_epi64(x, 8), _mm_srli_epi64(x, 7), 0x96);
  }
  static __m128i small1(__m128i x) {
    return _mm_ternarylogic_epi64(_mm_ror_epi64(x, 19), _mm_ror_epi64(x, 61), _mm_srli_epi64(x, 6), 0x96);
  }
};

}  // namespace

void sha512_compress_avx512(std::uint64_t h[8], const std::uint8_t* p, std::size_t blocks) {
  sha512_vec::compress<Sigma>(h, p, blocks);
}

}  // namespace dstu::hash::detail

#if defined(__clang__)
#pragma clang attribute pop
#endif
