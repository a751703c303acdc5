// The constant-time table scan (table_scan.hpp): every entry is read and kept only
// under an all-ones mask where its index equals the secret one.
//   Word planes: the vector variants load one word of 4 or 8 consecutive entries per
//   aligned load, compare those entries' indices with the secret one at once and
//   OR-accumulate each plane in a register; a horizontal OR per plane ends the scan.
//   Rows: the vector variant broadcasts each entry's mask and OR-accumulates its words,
//   4 to a register, the last 2 by a narrower load; AVX2 on AVX-512 machines too, as a
//   512-bit twin (masked loads for the last words) measured slower on the 160- to
//   384-bit curves (`dstu bench ecdsa`, key generation).
// The variants are chosen per call by cpu::active(); the word and entry counts are
// compile-time constants inside, so that the accumulators stay in registers.
#include "dstu/curve/table_scan.hpp"

#include <immintrin.h>

#include <type_traits>

#include "dstu/base/ct.hpp"
#include "dstu/base/error.hpp"
#include "dstu/cpu/features.hpp"

namespace dstu::curve {
namespace {

using Word = std::uint64_t;

/// The variant of one scan, from cpu::active().
enum class Isa { portable, avx2, avx512 };

Isa active_isa() {
  const cpu::Features& f = cpu::active();
  return f.avx512f ? Isa::avx512 : f.avx2 ? Isa::avx2 : Isa::portable;
}

// ---- the masking and the horizontal ORs, shared by both layouts ----

/// An entry's all-ones mask in every lane.
__attribute__((target("avx2"))) inline __m256i broadcast(ct::Mask m) {
  return _mm256_set1_epi64x(static_cast<long long>(m));
}

/// acc |= v & mask.
__attribute__((target("avx2"))) inline __m256i or_masked(__m256i acc, __m256i v, __m256i mask) {
  return _mm256_or_si256(acc, _mm256_and_si256(v, mask));
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

// ---- word planes ----

void planes_portable(const Word* xy, std::size_t planes, std::size_t slots, std::size_t u, Word* out) {
  for (std::size_t p = 0; p < planes; ++p) out[p] = 0;
  for (std::size_t e = 0; e < slots; ++e) {
    const ct::Mask m = ct::eq(e, u);
    for (std::size_t p = 0; p < planes; ++p) out[p] |= xy[p * slots + e] & m;
  }
}

// Both vector scans keep their accumulators in registers (checked with objdump at -O3):
// the loops run at least once (slots >= 8), so no zero-trip path joins them in memory;
// the plane loop is unrolled; and the horizontal OR works on vector values, so the
// selected entry reaches `out` without a copy on the stack.

/// Planes [First, First + C) with C <= 8 ymm accumulators (AVX2 has 16 registers).
template <std::size_t First, std::size_t C>
__attribute__((target("avx2"))) void planes_avx2_part(const Word* xy, std::size_t slots, std::size_t u, Word* out) {
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
      acc[c] = or_masked(acc[c], _mm256_load_si256(row), mask);
    }
    index = _mm256_add_epi64(index, step);
    e += 4;
  } while (e < slots);
  for (std::size_t c = 0; c < C; ++c) out[First + c] = or_lanes(acc[c]);
}

template <std::size_t S>
void planes_avx2(const Word* xy, std::size_t slots, std::size_t u, Word* out) {
  planes_avx2_part<0, (S < 8 ? S : 8)>(xy, slots, u, out);
  if constexpr (S > 8) planes_avx2_part<8, (S < 16 ? S - 8 : 8)>(xy, slots, u, out);
  if constexpr (S > 16) planes_avx2_part<16, S - 16>(xy, slots, u, out);
}

/// Planes [First, First + C) with C <= 14 zmm accumulators (AVX-512 has 32 registers;
/// gcc keeps up to 14 of them out of memory).
template <std::size_t First, std::size_t C>
__attribute__((target("avx512f"))) void planes_avx512_part(const Word* xy, std::size_t slots, std::size_t u,
                                                           Word* out) {
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
void planes_avx512(const Word* xy, std::size_t slots, std::size_t u, Word* out) {
  if constexpr (S <= 14) {
    planes_avx512_part<0, S>(xy, slots, u, out);
  } else {
    planes_avx512_part<0, S / 2>(xy, slots, u, out);
    planes_avx512_part<S / 2, S - S / 2>(xy, slots, u, out);
  }
}

// ---- rows ----

template <std::size_t S>
void rows_portable(const Word* rows, std::size_t entries, std::size_t index, Word* out) {
  Word acc[S] = {};
  for (std::size_t j = 0; j < entries; ++j) {
    const ct::Mask m = ct::eq(j, index);
    for (std::size_t l = 0; l < S; ++l) acc[l] |= rows[j * S + l] & m;
  }
  for (std::size_t l = 0; l < S; ++l) out[l] = acc[l];
}

/// S / 4 ymm accumulators and, for S = 2 mod 4, one xmm for the last two words.
template <std::size_t S>
__attribute__((target("avx2"))) void rows_avx2(const Word* rows, std::size_t entries, std::size_t index, Word* out) {
  constexpr std::size_t Q = S / 4;
  static_assert(S % 2 == 0, "entries are an even number of words");
  __m256i acc[Q];
  for (std::size_t q = 0; q < Q; ++q) acc[q] = _mm256_setzero_si256();
  __m128i tail = _mm_setzero_si128();
  for (std::size_t j = 0; j < entries; ++j) {
    const __m256i mask = broadcast(ct::eq(j, index));
    const Word* e = rows + j * S;
#pragma GCC unroll 8
    for (std::size_t q = 0; q < Q; ++q) {
      acc[q] = or_masked(acc[q], _mm256_loadu_si256(reinterpret_cast<const __m256i*>(e + 4 * q)), mask);
    }
    if constexpr (S % 4 != 0) {
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(e + 4 * Q));
      tail = _mm_or_si128(tail, _mm_and_si128(v, _mm256_castsi256_si128(mask)));
    }
  }
  for (std::size_t q = 0; q < Q; ++q) _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + 4 * q), acc[q]);
  if constexpr (S % 4 != 0) _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 4 * Q), tail);
}

