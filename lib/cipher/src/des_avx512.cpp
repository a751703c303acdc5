// DES and TDES eight blocks at a time, one per 64-bit lane of a ZMM register (AVX-512), on
// the round function of des_core.hpp. Called only where cpu::active() has avx512f and avx512bw.
// Every header before the region: an inline function compiled inside it would carry the
// region's ISA into other files through the linker.
#include <immintrin.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>

// GCC 12's AVX-512 intrinsics start from undefined values, which trips
// -W(maybe-)uninitialized; the values are fully overwritten.
#if !defined(__clang__)
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2,avx512f,avx512bw"))), apply_to = function)
#else
#pragma GCC target("avx2,avx512f,avx512bw")
#endif

// The round function's template after the switch, so that its instances get the ISA.
#include "des_core.hpp"

namespace dstu::cipher::des_impl {
namespace {

struct Avx512Ops {
  using W = __m512i;
  static W set1(u64 c) { return _mm512_set1_epi64(static_cast<long long>(c)); }
  static W band(W a, W b) { return _mm512_and_si512(a, b); }
  static W bor(W a, W b) { return _mm512_or_si512(a, b); }
  static W bxor(W a, W b) { return _mm512_xor_si512(a, b); }
  static W sub(W a, W b) { return _mm512_sub_epi64(a, b); }
  template <int N>
  static W srl(W x) { return _mm512_srli_epi64(x, N); }
  template <int N>
  static W sll(W x) { return _mm512_slli_epi64(x, N); }
};

}  // namespace

void crypt_avx512(const Schedule& s, std::uint8_t* out, const std::uint8_t* in, std::size_t groups, bool decrypt) {
  // Each block as the big-endian integer of its octets: the octets of each lane reversed.
  const __m512i swap = _mm512_broadcast_i32x4(_mm_set_epi8(8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7));
  for (; groups > 0; --groups, in += 64, out += 64) {
    const __m512i x = _mm512_shuffle_epi8(_mm512_loadu_si512(in), swap);
    _mm512_storeu_si512(out, _mm512_shuffle_epi8(Core<Avx512Ops>::crypt(s, x, decrypt), swap));
  }
}

}  // namespace dstu::cipher::des_impl

#if defined(__clang__)
#pragma clang attribute pop
#endif
