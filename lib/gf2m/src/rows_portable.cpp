// Masked row tables on plain 64-bit code (rows.hpp): per selected bit, a mask from
// the bit and an AND-XOR over the row's words; the word count is a template
// parameter so the row loop unrolls.
#include "dstu/cpu/features.hpp"
#include "rows.hpp"
#include "words.hpp"

namespace dstu::gf2m::detail {
namespace {

template <int W>
void apply_fixed(Word* r, const Word* a, const Word* rows, RowSelect sel) {
  constexpr int S = row_stride(W);
  Word acc[W] = {};
  const Word* row = rows;
  for (int i = sel.first; i < sel.limit; i += sel.step, row += S) {
    const Word mask = bit_mask(a[i / 64], static_cast<unsigned>(i % 64));
    for (int j = 0; j < W; ++j) acc[j] ^= row[j] & mask;
  }
  copy_words(r, acc, W);
}

}  // namespace

void apply_rows_portable(Word* r, const Word* a, const Word* rows, int w, RowSelect sel) {
  switch (w) {
    case 1: apply_fixed<1>(r, a, rows, sel); break;
    case 2: apply_fixed<2>(r, a, rows, sel); break;
    case 3: apply_fixed<3>(r, a, rows, sel); break;
    case 4: apply_fixed<4>(r, a, rows, sel); break;
    case 5: apply_fixed<5>(r, a, rows, sel); break;
    case 6: apply_fixed<6>(r, a, rows, sel); break;
    case 7: apply_fixed<7>(r, a, rows, sel); break;
    case 8: apply_fixed<8>(r, a, rows, sel); break;
    default: apply_fixed<9>(r, a, rows, sel); break;
  }
}

void apply_rows_best(Word* r, const Word* a, const Word* rows, int w, RowSelect sel) {
  if (w <= 8 && cpu::active().avx512f) {
    apply_rows_avx512(r, a, rows, w, sel);
  } else {
    apply_rows_portable(r, a, rows, w, sel);
  }
}

}  // namespace dstu::gf2m::detail
