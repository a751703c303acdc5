// Constant-time square root: sqrt(a) = even(a) + sqrt(x) * odd(a) (algorithms.hpp),
// one multiplication by the precomputed sqrt(x) = x^(2^(m-1)). For a trinomial with
// odd middle exponent k (m = 191, 367; NIST's m = 409, k = 87), sqrt(x) = x^((m+1)/2) +
// x^((k+1)/2), since its square is x^(m+1) + x^(k+1) = x (x^m + x^k) = x, and the
// product is two shifts with no reduction (deg odd(a) <= (m-3)/2).
#include "algorithms.hpp"
#include "dstu/gf2m/internal/kernels.hpp"

namespace dstu::gf2m {
namespace {

/// t ^= a << s (compile-time s, W words, bits beyond W words dropped).
template <int W, int S>
inline void xor_shifted_fixed(Word* t, const Word* a) {
  constexpr int q = S / 64, b = S % 64;
  for (int i = 0; i + q < W; ++i) {
    t[i + q] ^= a[i] << b;
    if (b != 0 && i + q + 1 < W) t[i + q + 1] ^= a[i] >> (64 - b);
  }
}

template <class P, Isa I>
void sqrt_field(Word* r, const Word* a) {
  constexpr int W = P::words;
  if constexpr (!P::pentanomial && P::k1 % 2 == 1) {
    Word ev[W] = {}, od[W] = {};
    detail::split_even_odd(ev, od, a, W);
    xor_shifted_fixed<W, (P::m + 1) / 2>(ev, od);
    xor_shifted_fixed<W, (P::k1 + 1) / 2>(ev, od);
    detail::copy_words(r, ev, W);
  } else {
    detail::sqrt_even_odd(Kernels<P, I>{}, Field::builtin(P::id).sqrt_x(), r, a);
  }
}

}  // namespace

template <class P>
void sqrt_portable(Word* r, const Word* a) {
  sqrt_field<P, Isa::portable>(r, a);
}

template <class P>
void sqrt_clmul(Word* r, const Word* a) {
  sqrt_field<P, Isa::clmul>(r, a);
}

#define DSTU_GF2M_INSTANTIATE(F)                         \
  template void sqrt_portable<F>(Word*, const Word*);  \
  template void sqrt_clmul<F>(Word*, const Word*);
DSTU_GF2M_FOR_EACH_FIELD(DSTU_GF2M_INSTANTIATE)
#undef DSTU_GF2M_INSTANTIATE

namespace detail {

void sqrt_generic(const Field& f, const Ops& o, Word* r, const Word* a) {
  sqrt_even_odd(OpsKernels(f, o), f.sqrt_x(), r, a);
}

}  // namespace detail
}  // namespace dstu::gf2m
