// Every scalar multiplication method against textbook double-and-add, on every curve,
// for edge scalars (0, 1, n-1, n, runs of zeros) and random ones, once per CPU path.
#include <doctest/doctest.h>

#include "cpu_paths.hpp"
#include "dstu/ec/point.hpp"
#include "dstu/ec/scalar.hpp"
#include "dstu/ec/scalar_mul.hpp"
#include "ec_test_util.hpp"

using dstu::ec::Curve;
using dstu::mp::Nat;
namespace ec = dstu::ec;

TEST_CASE("ladder = comb = wNAF = double-and-add on every curve") {
  dstu::test::for_each_cpu_path([](const std::string& path) {
    dstu::test::TestRng rng(110);
    for (const Curve* c : Curve::all_named()) {
      const ec::AffinePoint p = dstu::test::random_point(*c, rng);
      for (const Nat& k : dstu::test::edge_scalars(*c, rng, path == "native" ? 12 : 4)) {
        INFO(c->name() << " path=" << path << " k=" << k.to_hex());
        const ec::Scalar ks = ec::scalar_from_nat(k);
        const ec::AffinePoint want_g = ec::mul_reference_vartime(*c, k, c->generator());
        CHECK(ec::same_point(*c, ec::mul_base(*c, ks), want_g));
        CHECK(ec::same_point(*c, ec::mul_ladder(*c, ks, c->generator()), want_g));
        CHECK(ec::same_point(*c, ec::mul_wnaf_vartime(*c, k, c->generator()), want_g));
        const ec::AffinePoint want_p = ec::mul_reference_vartime(*c, k, p);
        CHECK(ec::same_point(*c, ec::mul_ladder(*c, ks, p), want_p));
        CHECK(ec::same_point(*c, ec::mul_wnaf_vartime(*c, k, p), want_p));
      }
    }
  });
}

TEST_CASE("comb windows 2..8 agree on every table scan") {
  // Each CPU path has its own scan (portable, AVX2, AVX-512), and windows below 3 pad the
  // table's slots.
  dstu::test::for_each_cpu_path([](const std::string& path) {
    dstu::test::TestRng rng(111);
    for (const char* name : {"dstu163", "dstu257", "dstu431"}) {
      const Curve& c = Curve::named(name);
      for (int w = 2; w <= 8; ++w) {
        for (const Nat& k : dstu::test::edge_scalars(c, rng, 3)) {
          INFO(name << " path=" << path << " w=" << w << " k=" << k.to_hex());
          CHECK(ec::same_point(c, ec::mul_base_window(c, ec::scalar_from_nat(k), w),
                               ec::mul_reference_vartime(c, k, c.generator())));
        }
      }
    }
  }, /*thorough=*/true);
}

TEST_CASE("double-scalar s G + r Q") {
  dstu::test::for_each_cpu_path([](const std::string&) {
    dstu::test::TestRng rng(112);
    for (const Curve* c : Curve::all_named()) {
      const ec::AffinePoint q = dstu::test::random_point(*c, rng);
      const auto scalars = dstu::test::edge_scalars(*c, rng, 4);
      for (std::size_t i = 0; i < scalars.size(); ++i) {
        const Nat& s = scalars[i];
        const Nat& r = scalars[(i * 7 + 3) % scalars.size()];
        INFO(c->name() << " s=" << s.to_hex() << " r=" << r.to_hex());
        const ec::AffinePoint want =
            ec::add_vartime(*c, ec::mul_reference_vartime(*c, s, c->generator()), ec::mul_reference_vartime(*c, r, q));
        CHECK(ec::same_point(*c, ec::mul_double_vartime(*c, s, r, q), want));
      }
      // The verification shape sG + rQ with Q = -dG: the result is (s - r d) G.
      const Nat d = Nat::from_limbs(rng.number(c->order_bits() - 1)) % c->order();
      const ec::AffinePoint pub = ec::negate(*c, ec::mul_reference_vartime(*c, d, c->generator()));
      const Nat s = Nat::from_limbs(rng.number(c->order_bits() - 1)) % c->order();
      const Nat r = Nat::from_limbs(rng.number(c->order_bits() - 2));
      const Nat rd = (r * d) % c->order();
      const Nat e = (s + c->order() - rd) % c->order();
      CHECK(ec::same_point(*c, ec::mul_double_vartime(*c, s, r, pub), ec::mul_reference_vartime(*c, e, c->generator())));
    }
  });
}

TEST_CASE("scalar arithmetic mod n") {
  dstu::test::TestRng rng(113);
  for (const Curve* c : Curve::all_named()) {
    const Nat n = c->order();
    for (int i = 0; i < 200; ++i) {
      const Nat big = Nat::from_limbs(rng.limbs(ec::kScalarLimbs));
      const Nat a = Nat::from_limbs(rng.number(c->order_bits())) % n, b = Nat::from_limbs(rng.number(c->order_bits())) % n;
      CHECK(ec::scalar_to_nat(ec::scalar_reduce(*c, ec::scalar_from_nat(big))) == big % n);
      CHECK(ec::scalar_to_nat(ec::scalar_add(*c, ec::scalar_from_nat(a), ec::scalar_from_nat(b))) == (a + b) % n);
      CHECK(ec::scalar_to_nat(ec::scalar_mul(*c, ec::scalar_from_nat(a), ec::scalar_from_nat(b))) == (a * b) % n);
      CHECK((ec::scalar_in_range(*c, ec::scalar_from_nat(a)) != 0) == !a.is_zero());
    }
    CHECK(ec::scalar_in_range(*c, ec::scalar_from_nat(n)) == 0);
    CHECK(ec::scalar_in_range(*c, ec::scalar_from_nat(n - Nat(1))) != 0);
  }
}
