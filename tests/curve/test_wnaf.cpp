// The width-w NAF (dstu/curve/wnaf.hpp) against the textbook recoding of Hankerson,
// Menezes and Vanstone, Algorithm 3.35, written here on mp::Nat: every width 2 .. 8,
// scalars of every length up to 576 bits with edge-shaped limbs (runs of ones and
// zeros across limb boundaries), 0, 1 and 2^576 - 1. Then on both kinds of curves
// (B-233 and K-163 over GF(2^m), P-256 and brainpoolP160r1 over GF(p)): u1 G + u2 Q from
// mul_double_vartime equals the naive digits evaluated by affine doublings and additions.
#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

#include "dstu/curve/wnaf.hpp"
#include "dstu/ec2m/curve.hpp"
#include "dstu/ec2m/point.hpp"
#include "dstu/ec2m/scalar_mul.hpp"
#include "dstu/ecp/curve.hpp"
#include "dstu/ecp/point.hpp"
#include "dstu/ecp/scalar_mul.hpp"
#include "test_random.hpp"

namespace curve = dstu::curve;
using dstu::mp::Nat;

namespace {

/// HMV Algorithm 3.35: while k > 0, an odd k gives k mods 2^w (the residue in
/// (-2^(w-1), 2^(w-1)]) and k -= it, an even one 0; then k /= 2.
std::vector<int> naive_wnaf(Nat k, int w) {
  const Nat full = Nat::power_of_two(static_cast<std::size_t>(w)), half = Nat::power_of_two(static_cast<std::size_t>(w - 1));
  std::vector<int> out;
  while (!k.is_zero()) {
    int d = 0;
    if (k.is_odd()) {
      const Nat r = k % full;
      if (r >= half) {
        d = -static_cast<int>((full - r).low_u64());
        k = k + (full - r);
      } else {
        d = static_cast<int>(r.low_u64());
        k = k - r;
      }
    }
    out.push_back(d);
    k = k >> 1;
  }
  return out;
}

std::vector<Nat> test_scalars(dstu::test::TestRng& rng) {
  std::vector<Nat> out = {Nat(0), Nat(1), Nat(2), Nat(3), Nat(255), Nat(256),
                          Nat::power_of_two(576) - Nat(1), Nat::power_of_two(575), Nat::power_of_two(64) - Nat(1)};
  for (int i = 0; i < 200; ++i) {
    const std::size_t bits = rng.log_bits(576);
    out.push_back(Nat::from_limbs(rng.number(bits)));
  }
  return out;
}

}  // namespace

TEST_CASE("wnaf_vartime equals the textbook recoding for every width and length") {
  dstu::test::TestRng rng(2701);
  int checked = 0;
  for (const Nat& k : test_scalars(rng)) {
    for (int w = 2; w <= 8; ++w) {
      const std::vector<std::int8_t> got = curve::wnaf_vartime(curve::scalar_from_nat(k), w);
      const std::vector<int> want = naive_wnaf(k, w);
      INFO("k = " << k.to_hex() << ", w = " << w);
      REQUIRE(got.size() == want.size());
      for (std::size_t i = 0; i < got.size(); ++i) CHECK(got[i] == want[i]);
      CHECK(got.size() <= k.bits() + 1);
      ++checked;
    }
  }
  CHECK(checked == 209 * 7);
  CHECK_THROWS(curve::wnaf_vartime(curve::Scalar(), 1));
  CHECK_THROWS(curve::wnaf_vartime(curve::Scalar(), 9));
}

