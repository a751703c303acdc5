// The multi-request methods of Al-Otaibi's thesis ("Trade-off analysis for generic-point
// parallel elliptic curve scalar multiplication") against one multiplication at a time:
// r = 1..9 requests on u = 1..4 threads, curves with a = 1 and a = 0, on every CPU
// path; edge scalars (0, 1, n - 1, n, 2n - 1, ...) and edge points (O, the point of
// order 2, P and -P in one batch). And the cost model against the thesis's Table 5.4.
#include <doctest/doctest.h>

#include "cpu_paths.hpp"
#include "dstu/ec2m/multi_request.hpp"
#include "dstu/ec2m/point.hpp"
#include "dstu/ec2m/scalar_mul.hpp"
#include "dstu/gf2m/ops.hpp"
#include "dstu/parallel/team.hpp"
#include "ec2m_test_util.hpp"

using dstu::ec2m::Curve;
using dstu::ec2m::MultiRequestMethod;
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
  return order_two ? ec2m::mul_reference_vartime(c, k, p) : ec2m::mul_wnaf_vartime(c, k, p);
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
  for (MultiRequestMethod method : ec2m::kMultiRequestMethods) {
    const std::vector<ec2m::AffinePoint> got = ec2m::mul_multi_request_vartime(c, method, req, u);
    REQUIRE(got.size() == r);
    for (std::size_t i = 0; i < r; ++i) {
      INFO(c.name() << " " << ec2m::multi_request_method_name(method) << " r=" << r << " u=" << u << " i=" << i);
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

TEST_CASE("the cost model gives every figure of the thesis's Table 5.4 (u = 8)") {
  // Table 5.4: total DBLs for r = 8, 16, 32 and key sizes 128, 160, 200, 256;
  // columns [10], [11], [12], New.
  struct Row {
    std::size_t m;
    double by_r[3][4];
  };
  const Row table[] = {
      {128, {{760, 480, 256, 256}, {1520, 960, 512, 512}, {3040, 1920, 1024, 1024}}},
      {160, {{920, 572, 320, 320}, {1840, 1144, 640, 640}, {3680, 2288, 1280, 1280}}},
      {200, {{1120, 687, 400, 400}, {2240, 1374, 800, 800}, {4480, 2748, 1600, 1600}}},
      {256, {{1400, 848, 512, 512}, {2800, 1696, 1024, 1024}, {5600, 3392, 2048, 2048}}},
  };
  const MultiRequestMethod columns[] = {MultiRequestMethod::postcomputation_10, MultiRequestMethod::precomputation_11,
                                        MultiRequestMethod::pipeline_12, MultiRequestMethod::per_request};
  const std::size_t rs[] = {8, 16, 32};
  for (const Row& row : table) {
    for (int i = 0; i < 3; ++i) {
      for (int j = 0; j < 4; ++j) {
        INFO("m=" << row.m << " r=" << rs[i] << " " << ec2m::multi_request_method_name(columns[j]));
        CHECK(ec2m::multi_request_model_doublings(columns[j], row.m, rs[i], 8) == row.by_r[i][j]);
      }
    }
  }
}

TEST_CASE("the cost model: the thesis's time complexity of the new method, and one processor") {
  using M = MultiRequestMethod;
  // ceil(r / u) (m DBL + m / 2 ADD), ADD = 2 DBL (thesis §4.1).
  CHECK(ec2m::multi_request_model_doublings(M::per_request, 160, 9, 4) == 3 * 320);
  CHECK(ec2m::multi_request_model_doublings(M::sequential, 256, 4, 8) == 4 * 512);
  // One processor: the new method and [12] are the sequential method; [11] pays its
  // u - 1 = 0 precomputations and additions nothing.
  for (M m : {M::per_request, M::pipeline_12, M::precomputation_11}) {
    CHECK(ec2m::multi_request_model_doublings(m, 192, 16, 1) == ec2m::multi_request_model_doublings(M::sequential, 192, 16, 1));
  }
  // [12] at u = 2 runs one request at a time in m doublings (the two lanes overlap).
  CHECK(ec2m::multi_request_model_doublings(M::pipeline_12, 512, 4, 2) == 4 * 512);
  // Monotone in r for every method and u.
  for (M m : ec2m::kMultiRequestMethods) {
    for (std::size_t u = 1; u <= 8; ++u) {
      CHECK(ec2m::multi_request_model_doublings(m, 257, 5, u) <= ec2m::multi_request_model_doublings(m, 257, 6, u));
    }
  }
}
