// Multiplication on the portable path: Karatsuba over words (karatsuba.hpp) with the
// constant-time integer-multiply-with-holes word product (prim_portable.hpp), then
// the field's reduction. No ISA extension, no table, no secret-dependent branch.
#include "dstu/gf2m/internal/kernels.hpp"
#include "internal.hpp"
#include "prim_portable.hpp"
#include "reduce_special.hpp"

namespace dstu::gf2m {

template <class P>
void mul_wide_portable(Word* c, const Word* a, const Word* b) {
  detail::mul_wide_words<P, detail::PortablePrim>(c, a, b);
}

template <class P>
void mul_portable(Word* r, const Word* a, const Word* b) {
  Word c[2 * P::words];
  detail::mul_wide_words<P, detail::PortablePrim>(c, a, b);
  detail::fold_special<P>(r, c);
}

#define DSTU_GF2M_INSTANTIATE(F)                                             \
  template void mul_portable<F>(Word*, const Word*, const Word*);          \
  template void mul_wide_portable<F>(Word*, const Word*, const Word*);
DSTU_GF2M_FOR_EACH_FIELD(DSTU_GF2M_INSTANTIATE)
#undef DSTU_GF2M_INSTANTIATE

namespace detail {

void mul_wide_n_portable(Word* c, const Word* a, const Word* b, int n) {
  switch (n) {
    case 1: kara_words<PortablePrim, 1>(c, a, b); break;
    case 2: kara_words<PortablePrim, 2>(c, a, b); break;
    case 3: kara_words<PortablePrim, 3>(c, a, b); break;
    case 4: kara_words<PortablePrim, 4>(c, a, b); break;
    case 5: kara_words<PortablePrim, 5>(c, a, b); break;
    case 6: kara_words<PortablePrim, 6>(c, a, b); break;
    case 7: kara_words<PortablePrim, 7>(c, a, b); break;
    case 8: kara_words<PortablePrim, 8>(c, a, b); break;
    default: kara_words<PortablePrim, 9>(c, a, b); break;
  }
}

void mul_columns_portable(Word* p, const Word* a, const Word* b, int n, int k0, int k1) {
  for (int k = k0; k < k1; ++k) {
    PortablePrim::U acc = PortablePrim::zero();
    const int lo = k < n ? 0 : k - n + 1, hi = k < n ? k : n - 1;
    for (int i = lo; i <= hi; ++i) acc = PortablePrim::addu(acc, PortablePrim::mul(a[i], b[k - i]));
    p[k] ^= acc.lo;
    p[k + 1] ^= acc.hi;
  }
}

}  // namespace detail
}  // namespace dstu::gf2m
