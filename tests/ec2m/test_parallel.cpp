// The parallel scalar multiplications against their sequential twins: the split comb
// for every cut point and 1..4 threads, and the concurrent double-scalar method.
#include <doctest/doctest.h>

#include <chrono>
#include <thread>

#include "dstu/ec2m/chosen.hpp"
#include "dstu/ec2m/point.hpp"
#include "dstu/ec2m/curve.hpp"
#include "dstu/ec2m/scalar_mul.hpp"
#include "dstu/parallel/team.hpp"
#include "ec2m_test_util.hpp"

using dstu::ec2m::Curve;
using dstu::mp::Nat;
namespace ec2m = dstu::ec2m;

TEST_CASE("split comb = comb for every cut and thread count") {
  dstu::parallel::init(4);
  dstu::test::TestRng rng(130);
  for (const char* name : {"dstu163", "dstu257", "dstu431"}) {
    const Curve& c = Curve::named(name);
    const std::size_t d = (c.order_bits() + ec2m::kCombWindow - 1) / ec2m::kCombWindow;
    for (const Nat& k : dstu::test::edge_scalars(c, rng, 2)) {
      const ec2m::Scalar ks = ec2m::scalar_from_nat(k);
      const ec2m::AffinePoint want = ec2m::mul_base(c, ks);
      for (std::size_t high = 1; high <= d; high += (high < 3 || high + 3 > d) ? 1 : 5) {
        for (int t = 1; t <= 4; ++t) {
          INFO(name << " k=" << k.to_hex() << " high=" << high << " threads=" << t);
          CHECK(ec2m::same_point(c, ec2m::mul_base_parallel(c, ks, t, high), want));
        }
      }
      CHECK(ec2m::same_point(c, ec2m::mul_base_parallel(c, ks, 2), want));
    }
  }
}

TEST_CASE("split comb = comb on the scalars whose last column doubles, at every cut") {
  // Where the whole signed comb's last addition doubles (ec2m_test_util.hpp), the split
  // adds the two parts instead (a complete addition), and its low part's own sums stay
  // clear of that case (signed_split_fits). Cuts where signed digits do not fit the low
  // part take the unsigned table, the others (4 <= high < d here) the signed one.
  dstu::parallel::init(2);
  for (const char* name : {"dstu167", "dstu431"}) {
    const Curve& c = Curve::named(name);
    const std::size_t d = (c.order_bits() + ec2m::kCombWindow - 1) / ec2m::kCombWindow;
    for (const Nat& e : dstu::test::last_column_doublings(c, ec2m::kCombWindow)) {
      for (const Nat& k : {e, c.order() - e}) {
        const ec2m::Scalar ks = ec2m::scalar_from_nat(k);
        const ec2m::AffinePoint want = ec2m::mul_reference_vartime(c, k, c.generator());
        for (std::size_t high = 1; high <= d; ++high) {
          while (dstu::parallel::splits_backing_off()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
          INFO(name << " k=" << k.to_hex() << " high=" << high);
          CHECK(ec2m::same_point(c, ec2m::mul_base_parallel(c, ks, 2, high), want));
        }
      }
    }
  }
}

TEST_CASE("the split point follows seed 000's formula") {
  // k = ceil((d r - 1 + r) / (1 + 2 r)); r = 3 gives (3d + 2) / 7: 8 for d = 20 (m = 163).
  CHECK(ec2m::comb_high_columns(20, 3.0) == 9);  // ceil(62 / 7)
  CHECK(ec2m::comb_high_columns(32, 1.6) == 13);
  CHECK(ec2m::comb_high_columns(1, 1.0) <= 1);
}

TEST_CASE("concurrent double-scalar = sequential") {
  dstu::parallel::init(4);
  dstu::test::TestRng rng(131);
  for (const Curve* c : Curve::all_named()) {
    const ec2m::AffinePoint q = dstu::test::random_point(*c, rng);
    const auto scalars = dstu::test::edge_scalars(*c, rng, 3);
    for (std::size_t i = 0; i < scalars.size(); ++i) {
      const ec2m::Scalar s = ec2m::scalar_from_nat(scalars[i]);
      const ec2m::Scalar r = ec2m::scalar_from_nat(scalars[(i + 5) % scalars.size()]);
      for (int t = 1; t <= 3; ++t) {
        CHECK(ec2m::same_point(*c, ec2m::mul_double_parallel_vartime(*c, s, r, q, t), ec2m::mul_double_vartime(*c, s, r, q)));
      }
    }
  }
}

TEST_CASE("the chosen forms equal the sequential twins through calibration and after it") {
  // 200 calls per curve: warming, measuring (both forms), and the decided form with
  // probes; every result equals the twin's whichever form ran. A call made in a
  // back-off period (busy cores: helpers late or missing, as the earlier test cases'
  // four threads on two cores cause) runs inline and does not count towards the
  // calibration, so each call first waits for any such period to end (at most 128 ms).
  dstu::parallel::init(2);
  dstu::test::TestRng rng(132);
  for (const char* name : {"dstu163", "dstu257", "dstu431"}) {
    const Curve& c = Curve::named(name);
    const ec2m::AffinePoint q = dstu::test::random_point(c, rng);
    for (int call = 0; call < 200; ++call) {
      while (dstu::parallel::splits_backing_off()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
      const Nat k = Nat::from_limbs(rng.number(c.order_bits())) % c.order();
      const Nat r = Nat::from_limbs(rng.number(c.order_bits())) % c.order();
      const ec2m::Scalar ks = ec2m::scalar_from_nat(k), rs = ec2m::scalar_from_nat(r);
      INFO(name << " call " << call);
      CHECK(ec2m::same_point(c, ec2m::mul_base_chosen(c, ks, 2), ec2m::mul_base(c, ks)));
      CHECK(ec2m::same_point(c, ec2m::mul_double_chosen_vartime(c, ks, rs, q, 2), ec2m::mul_double_vartime(c, ks, rs, q)));
    }
    const auto base = ec2m::chosen_state(ec2m::ChosenOp::mul_base, c.m()).state();
    CHECK((base == dstu::parallel::Calibration::State::split ||
           base == dstu::parallel::Calibration::State::sequential));  // calibrated within 200 calls
  }
}
