// Multiplication: every field (fourteen built-in, generic sparse/Barrett/table) on every CPU
// path against the bit-by-bit reference, edge cases and random elements; the
// unreduced product plus reduce; the typed kernels against the runtime API; algebraic
// properties (commutativity, distributivity, identity).
#include <doctest/doctest.h>

#include "cpu_paths.hpp"
#include "dstu/gf2m/internal/kernels.hpp"
#include "reference.hpp"

using namespace gf2m_test;
namespace g = dstu::gf2m;

TEST_CASE("mul agrees with the bit-by-bit reference") {
  dstu::test::for_each_cpu_path([](const std::string& path) {
    for (const Field* f : all_fields()) {
      INFO(label(path, *f) << " seed=" << dstu::test::seed());
      const Ref ref(*f);
      dstu::test::TestRng rng(static_cast<std::uint64_t>(f->m()));
      const int count = f->m() > 300 ? 600 : 1500;
      auto xs = test_elements(*f, rng, count);
      auto ys = test_elements(*f, rng, count);
      int bad = 0, compared = 0;
      for (std::size_t i = 0; i < xs.size(); ++i) {
        for (std::size_t j : {i, (i * 7 + 3) % ys.size()}) {
          Element r;
          g::mul(*f, r, xs[i], ys[j]);
          const Element want = element_of(ref.mul(bits_of(*f, xs[i]), bits_of(*f, ys[j])));
          ++compared;
          if (!same(r, want) && ++bad <= 3) {
            FAIL_CHECK("a=" << show(*f, xs[i]) << " b=" << show(*f, ys[j]) << " got "
                            << show(*f, r) << " want " << show(*f, want));
          }
        }
      }
      CHECK(bad == 0);
      CHECK(compared >= 2 * count);
    }
  });
}

TEST_CASE("mul_wide then reduce equals mul; outputs may alias inputs") {
  dstu::test::for_each_cpu_path([](const std::string& path) {
    for (const Field* f : all_fields()) {
      INFO(label(path, *f));
      const g::Ops& o = g::ops(*f);
      dstu::test::TestRng rng(100 + static_cast<std::uint64_t>(f->m()));
      for (int i = 0; i < 300; ++i) {
        Element a = random_element(*f, rng), b = random_element(*f, rng), r1, r2;
        g::mul(*f, r1, a, b);
        Word wide[2 * g::kMaxWords] = {};
        o.mul_wide(*f, wide, a.w, b.w);
        o.reduce(*f, r2.w, wide);
        CHECK(same(r1, r2));
        Element c = a;
        g::mul(*f, c, c, b);  // r aliases a
        CHECK(same(c, r1));
        c = b;
        g::mul(*f, c, a, c);  // r aliases b
        CHECK(same(c, r1));
      }
    }
  });
}

TEST_CASE("mul is commutative, distributive, with identity 1 and absorbing 0") {
  dstu::test::for_each_cpu_path([](const std::string& path) {
    for (const Field* f : all_fields()) {
      INFO(label(path, *f));
      dstu::test::TestRng rng(200 + static_cast<std::uint64_t>(f->m()));
      for (int i = 0; i < 400; ++i) {
        const Element a = random_element(*f, rng), b = random_element(*f, rng),
                      c = random_element(*f, rng);
        Element ab, ba, bc, lhs, ac, rhs, t;
        g::mul(*f, ab, a, b);
        g::mul(*f, ba, b, a);
        CHECK(same(ab, ba));
        g::add(*f, bc, b, c);
        g::mul(*f, lhs, a, bc);
        g::mul(*f, ac, a, c);
        g::add(*f, rhs, ab, ac);
        CHECK(same(lhs, rhs));
        g::mul(*f, t, a, g::one());
        CHECK(same(t, a));
        g::mul(*f, t, a, Element{});
        CHECK(g::is_zero(*f, t));
      }
    }
  });
}

namespace {

template <class P, g::Isa I>
void check_typed(dstu::test::TestRng& rng) {
  using K = g::Kernels<P, I>;
  const Field& f = K::field();
  INFO(f.name() << " isa=" << g::isa_name(I));
  for (int i = 0; i < 200; ++i) {
    const Element a = random_element(f, rng), b = random_element(f, rng);
    Element want, got;
    f.ops_portable().mul(f, want.w, a.w, b.w);
    K::mul(got.w, a.w, b.w);
    CHECK(same(got, want));
    f.ops_portable().sqr(f, want.w, a.w);
    K::sqr(got.w, a.w);
    CHECK(same(got, want));
    Word wide[2 * P::words];
    K::mul_wide(wide, a.w, b.w);
    K::reduce(got.w, wide);
    f.ops_portable().mul(f, want.w, a.w, b.w);
    CHECK(same(got, want));
    CHECK(K::trace(a.w) == g::trace(f, a));
    // The paired kernels equal two single calls; an output may alias its own input.
    const Element c = random_element(f, rng), d = random_element(f, rng);
    Element want2, got1, got2;
    f.ops_portable().mul(f, want.w, a.w, b.w);
    f.ops_portable().mul(f, want2.w, c.w, d.w);
    K::mul2(got1.w, a.w, b.w, got2.w, c.w, d.w);
    CHECK(same(got1, want));
    CHECK(same(got2, want2));
    Element x = a, y = c;
    K::mul2(x.w, x.w, b.w, y.w, y.w, d.w);
    CHECK(same(x, want));
    CHECK(same(y, want2));
    f.ops_portable().sqr(f, want.w, a.w);
    f.ops_portable().sqr(f, want2.w, c.w);
    K::sqr2(got1.w, a.w, got2.w, c.w);
    CHECK(same(got1, want));
    CHECK(same(got2, want2));
  }
}

}  // namespace

TEST_CASE("typed Kernels<P, I> agree with the runtime table, and dispatch picks them") {
  dstu::test::TestRng rng(300);
  const auto& cpu = dstu::cpu::detected();
  const bool hw = cpu.pclmulqdq, vp = dstu::cpu::vpclmul_kernels(cpu);
#define CHECK_FIELD(F)                                    \
  check_typed<g::F, g::Isa::portable>(rng);               \
  if (hw) check_typed<g::F, g::Isa::clmul>(rng);          \
  if (vp) check_typed<g::F, g::Isa::vpclmul>(rng);
  DSTU_GF2M_FOR_EACH_FIELD(CHECK_FIELD)
#undef CHECK_FIELD
  dstu::test::for_each_cpu_path([](const std::string& path) {
    INFO(path);
    for (g::Builtin id : g::builtin_fields()) {
      const Field& f = Field::builtin(id);
      INFO(f.name());
      const auto seen =
          g::dispatch(f, [](auto k) { return std::pair<const Field*, g::Isa>(&k.field(), k.isa); });
      CHECK(seen.first == &f);              // the typed kernels of this very field
      CHECK(seen.second == g::ops(f).isa);  // dispatch and the runtime table agree
    }
    const Field& generic = *generic_fields().front();
    const int words = g::dispatch(generic, [](auto k) { return int(k.words); });
    CHECK(words == generic.words());
  });
}
