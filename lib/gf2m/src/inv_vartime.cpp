// Variable-time inversion by the extended Euclidean algorithm for binary polynomials
// (Hankerson–Menezes–Vanstone, Algorithm 2.48): keep a g1 = u and a g2 = v (mod f),
// cancel the leading term of the longer of u, v by a shifted copy of the other, until
// u = 1. Loops run over the words in use only. Branches and loop counts depend on a:
// use on public values only (signature verification, decompression of public keys).
// On CPUs with carry-less multiply the constant-time Itoh–Tsujii inv() is faster.
#include <algorithm>
#include <bit>
#include <utility>

#include "dstu/gf2m/ops.hpp"
#include "internal.hpp"
#include "words.hpp"

namespace dstu::gf2m {
namespace {

constexpr int kN = kMaxWords + 2;  // f (degree m) and g before the final fold

/// A polynomial with its degree (-1 for zero).
struct Poly {
  Word w[kN] = {};
  int deg = -1;

  void update_degree(int from) {
    for (int i = from / 64; i >= 0; --i) {
      if (w[i] != 0) {
        deg = 64 * i + 63 - std::countl_zero(w[i]);
        return;
      }
    }
    deg = -1;
  }
  /// this ^= b << s; the degree is recomputed from `top` down.
  void add_shifted(const Poly& b, int s, int top) {
    if (b.deg < 0) return;
    const int q = s / 64, r = s % 64, nb = b.deg / 64 + 1;
    for (int i = nb - 1; i >= 0; --i) {
      w[i + q] ^= b.w[i] << r;
      if (r != 0 && i + q + 1 < kN) w[i + q + 1] ^= b.w[i] >> (64 - r);
    }
    update_degree(std::max(top, b.deg + s));
  }
};

}  // namespace

void inv_vartime(const Field& f, Element& r, const Element& a) {
  const int w = f.words(), m = f.m();
  Poly u, v, g1, g2, fp;
  detail::copy_words(u.w, a.w, w);
  u.update_degree(64 * w - 1);
  r = Element{};
  if (u.deg < 0) return;
  detail::copy_words(fp.w, f.modulus(), words_for(m + 1));
  fp.deg = m;
  v = fp;
  g1.w[0] = 1;
  g1.deg = 0;
  Poly* pu = &u;
  Poly* pv = &v;
  Poly* pg1 = &g1;
  Poly* pg2 = &g2;
  while (pu->deg != 0) {
    int j = pu->deg - pv->deg;
    if (j < 0) {
      std::swap(pu, pv);
      std::swap(pg1, pg2);
      j = -j;
    }
    pu->add_shifted(*pv, j, pu->deg);
    pg1->add_shifted(*pg2, j, pg1->deg);
  }
  while (pg1->deg >= m) pg1->add_shifted(fp, pg1->deg - m, pg1->deg);  // not expected
  detail::copy_words(r.w, pg1->w, w);
}

}  // namespace dstu::gf2m
