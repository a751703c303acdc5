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

#include "dstu/ec/point.hpp"
#include "dstu/ec/scalar.hpp"
#include "dstu/ec/scalar_mul.hpp"
#include "dstu/mp/nat.hpp"

using dstu::ec::Curve;
namespace ec = dstu::ec;

namespace {

constexpr std::array<const char*, 10> kNames{"dstu163", "dstu167", "dstu173", "dstu179", "dstu191",
                                             "dstu233", "dstu257", "dstu307", "dstu367", "dstu431"};

}  // namespace

TEST_CASE("concurrent first use of every named curve yields one object and correct comb results") {
  constexpr std::size_t kThreads = 6;
  const dstu::mp::Nat k = dstu::mp::Nat::from_hex("123456789abcdef0fedcba9876543210");
  std::latch start(kThreads);
  std::vector<std::array<const Curve*, kNames.size()>> seen(kThreads);
  std::vector<std::array<ec::AffinePoint, kNames.size()>> products(kThreads);
  std::vector<std::thread> threads;
  for (std::size_t t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      start.arrive_and_wait();
      // Each thread walks the curves from a different start, so first uses collide.
      for (std::size_t j = 0; j < kNames.size(); ++j) {
        const std::size_t i = (j + t * 3) % kNames.size();
        const Curve& c = Curve::named(kNames[i]);
        seen[t][i] = &c;
        products[t][i] = ec::mul_base(c, ec::scalar_from_nat(k));  // builds the comb table
      }
    });
  }
  for (std::thread& th : threads) th.join();
  for (std::size_t i = 0; i < kNames.size(); ++i) {
    const Curve& c = Curve::named(kNames[i]);
    const ec::AffinePoint want = ec::mul_reference_vartime(c, k, c.generator());
    for (std::size_t t = 0; t < kThreads; ++t) {
      INFO(kNames[i] << " thread " << t);
      CHECK(seen[t][i] == &c);
      CHECK(ec::same_point(c, products[t][i], want));
    }
  }
}
