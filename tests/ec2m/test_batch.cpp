// The batch scalar multiplications against one at a time: every batch size 1..17 and
// thread count 1..4 on every CPU path, edge scalars (0, n, n - 1, ...) mixed in so
// that O results and the shared inversion meet them; every named curve once.
#include <doctest/doctest.h>

#include <atomic>

#include "cpu_paths.hpp"
#include "dstu/ec2m/batch.hpp"
#include "dstu/ec2m/point.hpp"
#include "dstu/ec2m/curve.hpp"
#include "dstu/ec2m/scalar_mul.hpp"
#include "dstu/parallel/team.hpp"
#include "ec2m_test_util.hpp"

using dstu::ec2m::Curve;
using dstu::mp::Nat;
namespace ec2m = dstu::ec2m;

namespace {

/// Checks both batches of `size` requests drawn from `scalars` (starting at `offset`)
/// against the one-at-a-time functions; returns the number of results compared.
int check_batches(const Curve& c, const std::vector<Nat>& scalars, const std::vector<ec2m::AffinePoint>& points,
                  std::size_t size, std::size_t offset, int threads) {
  std::vector<ec2m::DoubleScalar> req;
  std::vector<ec2m::Scalar> ks;
  for (std::size_t i = 0; i < size; ++i) {
    const std::size_t j = offset + i;
    req.push_back({ec2m::scalar_from_nat(scalars[j % scalars.size()]),
                   ec2m::scalar_from_nat(scalars[(3 * j + 1) % scalars.size()]), &points[j % points.size()]});
    ks.push_back(ec2m::scalar_from_nat(scalars[(j + 2) % scalars.size()]));
  }
  const std::vector<ec2m::AffinePoint> dbl = ec2m::mul_double_batch_vartime(c, req, threads);
  const std::vector<ec2m::AffinePoint> base = ec2m::mul_base_batch(c, ks, threads);
  REQUIRE(dbl.size() == size);
  REQUIRE(base.size() == size);
  int compared = 0;
  for (std::size_t i = 0; i < size; ++i) {
    INFO(c.name() << " size=" << size << " threads=" << threads << " i=" << i);
    CHECK(ec2m::same_point(c, dbl[i], ec2m::mul_double_vartime(c, req[i].s, req[i].r, *req[i].q)));
    CHECK(ec2m::same_point(c, base[i], ec2m::mul_base(c, ks[i])));
    compared += 2;
  }
  return compared;
}

/// Every batch size 1..17 on 1..4 threads on every CPU path, on dstu163 and dstu257,
/// with `point_count` points for the requests (random ones, G second).
void check_every_size(std::uint64_t seed, std::size_t point_count) {
  dstu::parallel::init(4);
  int compared = 0, expected = 0;
  dstu::test::for_each_cpu_path([&](const std::string& path) {
    INFO("cpu path " << path << " points " << point_count);
    dstu::test::TestRng rng(seed);
    for (const char* name : {"dstu163", "dstu257"}) {
      const Curve& c = Curve::named(name);
      const std::vector<Nat> scalars = dstu::test::edge_scalars(c, rng, 6);
      std::vector<ec2m::AffinePoint> points{dstu::test::random_point(c, rng), c.generator(),
                                          dstu::test::random_point(c, rng)};
      points.resize(point_count);
      for (std::size_t size = 1; size <= 17; ++size) {
        for (int threads = 1; threads <= 4; ++threads) {
          compared += check_batches(c, scalars, points, size, size * 7 + threads, threads);
          expected += 2 * static_cast<int>(size);
        }
      }
    }
  });
  CHECK(compared == expected);
  CHECK(expected > 0);
}

}  // namespace

TEST_CASE("batches of 1..17 on 1..4 threads equal one at a time, on every CPU path") { check_every_size(140, 3); }

TEST_CASE("batches sharing one Q (the two-base comb, from 4 or 6 requests) equal one at a time") {
  check_every_size(142, 1);
}

