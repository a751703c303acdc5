// VPCLMULQDQ kernels: mul/mul2/sqr/sqr2 of every field that has them (the DSTU ones,
// DSTU_GF2M_FOR_EACH_VPCLMUL_FIELD), as raw kernels and through
// Kernels<P, Isa::vpclmul>, against the portable kernels on edge elements (0, 1, all
// ones, top bit, patterns), every single bit x^i and thousands of random elements, with
// outputs aliasing inputs; and the selection: dispatch() and ops() agree with
// vpclmul_choice() and fall back when vpclmulqdq is switched off. The kernels' test runs
// in its own ctest entry, gf2m_vpclmul: SKIPPED (exit 77), never passed, on a CPU
// without VPCLMULQDQ and AVX-512F.
// (The KATs and the other gf2m tests run every path through for_each_cpu_path, which
// includes "native,-vpclmulqdq" on a machine that has it.)
#include <doctest/doctest.h>

#include <cstdlib>
#include <utility>

#include "cpu_paths.hpp"
#include "dstu/gf2m/internal/kernels.hpp"
#include "reference.hpp"

using namespace gf2m_test;
namespace g = dstu::gf2m;

namespace {

bool have_vpclmul() {
  const auto& c = dstu::cpu::detected();
  return c.vpclmulqdq && c.avx512f && c.pclmulqdq;
}

/// Edge elements, x^i for every i < m, then `count` random elements.
std::vector<Element> vp_elements(const Field& f, dstu::test::TestRng& rng, int count) {
  auto v = edge_elements(f);
  for (int i = 0; i < f.m(); ++i) {
    Element e;
    e.w[i / 64] = Word(1) << (i % 64);
    v.push_back(e);
  }
  for (int i = 0; i < count; ++i) v.push_back(random_element(f, rng));
  return v;
}

/// The four operations of one kernel family, called through function pointers.
struct Family {
  const char* name;
  void (*mul)(Word*, const Word*, const Word*);
  void (*mul2)(Word*, const Word*, const Word*, Word*, const Word*, const Word*);
  void (*sqr)(Word*, const Word*);
  void (*sqr2)(Word*, const Word*, Word*, const Word*);
};

template <class P>
Family raw_family() {
  return {"raw", g::mul_vpclmul<P>, g::mul2_vpclmul<P>, g::sqr_vpclmul<P>, g::sqr2_vpclmul<P>};
}

template <class P>
Family kernels_family() {
  using K = g::Kernels<P, g::Isa::vpclmul>;
  return {"Kernels<P, vpclmul>", K::mul, K::mul2, K::sqr, K::sqr2};
}

template <class P>
void check_family(const Family& k, dstu::test::TestRng& rng) {
  const Field& f = Field::builtin(P::id);
  INFO(f.name() << " " << k.name);
  const auto xs = vp_elements(f, rng, 2500);
  const std::size_t n = xs.size();
  int bad = 0;
  auto expect = [&](bool ok, const char* what, std::size_t i) {
    if (!ok && ++bad <= 5) FAIL_CHECK(std::string(what) << " wrong for a=" << show(f, xs[i]));
  };
  for (std::size_t i = 0; i < n; ++i) {
    const Element& a = xs[i];
    const Element& b = xs[(i * 7 + 3) % n];
    const Element& c = xs[(i * 13 + 5) % n];
    const Element& d = xs[(n - 1 - i)];
    Element ab, cd, aa, cc;
    f.ops_portable().mul(f, ab.w, a.w, b.w);
    f.ops_portable().mul(f, cd.w, c.w, d.w);
    f.ops_portable().sqr(f, aa.w, a.w);
    f.ops_portable().sqr(f, cc.w, c.w);

    Element r1, r2;
    k.mul(r1.w, a.w, b.w);
    expect(same(r1, ab), "mul", i);
    r1 = a;
    k.mul(r1.w, r1.w, b.w);  // r aliases a
    expect(same(r1, ab), "mul (r = a)", i);
    r1 = b;
    k.mul(r1.w, a.w, r1.w);  // r aliases b
    expect(same(r1, ab), "mul (r = b)", i);
    k.sqr(r1.w, a.w);
    expect(same(r1, aa), "sqr", i);
    r1 = a;
    k.sqr(r1.w, r1.w);
    expect(same(r1, aa), "sqr (r = a)", i);

    k.mul2(r1.w, a.w, b.w, r2.w, c.w, d.w);
    expect(same(r1, ab) && same(r2, cd), "mul2", i);
    r1 = a;
    r2 = d;
    k.mul2(r1.w, r1.w, b.w, r2.w, c.w, r2.w);  // each output aliases its own input
    expect(same(r1, ab) && same(r2, cd), "mul2 (r1 = a1, r2 = b2)", i);
    k.sqr2(r1.w, a.w, r2.w, c.w);
    expect(same(r1, aa) && same(r2, cc), "sqr2", i);
    r1 = a;
    r2 = c;
    k.sqr2(r1.w, r1.w, r2.w, r2.w);
    expect(same(r1, aa) && same(r2, cc), "sqr2 (in place)", i);
    k.mul2(r1.w, a.w, a.w, r2.w, a.w, a.w);  // both products of one element
    expect(same(r1, aa) && same(r2, aa), "mul2 (a * a twice)", i);
  }
  CHECK(bad == 0);
}

}  // namespace

// Skipped in the main run (it exits 77 without VPCLMULQDQ); ctest gf2m_vpclmul runs it
// alone with --no-skip.
TEST_CASE("VPCLMULQDQ kernels agree with the portable kernels" * doctest::skip()) {
  if (!have_vpclmul()) {
    MESSAGE("CPU without vpclmulqdq + avx512f: VPCLMULQDQ kernels not run");
    std::exit(77);  // ctest: gf2m_vpclmul reports SKIPPED, never passed
  }
  dstu::test::TestRng rng(4100);
#define CHECK_FIELD(F)                                 \
  check_family<g::F>(raw_family<g::F>(), rng);         \
  check_family<g::F>(kernels_family<g::F>(), rng);
  DSTU_GF2M_FOR_EACH_VPCLMUL_FIELD(CHECK_FIELD)
#undef CHECK_FIELD
}

TEST_CASE("Isa::vpclmul is chosen per field and only when the CPU path allows it") {
  CHECK(std::string(g::isa_name(g::Isa::vpclmul)) == "vpclmul");
  dstu::test::for_each_cpu_path([](const std::string& path) {
    INFO(path);
    const auto& c = dstu::cpu::active();
    const bool vp = c.vpclmulqdq && c.avx512f && c.pclmulqdq;
    CHECK((g::active_isa() == g::Isa::vpclmul) == vp);
    for (g::Builtin id : g::builtin_fields()) {
      const Field& f = Field::builtin(id);
      INFO(f.name());
      const g::Isa want = vp && g::vpclmul_choice(id).any() ? g::Isa::vpclmul
                          : g::active_isa() != g::Isa::portable ? g::Isa::clmul
                                                                : g::Isa::portable;
      CHECK(g::ops(f).isa == want);
      CHECK(g::dispatch(f, [](auto k) { return k.isa; }) == want);
    }
    for (const auto& f : generic_fields()) {
      CHECK(g::ops(*f).isa != g::Isa::vpclmul);
    }
  }, true);
}
