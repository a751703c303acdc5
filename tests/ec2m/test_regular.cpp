// The regular signed odd digits of the batch (lib/ec2m/src/regular_internal.hpp) on their
// own, whatever the CPU: the recoding's properties on edge and random scalars, and the
// paired s G + r Q with those digits on every field kernel type (the batch takes it only
// on VPCLMULQDQ, so it is run here through the generic kernels too) against
// mul_double_vartime.
#include <doctest/doctest.h>

#include "dstu/ec2m/scalar_mul.hpp"
#include "ec2m_test_util.hpp"
#include "regular_internal.hpp"

using dstu::ec2m::Curve;
using dstu::mp::Nat;
namespace ec2m = dstu::ec2m;
namespace detail = dstu::ec2m::detail;

namespace {

/// sum d_i 2^(w i) + plus_one, with every digit checked odd and below 2^w.
Nat evaluate(const detail::RegularDigits& r, int w) {
  Nat sum, unit(1);
  Nat neg;
  for (std::int8_t d : r.d) {
    CHECK((d & 1) != 0);
    CHECK(std::abs(d) < (1 << w));
    (d > 0 ? sum : neg) = (d > 0 ? sum : neg) + Nat(static_cast<std::uint64_t>(std::abs(d))) * unit;
    unit = unit << static_cast<std::size_t>(w);
  }
  CHECK(sum >= neg);
  return sum - neg + Nat(r.plus_one ? 1 : 0);
}

}  // namespace

TEST_CASE("regular digits: odd, below 2^w, and summing to k (k - 1 plus one for even k)") {
  dstu::test::TestRng rng(150);
  std::vector<Nat> ks{Nat(), Nat(1), Nat(2), Nat(3), Nat::power_of_two(64), Nat::power_of_two(64) - Nat(1),
                      Nat::power_of_two(128), Nat::power_of_two(300) + Nat(5)};
  for (int w = 1; w <= 7; ++w) {
    for (std::uint64_t small = 0; small < 300; ++small) ks.push_back(Nat(small));
    for (int i = 0; i < 200; ++i) ks.push_back(Nat::from_limbs(rng.number(rng.range(1, 520))));
    for (const Nat& k : ks) {
      INFO("w=" << w << " k=" << k.to_hex());
      const detail::RegularDigits r = detail::regular_digits_vartime(ec2m::scalar_from_nat(k), w);
      CHECK(evaluate(r, w) == k);
      CHECK(r.d.empty() == k.is_zero());
      CHECK(r.plus_one == (!k.is_zero() && !k.bit(0)));
    }
  }
}

namespace {

/// Pairs of requests through regular_double_acc2_vartime on kernel type K against one at a time.
template <class K>
void check_pairs(K kern, const Curve& c, const std::vector<Nat>& scalars, const std::vector<ec2m::AffinePoint>& points) {
  const detail::FieldOps<K> f{kern};
  const detail::CurveFe<K> cf(f, c);
  const detail::OddTable<K> g = detail::g_table_vartime(f, c);
  for (std::size_t i = 0; i + 1 < scalars.size(); ++i) {
    const auto at = [&](std::size_t j) { return ec2m::scalar_from_nat(scalars[j % scalars.size()]); };
    const ec2m::Scalar sa = at(i), ra = at(3 * i + 1), sb = at(i + 1), rb = at(5 * i + 2);
    const ec2m::AffinePoint &qa = points[i % points.size()], &qb = points[(i + 1) % points.size()];
    detail::Acc<K> a, b;
    detail::regular_double_acc2_vartime(f, cf, g, detail::RegularPlan<K>(f, cf, c, sa, ra, qa),
                                detail::RegularPlan<K>(f, cf, c, sb, rb, qb), a, b);
    INFO(c.name() << " i=" << i);
    CHECK(ec2m::same_point(c, detail::acc_result_vartime(f, a), ec2m::mul_double_vartime(c, sa, ra, qa)));
    CHECK(ec2m::same_point(c, detail::acc_result_vartime(f, b), ec2m::mul_double_vartime(c, sb, rb, qb)));
  }
}

}  // namespace

TEST_CASE("paired regular s G + r Q equals mul_double_vartime, typed and generic kernels") {
  dstu::test::TestRng rng(151);
  for (const char* name : {"dstu163", "dstu233", "dstu257", "dstu431"}) {
    const Curve& c = Curve::named(name);
    const std::vector<Nat> scalars = dstu::test::edge_scalars(c, rng, 8);
    const std::vector<ec2m::AffinePoint> points{dstu::test::random_point(c, rng), c.generator(),
                                              ec2m::negate(c, c.generator()), ec2m::AffinePoint::at_infinity()};
    dstu::gf2m::dispatch(c.field(), [&](auto kern) { check_pairs(kern, c, scalars, points); });
    check_pairs(dstu::gf2m::FieldKernels(c.field()), c, scalars, points);
  }
}
