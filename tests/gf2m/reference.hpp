// Test oracle for gf2m: slow, obvious binary-polynomial arithmetic written from the
// definitions — multiply bit by bit (add b x^i for every set bit i of a), reduce by
// long division from the top bit down — plus the fields every test runs over and
// edge-shaped random elements. Nothing here shares code with lib/gf2m.
#pragma once

#include <doctest/doctest.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "dstu/cpu/features.hpp"
#include "dstu/gf2m/field.hpp"
#include "dstu/gf2m/ops.hpp"
#include "test_random.hpp"

namespace gf2m_test {

using dstu::gf2m::Element;
using dstu::gf2m::Field;
using dstu::gf2m::Word;
using Bits = std::vector<Word>;  // little-endian words, any length

inline bool bit(const Bits& a, int i) {
  const auto w = static_cast<std::size_t>(i / 64);
  return w < a.size() && ((a[w] >> (i % 64)) & 1) != 0;
}

inline void flip(Bits& a, int i) {
  const auto w = static_cast<std::size_t>(i / 64);
  if (a.size() <= w) a.resize(w + 1, 0);
  a[w] ^= Word(1) << (i % 64);
}

inline int degree(const Bits& a) {
  for (int i = static_cast<int>(a.size()) * 64 - 1; i >= 0; --i) {
    if (bit(a, i)) return i;
  }
  return -1;
}

/// The reference field: f from its exponents.
struct Ref {
  int m;
  std::vector<int> exps;
  explicit Ref(const Field& f) : m(f.m()), exps(f.exponents().begin(), f.exponents().end()) {}
  /// Any f, irreducible or not: its exponents, the degree m among them.
  Ref(int degree, std::vector<int> exponents) : m(degree), exps(std::move(exponents)) {}

