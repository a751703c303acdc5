// Masked row tables with AVX-512F (rows.hpp): a whole row (up to 8 words) in one ZMM
// register. Per selected bit, an all-or-nothing lane mask is made from the broadcast
// input word — by VPTESTMQ against the bit (port 5) for even rows, by shifting the
// bit to the sign and VPSRAQ (port 0) for odd rows, to spread the work over both
// vector ports — and the row is added by a masked XOR / VPTERNLOGQ. Every row is read
// whatever the bit (masked-off lanes of a valid address load and discard; no fault,
// no assist), so time and accesses do not depend on the input. The bit loop over a
// word is unrolled so bit positions are constants. Reached only when
// cpu::active().avx512f.
#include <immintrin.h>

#include <utility>

#include "rows.hpp"

#include <immintrin.h>  // before the region: its functions carry their own targets

// GCC compiles the region for avx512f by pragma; clang ignores #pragma GCC target and
// takes the same ISA as an attribute on every function of the region.
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx512f"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx512f")
#endif
// GCC 12's avx512fintrin.h shift intrinsics start from _mm512_undefined_epi32() and
// trip -Wmaybe-uninitialized; the value is fully overwritten.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"

namespace dstu::gf2m::detail {
namespace {

/// Adds row n to acc0 (even n: VPTESTMQ mask) or acc1 (odd n: VPSRAQ mask) when bit b
/// of the broadcast word v is set.
template <int N>
[[gnu::always_inline]] inline void add_row(__m512i& acc0, __m512i& acc1, __m512i v, int b,
                                           const Word* row) {
  const __m512i r = _mm512_load_si512(row);
  if constexpr (N % 2 == 0) {
    const __m512i bit = _mm512_set1_epi64(static_cast<long long>(Word(1) << b));
    acc0 = _mm512_mask_xor_epi64(acc0, _mm512_test_epi64_mask(v, bit), acc0, r);
  } else {
    const __m512i mask = _mm512_srai_epi64(_mm512_sllv_epi64(v, _mm512_set1_epi64(63 - b)), 63);
    acc1 = _mm512_ternarylogic_epi64(acc1, mask, r, 0x78);  // acc1 ^ (mask & r)
  }
}

/// All selected bits of one word (bits First, First + Step, ..., < 64), unrolled.
template <int Step, int First, int... I>
[[gnu::always_inline]] inline void full_word(__m512i& acc0, __m512i& acc1, Word w, const Word* row,
                                             std::integer_sequence<int, I...>) {
  const __m512i v = _mm512_set1_epi64(static_cast<long long>(w));
  (add_row<I>(acc0, acc1, v, First + Step * I, row + 8 * I), ...);
}

/// Rows for the bits First, First + Step, ... below limit (First < Step).
template <int Step, int First>
void apply(Word* r, const Word* a, const Word* rows, int w, int limit) {
  constexpr int kPerWord = (64 - First + Step - 1) / Step;
  __m512i acc0 = _mm512_setzero_si512(), acc1 = acc0;
  const Word* row = rows;
  int word = 0;
  for (; 64 * (word + 1) <= limit; ++word, row += 8 * kPerWord) {
    full_word<Step, First>(acc0, acc1, a[word], row, std::make_integer_sequence<int, kPerWord>{});
  }
  const __m512i v = _mm512_set1_epi64(static_cast<long long>(a[word < words_for(limit) ? word : 0]));
  int n = 0;
  for (int b = First; 64 * word + b < limit; b += Step, ++n, row += 8) {
    if (n % 2 == 0) add_row<0>(acc0, acc1, v, b, row); else add_row<1>(acc0, acc1, v, b, row);
  }
  _mm512_mask_storeu_epi64(r, static_cast<__mmask8>((1u << w) - 1), _mm512_xor_si512(acc0, acc1));
}

}  // namespace

void apply_rows_avx512(Word* r, const Word* a, const Word* rows, int w, RowSelect sel) {
  if (sel.step == 2 && sel.first == 1) {
    apply<2, 1>(r, a, rows, w, sel.limit);
  } else {
    apply<1, 0>(r, a, rows, w, sel.limit);  // rows.hpp: the only other selection used
  }
}

}  // namespace dstu::gf2m::detail

#pragma GCC diagnostic pop
#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif
