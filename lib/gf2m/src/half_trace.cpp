// Constant-time half-trace htr(a) = sum a^(4^i), 0 <= i <= (m-1)/2 (odd m), the
// solution of z^2 + z = a when Tr(a) = 0 (DSTU 4145-2002 §6.6). htr is linear: even bits
// fold into a half-size argument, and the images of the odd powers come from a table
// of (m-1)/2 rows added under masks (algorithms.hpp, rows.hpp) — about m/2 masked
// row additions instead of m - 1 squarings. The carry-less kernels use AVX-512 rows
// when allowed.
#include "algorithms.hpp"
#include "dstu/base/error.hpp"
#include "dstu/cpu/features.hpp"
#include "dstu/gf2m/internal/kernels.hpp"

namespace dstu::gf2m {

void half_trace(const Field& f, Element& r, const Element& a) {
  if (f.m() % 2 == 0) {
    throw Error(Errc::unsupported, "half-trace needs odd m (field " + f.name() + ")");
  }
  ops(f).half_trace(f, r.w, a.w);
}

template <class P>
void half_trace_portable(Word* r, const Word* a) {
  detail::half_trace_fold<P::words>(r, a, Field::builtin(P::id), detail::apply_rows_portable);
}

template <class P>
void half_trace_clmul(Word* r, const Word* a) {
  constexpr bool fits = P::words <= 8;  // AVX-512 rows: one row per ZMM register
  detail::half_trace_fold<P::words>(
      r, a, Field::builtin(P::id),
      fits && cpu::active().avx512f ? detail::apply_rows_avx512 : detail::apply_rows_portable);
}

#define DSTU_GF2M_INSTANTIATE(F)                              \
  template void half_trace_portable<F>(Word*, const Word*); \
  template void half_trace_clmul<F>(Word*, const Word*);
DSTU_GF2M_FOR_EACH_FIELD(DSTU_GF2M_INSTANTIATE)
#undef DSTU_GF2M_INSTANTIATE

namespace detail {

void half_trace_generic(const Field& f, const Ops& o, Word* r, const Word* a) {
  if (f.m() % 2 == 0) {
    throw Error(Errc::unsupported, "half-trace needs odd m (field " + f.name() + ")");
  }
  half_trace_fold_n(r, a, f, o.isa == Isa::portable ? apply_rows_portable : apply_rows_best);
}

void compute_half_trace_rows(const Field& f, const Ops& o, Word* rows) {
  const int w = f.words(), m = f.m(), stride = f.row_stride();
  for (int i = 1; i < m; i += 2, rows += stride) {
    Word t[kMaxWords] = {}, h[kMaxWords] = {};
    t[i / 64] = Word(1) << (i % 64);
    copy_words(h, t, w);
    for (int j = 0; j < (m - 1) / 2; ++j) {
      o.sqr_n(f, t, t, 2);
      for (int k = 0; k < w; ++k) h[k] ^= t[k];
    }
    copy_words(rows, h, w);
  }
}

void compute_multisquare_rows(const Field& f, const Ops& o, unsigned k, Word* rows) {
  // Row i = (x^i)^(2^k) = y^i with y = x^(2^k): one multiplication per row.
  const int w = f.words(), stride = f.row_stride();
  Word y[kMaxWords] = {}, row[kMaxWords] = {};
  y[0] = 2;  // x (m >= 2)
  o.sqr_n(f, y, y, k);
  row[0] = 1;
  for (int i = 0; i < f.m(); ++i, rows += stride) {
    copy_words(rows, row, w);
    o.mul(f, row, row, y);
  }
}

}  // namespace detail
}  // namespace dstu::gf2m
