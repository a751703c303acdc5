// Half-trace and z^2 + z = c: htr against its definition (t <- t^4 + a); when
// Tr(c) = 0, z = htr(c) and z + 1 solve z^2 + z = c; when Tr(c) = 1, solve reports
// failure; half-trace is linear; even m is refused. Every odd-m field, every path.
#include <doctest/doctest.h>

#include "cpu_paths.hpp"
#include "dstu/base/error.hpp"
#include "dstu/gf2m/ops.hpp"
#include "reference.hpp"

using namespace gf2m_test;
namespace g = dstu::gf2m;

TEST_CASE("half_trace matches its definition and is linear") {
  for_each_row_path([](const std::string& path) {
    for (const Field* f : all_fields()) {
      if (f->m() % 2 == 0) continue;
      INFO(label(path, *f));
      const Ref ref(*f);
      dstu::test::TestRng rng(1000 + static_cast<std::uint64_t>(f->m()));
      for (const Element& a : test_elements(*f, rng, f->m() > 300 ? 6 : 20)) {
        Element h;
        g::half_trace(*f, h, a);
        CHECK_MESSAGE(same(h, element_of(ref.half_trace(bits_of(*f, a)))), "a=" << show(*f, a));
      }
      for (int i = 0; i < 300; ++i) {
        const Element a = random_element(*f, rng), b = random_element(*f, rng);
        Element s, ha, hb, hs, sum;
        g::add(*f, s, a, b);
        g::half_trace(*f, ha, a);
        g::half_trace(*f, hb, b);
        g::half_trace(*f, hs, s);
        g::add(*f, sum, ha, hb);
        CHECK(same(hs, sum));
      }
    }
  });
}

TEST_CASE("solve_quadratic solves z^2 + z = c exactly when Tr(c) = 0") {
  for_each_row_path([](const std::string& path) {
    for (const Field* f : all_fields()) {
      if (f->m() % 2 == 0) continue;
      INFO(label(path, *f));
      dstu::test::TestRng rng(1100 + static_cast<std::uint64_t>(f->m()));
      int solved = 0, refused = 0;
      for (const Element& c : test_elements(*f, rng, 1000)) {
        Element z, z2, lhs;
        const bool ok = g::solve_quadratic(*f, z, c);
        CHECK(ok == (g::trace(*f, c) == 0));
        g::sqr(*f, z2, z);
        g::add(*f, lhs, z2, z);
        if (ok) {
          ++solved;
          CHECK_MESSAGE(same(lhs, c), "c=" << show(*f, c));
          Element z1 = z;
          z1.w[0] ^= 1;  // the other root
          g::sqr(*f, z2, z1);
          g::add(*f, lhs, z2, z1);
          CHECK(same(lhs, c));
        } else {
          ++refused;
          CHECK(!same(lhs, c));
          // z^2 + z = c + Tr(c) = c + 1 for the half-trace of a trace-one element.
          lhs.w[0] ^= 1;
          CHECK(same(lhs, c));
        }
      }
      CHECK(solved > 100);
      CHECK(refused > 100);
      Element c = g::one(), z;  // Tr(1) = 1 for odd m: no root
      CHECK_FALSE(g::solve_quadratic(*f, z, c));
    }
  });
}

TEST_CASE("half-trace is refused for even m") {
  const Field& f = *generic_fields()[0];  // GF(2^2)
  REQUIRE(f.m() % 2 == 0);
  Element z;
  CHECK_THROWS_AS(g::half_trace(f, z, g::one()), dstu::Error);
  CHECK_THROWS_AS(g::solve_quadratic(f, z, g::one()), dstu::Error);
}
