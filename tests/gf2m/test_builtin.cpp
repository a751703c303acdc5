// Built-in fields (builtin.hpp: ten DSTU 4145, four NIST): the identity API
// (Field::builtin, find_builtin, builtin_id, is_builtin, is_dstu, Kernels<P, I>::field)
// and every typed kernel on the whole polynomial basis, on every CPU path.
//
// The basis checks are complete, not samples: reduction, squaring, square root, trace
// and half-trace are GF(2)-linear and multiplication is bilinear, and every kernel is
// built from XOR, AND with constant masks, shifts by constant counts and carry-less
// products (no carries, nothing else). So mul on every pair x^i, x^j (i, j < m)
// checks every product degree 0 .. 2m - 2, hence every word and bit the two folds of
// the special reduction touch, including the overflow O that NIST's x^233 + x^74 + 1
// and x^409 + x^87 + 1 carry over two words — and equality on a basis is equality
// everywhere. The reference is long division from the top bit (reference.hpp).
#include <doctest/doctest.h>

#include <algorithm>
#include <vector>

#include "cpu_paths.hpp"
#include "dstu/base/error.hpp"
#include "dstu/gf2m/internal/kernels.hpp"
#include "reference.hpp"

using namespace gf2m_test;
namespace g = dstu::gf2m;

namespace {

/// x^d mod f for 0 <= d <= 2m - 2, by the reference's long division.
std::vector<Element> reduced_powers(const Field& f) {
  const Ref ref(f);
  std::vector<Element> v;
  for (int d = 0; d <= 2 * f.m() - 2; ++d) {
    Bits x;
    flip(x, d);
    v.push_back(element_of(ref.mod(x)));
  }
  return v;
}

Element monomial(int i) {
  Element e;
  e.w[i / 64] = Word(1) << (i % 64);
  return e;
}

/// Calls check(f, pow, k) for every built-in field f on every CPU path, with pow =
/// reduced_powers(f) and k the kernels dispatch() picks for f on that path.
template <class Check>
void for_each_builtin_kernels(Check&& check) {
  for (g::Builtin id : g::builtin_fields()) {
    const Field& f = Field::builtin(id);
    const auto pow = reduced_powers(f);
    dstu::test::for_each_cpu_path([&](const std::string& path) {
      INFO(label(path, f));
      g::dispatch(f, [&](auto k) {
        check(f, pow, k);
        return 0;
      });
    });
  }
}

}  // namespace

TEST_CASE("built-in fields: identity, lookup by polynomial, DSTU marking") {
  CHECK(g::builtin_fields().size() == 14);
  int dstu = 0;
  for (g::Builtin id : g::builtin_fields()) {
    const Field& f = Field::builtin(id);
    INFO(f.name());
    CHECK(&Field::builtin(id) == &f);  // one object per field
    CHECK(f.builtin_id() == id);
    CHECK(f.is_builtin());
    CHECK(f.reduction() == g::Reduction::special);
    CHECK(Field::find_builtin(f.exponents()) == &f);
    std::vector<int> ascending(f.exponents().begin(), f.exponents().end());
    std::reverse(ascending.begin(), ascending.end());
    CHECK(Field::find_builtin(ascending) == &f);  // any order
    if (f.is_dstu()) {
      ++dstu;
      CHECK(&Field::dstu(f.m()) == &f);
    }
    const Field twin(f.exponents());  // the same polynomial as a generic field
    CHECK_FALSE(twin.is_builtin());
    CHECK_FALSE(twin.is_dstu());
    CHECK_FALSE(twin.builtin_id().has_value());
  }
  CHECK(dstu == 10);
  CHECK(g::dstu_degrees().size() == 10);

  using V = std::vector<int>;
  // FIPS 186-4 D.1.3: x^163 + x^7 + x^6 + x^3 + 1 is DSTU's own F163.
  CHECK(Field::find_builtin(V{163, 7, 6, 3, 0}) == &Field::dstu(163));
  const Field* n233 = Field::find_builtin(V{233, 74, 0});
  REQUIRE(n233 != nullptr);
  CHECK(n233 == &Field::builtin(g::Builtin::N233));
  CHECK(n233 != &Field::dstu(233));  // the same degree, two fields
  CHECK_FALSE(n233->is_dstu());
  CHECK(Field::dstu(233).is_dstu());
  CHECK(Field::find_builtin(V{283, 12, 7, 5, 0}) == &Field::builtin(g::Builtin::N283));
  CHECK(Field::find_builtin(V{409, 87, 0}) == &Field::builtin(g::Builtin::N409));
  CHECK(Field::find_builtin(V{571, 10, 5, 2, 0}) == &Field::builtin(g::Builtin::N571));
  CHECK(Field::find_builtin(V{113, 9, 0}) == nullptr);
  CHECK(Field::find_builtin(V{233, 74}) == nullptr);
  CHECK_THROWS_AS(Field::dstu(409), dstu::Error);
  CHECK_THROWS_AS(Field(V{409, 87, 0}, g::Reduction::special), dstu::Error);
}

