// Kernel tables for generic fields: run-time word count (switching to the same
// Karatsuba templates as the DSTU fields) and the field's run-time reduction —
// sparse folding, Barrett or masked rows. Constant time: every branch depends only on
// the public field parameters.
#include "algorithms.hpp"
#include "dstu/gf2m/ops.hpp"
#include "internal.hpp"

namespace dstu::gf2m::detail {
namespace {

template <Isa I>
constexpr MulWideN mul_wide_n = I == Isa::clmul ? mul_wide_n_clmul : mul_wide_n_portable;

template <Isa I>
void g_reduce(const Field& f, Word* r, const Word* c) {
  switch (f.reduction()) {
    case Reduction::barrett: reduce_barrett(f, r, c, mul_wide_n<I>); break;
    case Reduction::table: reduce_table(f, r, c); break;
    default: reduce_sparse(f, r, c); break;
  }
}

template <Isa I>
void g_mul_wide(const Field& f, Word* c, const Word* a, const Word* b) {
  mul_wide_n<I>(c, a, b, f.words());
}

template <Isa I>
void g_mul(const Field& f, Word* r, const Word* a, const Word* b) {
  Word c[kWideWords];
  mul_wide_n<I>(c, a, b, f.words());
  g_reduce<I>(f, r, c);
}

template <Isa I>
void g_sqr(const Field& f, Word* r, const Word* a) {
  Word c[kWideWords];
  if constexpr (I == Isa::clmul) sqr_wide_n_clmul(c, a, f.words());
  else sqr_wide_n_portable(c, a, f.words());
  g_reduce<I>(f, r, c);
}

template <Isa I>
void g_sqr_n(const Field& f, Word* r, const Word* a, unsigned n) {
  Word x[kMaxWords];
  copy_words(x, a, f.words());
  for (unsigned i = 0; i < n; ++i) g_sqr<I>(f, x, x);
  copy_words(r, x, f.words());
}

template <Isa I>
constexpr Ops generic_table() {
  return Ops{
      I,
      g_mul<I>,
      g_sqr<I>,
      g_sqr_n<I>,
      g_mul_wide<I>,
      g_reduce<I>,
      [](const Field& f, Word* r, const Word* a) {
        inv_itoh_tsujii_generic(f, I == Isa::clmul ? f.ops_clmul() : f.ops_portable(), r, a);
      },
      [](const Field& f, Word* r, const Word* a) {
        sqrt_generic(f, I == Isa::clmul ? f.ops_clmul() : f.ops_portable(), r, a);
      },
      [](const Field& f, Word* r, const Word* a) {
        half_trace_generic(f, I == Isa::clmul ? f.ops_clmul() : f.ops_portable(), r, a);
      },
  };
}

constexpr Ops kPortable = generic_table<Isa::portable>();
constexpr Ops kClmul = generic_table<Isa::clmul>();

}  // namespace

const Ops& generic_ops(Isa isa) { return isa == Isa::clmul ? kClmul : kPortable; }

}  // namespace dstu::gf2m::detail