/// fn(std::integral_constant<stride>) for the strides of the rows the library has.
template <class F>
void by_stride(std::size_t stride, F&& f) {
  switch (stride) {
    case 4: return f(std::integral_constant<std::size_t, 4>{});
    case 6: return f(std::integral_constant<std::size_t, 6>{});
    case 8: return f(std::integral_constant<std::size_t, 8>{});
    case 10: return f(std::integral_constant<std::size_t, 10>{});
    case 12: return f(std::integral_constant<std::size_t, 12>{});
    case 14: return f(std::integral_constant<std::size_t, 14>{});
    case 16: return f(std::integral_constant<std::size_t, 16>{});
    case 18: return f(std::integral_constant<std::size_t, 18>{});
    case 20: return f(std::integral_constant<std::size_t, 20>{});
    default: throw_invalid("table scan: row stride out of range");
  }
}

}  // namespace

void select_planes(const Word* planes, std::size_t words, std::size_t slots, std::size_t index, Word* out) {
  const Isa isa = active_isa();
  switch (words) {
#define DSTU_CURVE_PLANES(S)                                                      \
  case S:                                                                         \
    if (isa == Isa::avx512) return planes_avx512<S>(planes, slots, index, out);   \
    if (isa == Isa::avx2) return planes_avx2<S>(planes, slots, index, out);       \
    break;
    DSTU_CURVE_PLANES(2) DSTU_CURVE_PLANES(4) DSTU_CURVE_PLANES(6) DSTU_CURVE_PLANES(8) DSTU_CURVE_PLANES(10)
    DSTU_CURVE_PLANES(12) DSTU_CURVE_PLANES(14) DSTU_CURVE_PLANES(16) DSTU_CURVE_PLANES(18)
#undef DSTU_CURVE_PLANES
    default:
      break;
  }
  planes_portable(planes, words, slots, index, out);
}

void select_planes_portable(const Word* planes, std::size_t words, std::size_t slots, std::size_t index, Word* out) {
  planes_portable(planes, words, slots, index, out);
}

void select_rows(const Word* rows, std::size_t entries, std::size_t stride, std::size_t index, Word* out) {
  // The rows' scan has no AVX-512 form: AVX2 wherever the CPU (and the override) has it.
  const bool avx2 = cpu::active().avx2;
  by_stride(stride, [&](auto s) {
    constexpr std::size_t S = decltype(s)::value;
    if (avx2) return rows_avx2<S>(rows, entries, index, out);
    rows_portable<S>(rows, entries, index, out);
  });
}

void select_rows_portable(const Word* rows, std::size_t entries, std::size_t stride, std::size_t index, Word* out) {
  by_stride(stride, [&](auto s) { rows_portable<decltype(s)::value>(rows, entries, index, out); });
}

}  // namespace dstu::curve
