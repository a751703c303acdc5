// The product kernels of lib/gfp against each other: CIOS, FIPS, the BMI2 + ADX 4-limb
// kernel (its own ctest entry, gfp_kernels_adx, SKIPPED without BMI2 + ADX) and the
// 2^521 - 1 kernel, on random odd moduli of every limb count and edge-shaped operands. Montgomery's product
// needs only an odd modulus, so these moduli need not be prime.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <cstdlib>
#include <vector>

#include "cpu_paths.hpp"
#include "dstu/cpu/features.hpp"
#include "dstu/gfp/kernels.hpp"
#include "dstu/mp/modular.hpp"
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
    const Limb m0inv = dstu::mp::neg_inverse_limb(p[0]);
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
    for (int i = 0; i < 10; ++i) check_limbs<4>(rng, mont_mul_4_adx<false>);
    // m0inv = 1: moduli of low limb 2^64 - 1, as P-256's.
    for (int round = 0; round < 2000; ++round) {
      std::vector<Limb> p = rng.limbs(4);
      p[0] = ~Limb{0};
      if (p[3] == 0) p[3] = 1;
      const std::vector<Limb> a = below(rng, p, round % 7), b = below(rng, p, round % 5);
      Limb r1[4], r2[4];
      mont_mul_cios<4>(r1, a.data(), b.data(), p.data(), 1);
      mont_mul_4_adx<true>(r2, a.data(), b.data(), p.data(), 1);
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
  const Limb m0inv = dstu::mp::neg_inverse_limb(p[0]);
  for (int round = 0; round < 2000; ++round) {
    const std::vector<Limb> a = below(rng, p, round % 7), b = below(rng, p, round % 5);
    Limb r1[9], r2[9];
    mont_mul_cios<9>(r1, a.data(), b.data(), p.data(), m0inv);
    mont_mul_p521(r2, a.data(), b.data(), p.data(), m0inv);
    REQUIRE(std::equal(r1, r1 + 9, r2));
  }
}

TEST_CASE("dispatch: the kernel type of each named field on each CPU path, equal to Field's operations") {
  dstu::test::TestRng rng(407);
  dstu::test::for_each_cpu_path([&](const std::string& path) {
    INFO("path ", path);
    const bool adx = dstu::gfp::adx_allowed();
    for (const std::string& name : dstu::gfp::Field::names()) {
      INFO("field ", name);
      const dstu::gfp::Field& f = dstu::gfp::Field::named(name);
      dstu::gfp::dispatch(f, [&](auto k) {
        using K = decltype(k);
        CHECK(K::limbs == f.limbs());
        CHECK(K::form == f.form());
        CHECK((K::path == dstu::gfp::Path::adx) == (adx && dstu::gfp::detail::has_adx_kernel(f.limbs()) &&
                                                   f.form() != dstu::gfp::Form::mersenne521));
        for (int round = 0; round < 200; ++round) {
          dstu::gfp::Element a, b, want;
          const std::vector<Limb> x = below(rng, rng.limbs(f.limbs()), 1);  // any limbs, reduced below
          for (std::size_t i = 0; i < f.limbs(); ++i) {
            a.w[i] = f.modulus().w[i] - (round % 3 == 0 ? (i == 0 ? 1 : 0) : 0);  // p - 1 every third round
            b.w[i] = x[i];
          }
          if (round % 3 != 0) a = f.from_nat(dstu::mp::Nat(static_cast<std::uint64_t>(round) * 0x9e3779b97f4a7c15ULL));
          b = f.from_nat(f.to_nat(b));  // reduced mod p
          typename K::Fe r;
          k.mul(r, K::from(a), K::from(b));
          f.mul(want, a, b);
          REQUIRE(K::to(r).w == want.w);
          k.sqr(r, K::from(a));
          f.sqr(want, a);
          REQUIRE(K::to(r).w == want.w);
          k.add(r, K::from(a), K::from(b));
          f.add(want, a, b);
          REQUIRE(K::to(r).w == want.w);
          k.sub(r, K::from(b), K::from(a));
          f.sub(want, b, a);
          REQUIRE(K::to(r).w == want.w);
          k.inv(r, K::from(b));
          f.inv(want, b);
          REQUIRE(K::to(r).w == want.w);
        }
      });
    }
  });
}
