// The AES-NI path: AES rounds and GHASH products on XMM registers, one block per
// register, eight registers in flight (aes_simd.hpp). Called only where
// cpu::active() has aesni and pclmulqdq (any such CPU has SSE4.1).
// Every header before the region: an inline function compiled inside it would carry the
// region's ISA into other files through the linker.
#include <immintrin.h>

#include <cstring>

#include "aes_internal.hpp"
#include "dstu/base/wipe.hpp"

#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("aes,pclmul,sse4.1"))), apply_to = function)
#else
#pragma GCC target("aes,pclmul,sse4.1")
#endif

namespace dstu::cipher::aes_impl {
namespace {

struct V128 {
  using vec = __m128i;
  static constexpr std::size_t kLanes = 1;
  static vec load(const void* p) { return _mm_loadu_si128(static_cast<const __m128i*>(p)); }
  static void store(void* p, vec v) { _mm_storeu_si128(static_cast<__m128i*>(p), v); }
  static vec bcast(__m128i x) { return x; }
  static vec zext(__m128i x) { return x; }
  static __m128i last(vec v) { return v; }
  static __m128i fold(vec v) { return v; }
  static vec zero() { return _mm_setzero_si128(); }
  static vec lane_offsets() { return _mm_setzero_si128(); }
  static vec vxor(vec a, vec b) { return _mm_xor_si128(a, b); }
  /// The two 64-bit halves of each lane exchanged.
  static vec swap_halves(vec a) { return _mm_shuffle_epi32(a, 0x4e); }
  static vec add32(vec a, vec b) { return _mm_add_epi32(a, b); }
  static vec shuffle(vec a, vec m) { return _mm_shuffle_epi8(a, m); }
  static vec shift_in(vec prev, vec) { return prev; }  // (prev's last block, cur's all but last)
  static vec enc(vec a, vec k) { return _mm_aesenc_si128(a, k); }
  static vec enclast(vec a, vec k) { return _mm_aesenclast_si128(a, k); }
  static vec dec(vec a, vec k) { return _mm_aesdec_si128(a, k); }
  static vec declast(vec a, vec k) { return _mm_aesdeclast_si128(a, k); }
  template <int Imm>
  static vec clmul(vec a, vec b) { return _mm_clmulepi64_si128(a, b, Imm); }
};

}  // namespace
}  // namespace dstu::cipher::aes_impl

#include "aes_simd.hpp"

namespace dstu::cipher::aes_impl {

const Kernels& kernels_aesni() {
  static const Kernels k = Simd<V128>::table("aesni");
  return k;
}

}  // namespace dstu::cipher::aes_impl

#if defined(__clang__)
#pragma clang attribute pop
#endif
