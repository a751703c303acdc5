// Generic fields: random irreducible trinomials and pentanomials of random degree
// (sparse folding), dense moduli (Barrett, masked rows), the three generic reductions
// of every built-in polynomial against its special reduction, and the checks that refuse
// bad moduli. Every CPU path.
#include <doctest/doctest.h>

#include <algorithm>
#include <initializer_list>
#include <memory>
#include <vector>

#include "cpu_paths.hpp"
#include "dstu/base/error.hpp"
#include "dstu/gf2m/ops.hpp"
#include "reference.hpp"
#include "sanitized.hpp"

using namespace gf2m_test;
namespace g = dstu::gf2m;

namespace {

/// A random irreducible polynomial of degree about m with `terms` terms; moves to the
/// next degree when none turns up (some degrees have no irreducible trinomial).
std::vector<int> random_irreducible(dstu::test::TestRng& rng, int m, int terms) {
  for (int tries = 0;; ++tries) {
    if (tries == 4 * m) {
      ++m;
      tries = 0;
    }
    std::vector<int> e{m, 0};
    while (static_cast<int>(e.size()) < terms) {
      const int k = static_cast<int>(rng.range(1, static_cast<std::uint64_t>(m - 1)));
      if (std::find(e.begin(), e.end(), k) == e.end()) e.push_back(k);
    }
    if (g::is_irreducible_vartime(e)) return e;
  }
}

/// A field for every modulus and reduction, in that order (polys[k / methods.size()] is
/// the modulus of field k), built once (with the native kernels) for every CPU path:
/// building one (Barrett constant, reduction and half-trace rows) costs more under the
/// sanitizers than its checks, and each path's kernels, which building would call, are
/// checked on every field below.
std::vector<std::unique_ptr<Field>> build_fields(const std::vector<std::vector<int>>& polys,
                                                 std::initializer_list<g::Reduction> methods) {
  std::vector<std::unique_ptr<Field>> fields;
  for (const auto& e : polys) {
    for (g::Reduction method : methods) fields.push_back(std::make_unique<Field>(e, method));
  }
  return fields;
}

/// Checks mul, sqr, inv, sqrt on a few elements of f against the reference.
void check_field(const Field& f, dstu::test::TestRng& rng, int count) {
  const Ref ref(f);
  for (const Element& a : test_elements(f, rng, count)) {
    const Element b = random_element(f, rng);
    Element r;
    g::mul(f, r, a, b);
    CHECK(same(r, element_of(ref.mul(bits_of(f, a), bits_of(f, b)))));
    g::sqr(f, r, a);
    CHECK(same(r, element_of(ref.mul(bits_of(f, a), bits_of(f, a)))));
    if (!g::is_zero(f, a)) {
      g::inv(f, r, a);
      CHECK(same(element_of(ref.mul(bits_of(f, a), bits_of(f, r))), g::one()));
    }
    g::sqrt(f, r, a);
    CHECK(same(element_of(ref.mul(bits_of(f, r), bits_of(f, r))), a));
  }
}

}  // namespace

TEST_CASE("random irreducible trinomials and pentanomials, every reduction") {
  dstu::test::TestRng rng(1200);
  std::vector<std::vector<int>> polys;
  // Under the sanitizers (sanitized.hpp) 8 moduli, 4 of them small: both term counts,
  // one and many words, every reduction still.
  const int count = dstu::test::kSanitized ? 8 : 24;
  for (int i = 0; i < count; ++i) {
    const int m = static_cast<int>(i < 4 ? rng.range(3, 70) : rng.range(3, 560));
    polys.push_back(random_irreducible(rng, m, i % 2 == 0 ? 3 : 5));
  }
  const auto fields = build_fields(polys, {g::Reduction::sparse, g::Reduction::barrett, g::Reduction::table});
  dstu::test::for_each_cpu_path([&](const std::string& path) {
    for (const auto& f : fields) {
      INFO(label(path, *f));
      check_field(*f, rng, dstu::test::kSanitized ? 4 : 20);  // sanitized.hpp
    }
  });
}

