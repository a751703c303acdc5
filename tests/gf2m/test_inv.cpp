// Inversion: a * a^-1 = 1 for Itoh–Tsujii (constant time) and extended Euclid
// (variable time), the two agree, inv(0) = 0, inv(1) = 1, inv(inv(a)) = a; every field
// and CPU path.
#include <doctest/doctest.h>

#include "cpu_paths.hpp"
#include "dstu/gf2m/ops.hpp"
#include "reference.hpp"

using namespace gf2m_test;
namespace g = dstu::gf2m;

TEST_CASE("inv and inv_vartime give a * a^-1 = 1 and agree") {
  for_each_row_path([](const std::string& path) {
    for (const Field* f : all_fields()) {
      INFO(label(path, *f));
      const Ref ref(*f);
      dstu::test::TestRng rng(700 + static_cast<std::uint64_t>(f->m()));
      for (const Element& a : test_elements(*f, rng, 300)) {
        Element i1, i2, back;
        g::inv(*f, i1, a);
        g::inv_vartime(*f, i2, a);
        if (g::is_zero(*f, a)) {
          CHECK(g::is_zero(*f, i1));
          CHECK(g::is_zero(*f, i2));
          continue;
        }
        const Element prod = element_of(ref.mul(bits_of(*f, a), bits_of(*f, i1)));
        CHECK_MESSAGE(same(prod, g::one()), "a=" << show(*f, a) << " inv=" << show(*f, i1));
        CHECK_MESSAGE(same(i1, i2), "a=" << show(*f, a));
        g::inv(*f, back, i1);
        CHECK(same(back, a));
        Element alias = a;
        g::inv(*f, alias, alias);
        CHECK(same(alias, i1));
      }
      Element r;
      g::inv(*f, r, g::one());
      CHECK(same(r, g::one()));
    }
  });
}
