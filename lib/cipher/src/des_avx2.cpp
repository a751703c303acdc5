// DES and TDES four blocks at a time, one per 64-bit lane of a YMM register (AVX2), on
// the round function of des_core.hpp. Called only where cpu::active() has avx2.
// Every header before the region: an inline function compiled inside it would carry the
// region's ISA into other files through the linker.
#include <immintrin.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>

#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2"))), apply_to = function)
#else
#pragma GCC target("avx2")
#endif

// The round function's template after the switch, so that its instances get the ISA.
#include "des_core.hpp"

namespace dstu::cipher::des_impl {
namespace {

struct Avx2Ops {
  using W = __m256i;
  static W set1(u64 c) { return _mm256_set1_epi64x(static_cast<long long>(c)); }
  static W band(W a, W b) { return _mm256_and_si256(a, b); }
  static W bor(W a, W b) { return _mm256_or_si256(a, b); }
  static W bxor(W a, W b) { return _mm256_xor_si256(a, b); }
  static W sub(W a, W b) { return _mm256_sub_epi64(a, b); }
  template <int N>
  static W srl(W x) { return _mm256_srli_epi64(x, N); }
  template <int N>
  static W sll(W x) { return _mm256_slli_epi64(x, N); }
};

}  // namespace

void crypt_avx2(const Schedule& s, std::uint8_t* out, const std::uint8_t* in, std::size_t groups, bool decrypt) {
  // Each block as the big-endian integer of its octets: the octets of each lane reversed.
  const __m256i swap = _mm256_set_epi8(8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7,
                                       8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7);
  for (; groups > 0; --groups, in += 32, out += 32) {
    const __m256i x = _mm256_shuffle_epi8(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(in)), swap);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out), _mm256_shuffle_epi8(Core<Avx2Ops>::crypt(s, x, decrypt), swap));
  }
}

}  // namespace dstu::cipher::des_impl

#if defined(__clang__)
#pragma clang attribute pop
#endif