TEST_CASE("dense moduli reduce by Barrett and by rows; sparse refuses them") {
  dstu::test::TestRng rng(1300);
  std::vector<std::vector<int>> polys;
  for (int m : {11, 64, 128, 200, 311, 571}) polys.push_back(random_irreducible(rng, m, 9));
  for (const auto& e : polys) {
    CHECK(Field(e).reduction() == g::Reduction::barrett);
    CHECK_THROWS_AS(Field(e, g::Reduction::sparse), dstu::Error);
  }
  const auto fields = build_fields(polys, {g::Reduction::barrett, g::Reduction::table});
  dstu::test::for_each_cpu_path([&](const std::string& path) {
    for (const auto& f : fields) {
      INFO(label(path, *f));
      check_field(*f, rng, dstu::test::kSanitized ? 4 : 30);  // sanitized.hpp
    }
  });
}

TEST_CASE("generic reductions of the built-in polynomials agree with the special ones") {
  const auto methods = {g::Reduction::sparse, g::Reduction::barrett, g::Reduction::table};
  const auto builtins = g::builtin_fields();
  std::vector<std::vector<int>> polys;
  for (g::Builtin id : builtins) {
    const Field& special = Field::builtin(id);
    polys.emplace_back(special.exponents().begin(), special.exponents().end());
  }
  const auto fields = build_fields(polys, methods);  // modulus by modulus, each in every method
  dstu::test::for_each_cpu_path([&](const std::string& path) {
    dstu::test::TestRng rng(1400);
    for (std::size_t k = 0; k < fields.size(); ++k) {
      const Field &f = *fields[k], &special = Field::builtin(builtins[k / methods.size()]);
      INFO(label(path, f));
      for (int i = 0; i < (dstu::test::kSanitized ? 20 : 200); ++i) {  // sanitized.hpp
        const Element a = random_element(f, rng), b = random_element(f, rng);
        Element x, y;
        g::mul(special, x, a, b);
        g::mul(f, y, a, b);
        CHECK(same(x, y));
        g::inv(special, x, a);
        g::inv(f, y, a);
        CHECK(same(x, y));
        g::sqrt(special, x, a);
        g::sqrt(f, y, a);
        CHECK(same(x, y));
        g::half_trace(special, x, a);
        g::half_trace(f, y, a);
        CHECK(same(x, y));
        CHECK(g::trace(special, a) == g::trace(f, a));
      }
      for (int i = 0; i < f.words(); ++i) {
        CHECK(f.trace_mask()[i] == special.trace_mask()[i]);
        CHECK(f.sqrt_x()[i] == special.sqrt_x()[i]);
      }
    }
  });
}

TEST_CASE("fields refuse reducible or malformed moduli") {
  using V = std::vector<int>;
  CHECK(g::is_irreducible_vartime(V{163, 7, 6, 3, 0}));
  CHECK(g::is_irreducible_vartime(V{2, 1, 0}));
  CHECK_FALSE(g::is_irreducible_vartime(V{4, 2, 0}));        // (x^2 + x + 1)^2
  CHECK(g::is_irreducible_vartime(V{6, 3, 0}));                 // x^6 + x^3 + 1
  CHECK_FALSE(g::is_irreducible_vartime(V{163, 1, 0}));      // x^163 + x + 1 factors
  CHECK_FALSE(g::is_irreducible_vartime(V{8, 1, 0}));
  CHECK_THROWS_AS(Field(V{163, 1, 0}), dstu::Error);
  CHECK_THROWS_AS(Field(V{163, 7, 6, 3}), dstu::Error);      // no constant term
  CHECK_THROWS_AS(Field(V{163, 7, 7, 3, 0}), dstu::Error);   // repeated exponent
  CHECK_THROWS_AS(Field(V{1, 0}), dstu::Error);              // m < 2
  CHECK_THROWS_AS(Field(V{577, 25, 0}), dstu::Error);        // m > 571
  CHECK_THROWS_AS(Field(V{163, 7, 6, 3, 0}, g::Reduction::special), dstu::Error);
  CHECK_THROWS_AS(Field::dstu(283), dstu::Error);
  for (int m : g::dstu_degrees()) {
    const Field& f = Field::dstu(m);
    CHECK(f.is_dstu());
    CHECK(f.m() == m);
    CHECK(g::is_irreducible_vartime(f.exponents()));
  }
}
