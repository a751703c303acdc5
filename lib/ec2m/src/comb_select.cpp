// The constant-time table scan of the comb: every entry is read and kept only under
// an all-ones mask where its index equals the secret digit. The table is stored as word
// planes (precomputed.hpp), so the vector variants load one word of 4 or 8 consecutive
// entries per aligned load, compare those entries' indices with the digit once and
// OR-accumulate each plane in a register; a horizontal OR per plane ends the scan.
// Three variants of the same scan — portable 64-bit words, AVX2 and AVX-512 — chosen
// per call by cpu::active().
#include <immintrin.h>

#include "dstu/base/ct.hpp"
#include "dstu/cpu/features.hpp"
#include "precomputed.hpp"

namespace dstu::ec2m::detail {
namespace {

using gf2m::Word;

void select_portable(const Word* xy, std::size_t planes, std::size_t slots, std::size_t u, Word* out) {
  for (std::size_t p = 0; p < planes; ++p) out[p] = 0;
  for (std::size_t e = 0; e < slots; ++e) {
    const ct::Mask m = ct::eq(e, u);
    for (std::size_t p = 0; p < planes; ++p) out[p] |= xy[p * slots + e] & m;
  }
}

// The horizontal ORs, on GCC vector types: gcc 12's intrinsics for extracts and
// shuffles (and _mm512_reduce_or_epi64) start from an undefined vector and trip
// -Werror=uninitialized.
using V4 = long long __attribute__((vector_size(32)));
using V8 = long long __attribute__((vector_size(64)));

__attribute__((target("avx2"))) Word or_lanes(__m256i a) {
  V4 v = reinterpret_cast<V4>(a);
  v |= __builtin_shufflevector(v, v, 2, 3, 0, 1);
  v |= __builtin_shufflevector(v, v, 1, 0, 3, 2);
  return static_cast<Word>(v[0]);
}

__attribute__((target("avx512f"))) Word or_lanes(__m512i a) {
  V8 v = reinterpret_cast<V8>(a);
  v |= __builtin_shufflevector(v, v, 4, 5, 6, 7, 0, 1, 2, 3);
  v |= __builtin_shufflevector(v, v, 2, 3, 0, 1, 6, 7, 4, 5);
  v |= __builtin_shufflevector(v, v, 1, 0, 3, 2, 5, 4, 7, 6);
  return static_cast<Word>(v[0]);
}

// Both vector scans keep their accumulators in registers (checked with objdump at -O3):
// the loops run at least once (slots >= 8), so no zero-trip path joins them in memory;
// the plane loop is unrolled; and the horizontal OR works on vector values, so the
// selected entry reaches `out` without a copy on the stack.

/// Planes [First, First + C) with C <= 8 ymm accumulators (AVX2 has 16 registers).
template <std::size_t First, std::size_t C>
__attribute__((target("avx2"))) void scan_avx2(const Word* xy, std::size_t slots, std::size_t u, Word* out) {
  __m256i acc[C];
  for (std::size_t c = 0; c < C; ++c) acc[c] = _mm256_setzero_si256();
  const __m256i target = _mm256_set1_epi64x(static_cast<long long>(u));
  const __m256i step = _mm256_set1_epi64x(4);
  __m256i index = _mm256_setr_epi64x(0, 1, 2, 3);
  std::size_t e = 0;
  do {
    const __m256i mask = _mm256_cmpeq_epi64(index, target);
#pragma GCC unroll 8
    for (std::size_t c = 0; c < C; ++c) {
      const auto* row = reinterpret_cast<const __m256i*>(xy + (First + c) * slots + e);
      acc[c] = _mm256_or_si256(acc[c], _mm256_and_si256(_mm256_load_si256(row), mask));
    }
    index = _mm256_add_epi64(index, step);
    e += 4;
  } while (e < slots);
  for (std::size_t c = 0; c < C; ++c) out[First + c] = or_lanes(acc[c]);
}

template <std::size_t S>
void select_avx2(const Word* xy, std::size_t slots, std::size_t u, Word* out) {
  scan_avx2<0, (S < 8 ? S : 8)>(xy, slots, u, out);
  if constexpr (S > 8) scan_avx2<8, (S < 16 ? S - 8 : 8)>(xy, slots, u, out);
  if constexpr (S > 16) scan_avx2<16, S - 16>(xy, slots, u, out);
}

/// Planes [First, First + C) with C <= 14 zmm accumulators (AVX-512 has 32 registers;
/// gcc keeps up to 14 of them out of memory).
template <std::size_t First, std::size_t C>
__attribute__((target("avx512f"))) void scan_avx512(const Word* xy, std::size_t slots, std::size_t u, Word* out) {
  __m512i acc[C];
  for (std::size_t c = 0; c < C; ++c) acc[c] = _mm512_setzero_si512();
  const __m512i target = _mm512_set1_epi64(static_cast<long long>(u));
  const __m512i step = _mm512_set1_epi64(8);
  __m512i index = _mm512_setr_epi64(0, 1, 2, 3, 4, 5, 6, 7);
  std::size_t e = 0;
  do {
    // vpcmpeqq into a mask register, then masked ORs: no branch, every entry read.
    const __mmask8 hit = _mm512_cmpeq_epi64_mask(index, target);
#pragma GCC unroll 14
    for (std::size_t c = 0; c < C; ++c) {
      acc[c] = _mm512_mask_or_epi64(acc[c], hit, acc[c], _mm512_load_si512(xy + (First + c) * slots + e));
    }
    index = _mm512_add_epi64(index, step);
    e += 8;
  } while (e < slots);
  for (std::size_t c = 0; c < C; ++c) out[First + c] = or_lanes(acc[c]);
}

/// All planes (2 .. 18) in one pass up to 14, in two above.
template <std::size_t S>
void select_avx512(const Word* xy, std::size_t slots, std::size_t u, Word* out) {
  if constexpr (S <= 14) {
    scan_avx512<0, S>(xy, slots, u, out);
  } else {
    scan_avx512<0, S / 2>(xy, slots, u, out);
    scan_avx512<S / 2, S - S / 2>(xy, slots, u, out);
  }
}

}  // namespace

void comb_select(const CombTable& t, std::size_t u, Word* out) {
  const cpu::Features& f = cpu::active();
  const Word* xy = t.xy.data();
  // planes = 2 * words: 2 .. 18; slots is a multiple of 8.
  switch (t.planes) {
#define DSTU_EC_SELECT(S)                                            \
  case S:                                                            \
    if (f.avx512f) return select_avx512<S>(xy, t.slots, u, out);     \
    if (f.avx2) return select_avx2<S>(xy, t.slots, u, out);          \
    break;
    DSTU_EC_SELECT(2) DSTU_EC_SELECT(4) DSTU_EC_SELECT(6) DSTU_EC_SELECT(8) DSTU_EC_SELECT(10)
    DSTU_EC_SELECT(12) DSTU_EC_SELECT(14) DSTU_EC_SELECT(16) DSTU_EC_SELECT(18)
#undef DSTU_EC_SELECT
    default:
      break;
  }
  select_portable(xy, t.planes, t.slots, u, out);
}

}  // namespace dstu::ec2m::detail
