// The multi-request methods of Al-Otaibi's thesis ("Trade-off analysis for generic-point
// parallel elliptic curve scalar multiplication") on curves over GF(p), against one
// multiplication at a time: on the thesis's brainpoolP160r1 and P256r1, r = 1..17
// requests on u = 1..4 threads with edge scalars (0, 1, n - 1, n, 2n - 1, keys longer
// than L(n)) and edge points (O, G, P and -P in one batch), against the constant-time
// mul; and on tiny prime-order curves (a = -3 among them), every scalar 0..2n+1 times
// points all over the curve, against the affine group law written out with integers,
// where the partial results of the key split meet every exceptional case of the
// additions.
#include <doctest/doctest.h>

#include <algorithm>
#include <span>
#include <string>
#include <vector>

#include "dstu/ecp/point.hpp"
#include "dstu/ecp/scalar_mul.hpp"
#include "dstu/parallel/team.hpp"
#include "ecp_test_util.hpp"
#include "test_random.hpp"

using dstu::ecp::AffinePoint;
using dstu::ecp::Curve;
using dstu::curve::MultiRequestMethod;
using dstu::mp::Nat;
namespace ecp = dstu::ecp;
namespace test = dstu::test;

namespace {

/// Scalars to try on a named curve: 0, 1, 2, n - 2, n - 1, n, n + 1, 2n - 1, the top
/// bit alone, a key four bits longer than L(n), then random ones below n.
std::vector<Nat> edge_scalars(const Curve& c, test::TestRng& rng, int random_count) {
  const Nat n = c.order();
  std::vector<Nat> out{Nat(),          Nat(1), Nat(2), n - Nat(2), n - Nat(1), n, n + Nat(1), n + n - Nat(1),
                       Nat::power_of_two(c.order_bits() - 1), Nat::power_of_two(c.order_bits() + 3) + Nat(5)};
  for (int i = 0; i < random_count; ++i) {
    Nat k = Nat::from_limbs(rng.number(rng.range(1, c.order_bits()))) % n;
    out.push_back(k);
  }
  return out;
}

AffinePoint random_point(const Curve& c, test::TestRng& rng) {
  const Nat k = Nat::from_limbs(rng.number(c.order_bits() + 8)) % c.order();
  return ecp::mul_base(c, ecp::scalar_from_nat(k));
}

/// The points of the requests: random, G, O, -P, P again.
std::vector<AffinePoint> edge_points(const Curve& c, test::TestRng& rng) {
  const AffinePoint p = random_point(c, rng);
  return {p, c.generator(), AffinePoint::at_infinity(), ecp::negate(c, p), random_point(c, rng), p};
}

/// Runs every method on `req` on u threads and compares each result with `expected`;
/// returns the number of results compared.
int check_methods(const Curve& c, const std::vector<ecp::MulRequest>& req, const std::vector<AffinePoint>& expected,
                  int u) {
  int compared = 0;
  for (MultiRequestMethod method : dstu::curve::kMultiRequestMethods) {
    const std::vector<AffinePoint> got = ecp::mul_multi_request_vartime(c, method, req, u);
    REQUIRE(got.size() == req.size());
    for (std::size_t i = 0; i < req.size(); ++i) {
      INFO(c.name() << " " << std::string(dstu::curve::multi_request_method_name(method)) << " r=" << req.size() << " u=" << u
                    << " i=" << i << " k=" << req[i].k->to_hex());
      CHECK(ecp::same_point(c, got[i], expected[i]));
      ++compared;
    }
  }
  return compared;
}

}  // namespace

TEST_CASE("brainpoolP160r1 and P256r1: every method equals mul one at a time, r = 1..17, u = 1..4") {
  dstu::parallel::init(4);
  int compared = 0;
  test::TestRng rng(414);
  for (const char* name : {"brainpoolP160r1", "brainpoolP256r1"}) {
    const Curve& c = Curve::named(name);
    const std::vector<Nat> scalars = edge_scalars(c, rng, 3);
    const std::vector<AffinePoint> points = edge_points(c, rng);
    for (std::size_t r = 1; r <= 17; ++r) {
      for (int u = 1; u <= 4; ++u) {
        std::vector<ecp::MulRequest> req;
        std::vector<AffinePoint> expected;
        for (std::size_t i = 0; i < r; ++i) {
          const std::size_t j = r * 5 + static_cast<std::size_t>(u) + i;
          req.push_back({&scalars[j % scalars.size()], &points[(3 * j + 1) % points.size()]});
          // Cofactor 1: every point has order n or is O, so k P = (k mod n) P.
          expected.push_back(ecp::mul(c, ecp::scalar_from_nat(*req.back().k % c.order()), *req.back().p));
        }
        compared += check_methods(c, req, expected, u);
      }
    }
  }
  CHECK(compared == 2 * 5 * 153 * 4);  // curves, methods, requests over r = 1..17, u = 1..4
}