TEST_CASE("a batch of two keys and scalars too wide for the comb mixes both paths") {
  dstu::test::TestRng rng(143);
  const Curve& c = Curve::named("dstu257");
  std::vector<Nat> scalars = dstu::test::edge_scalars(c, rng, 4);
  scalars.push_back(Nat::power_of_two(300) + Nat(5));  // wider than the comb's 8 d bits
  const std::vector<ec2m::AffinePoint> points{dstu::test::random_point(c, rng), dstu::test::random_point(c, rng)};
  for (int threads = 1; threads <= 2; ++threads) CHECK(check_batches(c, scalars, points, 40, 3, threads) == 80);
}

TEST_CASE("a batch of several keys with several requests each: their tables built on the team") {
  dstu::test::TestRng rng(144);
  for (const char* name : {"dstu163", "dstu257"}) {
    const Curve& c = Curve::named(name);
    const std::vector<Nat> scalars = dstu::test::edge_scalars(c, rng, 4);
    std::vector<ec2m::AffinePoint> points;
    for (int i = 0; i < 6; ++i) points.push_back(dstu::test::random_point(c, rng));
    for (int threads = 1; threads <= 4; ++threads) CHECK(check_batches(c, scalars, points, 50, 1, threads) == 100);
  }
}

TEST_CASE("every named curve: a batch of 19 on 2 threads equals one at a time") {
  dstu::test::TestRng rng(141);
  for (const Curve* c : Curve::all_named()) {
    const std::vector<Nat> scalars = dstu::test::edge_scalars(*c, rng, 4);
    const std::vector<ec2m::AffinePoint> points{dstu::test::random_point(*c, rng), dstu::test::random_point(*c, rng)};
    CHECK(check_batches(*c, scalars, points, 19, 0, 2) == 38);
  }
}

TEST_CASE("a batch's sink gets every result once, from whichever team thread computed it") {
  dstu::test::TestRng rng(145);
  const Curve& c = Curve::named("dstu257");
  const std::vector<Nat> scalars = dstu::test::edge_scalars(c, rng, 4);
  const ec2m::AffinePoint q1 = dstu::test::random_point(c, rng);
  const ec2m::AffinePoint q2 = q1;  // the same point as another object: one group with q1
  std::vector<ec2m::DoubleScalar> req;
  for (std::size_t i = 0; i < 60; ++i) {
    req.push_back({ec2m::scalar_from_nat(scalars[i % scalars.size()]),
                   ec2m::scalar_from_nat(scalars[(5 * i + 2) % scalars.size()]), i % 3 == 0 ? &q2 : &q1});
  }
  for (int threads = 1; threads <= 4; ++threads) {
    struct Seen {
      std::vector<std::atomic<int>> calls;
      std::vector<ec2m::AffinePoint> points;
    } seen{std::vector<std::atomic<int>>(req.size()), std::vector<ec2m::AffinePoint>(req.size())};
    ec2m::mul_double_batch_vartime(c, req, threads,
                                 ec2m::BatchSink(
                                     [](void* ctx, std::size_t i, const ec2m::AffinePoint& p) {
                                       auto& s = *static_cast<Seen*>(ctx);
                                       s.calls[i].fetch_add(1);
                                       s.points[i] = p;
                                     },
                                     &seen));
    for (std::size_t i = 0; i < req.size(); ++i) {
      INFO("threads=" << threads << " i=" << i);
      CHECK(seen.calls[i].load() == 1);
      CHECK(ec2m::same_point(c, seen.points[i], ec2m::mul_double_vartime(c, req[i].s, req[i].r, *req[i].q)));
    }
  }
}

TEST_CASE("P and -P (the same x) each in a group with its own table, interleaved, on 1..4 threads") {
  dstu::test::TestRng rng(147);
  for (const char* name : {"dstu163", "dstu257"}) {
    const Curve& c = Curve::named(name);
    const std::vector<Nat> scalars = dstu::test::edge_scalars(c, rng, 6);
    const ec2m::AffinePoint p = dstu::test::random_point(c, rng);
    const std::vector<ec2m::AffinePoint> points{p, ec2m::negate(c, p)};
    for (int threads = 1; threads <= 4; ++threads) CHECK(check_batches(c, scalars, points, 24, 5, threads) == 48);
  }
}

TEST_CASE("an empty batch gives an empty result") {
  const Curve& c = Curve::named("dstu163");
  CHECK(ec2m::mul_double_batch_vartime(c, {}, 2).empty());
  CHECK(ec2m::mul_base_batch(c, {}, 2).empty());
}
