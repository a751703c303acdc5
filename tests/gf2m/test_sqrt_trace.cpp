// Square root and trace: sqrt(a)^2 = a and sqrt(a^2) = a; Tr against its definition
// (t <- t^2 + a), Tr linear, Tr(1) = m mod 2, Tr(a^2) = Tr(a); the precomputed mask
// against the compile-time one; every field and CPU path.
#include <doctest/doctest.h>

#include "cpu_paths.hpp"
#include "dstu/gf2m/internal/kernels.hpp"
#include "reference.hpp"

using namespace gf2m_test;
namespace g = dstu::gf2m;

TEST_CASE("sqrt is the inverse of squaring") {
  dstu::test::for_each_cpu_path([](const std::string& path) {
    for (const Field* f : all_fields()) {
      INFO(label(path, *f));
      const Ref ref(*f);
      dstu::test::TestRng rng(800 + static_cast<std::uint64_t>(f->m()));
      for (const Element& a : test_elements(*f, rng, 500)) {
        Element s, sq;
        g::sqrt(*f, s, a);
        const Bits sb = bits_of(*f, s);
        CHECK_MESSAGE(same(element_of(ref.mul(sb, sb)), a), "a=" << show(*f, a));
        g::sqr(*f, sq, a);
        g::sqrt(*f, s, sq);
        CHECK(same(s, a));
      }
      const Element x = element_of(Bits{2});
      Element sx;
      g::sqrt(*f, sx, x);
      CHECK(same(element_of(ref.pow2k(Bits{2}, f->m() - 1)), sx));
    }
  });
}

TEST_CASE("trace matches its definition, is linear, and Tr(1) = m mod 2") {
  dstu::test::for_each_cpu_path([](const std::string& path) {
    for (const Field* f : all_fields()) {
      INFO(label(path, *f));
      const Ref ref(*f);
      dstu::test::TestRng rng(900 + static_cast<std::uint64_t>(f->m()));
      const auto xs = test_elements(*f, rng, f->m() > 300 ? 6 : 15);
      for (const Element& a : xs) {
        CHECK_MESSAGE(g::trace(*f, a) == ref.trace(bits_of(*f, a)), "a=" << show(*f, a));
      }
      CHECK(g::trace(*f, g::one()) == static_cast<unsigned>(f->m() % 2));
      for (int i = 0; i < 500; ++i) {
        const Element a = random_element(*f, rng), b = random_element(*f, rng);
        Element s, a2;
        g::add(*f, s, a, b);
        CHECK(g::trace(*f, s) == (g::trace(*f, a) ^ g::trace(*f, b)));
        g::sqr(*f, a2, a);
        CHECK(g::trace(*f, a2) == g::trace(*f, a));
      }
    }
  });
}

TEST_CASE("the compile-time trace mask equals the field's") {
#define CHECK_MASK(F)                                                          \
  {                                                                            \
    constexpr auto mask = g::trace_mask<g::F>();                               \
    const Field& f = Field::builtin(g::F::id);                                 \
    for (int i = 0; i < g::F::words; ++i) CHECK(mask[i] == f.trace_mask()[i]); \
  }
  DSTU_GF2M_FOR_EACH_FIELD(CHECK_MASK)
#undef CHECK_MASK
}
