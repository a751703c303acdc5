// The constant-time scan of a window table (window_scan.hpp): a plain loop and an AVX2
// twin, both reading every limb of every entry and selecting by masks.
#include "window_scan.hpp"

#include <immintrin.h>

#include "dstu/base/ct.hpp"
#include "dstu/base/error.hpp"
#include "dstu/cpu/features.hpp"

namespace dstu::ecp::detail {
namespace {

template <std::size_t S>
void scan_plain(const mp::Limb* row, int entries, std::uint64_t d, mp::Limb* sel) {
  mp::Limb acc[S] = {};
  for (int j = 0; j < entries; ++j) {
    const ct::Mask m = ct::eq(static_cast<std::uint64_t>(j + 1), d);
    for (std::size_t l = 0; l < S; ++l) acc[l] |= row[j * S + l] & m;
  }
  for (std::size_t l = 0; l < S; ++l) sel[l] = acc[l];
}

/// S / 4 ymm accumulators and, for S = 2 mod 4, one xmm for the last two limbs.
template <std::size_t S>
__attribute__((target("avx2"))) void scan_avx2(const mp::Limb* row, int entries, std::uint64_t d, mp::Limb* sel) {
  constexpr std::size_t Q = S / 4;
  static_assert(S % 2 == 0, "entries are an even number of limbs");
  __m256i acc[Q];
  for (std::size_t q = 0; q < Q; ++q) acc[q] = _mm256_setzero_si256();
  __m128i tail = _mm_setzero_si128();
  for (int j = 0; j < entries; ++j) {
    const ct::Mask m = ct::eq(static_cast<std::uint64_t>(j + 1), d);
    const __m256i mask = _mm256_set1_epi64x(static_cast<long long>(m));
    const mp::Limb* e = row + j * S;
#pragma GCC unroll 8
    for (std::size_t q = 0; q < Q; ++q) {
      const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(e + 4 * q));
      acc[q] = _mm256_or_si256(acc[q], _mm256_and_si256(v, mask));
    }
    if constexpr (S % 4 != 0) {
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(e + 4 * Q));
      tail = _mm_or_si128(tail, _mm_and_si128(v, _mm256_castsi256_si128(mask)));
    }
  }
  for (std::size_t q = 0; q < Q; ++q) _mm256_storeu_si256(reinterpret_cast<__m256i*>(sel + 4 * q), acc[q]);
  if constexpr (S % 4 != 0) _mm_storeu_si128(reinterpret_cast<__m128i*>(sel + 4 * Q), tail);
}

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
    default: throw_invalid("window table stride out of range");
  }
}

}  // namespace

void scan_window(const mp::Limb* row, int entries, std::size_t stride, std::uint64_t d, mp::Limb* sel) {
  const bool avx2 = cpu::active().avx2;
  by_stride(stride, [&](auto s) {
    if (avx2) {
      scan_avx2<decltype(s)::value>(row, entries, d, sel);
    } else {
      scan_plain<decltype(s)::value>(row, entries, d, sel);
    }
  });
}

void scan_window_portable(const mp::Limb* row, int entries, std::size_t stride, std::uint64_t d, mp::Limb* sel) {
  by_stride(stride, [&](auto s) { scan_plain<decltype(s)::value>(row, entries, d, sel); });
}

}  // namespace dstu::ecp::detail
