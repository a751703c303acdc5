// GOST 28147-89, the AVX-512BW kernels: the byte-sliced kernel (gost28147_sliced.hpp) on
// ZMM registers, 64 blocks at a time, the S-box rows as in-register lookups (vpshufb),
// the masks and the xors of three terms in ternary-logic instructions. For AVX-512
// CPUs without VBMI; compiled for avx512f and avx512bw only
// in this file.
#include <immintrin.h>  // before the region: its functions carry their own targets

#include <cstring>

#include "dstu/base/wipe.hpp"
#include "gost28147_kernel.hpp"
#include "gost28147_lanes.hpp"

// GCC compiles the region by pragma; clang ignores #pragma GCC target and takes the same
// ISA as an attribute on every function of the region.
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx512f,avx512bw"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx512f,avx512bw")
#endif
// GCC 12 warns about its own AVX-512 intrinsics (the undefined-vector idiom inside
// avx512fintrin.h, GCC bug 105593); the warning is about the header, not this code.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"

#include "gost28147_sliced.hpp"

namespace dstu::cipher::detail {
namespace sliced {

/// The operations of the byte-sliced kernel on ZMM registers.
struct Zmm {
  using V = __m512i;
  static constexpr std::size_t kBlocks = 64;
  static V set1_8(char x) { return _mm512_set1_epi8(x); }
  static V set1_32(std::uint32_t x) { return _mm512_set1_epi32(static_cast<int>(x)); }
  static V table(const std::uint8_t* t) {
    return _mm512_broadcast_i32x4(_mm_loadu_si128(reinterpret_cast<const __m128i*>(t)));
  }
  static V loadu(const std::uint8_t* p) { return _mm512_loadu_si512(p); }
  static void storeu(std::uint8_t* p, V x) { _mm512_storeu_si512(p, x); }
  static V add8(V a, V b) { return _mm512_add_epi8(a, b); }
  static V sub8(V a, V b) { return _mm512_sub_epi8(a, b); }
  static V gt8(V a, V b) { return _mm512_movm_epi8(_mm512_cmpgt_epi8_mask(a, b)); }
  static V eq8(V a, V b) { return _mm512_movm_epi8(_mm512_cmpeq_epi8_mask(a, b)); }
  static V and_(V a, V b) { return _mm512_and_si512(a, b); }
  static V xor_(V a, V b) { return _mm512_xor_si512(a, b); }
  static V carry(V gt, V eq, V c) { return _mm512_ternarylogic_epi32(eq, c, gt, 0xea); }  // (eq & c) | gt
  static V xor3(V a, V b, V c) { return _mm512_ternarylogic_epi32(a, b, c, 0x96); }
  static V high_nibble(V x, V low) { return _mm512_and_si512(_mm512_srli_epi16(x, 4), low); }
  static V shuffle8(V t, V i) { return _mm512_shuffle_epi8(t, i); }
  static V unpacklo16(V a, V b) { return _mm512_unpacklo_epi16(a, b); }
  static V unpackhi16(V a, V b) { return _mm512_unpackhi_epi16(a, b); }
  static V unpacklo32(V a, V b) { return _mm512_unpacklo_epi32(a, b); }
  static V unpackhi32(V a, V b) { return _mm512_unpackhi_epi32(a, b); }
  static V unpacklo64(V a, V b) { return _mm512_unpacklo_epi64(a, b); }
  static V unpackhi64(V a, V b) { return _mm512_unpackhi_epi64(a, b); }
};

}  // namespace sliced

namespace {

void blocks_avx512bw(const Gost28147CtSbox& sbox, const Gost28147Schedule& s, int rounds, std::uint8_t* out,
                     const std::uint8_t* in, std::size_t n) {
  // Up to 32 blocks cost half as much in the AVX2 kernel's YMM registers.
  if (n <= 32) return kGost28147Avx2.blocks(sbox, s, rounds, out, in, n);
  sliced::blocks<sliced::Zmm>(sbox, s, rounds, out, in, n);
}

}  // namespace

// GOST 34.311's four encryptions: as on AVX2, the portable kernel's four lanes.
const Gost28147Kernels kGost28147Avx512Bw{"avx512bw", blocks_avx512bw, encrypt4_portable, false};

}  // namespace dstu::cipher::detail

#pragma GCC diagnostic pop
#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif
