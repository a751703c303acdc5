// The VAES path on YMM registers (AVX2): two blocks per AES instruction, eight registers
// in flight, GHASH with VPCLMULQDQ (aes_simd.hpp). Called only where cpu::active() has
// vaes, vpclmulqdq, avx2, aesni and pclmulqdq.
// Every header before the region: an inline function compiled inside it would carry the
// region's ISA into other files through the linker.
#include <immintrin.h>

#include <cstring>

#include "aes_internal.hpp"
#include "dstu/base/wipe.hpp"

#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("aes,pclmul,sse4.1,avx2,vaes,vpclmulqdq"))), apply_to = function)
#else
#pragma GCC target("aes,pclmul,sse4.1,avx2,vaes,vpclmulqdq")
#endif

namespace dstu::cipher::aes_impl {
namespace {

struct V256 {
  using vec = __m256i;
  static constexpr std::size_t kLanes = 2;
  static vec load(const void* p) { return _mm256_loadu_si256(static_cast<const __m256i*>(p)); }
  static void store(void* p, vec v) { _mm256_storeu_si256(static_cast<__m256i*>(p), v); }
  static vec bcast(__m128i x) { return _mm256_broadcastsi128_si256(x); }
  static vec zext(__m128i x) { return _mm256_inserti128_si256(_mm256_setzero_si256(), x, 0); }
  static __m128i last(vec v) { return _mm256_extracti128_si256(v, 1); }
  static __m128i fold(vec v) { return _mm_xor_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1)); }
  static vec zero() { return _mm256_setzero_si256(); }
  static vec lane_offsets() { return _mm256_set_epi32(0, 0, 0, 1, 0, 0, 0, 0); }
  static vec vxor(vec a, vec b) { return _mm256_xor_si256(a, b); }
  /// The two 64-bit halves of each lane exchanged.
  static vec swap_halves(vec a) { return _mm256_shuffle_epi32(a, 0x4e); }
  static vec add32(vec a, vec b) { return _mm256_add_epi32(a, b); }
  static vec shuffle(vec a, vec m) { return _mm256_shuffle_epi8(a, m); }
  /// (prev's high block, cur's low block)
  static vec shift_in(vec prev, vec cur) { return _mm256_permute2x128_si256(prev, cur, 0x21); }
  static vec enc(vec a, vec k) { return _mm256_aesenc_epi128(a, k); }
  static vec enclast(vec a, vec k) { return _mm256_aesenclast_epi128(a, k); }
  static vec dec(vec a, vec k) { return _mm256_aesdec_epi128(a, k); }
  static vec declast(vec a, vec k) { return _mm256_aesdeclast_epi128(a, k); }
  template <int Imm>
  static vec clmul(vec a, vec b) { return _mm256_clmulepi64_epi128(a, b, Imm); }
};

}  // namespace
}  // namespace dstu::cipher::aes_impl

#include "aes_simd.hpp"

namespace dstu::cipher::aes_impl {

const Kernels& kernels_vaes256() {
  static const Kernels k = Simd<V256>::table("vaes256");
  return k;
}

}  // namespace dstu::cipher::aes_impl

#if defined(__clang__)
#pragma clang attribute pop
#endif
