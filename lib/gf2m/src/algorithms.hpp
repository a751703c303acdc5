// Internal: algorithm bodies written once over a kernel interface K (Kernels<P, I>
// or OpsKernels below): Itoh–Tsujii inversion, square root by even/odd split, and the
// half-trace by folding even bits and adding table rows under masks.
//
// Unnamed namespace: see words.hpp.
#pragma once

#include <bit>

#include "internal.hpp"
#include "rows.hpp"
#include "words.hpp"

namespace dstu::gf2m::detail {
namespace {

/// A runtime Field and kernel table behind the Kernels<P, I> interface.
struct OpsKernels {
  const Field& f;
  const Ops& o;
  int words;
  OpsKernels(const Field& field, const Ops& ops) : f(field), o(ops), words(field.words()) {}
  void mul(Word* r, const Word* a, const Word* b) const { o.mul(f, r, a, b); }
  void sqr(Word* r, const Word* a) const { o.sqr(f, r, a); }
  void sqr_n(Word* r, const Word* a, unsigned n) const { o.sqr_n(f, r, a, n); }
};

using RowsFn = void (*)(Word* r, const Word* a, const Word* rows, int w, RowSelect sel);

/// Calls step(k) for the length k of every squaring run of the Itoh–Tsujii chain of m.
template <class Step>
void for_each_chain_run(int m, Step&& step) {
  const unsigned n = static_cast<unsigned>(m - 1);
  unsigned e = 1;
  for (int i = static_cast<int>(std::bit_width(n)) - 2; i >= 0; --i) {
    step(e);
    e = (n >> i) & 1 ? 2 * e + 1 : 2 * e;
  }
}

/// r = a^(2^m - 2) = a^-1 (0 for a = 0). With beta_e = a^(2^e - 1):
/// beta_2e = beta_e^(2^e) beta_e and beta_(e+1) = beta_e^2 a, following the binary
/// expansion of m - 1 from the top (Itoh–Tsujii); then a^-1 = beta_(m-1)^2.
/// floor(log2(m-1)) + popcount(m-1) - 1 multiplications and m - 1 squarings, the
/// long squaring runs (k >= min_table_k with a table in f) done as one linear map.
template <class K>
void itoh_tsujii(const K& k, const Field& f, RowsFn rows, unsigned min_table_k, Word* r,
                 const Word* a) {
  const int m = f.m();
  Word beta[kMaxWords], t[kMaxWords], x[kMaxWords];
  copy_words(x, a, k.words);
  copy_words(beta, a, k.words);
  const unsigned n = static_cast<unsigned>(m - 1);
  unsigned e = 1;
  for (int i = static_cast<int>(std::bit_width(n)) - 2; i >= 0; --i) {
    const Word* table = e >= min_table_k ? f.multisquare_rows(e) : nullptr;
    if (table != nullptr) {
      rows(t, beta, table, k.words, RowSelect{0, 1, m});
    } else {
      k.sqr_n(t, beta, e);
    }
    k.mul(beta, t, beta);
    e *= 2;
    if ((n >> i) & 1) {
      k.sqr(t, beta);
      k.mul(beta, t, x);
      e += 1;
    }
  }
  k.sqr(r, beta);
}

/// r = sqrt(a) = even(a) + sqrt(x) odd(a), where even/odd pack the bits of a at even
/// and odd positions: a = even(x)^2 + x odd(x)^2. One multiplication.
template <class K>
void sqrt_even_odd(const K& k, const Word* sqrt_x, Word* r, const Word* a) {
  Word ev[kMaxWords] = {}, od[kMaxWords] = {}, t[kMaxWords];
  split_even_odd(ev, od, a, k.words);
  k.mul(t, od, sqrt_x);
  for (int j = 0; j < k.words; ++j) r[j] = ev[j] ^ t[j];
}

/// r = htr(a) for odd m. With c = c_0 + odd(c) + sum_(i>=1) c_2i x^2i and
/// htr(z^2) = htr(z) + z + Tr(z):
///   htr(c) = c_0 htr(1) + htr(odd(c)) + s + Tr(s) + htr(s),  s = sum_(i>=1) c_2i x^i,
/// so the even bits fold into s of half the degree; after bit_width(m) + 1 folds only
/// odd positions remain, and their images are added from the table of htr(x^odd)
/// under masks (rows.hpp: no secret index, no branch).
template <int W>
void half_trace_fold(Word* r, const Word* a, const Field& f, RowsFn rows) {
  constexpr Word kOdd = 0xaaaaaaaaaaaaaaaaULL;
  const int m = f.m();
  const Word* trace_mask = f.trace_mask();
  Word cur[W], arg[W] = {}, acc[W] = {};
  copy_words(cur, a, W);
  const Word bit0 = a[0] & 1;
  Word tr = 0;
  const int levels = static_cast<int>(std::bit_width(static_cast<unsigned>(m))) + 1;
  int n = W;  // words in use: deg(s) <= deg(cur) / 2, so they halve every level
  for (int level = 0; level < levels; ++level) {
    Word s[W] = {};
    for (int j = 0; j < n; ++j) arg[j] ^= cur[j] & kOdd;
    for (int j = 0; 2 * j < n; ++j) {
      const Word hi = 2 * j + 1 < n ? cur[2 * j + 1] : 0;
      s[j] = squeeze_even(cur[2 * j]) | squeeze_even(hi) << 32;
    }
    s[0] &= ~Word(1);
    n = (n + 1) / 2;
    for (int j = 0; j < n; ++j) {
      acc[j] ^= s[j];
      tr ^= s[j] & trace_mask[j];
      cur[j] = s[j];
    }
  }
  acc[0] ^= static_cast<Word>(__builtin_parityll(tr)) ^ (bit0 & f.half_trace_one());
  Word tab[W];
  rows(tab, arg, f.half_trace_rows(), W, RowSelect{1, 2, m});
  for (int j = 0; j < W; ++j) r[j] = acc[j] ^ tab[j];
}

/// half_trace_fold for a run-time word count.
inline void half_trace_fold_n(Word* r, const Word* a, const Field& f, RowsFn rows) {
  switch (f.words()) {
    case 1: half_trace_fold<1>(r, a, f, rows); break;
    case 2: half_trace_fold<2>(r, a, f, rows); break;
    case 3: half_trace_fold<3>(r, a, f, rows); break;
    case 4: half_trace_fold<4>(r, a, f, rows); break;
    case 5: half_trace_fold<5>(r, a, f, rows); break;
    case 6: half_trace_fold<6>(r, a, f, rows); break;
    case 7: half_trace_fold<7>(r, a, f, rows); break;
    case 8: half_trace_fold<8>(r, a, f, rows); break;
    default: half_trace_fold<9>(r, a, f, rows); break;
  }
}

}  // namespace
}  // namespace dstu::gf2m::detail
