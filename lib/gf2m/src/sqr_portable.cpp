// Squaring on the portable path: a^2 = sum a_i x^(2i), the bits spread apart by five
// shift-and-mask steps per half word (no table, no ISA extension), then the field's
// reduction. sqr_n keeps the value in locals between squarings.
#include "dstu/gf2m/internal/kernels.hpp"
#include "internal.hpp"
#include "reduce_special.hpp"

namespace dstu::gf2m {

template <class P>
void sqr_portable(Word* r, const Word* a) {
  Word c[2 * P::words];
  detail::sqr_wide_spread(c, a, P::words);
  detail::fold_special<P>(r, c);
}

template <class P>
void sqr_n_portable(Word* r, const Word* a, unsigned n) {
  Word x[P::words], c[2 * P::words];
  detail::copy_words(x, a, P::words);
  for (unsigned i = 0; i < n; ++i) {
    detail::sqr_wide_spread(c, x, P::words);
    detail::fold_special<P>(x, c);
  }
  detail::copy_words(r, x, P::words);
}

#define DSTU_GF2M_INSTANTIATE(F)                                   \
  template void sqr_portable<F>(Word*, const Word*);             \
  template void sqr_n_portable<F>(Word*, const Word*, unsigned);
DSTU_GF2M_FOR_EACH_FIELD(DSTU_GF2M_INSTANTIATE)
#undef DSTU_GF2M_INSTANTIATE

namespace detail {

void sqr_wide_n_portable(Word* c, const Word* a, int n) { sqr_wide_spread(c, a, n); }

}  // namespace detail
}  // namespace dstu::gf2m
