// Every scalar multiplication method against textbook double-and-add, on every curve,
// for edge scalars (0, 1, n-1, n, runs of zeros) and random ones, once per CPU path.
#include <doctest/doctest.h>

#include "cpu_paths.hpp"
#include "dstu/ec/batch.hpp"
#include "dstu/ec/point.hpp"
#include "dstu/ec/scalar.hpp"
#include "dstu/ec/scalar_mul.hpp"
#include "ec_test_util.hpp"
#include "precomputed.hpp"

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

TEST_CASE("comb windows 2..8, unsigned and signed digits, agree on every table scan") {
  // Each CPU path has its own scan (portable, AVX2, AVX-512), and windows below 4 pad the
  // table's slots. Even and odd scalars take the signed comb's two branches (n - e for
  // an even e), 0 and n its O. Each call builds its table, so a few scalars per window
  // (edge_scalars' whole list runs at the default window in the test above).
  dstu::test::for_each_cpu_path([](const std::string& path) {
    dstu::test::TestRng rng(111);
    for (const char* name : {"dstu163", "dstu257", "dstu431", "B-233", "K-571"}) {
      const Curve& c = Curve::find_nist(name) != nullptr ? *Curve::find_nist(name) : Curve::named(name);
      const Nat& n = c.order();
      const Nat r = Nat::from_limbs(rng.number(c.order_bits())) % n;
      std::vector<std::pair<Nat, ec::AffinePoint>> cases;
      for (const Nat& k : {Nat(), Nat(1), Nat(2), n - Nat(2), n - Nat(1), n, r, r + Nat(1)}) {
        cases.emplace_back(k, ec::mul_reference_vartime(c, k, c.generator()));
      }
      for (int w = 2; w <= 8; ++w) {
        REQUIRE(ec::detail::signed_comb_fits(c.order_bits(), w));  // every named curve, every window
        for (const ec::CombDigits digits : {ec::CombDigits::unsigned_digits, ec::CombDigits::signed_digits}) {
          for (const auto& kc : cases) {  // not a binding: INFO captures it (clang)
            INFO(name << " path=" << path << " w=" << w << " signed=" << (digits == ec::CombDigits::signed_digits)
                      << " k=" << kc.first.to_hex());
            CHECK(ec::same_point(c, ec::mul_base_window(c, ec::scalar_from_nat(kc.first), w, digits), kc.second));
          }
        }
      }
    }
  }, /*thorough=*/true);
}

TEST_CASE("the signed comb fits where (w - 1) d + 5 <= L(n), its split's low part where (w - 1) d + cut + 2 <= L(n)") {
  // d = ceil(L / w): the bound of comb_internal.hpp's argument, at its edges.
  CHECK(ec::detail::signed_comb_fits(10, 2));         // d = 5: 5 + 5 = 10
  CHECK_FALSE(ec::detail::signed_comb_fits(9, 2));    // d = 5: 10 > 9
  CHECK_FALSE(ec::detail::signed_comb_fits(13, 3));   // d = 5: 10 + 5 = 15 > 13
  CHECK(ec::detail::signed_comb_fits(40, 8));         // d = 5: 35 + 5 = 40
  CHECK_FALSE(ec::detail::signed_comb_fits(39, 8));   // d = 5: 40 > 39
  CHECK(ec::detail::signed_comb_fits(163, 8));        // d = 21: 147 + 5
  CHECK_FALSE(ec::detail::signed_comb_fits(163, 1));  // no comb below window 2
  // L = 163, w = 8: d = 21, 147 + cut + 2 <= 163 up to cut = 14; no empty part.
  CHECK(ec::detail::signed_split_fits(163, 8, 14));
  CHECK_FALSE(ec::detail::signed_split_fits(163, 8, 15));
  CHECK(ec::detail::signed_split_fits(163, 8, 1));
  CHECK_FALSE(ec::detail::signed_split_fits(163, 8, 0));
  CHECK_FALSE(ec::detail::signed_split_fits(9, 2, 1));  // the comb itself does not fit
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

TEST_CASE("the signed comb's last column doubles where it meets its own operand, alone and in batches") {
  // Such scalars exist at window 8 on dstu167, dstu179, dstu307, dstu431, B-283, K-283,
  // K-409 and B-571 (found by dstu::test::last_column_doublings); both e' and n - e' (even: the
  // comb runs on n - (n - e') = e' and negates) reach the doubling.
  std::size_t found = 0;
  for (const char* name : {"dstu167", "dstu431", "B-283", "K-409"}) {
    const Curve& c = Curve::find_nist(name) != nullptr ? *Curve::find_nist(name) : Curve::named(name);
    std::vector<ec::Scalar> ks;
    std::vector<ec::AffinePoint> want;
    for (const Nat& e : dstu::test::last_column_doublings(c, 8)) {
      for (const Nat& k : {e, c.order() - e}) {
        INFO(name << " k=" << k.to_hex());
        ks.push_back(ec::scalar_from_nat(k));
        want.push_back(ec::mul_reference_vartime(c, k, c.generator()));
        CHECK(ec::same_point(c, ec::mul_base(c, ks.back()), want.back()));
      }
    }
    found += ks.size();
    // The batch pairs its requests (comb_all2) on some fields: odd and even positions.
    ks.insert(ks.begin(), ec::scalar_from_nat(Nat(5)));
    want.insert(want.begin(), ec::mul_reference_vartime(c, Nat(5), c.generator()));
    for (std::size_t skip = 0; skip < 2; ++skip) {
      const auto got = ec::mul_base_batch(c, std::span(ks).subspan(skip), 1);
      for (std::size_t i = 0; i < got.size(); ++i) CHECK(ec::same_point(c, got[i], want[skip + i]));
    }
  }
  CHECK(found >= 8);
}
