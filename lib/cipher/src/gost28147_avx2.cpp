// GOST 28147-89, the AVX2 kernels: the byte-sliced kernel (gost28147_sliced.hpp) on YMM
// registers, 32 blocks at a time, the S-box rows as in-register lookups (vpshufb).
// Compiled for AVX2 only in this file; reached when cpu::active() reports avx2 and the
// AVX-512 kernels may not run.
#include <immintrin.h>  // before the region: its functions carry their own targets

#include <cstring>

#include "dstu/base/wipe.hpp"
#include "gost28147_kernel.hpp"
#include "gost28147_lanes.hpp"

// GCC compiles the region for AVX2 by pragma; clang ignores #pragma GCC target and takes
// the same ISA as an attribute on every function of the region.
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx2")
#endif

#include "gost28147_sliced.hpp"

namespace dstu::cipher::detail {
namespace sliced {

/// The operations of the byte-sliced kernel on YMM registers.
struct Ymm {
  using V = __m256i;
  static constexpr std::size_t kBlocks = 32;
  static V set1_8(char x) { return _mm256_set1_epi8(x); }
  static V set1_32(std::uint32_t x) { return _mm256_set1_epi32(static_cast<int>(x)); }
  static V table(const std::uint8_t* t) {
    return _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(t)));
  }
  static V loadu(const std::uint8_t* p) { return _mm256_loadu_si256(reinterpret_cast<const V*>(p)); }
  static void storeu(std::uint8_t* p, V x) { _mm256_storeu_si256(reinterpret_cast<V*>(p), x); }
  static V add8(V a, V b) { return _mm256_add_epi8(a, b); }
  static V sub8(V a, V b) { return _mm256_sub_epi8(a, b); }
  static V gt8(V a, V b) { return _mm256_cmpgt_epi8(a, b); }
  static V eq8(V a, V b) { return _mm256_cmpeq_epi8(a, b); }
  static V and_(V a, V b) { return _mm256_and_si256(a, b); }
  static V xor_(V a, V b) { return _mm256_xor_si256(a, b); }
  static V carry(V gt, V eq, V c) { return _mm256_or_si256(gt, _mm256_and_si256(eq, c)); }
  static V xor3(V a, V b, V c) { return _mm256_xor_si256(a, _mm256_xor_si256(b, c)); }
  static V high_nibble(V x, V low) { return _mm256_and_si256(_mm256_srli_epi16(x, 4), low); }
  static V shuffle8(V t, V i) { return _mm256_shuffle_epi8(t, i); }
  static V unpacklo16(V a, V b) { return _mm256_unpacklo_epi16(a, b); }
  static V unpackhi16(V a, V b) { return _mm256_unpackhi_epi16(a, b); }
  static V unpacklo32(V a, V b) { return _mm256_unpacklo_epi32(a, b); }
  static V unpackhi32(V a, V b) { return _mm256_unpackhi_epi32(a, b); }
  static V unpacklo64(V a, V b) { return _mm256_unpacklo_epi64(a, b); }
  static V unpackhi64(V a, V b) { return _mm256_unpackhi_epi64(a, b); }
};

}  // namespace sliced

namespace {

void blocks_avx2(const Gost28147CtSbox& sbox, const Gost28147Schedule& s, int rounds, std::uint8_t* out,
                 const std::uint8_t* in, std::size_t n) {
  // One block (the serial modes) costs a whole group of 32 here, a little more than the
  // portable kernel's scalar round.
  if (n == 1) return kGost28147Portable.blocks(sbox, s, rounds, out, in, n);
  sliced::blocks<sliced::Ymm>(sbox, s, rounds, out, in, n);
}

}  // namespace

// GOST 34.311's four encryptions under four keys: byte-sliced, four blocks would use an
// eighth of each register for the whole cost of a round; the portable kernel's four
// lanes of f_ct (SSE2) are faster (tests/perf/gost28147_speed re-measures it).
const Gost28147Kernels kGost28147Avx2{"avx2", blocks_avx2, encrypt4_portable, false};

}  // namespace dstu::cipher::detail

#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif
