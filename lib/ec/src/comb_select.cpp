// The constant-time table scan of the comb: every entry is read and kept only under
// an all-ones mask where its index equals the secret digit. Three variants of the same
// loop — portable 64-bit words, AVX2 and AVX-512 — chosen per call by cpu::active().
#include <immintrin.h>

#include "dstu/base/ct.hpp"
#include "dstu/cpu/features.hpp"
#include "precomputed.hpp"

namespace dstu::ec::detail {
namespace {

using gf2m::Word;

void select_portable(const Word* table, std::size_t entries, std::size_t stride, std::size_t u, Word* out) {
  for (std::size_t i = 0; i < stride; ++i) out[i] = 0;
  for (std::size_t e = 1; e <= entries; ++e, table += stride) {
    const ct::Mask m = ct::eq(e, u);
    for (std::size_t i = 0; i < stride; ++i) out[i] |= table[i] & m;
  }
}

__attribute__((target("avx2"))) void select_avx2(const Word* table, std::size_t entries, std::size_t stride,
                                                  std::size_t u, Word* out) {
  const std::size_t vecs = stride / 4;  // stride is a multiple of 8, at most 24
  __m256i acc[6];
  for (std::size_t v = 0; v < vecs; ++v) acc[v] = _mm256_setzero_si256();
  const __m256i target = _mm256_set1_epi64x(static_cast<long long>(u));
  const __m256i step = _mm256_set1_epi64x(1);
  __m256i index = step;
  for (std::size_t e = 1; e <= entries; ++e, table += stride) {
    const __m256i mask = _mm256_cmpeq_epi64(index, target);
    for (std::size_t v = 0; v < vecs; ++v) {
      const __m256i row = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(table + 4 * v));
      acc[v] = _mm256_or_si256(acc[v], _mm256_and_si256(row, mask));
    }
    index = _mm256_add_epi64(index, step);
  }
  for (std::size_t v = 0; v < vecs; ++v) _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + 4 * v), acc[v]);
}

__attribute__((target("avx512f"))) void select_avx512(const Word* table, std::size_t entries, std::size_t stride,
                                                      std::size_t u, Word* out) {
  const std::size_t vecs = stride / 8;  // at most 3
  __m512i acc[3];
  for (std::size_t v = 0; v < vecs; ++v) acc[v] = _mm512_setzero_si512();
  const __m512i target = _mm512_set1_epi64(static_cast<long long>(u));
  const __m512i step = _mm512_set1_epi64(1);
  __m512i index = step;
  for (std::size_t e = 1; e <= entries; ++e, table += stride) {
    // vpcmpeqq into a mask register, then a masked OR: no branch, every entry read.
    const __mmask8 mask = _mm512_cmpeq_epi64_mask(index, target);
    for (std::size_t v = 0; v < vecs; ++v) {
      acc[v] = _mm512_mask_or_epi64(acc[v], mask, acc[v], _mm512_loadu_si512(table + 8 * v));
    }
    index = _mm512_add_epi64(index, step);
  }
  for (std::size_t v = 0; v < vecs; ++v) _mm512_storeu_si512(out + 8 * v, acc[v]);
}

}  // namespace

void comb_select(const CombTable& t, std::size_t u, Word* out) {
  const std::size_t entries = (std::size_t{1} << t.window) - 1;
  const cpu::Features& f = cpu::active();
  if (f.avx512f) return select_avx512(t.xy.data(), entries, t.stride, u, out);
  if (f.avx2) return select_avx2(t.xy.data(), entries, t.stride, u, out);
  select_portable(t.xy.data(), entries, t.stride, u, out);
}

}  // namespace dstu::ec::detail