TEST_CASE("tiny curves: every method gives k P for k = 0..2n+1 on points all over the curve, r = 1..17, u = 1..4") {
  dstu::parallel::init(4);
  // p = 107 (a = 15), p = 211 (a = 0), p = 59 (a = 56 = -3: the a = -3 doubling). Keys
  // up to 2n + 1 make the partial results of a key split equal (15 P + 128 P on n = 113)
  // or opposite, and the double-and-add meet q = P and q = -P.
  for (const test::Tiny& t : {test::kTiny[0], test::kTiny[2], test::kTiny[6]}) {
    const test::TinyCurve tc = test::make_tiny(t);
    const Curve& c = *tc.curve;
    const test::RefCurve rc = test::ref_of(c);
    INFO(c.name());
    CHECK(c.a_is_minus_3() == (t.p == 59));
    std::vector<Nat> scalars;
    for (unsigned k = 0; k <= 2 * t.n + 1; ++k) scalars.emplace_back(k);
    std::vector<AffinePoint> points;  // O and about a dozen more, spread over the curve
    std::vector<std::vector<AffinePoint>> multiples;  // k P for every k, by repeated addition
    for (std::size_t i = 0; i < tc.points.size(); i += 1 + tc.points.size() / 12) {
      points.push_back(test::point(c, tc.points[i]));
      test::Ref kP;
      multiples.emplace_back();
      for (std::size_t k = 0; k < scalars.size(); ++k, kP = rc.add(kP, tc.points[i])) {
        multiples.back().push_back(test::point(c, kP));
      }
    }
    // Every (k, P) once, cut into batches of r = 1, 2, ..., 17, 1, 2, ... requests.
    std::vector<ecp::MulRequest> all;
    std::vector<AffinePoint> expected;
    for (std::size_t i = 0; i < points.size(); ++i) {
      for (std::size_t k = 0; k < scalars.size(); ++k) {
        all.push_back({&scalars[k], &points[i]});
        expected.push_back(multiples[i][k]);
      }
    }
    for (int u = 1; u <= 4; ++u) {
      std::size_t at = 0, compared = 0;
      for (std::size_t r = 1; at < all.size(); r = r % 17 + 1) {
        const std::size_t end = std::min(all.size(), at + r);
        const std::vector<ecp::MulRequest> req(all.begin() + at, all.begin() + end);
        compared += check_methods(c, req, {expected.begin() + at, expected.begin() + end}, u);
        at = end;
      }
      CHECK(compared == 5 * all.size());
    }
  }
}

TEST_CASE("tiny curve: more threads than key bits (partitions of one bit, most of them empty)") {
  const test::TinyCurve tc = test::make_tiny(test::kTiny[0]);
  const Curve& c = *tc.curve;
  const test::RefCurve rc = test::ref_of(c);
  std::vector<Nat> scalars{Nat(0), Nat(1), Nat(112), Nat(113), Nat(77), Nat(1000)};
  std::vector<ecp::MulRequest> req;
  std::vector<AffinePoint> points, expected;
  for (std::size_t i = 0; i < 7; ++i) points.push_back(test::point(c, tc.points[i * 13]));
  for (std::size_t i = 0; i < 7; ++i) {
    req.push_back({&scalars[i % scalars.size()], &points[i]});
    expected.push_back(test::point(c, rc.mul(scalars[i % scalars.size()], tc.points[i * 13])));
  }
  dstu::parallel::init(2);
  CHECK(check_methods(c, req, expected, 40) == 5 * 7);
}

TEST_CASE("no requests, no results") {
  const std::vector<AffinePoint> none = ecp::mul_multi_request_vartime(
      Curve::named("brainpoolP192r1"), MultiRequestMethod::pipeline_12, std::span<const ecp::MulRequest>(), 2);
  CHECK(none.empty());
}
