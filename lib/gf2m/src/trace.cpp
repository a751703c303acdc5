// Trace Tr(a) = a + a^2 + ... + a^(2^(m-1)), linear over GF(2): Tr(a) is the parity of
// the bits of a where Tr(x^i) = 1. That mask comes from Newton's identities for the
// power sums p_k = Tr(x^k) of the roots of f: with e_j the coefficient of x^(m-j),
//   p_0 = m mod 2,  p_k = e_1 p_(k-1) + ... + e_(k-1) p_1 + k e_k  (mod 2),  k < m,
// O(m * terms) word-free arithmetic, no field operation at all.
#include <vector>

#include "dstu/gf2m/ops.hpp"
#include "internal.hpp"

namespace dstu::gf2m {

unsigned trace(const Field& f, const Element& a) {
  const Word* mask = f.trace_mask();
  Word t = 0;
  for (int i = 0; i < f.words(); ++i) t ^= a.w[i] & mask[i];
  return static_cast<unsigned>(__builtin_parityll(t));
}

namespace detail {

void compute_trace_mask(Word* mask, int m, std::span<const int> exponents) {
  std::vector<int> e(static_cast<std::size_t>(m) + 1, 0);  // e[j]: coefficient of x^(m-j)
  for (int x : exponents) e[static_cast<std::size_t>(m - x)] = 1;
  std::vector<int> nonzero;  // j >= 1 with e_j = 1
  for (int j = 1; j <= m; ++j) {
    if (e[static_cast<std::size_t>(j)]) nonzero.push_back(j);
  }
  std::vector<int> p(static_cast<std::size_t>(m), 0);
  p[0] = m & 1;
  for (int k = 1; k < m; ++k) {
    int s = (k & 1) & e[static_cast<std::size_t>(k)];
    for (int j : nonzero) {
      if (j >= k) break;
      s ^= p[static_cast<std::size_t>(k - j)];
    }
    p[static_cast<std::size_t>(k)] = s;
  }
  for (int i = 0; i < words_for(m); ++i) mask[i] = 0;
  for (int i = 0; i < m; ++i) mask[i / 64] |= Word(p[static_cast<std::size_t>(i)]) << (i % 64);
}

}  // namespace detail
}  // namespace dstu::gf2m
