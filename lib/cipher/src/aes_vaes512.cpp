// The VAES path on ZMM registers (AVX-512): four blocks per AES instruction, eight
// registers in flight, GHASH with VPCLMULQDQ (aes_simd.hpp). Called only where
// cpu::active() has vaes, vpclmulqdq, avx512f, avx512bw, avx512vl, aesni and pclmulqdq.
// Every header before the region: an inline function compiled inside it would carry the
// region's ISA into other files through the linker.
#include <immintrin.h>

#include <cstring>

#include "aes_internal.hpp"
#include "dstu/base/wipe.hpp"

// GCC 12's AVX-512 extract intrinsics start from _mm256_undefined_si256(), which trips
// -W(maybe-)uninitialized; the value is fully overwritten.
#if !defined(__clang__)
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("aes,pclmul,sse4.1,avx2,avx512f,avx512bw,avx512vl,vaes,vpclmulqdq"))), apply_to = function)
#else
#pragma GCC target("aes,pclmul,sse4.1,avx2,avx512f,avx512bw,avx512vl,vaes,vpclmulqdq")
#endif

namespace dstu::cipher::aes_impl {
namespace {

struct V512 {
  using vec = __m512i;
  static constexpr std::size_t kLanes = 4;
  static vec load(const void* p) { return _mm512_loadu_si512(p); }
  static void store(void* p, vec v) { _mm512_storeu_si512(p, v); }
  static vec bcast(__m128i x) { return _mm512_broadcast_i32x4(x); }
  static vec zext(__m128i x) { return _mm512_inserti32x4(_mm512_setzero_si512(), x, 0); }
  static __m128i last(vec v) { return _mm512_extracti32x4_epi32(v, 3); }
  static __m128i fold(vec v) {
    const __m256i h = _mm256_xor_si256(_mm512_castsi512_si256(v), _mm512_extracti64x4_epi64(v, 1));
    return _mm_xor_si128(_mm256_castsi256_si128(h), _mm256_extracti128_si256(h, 1));
  }
  static vec zero() { return _mm512_setzero_si512(); }
  static vec lane_offsets() { return _mm512_set_epi32(0, 0, 0, 3, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 0); }
  static vec vxor(vec a, vec b) { return _mm512_xor_si512(a, b); }
  /// The two 64-bit halves of each lane exchanged.
  static vec swap_halves(vec a) { return _mm512_shuffle_epi32(a, _MM_PERM_BADC); }
  static vec add32(vec a, vec b) { return _mm512_add_epi32(a, b); }
  static vec shuffle(vec a, vec m) { return _mm512_shuffle_epi8(a, m); }
  /// (prev's last block, cur's first three): qwords 6, 7 of prev, then 0 .. 5 of cur.
  static vec shift_in(vec prev, vec cur) { return _mm512_alignr_epi64(cur, prev, 6); }
  static vec enc(vec a, vec k) { return _mm512_aesenc_epi128(a, k); }
  static vec enclast(vec a, vec k) { return _mm512_aesenclast_epi128(a, k); }
  static vec dec(vec a, vec k) { return _mm512_aesdec_epi128(a, k); }
  static vec declast(vec a, vec k) { return _mm512_aesdeclast_epi128(a, k); }
  template <int Imm>
  static vec clmul(vec a, vec b) { return _mm512_clmulepi64_epi128(a, b, Imm); }
};

}  // namespace
}  // namespace dstu::cipher::aes_impl

#include "aes_simd.hpp"

namespace dstu::cipher::aes_impl {

const Kernels& kernels_vaes512() {
  static const Kernels k = Simd<V512>::table("vaes512");
  return k;
}

}  // namespace dstu::cipher::aes_impl

#if defined(__clang__)
#pragma clang attribute pop
#endif
