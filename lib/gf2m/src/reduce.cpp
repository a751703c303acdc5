// Reduction modulo f: the compile-time special folding of the built-in polynomials
// (instantiated from reduce_special.hpp), and three run-time methods for generic
// fields — sparse folding for any trinomial/pentanomial, and two precomputed
// reductions for any modulus ([Crypto Library Slides]): carry-less Barrett and masked
// row tables.
// All constant time: loops and shifts depend only on the public field parameters.
#include "dstu/gf2m/internal/kernels.hpp"
#include "internal.hpp"
#include "reduce_special.hpp"

namespace dstu::gf2m {

template <class P>
void reduce_special(Word* r, const Word* c) {
  detail::fold_special<P>(r, c);
}

#define DSTU_GF2M_INSTANTIATE(F) template void reduce_special<F>(Word*, const Word*);
DSTU_GF2M_FOR_EACH_FIELD(DSTU_GF2M_INSTANTIATE)
#undef DSTU_GF2M_INSTANTIATE

namespace detail {
namespace {

/// h[0 .. hn) = t >> s, reading t[0 .. tn).
void shift_right(Word* h, int hn, const Word* t, int tn, int s) {
  const int q = s / 64, b = s % 64;
  for (int i = 0; i < hn; ++i) {
    const Word lo = i + q < tn ? t[i + q] : 0;
    const Word hi = i + q + 1 < tn ? t[i + q + 1] : 0;
    h[i] = b == 0 ? lo : (lo >> b | hi << (64 - b));
  }
}

/// t[0 .. n) ^= h[0 .. hn) << s, bits beyond n words dropped.
void xor_shifted(Word* t, int n, const Word* h, int hn, int s) {
  const int q = s / 64, b = s % 64;
  for (int i = 0; i < hn && i + q < n; ++i) {
    t[i + q] ^= h[i] << b;
    if (b != 0 && i + q + 1 < n) t[i + q + 1] ^= h[i] >> (64 - b);
  }
}

}  // namespace

void reduce_sparse(const Field& f, Word* r, const Word* c) {
  const int m = f.m(), w = f.words(), n = 2 * w;
  Word t[kWideWords], h[kWideWords];
  copy_words(t, c, n);
  const auto ex = f.exponents();
  for (int pass = 0; pass < f.sparse_passes(); ++pass) {
    shift_right(h, n, t, n, m);
    t[w - 1] &= f.top_mask();
    for (int i = w; i < n; ++i) t[i] = 0;
    const int hn = n - m / 64;
    for (std::size_t e = 1; e < ex.size(); ++e) xor_shifted(t, n, h, hn, ex[e]);
  }
  copy_words(r, t, w);
}

void reduce_table(const Field& f, Word* r, const Word* c) {
  const int m = f.m(), w = f.words();
  Word t[kMaxWords];
  copy_words(t, c, w);
  t[w - 1] &= f.top_mask();
  const Word* row = f.reduction_rows();
  for (int i = 0; i < m - 1; ++i, row += w) {
    const int p = m + i;
    const Word mask = bit_mask(c[p / 64], static_cast<unsigned>(p % 64));
    for (int j = 0; j < w; ++j) t[j] ^= row[j] & mask;
  }
  copy_words(r, t, w);
}

void reduce_barrett(const Field& f, Word* r, const Word* c, MulWideN mul) {
  // q = ((c >> m) * mu) >> m is exactly c div f when deg c < 2m; r = c + q f mod x^m.
  const int m = f.m(), w = f.words(), n = words_for(m + 1);
  Word q1[kMaxWords] = {}, t[kWideWords] = {}, u[kWideWords] = {};
  shift_right(q1, n, c, 2 * w, m);
  mul(t, q1, f.barrett_mu(), n);
  shift_right(q1, n, t, 2 * n, m);
  mul(u, q1, f.modulus(), n);
  for (int j = 0; j < w; ++j) r[j] = c[j] ^ u[j];
  r[w - 1] &= f.top_mask();
}

}  // namespace detail
}  // namespace dstu::gf2m