TEST_CASE("Kernels<P, I>::field() is the built-in field of P") {
#define CHECK_TYPE(F)                                                                          \
  {                                                                                            \
    const Field& f = g::Kernels<g::F, g::Isa::portable>::field();                              \
    CHECK(&f == &Field::builtin(g::F::id));                                                    \
    CHECK(&g::Kernels<g::F, g::Isa::clmul>::field() == &f);                                    \
    CHECK(f.m() == g::F::m);                                                                   \
    const std::vector<int> want = g::F::pentanomial ? std::vector<int>{g::F::m, g::F::k1, g::F::k2, g::F::k3, 0} \
                                                    : std::vector<int>{g::F::m, g::F::k1, 0};  \
    CHECK(std::equal(want.begin(), want.end(), f.exponents().begin(), f.exponents().end()));   \
  }
  DSTU_GF2M_FOR_EACH_FIELD(CHECK_TYPE)
#undef CHECK_TYPE
}

TEST_CASE("mul, mul2, sqr, sqr2 on the whole basis equal long division") {
  for_each_builtin_kernels([](const Field& f, const std::vector<Element>& pow, auto k) {
    const int m = f.m();
    int bad = 0;
    for (int i = 0; i < m; ++i) {
      const Element a = monomial(i);
      for (int j = 0; j < m; ++j) {
        const Element b = monomial(j), c = monomial(m - 1 - j);
        Element r, r2;
        k.mul(r.w, a.w, b.w);
        bad += !same(r, pow[static_cast<std::size_t>(i + j)]);
        if (j % 7 == i % 7) {  // mul2 is the same product twice over: a seventh of the pairs
          k.mul2(r.w, a.w, b.w, r2.w, b.w, c.w);
          bad += !same(r, pow[static_cast<std::size_t>(i + j)]) + !same(r2, pow[static_cast<std::size_t>(m - 1)]);
        }
      }
      Element s, s2;
      k.sqr(s.w, a.w);
      bad += !same(s, pow[static_cast<std::size_t>(2 * i)]);
      k.sqr2(s.w, a.w, s2.w, monomial(m - 1 - i).w);
      bad += !same(s, pow[static_cast<std::size_t>(2 * i)]) + !same(s2, pow[static_cast<std::size_t>(2 * (m - 1 - i))]);
    }
    CHECK(bad == 0);
  });
}

TEST_CASE("reduce on every single bit up to x^(2m-2) and on all ones") {
  for_each_builtin_kernels([](const Field& f, const std::vector<Element>& pow, auto k) {
    int bad = 0;
    for (int d = 0; d <= 2 * f.m() - 2; ++d) {
      Word wide[2 * g::kMaxWords] = {};
      wide[d / 64] = Word(1) << (d % 64);
      Element r;
      k.reduce(r.w, wide);
      bad += !same(r, pow[static_cast<std::size_t>(d)]);
    }
    CHECK(bad == 0);
    // All of x^0 .. x^(2m-2): H all ones, the overflow O at its widest.
    Word ones[2 * g::kMaxWords] = {};
    for (int d = 0; d <= 2 * f.m() - 2; ++d) ones[d / 64] |= Word(1) << (d % 64);
    Element r;
    k.reduce(r.w, ones);
    CHECK(same(r, element_of(Ref(f).mod(Bits(ones, ones + 2 * f.words())))));
  });
}

TEST_CASE("sqrt, trace and half-trace on the whole basis") {
  for_each_builtin_kernels([](const Field& f, const std::vector<Element>&, auto k) {
    const int m = f.m();
    int bad = 0;
    for (int i = 0; i < m; ++i) {
      const Element a = monomial(i);
      // sqrt: s^2 = x^i, squaring checked above.
      Element s, s2;
      k.sqrt(s.w, a.w);
      k.sqr(s2.w, s.w);
      bad += !same(s2, a);
      // Tr(x^i) by its definition, t <- t^2 + a, m - 1 times.
      Element t = a;
      for (int j = 1; j < m; ++j) {
        k.sqr(t.w, t.w);
        k.add(t.w, t.w, a.w);
      }
      bad += !(g::is_zero(f, t) || same(t, g::one()));
      bad += k.trace(a.w) != t.w[0];
      // htr(x^i): z^2 + z = x^i + Tr(x^i).
      Element z, z2;
      k.half_trace(z.w, a.w);
      k.sqr(z2.w, z.w);
      k.add(z2.w, z2.w, z.w);
      z2.w[0] ^= k.trace(a.w);
      bad += !same(z2, a);
    }
    CHECK(bad == 0);
  });
}

TEST_CASE("inv: a * a^-1 = 1 on the basis, edge and random elements, against inv_vartime") {
  for_each_builtin_kernels([](const Field& f, const std::vector<Element>&, auto k) {
    const Ref ref(f);
    dstu::test::TestRng rng(5000 + static_cast<std::uint64_t>(f.m()));
    auto xs = test_elements(f, rng, 200);
    for (int i = 0; i < f.m(); i += 3) xs.push_back(monomial(i));
    int bad = 0, refchecked = 0;
    for (const Element& a : xs) {
      Element r, p, v;
      k.inv(r.w, a.w);
      if (g::is_zero(f, a)) {
        bad += !g::is_zero(f, r);
        continue;
      }
      k.mul(p.w, a.w, r.w);
      bad += !same(p, g::one());
      g::inv_vartime(f, v, a);
      bad += !same(r, v);
      if (refchecked++ < 20) bad += !same(element_of(ref.mul(bits_of(f, a), bits_of(f, r))), g::one());
    }
    CHECK(bad == 0);
  });
}
