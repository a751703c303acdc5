// Squaring and reduction: sqr against the reference and against mul(a, a); sqr_n
// against repeated squaring; x^(2^m) = x (Frobenius); reduce on arbitrary double-length
// values (not only products) against long division; every CPU path.
#include <doctest/doctest.h>

#include "cpu_paths.hpp"
#include "dstu/gf2m/ops.hpp"
#include "reference.hpp"

using namespace gf2m_test;
namespace g = dstu::gf2m;

TEST_CASE("sqr agrees with the reference and with mul(a, a)") {
  dstu::test::for_each_cpu_path([](const std::string& path) {
    for (const Field* f : all_fields()) {
      INFO(label(path, *f));
      const Ref ref(*f);
      dstu::test::TestRng rng(400 + static_cast<std::uint64_t>(f->m()));
      for (const Element& a : test_elements(*f, rng, 1500)) {
        Element r, p;
        g::sqr(*f, r, a);
        g::mul(*f, p, a, a);
        const Bits ab = bits_of(*f, a);
        const Element want = element_of(ref.mul(ab, ab));
        CHECK_MESSAGE(same(r, want), "a=" << show(*f, a));
        CHECK(same(p, want));
      }
    }
  });
}

TEST_CASE("sqr_n equals repeated squaring and x^(2^m) = x") {
  dstu::test::for_each_cpu_path([](const std::string& path) {
    for (const Field* f : all_fields()) {
      INFO(label(path, *f));
      dstu::test::TestRng rng(500 + static_cast<std::uint64_t>(f->m()));
      for (const Element& a : test_elements(*f, rng, 40)) {
        const unsigned n = static_cast<unsigned>(rng.range(0, 70));
        Element s = a, t;
        for (unsigned i = 0; i < n; ++i) g::sqr(*f, s, s);
        g::sqr_n(*f, t, a, n);
        CHECK(same(s, t));
        g::sqr_n(*f, t, a, static_cast<unsigned>(f->m()));
        CHECK_MESSAGE(same(t, a), "a=" << show(*f, a));
        t = a;
        g::sqr_n(*f, t, t, 3);  // in place
        Element u;
        g::sqr_n(*f, u, a, 3);
        CHECK(same(t, u));
      }
    }
  });
}

TEST_CASE("reduce folds any double-length value like long division") {
  dstu::test::for_each_cpu_path([](const std::string& path) {
    for (const Field* f : all_fields()) {
      INFO(label(path, *f));
      const Ref ref(*f);
      const g::Ops& o = g::ops(*f);
      dstu::test::TestRng rng(600 + static_cast<std::uint64_t>(f->m()));
      const int top = 2 * f->m() - 2;  // the largest degree of a product
      for (int i = 0; i < 1000; ++i) {
        Word wide[2 * g::kMaxWords] = {};
        auto limbs = rng.limbs(static_cast<std::size_t>(2 * f->words()));
        for (int j = 0; j < 2 * f->words(); ++j) wide[j] = limbs[static_cast<std::size_t>(j)];
        for (int b = top + 1; b < 2 * 64 * f->words(); ++b) wide[b / 64] &= ~(Word(1) << (b % 64));
        if (i % 3 == 0) wide[top / 64] |= Word(1) << (top % 64);
        Element r;
        o.reduce(*f, r.w, wide);
        const Element want = element_of(ref.mod(Bits(wide, wide + 2 * f->words())));
        CHECK(same(r, want));
      }
    }
  });
}
