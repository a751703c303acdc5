// The parallel Comba twins against mul_comba for 1..4 threads and every size of
// [Parallel Comba]'s Table 1, plus odd shapes.
#include <doctest/doctest.h>

#include <vector>

#include "dstu/mp/limbs.hpp"
#include "dstu/parallel/team.hpp"
#include "test_random.hpp"

using dstu::mp::Limb;
namespace ln = dstu::mp::ln;
using dstu::test::TestRng;

TEST_CASE("Comba 2x and Mx are bit-identical to Comba") {
  dstu::parallel::init(4);
  TestRng rng(50);
  std::vector<std::pair<std::size_t, std::size_t>> shapes;
  for (std::size_t words32 : {3, 4, 8, 16, 32, 48, 64, 96, 128, 192, 256, 384}) {
    const std::size_t n = (words32 + 1) / 2;
    shapes.emplace_back(n, n);
  }
  for (int i = 0; i < 200; ++i) {
    const std::size_t na = rng.range(1, 200);
    shapes.emplace_back(na, rng.range(1, na));
  }
  for (const auto& shape : shapes) {
    // Named copies, not a structured binding: doctest's INFO captures them in a lambda,
    // which C++17 does not allow for bindings (clang refuses it).
    const std::size_t na = shape.first, nb = shape.second;
    for (int rep = 0; rep < 5; ++rep) {
      auto a = rng.limbs(na), b = rng.limbs(nb);
      std::vector<Limb> want(na + nb), got(na + nb);
      ln::mul_comba(want.data(), a.data(), na, b.data(), nb);
      ln::mul_comba_2x(got.data(), a.data(), na, b.data(), nb);
      CHECK(got == want);
      for (int t = 1; t <= 4; ++t) {
        INFO("na=" << na << " nb=" << nb << " threads=" << t);
        std::fill(got.begin(), got.end(), 0xdead);
        ln::mul_comba_mx(got.data(), a.data(), na, b.data(), nb, t);
        CHECK(got == want);
      }
    }
  }
}

TEST_CASE("nested calls fall back to the sequential order and still agree") {
  dstu::parallel::init(2);
  TestRng rng(51);
  auto a = rng.limbs(64), b = rng.limbs(64);
  std::vector<Limb> want(128);
  ln::mul_comba(want.data(), a.data(), 64, b.data(), 64);
  std::vector<std::vector<Limb>> got(2, std::vector<Limb>(128));
  dstu::parallel::on_team(2, [&](int i, int) {
    ln::mul_comba_2x(got[i].data(), a.data(), 64, b.data(), 64);
  });
  CHECK(got[0] == want);
  CHECK(got[1] == want);
}