namespace {

/// sum d_i 2^i P by affine doublings and additions of the curve kind C (ec2m or ecp).
template <class Curve, class Point, class Add, class Neg>
Point evaluate(const Curve& c, const std::vector<int>& digits, const Point& p, Add add, Neg neg) {
  Point acc = Point::at_infinity();
  for (std::size_t i = digits.size(); i-- > 0;) {
    acc = add(c, acc, acc);
    Point m = Point::at_infinity();
    for (int j = 0; j < (digits[i] < 0 ? -digits[i] : digits[i]); ++j) m = add(c, m, p);
    acc = add(c, acc, digits[i] < 0 ? neg(c, m) : m);
  }
  return acc;
}

/// Scalars below n: random, and 0, 1, n - 1.
std::vector<Nat> below(const Nat& n, dstu::test::TestRng& rng) {
  std::vector<Nat> out = {Nat(0), Nat(1), n - Nat(1)};
  for (int i = 0; i < 3; ++i) out.push_back(Nat::from_limbs(rng.limbs(n.size() + 1)) % n);
  return out;
}

/// u1 G + u2 Q from mul_double_vartime against the naive digits of u1 (width 8) and u2
/// (width 5) evaluated by the module's add_vartime and negate, on curve c of either kind
/// (the module's functions found by argument-dependent lookup).
template <class Curve>
void check_double(const Curve& c, dstu::test::TestRng& rng) {
  const auto q = mul_base(c, curve::scalar_from_nat(Nat(77)));
  const auto add = [](const Curve& k, const auto& a, const auto& b) { return add_vartime(k, a, b); };
  const auto neg = [](const Curve& k, const auto& a) { return negate(k, a); };
  for (const Nat& u : below(c.order(), rng)) {
    const Nat v = (u * Nat(3) + Nat(5)) % c.order();
    const auto want =
        add(c, evaluate(c, naive_wnaf(u, 8), c.generator(), add, neg), evaluate(c, naive_wnaf(v, 5), q, add, neg));
    INFO(c.name() << " u1 = " << u.to_hex());
    CHECK(same_point(c, mul_double_vartime(c, curve::scalar_from_nat(u), curve::scalar_from_nat(v), q), want));
  }
}

}  // namespace

TEST_CASE("u1 G + u2 Q on binary and prime curves equals the naive digits, evaluated") {
  dstu::test::TestRng rng(2702);
  for (const char* name : {"B-233", "K-163"}) check_double(*dstu::ec2m::Curve::find_nist(name), rng);
  for (const char* name : {"P-256", "brainpoolP160r1"}) check_double(dstu::ecp::Curve::named(name), rng);
}

namespace {

/// Verification's last test on curve c of either kind, through the same-named functions
/// of its module (found by argument-dependent lookup): x(u1 G + u2 Q) mod n = r holds
/// for r of the sum, not for r + 1 nor for r + n; none for O.
template <class Curve>
void check_x_equals(const Curve& c, dstu::test::TestRng& rng) {
  const auto q = mul_base(c, curve::scalar_from_nat(Nat(1234567)));
  for (const Nat& u : below(c.order(), rng)) {
    const curve::Scalar u1 = curve::scalar_from_nat(u), u2 = curve::scalar_from_nat((u * Nat(7) + Nat(1)) % c.order());
    const auto sum = mul_double_vartime(c, u1, u2, q);
    INFO(c.name() << " u1 = " << u.to_hex());
    REQUIRE(!sum.infinity);
    const Nat r = x_integer(c, sum) % c.order();
    CHECK(mul_double_x_equals_vartime(c, u1, u2, q, r));
    CHECK_FALSE(mul_double_x_equals_vartime(c, u1, u2, q, (r + Nat(1)) % c.order()));
    CHECK_FALSE(mul_double_x_equals_vartime(c, u1, u2, q, r + c.order()));
  }
  // u1 G + u2 Q = O for u2 = n - (u1 / 1234567): no x at all.
  const Nat k = Nat(1234567), u2 = c.order() - Nat(1);
  CHECK(mul_double_vartime(c, curve::scalar_from_nat(k), curve::scalar_from_nat(u2), q).infinity);
  CHECK_FALSE(mul_double_x_equals_vartime(c, curve::scalar_from_nat(k), curve::scalar_from_nat(u2), q, Nat(0)));
}

}  // namespace

TEST_CASE("verification's x test, x_integer and mul_double_x_equals_vartime, alike on both kinds") {
  dstu::test::TestRng rng(2703);
  for (const char* name : {"B-233", "K-283", "B-163"}) check_x_equals(*dstu::ec2m::Curve::find_nist(name), rng);
  for (const char* name : {"P-256", "P-521", "brainpoolP320r1"}) check_x_equals(dstu::ecp::Curve::named(name), rng);
}
