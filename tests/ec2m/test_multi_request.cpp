// The multi-request methods of Al-Otaibi's thesis ("Trade-off analysis for generic-point
// parallel elliptic curve scalar multiplication") against one multiplication at a time:
// r = 1..9 requests on u = 1..4 threads, curves with a = 1 and a = 0, on every CPU
// path; edge scalars (0, 1, n - 1, n, 2n - 1, ...) and edge points (O, the point of
// order 2, P and -P in one batch).
#include <doctest/doctest.h>

#include "cpu_paths.hpp"
#include "dstu/ec2m/point.hpp"
#include "dstu/ec2m/scalar_mul.hpp"
#include "dstu/gf2m/ops.hpp"
#include "dstu/parallel/team.hpp"
#include "ec2m_test_util.hpp"

using dstu::ec2m::Curve;
using dstu::curve::MultiRequestMethod;
using dstu::mp::Nat;
namespace ec2m = dstu::ec2m;

namespace {

/// The points of the requests: random, G, O, the point (0, sqrt B) of order 2, -P.
std::vector<ec2m::AffinePoint> edge_points(const Curve& c, dstu::test::TestRng& rng) {
  const ec2m::AffinePoint p = dstu::test::random_point(c, rng);
  ec2m::AffinePoint two;
  two.y = c.sqrt_b();  // x = 0
  return {p, c.generator(), ec2m::AffinePoint::at_infinity(), ec2m::negate(c, p), two, dstu::test::random_point(c, rng)};
}

/// k P one at a time: wNAF for points of the prime-order subgroup, the affine textbook
/// method for the point of order 2.
ec2m::AffinePoint oracle(const Curve& c, const Nat& k, const ec2m::AffinePoint& p) {
  const bool order_two = !p.infinity && dstu::gf2m::is_zero(c.field(), p.x);
  return order_two ? ec2m::mul_reference_vartime(c, k, p) : ec2m::mul_wnaf_vartime(c, ec2m::scalar_from_nat(k), p);
}

/// Every method on `r` requests drawn from the scalars and points (from `offset`) on
/// `u` threads; returns the number of results compared.
int check_methods(const Curve& c, const std::vector<Nat>& scalars, const std::vector<ec2m::AffinePoint>& points,
                  std::size_t r, std::size_t offset, int u) {
  std::vector<ec2m::MulRequest> req;
  std::vector<ec2m::AffinePoint> expected;
  for (std::size_t i = 0; i < r; ++i) {
    const std::size_t j = offset + i;
    req.push_back({&scalars[j % scalars.size()], &points[(3 * j + 1) % points.size()]});
    expected.push_back(oracle(c, *req.back().k, *req.back().p));
  }
  int compared = 0;
  for (MultiRequestMethod method : dstu::curve::kMultiRequestMethods) {
    const std::vector<ec2m::AffinePoint> got = ec2m::mul_multi_request_vartime(c, method, req, u);
    REQUIRE(got.size() == r);
    for (std::size_t i = 0; i < r; ++i) {
      INFO(c.name() << " " << dstu::curve::multi_request_method_name(method) << " r=" << r << " u=" << u << " i=" << i);
      CHECK(ec2m::same_point(c, got[i], expected[i]));
      ++compared;
    }
  }
  return compared;
}

}  // namespace

TEST_CASE("every method equals one multiplication at a time, r = 1..9, u = 1..4") {
  dstu::parallel::init(4);
  int compared = 0;
  dstu::test::TestRng rng(404);
  for (const char* name : {"dstu163", "dstu173", "dstu257"}) {  // A = 1, 0, 0
    const Curve& c = Curve::named(name);
    const std::vector<Nat> scalars = dstu::test::edge_scalars(c, rng, 5);
    const std::vector<ec2m::AffinePoint> points = edge_points(c, rng);
    for (std::size_t r = 1; r <= 9; ++r) {
      for (int u = 1; u <= 4; ++u) compared += check_methods(c, scalars, points, r, r * 5 + u, u);
    }
  }
  CHECK(compared == 3 * 5 * 45 * 4);  // curves, methods, requests over r = 1..9, u = 1..4
}

TEST_CASE("every method on every CPU path, and with more threads than key bits per partition") {
  dstu::parallel::init(4);
  dstu::test::TestRng rng(405);
  const Curve& c = Curve::named("dstu163");
  const std::vector<Nat> scalars = dstu::test::edge_scalars(c, rng, 3);
  const std::vector<ec2m::AffinePoint> points = edge_points(c, rng);
  dstu::test::for_each_cpu_path([&](const std::string& path) {
    INFO("cpu path " << path);
    CHECK(check_methods(c, scalars, points, 7, 1, 3) == 5 * 7);
  });
  // u = 200 > L(n): partitions of one bit, most of them empty.
  CHECK(check_methods(c, scalars, points, 3, 2, 200) == 5 * 3);
}

TEST_CASE("nested inside a team item, the methods run inline and stay exact") {
  dstu::parallel::init(2);
  dstu::test::TestRng rng(406);
  const Curve& c = Curve::named("dstu163");
  const std::vector<Nat> scalars = dstu::test::edge_scalars(c, rng, 2);
  const std::vector<ec2m::AffinePoint> points = edge_points(c, rng);
  std::vector<int> compared(2);
  dstu::parallel::for_each(2, 2, [&](std::size_t i) { compared[i] = check_methods(c, scalars, points, 5, i, 2); });
  CHECK(compared[0] == 25);
  CHECK(compared[1] == 25);
}