  /// a mod f by long division, one bit at a time from the top.
  Bits mod(Bits a) const {
    for (int d = degree(a); d >= m; --d) {
      if (bit(a, d)) {
        for (int e : exps) flip(a, d - m + e);
      }
    }
    a.resize(static_cast<std::size_t>((m + 63) / 64), 0);
    return a;
  }
  /// a * b as polynomials: b x^i added for every set bit i of a.
  static Bits product(const Bits& a, const Bits& b) {
    Bits c(a.size() + b.size() + 1, 0);
    for (int i = 0; i < static_cast<int>(a.size()) * 64; ++i) {
      if (!bit(a, i)) continue;
      const std::size_t q = static_cast<std::size_t>(i / 64);
      const int s = i % 64;
      for (std::size_t j = 0; j < b.size(); ++j) {
        c[j + q] ^= b[j] << s;
        if (s != 0) c[j + q + 1] ^= b[j] >> (64 - s);
      }
    }
    return c;
  }
  Bits mul(const Bits& a, const Bits& b) const { return mod(product(a, b)); }
  Bits add(Bits a, const Bits& b) const {
    for (std::size_t i = 0; i < a.size(); ++i) a[i] ^= b[i];
    return a;
  }
  Bits one() const {
    Bits r(static_cast<std::size_t>((m + 63) / 64), 0);
    r[0] = 1;
    return r;
  }
  Bits zero() const { return Bits(static_cast<std::size_t>((m + 63) / 64), 0); }
  /// a^(2^k) by k squarings.
  Bits pow2k(Bits a, int k) const {
    for (int i = 0; i < k; ++i) a = mul(a, a);
    return a;
  }
  /// Tr(a) by its definition: t <- t^2 + a, m - 1 times.
  unsigned trace(const Bits& a) const {
    Bits t = a;
    for (int i = 1; i < m; ++i) t = add(mul(t, t), a);
    CHECK(degree(t) <= 0);
    return bit(t, 0) ? 1u : 0u;
  }
  /// htr(a) by its definition: t <- t^4 + a, (m - 1)/2 times.
  Bits half_trace(const Bits& a) const {
    Bits t = a;
    for (int i = 0; i < (m - 1) / 2; ++i) t = add(pow2k(t, 2), a);
    return t;
  }
};

inline Bits bits_of(const Field& f, const Element& e) {
  return Bits(e.w, e.w + f.words());
}

inline Element element_of(const Bits& b) {
  Element e;
  for (std::size_t i = 0; i < b.size() && i < static_cast<std::size_t>(dstu::gf2m::kMaxWords); ++i)
    e.w[i] = b[i];
  return e;
}

/// Equality of all kMaxWords words (the unused ones must stay zero).
inline bool same(const Element& a, const Element& b) {
  for (int i = 0; i < dstu::gf2m::kMaxWords; ++i) {
    if (a.w[i] != b.w[i]) return false;
  }
  return true;
}

inline std::string show(const Field& f, const Element& e) { return dstu::gf2m::to_hex(f, e); }

/// Edge cases: 0, 1, x, all ones, top bit alone, top bit + 1, alternating patterns,
/// full words with a clear top word, just-below-degree values.
inline std::vector<Element> edge_elements(const Field& f) {
  std::vector<Element> v;
  const int w = f.words(), m = f.m();
  auto make = [&](auto fill) {
    Element e;
    for (int i = 0; i < w; ++i) e.w[i] = fill(i);
    e.w[w - 1] &= f.top_mask();
    v.push_back(e);
  };
  make([](int) { return Word(0); });
  make([](int i) { return i == 0 ? Word(1) : 0; });
  make([](int i) { return i == 0 ? Word(2) : 0; });
  make([](int) { return ~Word(0); });
  make([](int) { return Word(0xaaaaaaaaaaaaaaaaULL); });
  make([](int) { return Word(0x5555555555555555ULL); });
  make([&](int i) { return i == w - 1 ? 0 : ~Word(0); });
  make([&](int i) { return i == (m - 1) / 64 ? Word(1) << ((m - 1) % 64) : 0; });
  make([&](int i) { return (i == (m - 1) / 64 ? Word(1) << ((m - 1) % 64) : 0) | (i == 0); });
  make([&](int i) { return i == w - 1 ? ~Word(0) : 0; });
  return v;
}

/// A random element shaped to hit edge cases (uniform, runs of ones, sparse, top bits).
inline Element random_element(const Field& f, dstu::test::TestRng& rng) {
  auto limbs = rng.limbs(static_cast<std::size_t>(f.words()));
  Element e;
  for (int i = 0; i < f.words(); ++i) e.w[i] = limbs[static_cast<std::size_t>(i)];
  if (rng.range(0, 3) == 0) e.w[(f.m() - 1) / 64] |= Word(1) << ((f.m() - 1) % 64);
  e.w[f.words() - 1] &= f.top_mask();
  return e;
}

/// Elements for a field: the edge cases, then `count` random ones.
inline std::vector<Element> test_elements(const Field& f, dstu::test::TestRng& rng, int count) {
  auto v = edge_elements(f);
  for (int i = 0; i < count; ++i) v.push_back(random_element(f, rng));
  return v;
}

/// Generic fields every test covers besides the built-in ones: trinomials and
/// pentanomials of other degrees (SEC 2 / NIST polynomials through the generic
/// reductions, the twins of the built-in N283, N409, N571; k >= 64 for m = 409),
/// tiny and word-aligned degrees, a DSTU polynomial through each generic reduction,
/// and a dense (7-term) modulus.
inline const std::vector<std::unique_ptr<Field>>& generic_fields() {
  using dstu::gf2m::Reduction;
  static const auto fields = [] {
    std::vector<std::unique_ptr<Field>> v;
    auto add = [&](std::vector<int> e, Reduction r) { v.push_back(std::make_unique<Field>(e, r)); };
    add({2, 1, 0}, Reduction::sparse);
    add({7, 1, 0}, Reduction::sparse);
    add({64, 4, 3, 1, 0}, Reduction::sparse);
    add({113, 9, 0}, Reduction::sparse);
    add({131, 8, 3, 2, 0}, Reduction::sparse);
    add({163, 7, 6, 3, 0}, Reduction::sparse);
    add({163, 7, 6, 3, 0}, Reduction::barrett);
    add({163, 7, 6, 3, 0}, Reduction::table);
    add({257, 12, 0}, Reduction::barrett);
    add({283, 12, 7, 5, 0}, Reduction::sparse);
    add({409, 87, 0}, Reduction::sparse);
    add({571, 10, 5, 2, 0}, Reduction::sparse);
    add({571, 10, 5, 2, 0}, Reduction::barrett);
    return v;
  }();
  return fields;
}

/// The fourteen built-in fields (DSTU 4145, then NIST) followed by the generic ones.
inline std::vector<const Field*> all_fields() {
  std::vector<const Field*> v;
  for (dstu::gf2m::Builtin id : dstu::gf2m::builtin_fields()) v.push_back(&Field::builtin(id));
  for (const auto& f : generic_fields()) v.push_back(f.get());
  return v;
}

/// Runs f(path) for "native", "native,-avx512f" (carry-less kernels with 64-bit row
/// tables) when the machine has AVX-512, and "portable"; restores "native".
template <class F>
void for_each_row_path(F&& f) {
  std::vector<std::string> paths{"native"};
  if (dstu::cpu::detected().avx512f) paths.push_back("native,-avx512f");
  paths.push_back("portable");
  for (const auto& p : paths) {
    dstu::cpu::set_override(p);
    f(p);
  }
  dstu::cpu::set_override("native");
}

/// Label for INFO: "<path> GF(2^m) poly [reduction]".
inline std::string label(const std::string& path, const Field& f) {
  return path + " " + f.name() + " [" + dstu::gf2m::reduction_name(f.reduction()) + "]";
}

}  // namespace gf2m_test
