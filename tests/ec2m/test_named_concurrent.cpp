// The first use of the named curves from many threads at once (Curve::named builds each
// curve, and Curve::precomputed its tables, on first use under std::call_once): every
// thread must get the same object and correct results. Its own executable, so no other
// test has built a curve before the threads start.
#include <doctest/doctest.h>

#include <array>
#include <cstddef>
#include <latch>
#include <string>
#include <thread>
#include <vector>

#include "dstu/ec2m/point.hpp"
#include "dstu/ec2m/curve.hpp"
#include "dstu/ec2m/scalar_mul.hpp"
#include "dstu/mp/nat.hpp"
#include "named_curves.hpp"

using dstu::ec2m::Curve;
namespace ec2m = dstu::ec2m;

namespace {

/// The names, from the curve specifications as text (reading them builds no curve).
std::array<std::string, dstu::ec2m::detail::kNamedCurves> names() {
  std::array<std::string, dstu::ec2m::detail::kNamedCurves> out;
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = dstu::ec2m::detail::named_curve_specs()[i].record.name;
  return out;
}

}  // namespace

TEST_CASE("concurrent first use of every named curve yields one object and correct comb results") {
  constexpr std::size_t kThreads = 6;
  constexpr std::size_t kCurves = dstu::ec2m::detail::kNamedCurves;
  const auto curve_names = names();
  const dstu::mp::Nat k = dstu::mp::Nat::from_hex("123456789abcdef0fedcba9876543210");
  std::latch start(kThreads);
  std::vector<std::array<const Curve*, kCurves>> seen(kThreads);
  std::vector<std::array<ec2m::AffinePoint, kCurves>> products(kThreads);
  std::vector<std::thread> threads;
  for (std::size_t t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      start.arrive_and_wait();
      // Each thread walks the curves from a different start, so first uses collide.
      for (std::size_t j = 0; j < kCurves; ++j) {
        const std::size_t i = (j + t * 3) % kCurves;
        const Curve& c = Curve::named(curve_names[i]);
        seen[t][i] = &c;
        products[t][i] = ec2m::mul_base(c, ec2m::scalar_from_nat(k));  // builds the comb table
      }
    });
  }
  for (std::thread& th : threads) th.join();
  for (std::size_t i = 0; i < kCurves; ++i) {
    const Curve& c = Curve::named(curve_names[i]);
    const ec2m::AffinePoint want = ec2m::mul_reference_vartime(c, k, c.generator());
    for (std::size_t t = 0; t < kThreads; ++t) {
      INFO(curve_names[i] << " thread " << t);
      CHECK(seen[t][i] == &c);
      CHECK(ec2m::same_point(c, products[t][i], want));
    }
  }
}
