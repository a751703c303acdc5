// Constant-time inversion by Itoh–Tsujii (a^-1 = a^(2^m - 2)) over the binary
// addition chain of m - 1 (algorithms.hpp): for m = 257, 8 multiplications and 256
// squarings. Short squaring runs use the register-resident sqr_n kernels; the long
// ones (32, 64, 128 for m = 257) apply the field's precomputed table of
// (x^i)^(2^k) under masks — AVX-512 rows when allowed (any run), 64-bit rows otherwise
// (portable kernels: any run; carry-less kernels: runs of 64 and more, where the rows
// beat squaring). The chain and the table choice depend only on m and the CPU.
#include "algorithms.hpp"
#include "dstu/cpu/features.hpp"
#include "dstu/gf2m/internal/kernels.hpp"

namespace dstu::gf2m {

template <class P>
void inv_itoh_tsujii_portable(Word* r, const Word* a) {
  detail::itoh_tsujii(Kernels<P, Isa::portable>{}, Field::builtin(P::id), detail::apply_rows_portable,
                      0, r, a);
}

template <class P>
void inv_itoh_tsujii_clmul(Word* r, const Word* a) {
  const bool z = P::words <= 8 && cpu::active().avx512f;  // a row per ZMM register
  detail::itoh_tsujii(Kernels<P, Isa::clmul>{}, Field::builtin(P::id),
                      z ? detail::apply_rows_avx512 : detail::apply_rows_portable, z ? 0 : 64, r, a);
}

#define DSTU_GF2M_INSTANTIATE(F)                                      \
  template void inv_itoh_tsujii_portable<F>(Word*, const Word*);    \
  template void inv_itoh_tsujii_clmul<F>(Word*, const Word*);
DSTU_GF2M_FOR_EACH_FIELD(DSTU_GF2M_INSTANTIATE)
#undef DSTU_GF2M_INSTANTIATE

namespace detail {

std::vector<unsigned> multisquare_runs(int m) {
  std::vector<unsigned> runs;
  for_each_chain_run(m, [&](unsigned k) {
    if (k >= 32) runs.push_back(k);
  });
  return runs;
}

void inv_itoh_tsujii_generic(const Field& f, const Ops& o, Word* r, const Word* a) {
  if (o.isa == Isa::portable) {
    itoh_tsujii(OpsKernels(f, o), f, apply_rows_portable, 0, r, a);
    return;
  }
  const bool z = cpu::active().avx512f && f.words() <= 8;
  itoh_tsujii(OpsKernels(f, o), f, apply_rows_best, z ? 0 : 64, r, a);
}

}  // namespace detail
}  // namespace dstu::gf2m
