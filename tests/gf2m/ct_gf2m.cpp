// Constant-time check: every secret-bearing field operation runs on inputs marked
// undefined for Valgrind memcheck (dstu::ct::poison). Under `valgrind --error-exitcode=1`
// (ctest: gf2m_ct_valgrind) any branch, conditional move or memory index that depends
// on them fails the run; outside Valgrind the poisoning does nothing and the results
// are still compared with the unpoisoned computation. Both CPU paths; the typed
// kernels and the runtime tables. (Valgrind does not implement AVX-512 or VPCLMULQDQ
// and hides them from CPUID, so under Valgrind neither the AVX-512 row kernels nor the
// VPCLMULQDQ mul/sqr kernels run: they are reviewed, not checked, here. They are
// straight-line code: loads at fixed offsets, carry-less products, fixed permutes and
// logic, no branch or address derived from element values; prim_vpclmul.hpp.)
#include <doctest/doctest.h>

#include "cpu_paths.hpp"
#include "dstu/base/ctgrind.hpp"
#include "dstu/gf2m/internal/kernels.hpp"
#include "dstu/gf2m/parallel.hpp"
#include "reference.hpp"

using namespace gf2m_test;
namespace g = dstu::gf2m;

namespace {

/// Runs op on poisoned copies of a and b, unpoisons the result and returns it.
template <class Op>
Element secret_run(const Element& a, const Element& b, Op&& op) {
  Element sa = a, sb = b, r;
  dstu::ct::poison(&sa, sizeof sa);
  dstu::ct::poison(&sb, sizeof sb);
  op(r, sa, sb);
  dstu::ct::unpoison(&r, sizeof r);
  return r;
}

void check_field(const Field& f, dstu::test::TestRng& rng) {
  const g::Ops& o = g::ops(f);
  for (int i = 0; i < 3; ++i) {
    const Element a = random_element(f, rng), b = random_element(f, rng);
    Element want;
    o.mul(f, want.w, a.w, b.w);
    CHECK(same(secret_run(a, b, [&](Element& r, const Element& x, const Element& y) {
                 o.mul(f, r.w, x.w, y.w);
               }), want));
    o.sqr(f, want.w, a.w);
    CHECK(same(secret_run(a, b, [&](Element& r, const Element& x, const Element&) {
                 o.sqr(f, r.w, x.w);
               }), want));
    o.inv(f, want.w, a.w);
    CHECK(same(secret_run(a, b, [&](Element& r, const Element& x, const Element&) {
                 o.inv(f, r.w, x.w);
               }), want));
    o.sqrt(f, want.w, a.w);
    CHECK(same(secret_run(a, b, [&](Element& r, const Element& x, const Element&) {
                 o.sqrt(f, r.w, x.w);
               }), want));
    if (f.m() % 2 == 1) {
      bool ok_want = g::solve_quadratic(f, want, a);
      bool ok = false;
      const Element z = secret_run(a, b, [&](Element& r, const Element& x, const Element&) {
        ok = g::solve_quadratic(f, r, x);
        dstu::ct::unpoison(&ok, sizeof ok);
      });
      CHECK(same(z, want));
      CHECK(ok == ok_want);
    }
    const unsigned t_want = g::trace(f, a);
    unsigned t = 0;
    secret_run(a, b, [&](Element&, const Element& x, const Element&) {
      t = g::trace(f, x);
      dstu::ct::unpoison(&t, sizeof t);
    });
    CHECK(t == t_want);
    g::mul(f, want, a, b);
    CHECK(same(secret_run(a, b, [&](Element& r, const Element& x, const Element& y) {
                 g::mul_parallel(f, r, x, y, 1);
               }), want));
  }
}

}  // namespace

TEST_CASE("field operations are constant time on every path") {
  INFO("under valgrind: " << dstu::ct::running_under_valgrind());
  for_each_row_path([](const std::string& path) {
    INFO(path);
    dstu::test::TestRng rng(1800);
    for (g::Builtin id : g::builtin_fields()) check_field(Field::builtin(id), rng);
    for (const auto& f : generic_fields()) check_field(*f, rng);
  });
}
