// The product kernels of lib/gfp against each other: CIOS, FIPS, the BMI2 + ADX 4-limb
// kernel (its own ctest entry, gfp_kernels_adx, SKIPPED without BMI2 + ADX) and the
// 2^521 - 1 kernel, on random odd moduli of every limb count and edge-shaped operands. Montgomery's product
// needs only an odd modulus, so these moduli need not be prime.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <vector>

#include "dstu/cpu/features.hpp"
#include "field_kernels.hpp"
#include "test_random.hpp"

using namespace dstu::gfp::detail;

namespace {

/// An operand below p: p's limbs with the top one lowered, or p - 1 (edges).
std::vector<Limb> below(dstu::test::TestRng& rng, const std::vector<Limb>& p, int shape) {
  const std::size_t n = p.size();
  if (shape == 0) {
    std::vector<Limb> x = p;
    x[0] -= 1;  // p odd: no borrow
    return x;
  }
  std::vector<Limb> x = rng.limbs(n);
  x[n - 1] = p[n - 1] == 0 ? 0 : x[n - 1] % p[n - 1];
  return x;
}

template <std::size_t N, class F>
void check_limbs(dstu::test::TestRng& rng, F&& other) {
  INFO("N = ", N);
  for (int round = 0; round < 200; ++round) {
    std::vector<Limb> p = rng.limbs(N);
    p[0] |= 1;
    if (p[N - 1] == 0) p[N - 1] = 1;
    const Limb m0inv = neg_inverse_mod_2_64(p[0]);
    const std::vector<Limb> a = below(rng, p, round % 7), b = below(rng, p, round % 5);
    Limb r1[N], r2[N];
    mont_mul_cios<N>(r1, a.data(), b.data(), p.data(), m0inv);
    other(r2, a.data(), b.data(), p.data(), m0inv);
    REQUIRE(std::equal(r1, r1 + N, r2));
  }
}

}  // namespace

TEST_CASE("CIOS and FIPS agree on random odd moduli of 1 to 9 limbs") {
  dstu::test::TestRng rng(404);
  check_limbs<1>(rng, mont_mul_fips<1>);
  check_limbs<2>(rng, mont_mul_fips<2>);
  check_limbs<3>(rng, mont_mul_fips<3>);
  check_limbs<4>(rng, mont_mul_fips<4>);
  check_limbs<5>(rng, mont_mul_fips<5>);
  check_limbs<6>(rng, mont_mul_fips<6>);
  check_limbs<7>(rng, mont_mul_fips<7>);
  check_limbs<8>(rng, mont_mul_fips<8>);
  check_limbs<9>(rng, mont_mul_fips<9>);
}

// Skipped in the main run (it exits 77 without BMI2 + ADX); ctest gfp_kernels_adx runs
// it alone with --no-skip.
TEST_CASE("the BMI2 + ADX 4-limb kernel equals CIOS" * doctest::skip()) {
#if defined(__x86_64__)
  const dstu::cpu::Features& f = dstu::cpu::detected();
  if (f.bmi2 && f.adx) {
    dstu::test::TestRng rng(406);
    for (int i = 0; i < 10; ++i) check_limbs<4>(rng, mont_mul_4_adx);
    // m0inv = 1: moduli of low limb 2^64 - 1, as P-256's.
    for (int round = 0; round < 2000; ++round) {
      std::vector<Limb> p = rng.limbs(4);
      p[0] = ~Limb{0};
      if (p[3] == 0) p[3] = 1;
      const std::vector<Limb> a = below(rng, p, round % 7), b = below(rng, p, round % 5);
      Limb r1[4], r2[4];
      mont_mul_cios<4>(r1, a.data(), b.data(), p.data(), 1);
      mont_mul_4_adx_m1(r2, a.data(), b.data(), p.data(), 1);
      REQUIRE(std::equal(r1, r1 + 4, r2));
    }
    return;
  }
#endif
  MESSAGE("this CPU has no BMI2 + ADX: the 4-limb ADX kernel is not checked here");
  std::exit(77);  // ctest: gfp_kernels_adx reports SKIPPED, never passed
}

TEST_CASE("the 2^521 - 1 kernel equals CIOS") {
  dstu::test::TestRng rng(405);
  std::vector<Limb> p(9, ~Limb{0});
  p[8] = 0x1ff;
  const Limb m0inv = neg_inverse_mod_2_64(p[0]);
  for (int round = 0; round < 2000; ++round) {
    const std::vector<Limb> a = below(rng, p, round % 7), b = below(rng, p, round % 5);
    Limb r1[9], r2[9];
    mont_mul_cios<9>(r1, a.data(), b.data(), p.data(), m0inv);
    mont_mul_p521(r2, a.data(), b.data(), p.data(), m0inv);
    REQUIRE(std::equal(r1, r1 + 9, r2));
  }
}
