// Montgomery, Barrett, exponentiation (sequential, constant-time, parallel) and
// inverse against GMP.
#include <doctest/doctest.h>

#include <thread>

#include "dstu/base/error.hpp"
#include "dstu/mp/modular.hpp"
#include "dstu/parallel/team.hpp"
#include "gmp_oracle.hpp"
#include "sanitized.hpp"
#include "test_random.hpp"
#include "cpu_paths.hpp"
#include "window.hpp"

using dstu::mp::Nat;
using dstu::test::Mpz;
using dstu::test::TestRng;
namespace mp = dstu::mp;

namespace {

Nat random_nat(TestRng& rng, std::size_t max_bits) {
  return Nat::from_limbs(rng.number(rng.log_bits(max_bits)));
}

Nat random_odd(TestRng& rng, std::size_t max_bits) {
  Nat m = random_nat(rng, max_bits);
  m.set_bit(0);
  return m == Nat(1) ? Nat(3) : m;
}

Nat gmp_powm(const Nat& b, const Nat& e, const Nat& m) {
  Mpz zb(b), ze(e), zm(m), r;
  mpz_powm(r.v, zb.v, ze.v, zm.v);
  return r.nat();
}

}  // namespace

TEST_CASE("Montgomery multiplication agrees with a b / R mod m") {
  dstu::test::for_each_cpu_path([](const std::string& path) {
    TestRng rng(20);
    for (int i = 0; i < 10000; ++i) {
      const Nat m = random_odd(rng, 8192);
      const mp::Montgomery mont(m);
      const Nat a = random_nat(rng, m.bits()) % m, b = random_nat(rng, m.bits()) % m;
      auto ma = mont.to_mont(a), mb = mont.to_mont(b);
      std::vector<mp::Limb> r(mont.size()), scratch(mont.scratch_size());
      mont.mul(r.data(), ma.data(), mb.data(), scratch.data());
      INFO("path=" << path << " m=" << m.to_hex());
      CHECK(mont.from_mont(r.data()) == (a * b) % m);
      mont.sqr(r.data(), ma.data(), scratch.data());
      CHECK(mont.from_mont(r.data()) == (a * a) % m);
    }
  });
}

TEST_CASE("Montgomery REDC on moduli that stress the final subtraction") {
  // m = B^n - small odd, and m just above B^(n-1): carries out of the top limb.
  for (std::size_t n = 1; n <= 20; ++n) {
    for (mp::Limb delta : {1ULL, 3ULL, 0xffffULL}) {
      const Nat big = Nat::power_of_two(64 * n) - Nat(delta);
      const Nat small = Nat::power_of_two(64 * (n - 1)) + Nat(delta);
      for (const Nat& m : {big, small}) {
        if (m <= Nat(1) || !m.is_odd()) continue;
        const mp::Montgomery mont(m);
        const Nat a = m - Nat(1), b = m - Nat(2);
        auto ma = mont.to_mont(a), mb = mont.to_mont(b);
        std::vector<mp::Limb> r(mont.size()), scratch(mont.scratch_size());
        mont.mul(r.data(), ma.data(), mb.data(), scratch.data());
        CHECK(mont.from_mont(r.data()) == (a * b) % m);
      }
    }
  }
}

TEST_CASE("Barrett reduction agrees with mpz_mod") {
  TestRng rng(21);
  for (int i = 0; i < 10000; ++i) {
    const Nat m = random_nat(rng, 8192);
    const mp::Barrett barrett(m);
    const Nat x = i % 5 == 0 ? random_nat(rng, 3 * m.bits()) : random_nat(rng, 2 * m.bits());
    Mpz zx(x), zm(m), want;
    mpz_mod(want.v, zx.v, zm.v);
    CHECK(barrett.reduce(x) == want.nat());
  }
}

TEST_CASE("powmod_sequential_vartime agrees with mpz_powm on random moduli, bases and exponents") {
  dstu::test::for_each_cpu_path([](const std::string& path) {
    TestRng rng(22);
    // Under the sanitizers (sanitized.hpp) a fifth: 2,000 and 400.
    const int count = (path == "native" ? 10000 : 2000) / (dstu::test::kSanitized ? 5 : 1);
    for (int i = 0; i < count; ++i) {
      // Odd and even moduli over 1..8192 bits; exponents up to 1024 bits keep it quick.
      Nat m = random_nat(rng, 8192);
      if (i % 4 == 0) m = m + Nat(m.is_odd() ? 1 : 0);  // some even moduli
      const Nat b = random_nat(rng, m.bits() + 64);
      const Nat e = i % 97 == 0 ? Nat() : random_nat(rng, 1024);
      INFO("path=" << path << " m=" << m.to_hex() << " e=" << e.to_hex());
      CHECK(mp::powmod_sequential_vartime(b, e, m) == gmp_powm(b, e, m));
    }
  });
}

TEST_CASE("full-length exponents at RSA sizes") {
  TestRng rng(23);
  for (std::size_t bits : {512, 1024, 2048, 3072, 4096}) {
    for (int i = 0; i < 3; ++i) {
      Nat m = Nat::from_limbs(rng.number(bits));
      m.set_bit(0);
      const Nat b = Nat::from_limbs(rng.number(bits - 1)), e = Nat::from_limbs(rng.number(bits));
      const Nat want = gmp_powm(b, e, m);
      CHECK(mp::powmod_sequential_vartime(b, e, m) == want);
      CHECK(mp::powmod(b, e, m, bits) == want);
      for (int t = 1; t <= 4; ++t) CHECK(mp::powmod_parallel_vartime(b, e, m, t) == want);
    }
  }
}

TEST_CASE("constant-time powmod agrees with mpz_powm") {
  TestRng rng(24);
  for (int i = 0; i < 3000; ++i) {
    const Nat m = random_odd(rng, 2048);
    const Nat b = random_nat(rng, m.bits() + 10);
    const Nat e = i % 50 == 0 ? Nat() : random_nat(rng, 1024);
    const std::size_t bound = e.bits() + rng.range(0, 70);
    CHECK(mp::powmod(b, e, m, bound) == gmp_powm(b, e, m));
  }
  CHECK_THROWS_AS(mp::powmod(Nat(2), Nat(1000), Nat(7), 4), dstu::Error);
  CHECK_THROWS_AS(mp::powmod(Nat(2), Nat(3), Nat(8), 4), dstu::Error);
}

TEST_CASE("SecretModulus products and public powers agree with GMP on the IFMA, ADX and portable paths") {
  dstu::test::for_each_cpu_path_in(dstu::test::cpu_paths_without({"avx512f", "adx"}), [](const std::string& path) {
    TestRng rng(25);
    for (int i = 0; i < 400; ++i) {
      // Sizes on both sides of the IFMA kernels' threshold, up to RSA-8192 halves and n.
      const Nat m = random_odd(rng, i % 4 == 0 ? 8192 : 2048);
      const mp::SecretModulus sm(m);
      Nat a = random_nat(rng, m.bits()) % m, b = random_nat(rng, m.bits()) % m;
      if (i % 7 == 0) a = m - Nat(1);
      if (i % 11 == 0) b = m - Nat(1);
      Mpz za(a), zb(b), zm(m), want;
      mpz_mul(want.v, za.v, zb.v);
      mpz_mod(want.v, want.v, zm.v);
      INFO(path << " bits=" << m.bits());
      CHECK(sm.mul(a, b) == want.nat());
      CHECK(sm.mul(a, a) == a * a % m);
      CHECK(sm.reduce(a * b) == want.nat());
      const Nat e = i % 13 == 0 ? Nat() : random_nat(rng, 64);
      CHECK(sm.powmod_vartime(a, e) == gmp_powm(a, e, m));
    }
  });
}

TEST_CASE("SecretModulus: two threads' first reductions on one modulus agree") {
  // Where IFMA serves, the first reduce() builds the 64-bit context; both threads race to it.
  TestRng rng(27);
  for (int i = 0; i < 8; ++i) {
    const Nat m = random_odd(rng, 4096) + Nat::power_of_two(2048);  // IFMA-sized where it serves
    const mp::SecretModulus sm(m);
    const Nat x = random_nat(rng, 2 * m.bits() - 2) % (m * m);
    Nat got[2];
    std::thread other([&] { got[1] = sm.reduce(x); });
    got[0] = sm.reduce(x);
    other.join();
    CHECK(got[0] == x % m);
    CHECK(got[1] == x % m);
  }
}

TEST_CASE("sliding windows count their products for short exponents") {
  // 65537 = 2^16 + 1: sixteen squarings and one product; a table of width 2 would add a
  // squaring and a product used by no window.
  CHECK(mp::detail::window_products(Nat(65537), 1) == 17);
  CHECK(mp::detail::window_products(Nat(65537), 2) == 19);
  CHECK(mp::detail::window_size_for(Nat(65537)) == 1);
  CHECK(mp::detail::window_size_for(Nat(3)) == 1);
  // 2^256 - 1, all ones: w = 4 costs 8 + 252 + 63 = 323 products, w = 1 510.
  const Nat ones = Nat::power_of_two(256) - Nat(1);
  CHECK(mp::detail::window_products(ones, 1) == 510);
  CHECK(mp::detail::window_products(ones, 4) == 323);
  CHECK(mp::detail::window_products(ones, 5) == 318);
  CHECK(mp::detail::window_size_for(ones) == 5);
  // Past the counted length the estimate for random bits decides.
  const Nat long_sparse = Nat::power_of_two(300) + Nat(1);
  CHECK(mp::detail::window_size_for(long_sparse) == mp::detail::window_size(301));
}

TEST_CASE("public exponents, sparse and dense, agree with GMP on the IFMA, ADX and portable paths") {
  const std::vector<Nat> exponents = {Nat(1),
                                      Nat(2),
                                      Nat(3),
                                      Nat(17),
                                      Nat(65537),
                                      Nat::power_of_two(32) + Nat(1),
                                      Nat::power_of_two(255) + Nat(1),
                                      Nat::power_of_two(256) - Nat(1),
                                      Nat::power_of_two(257) + Nat(3)};
  // Without AVX-512F the Montgomery products run on the ADX kernels, without ADX as well
  // on the portable ones (cpu_paths_without names only what this machine has).
  dstu::test::for_each_cpu_path_in(dstu::test::cpu_paths_without({"avx512f", "adx"}), [&](const std::string& path) {
    TestRng rng(26);
    for (std::size_t bits : {1024, 2048, 3072}) {
      Nat m = Nat::from_limbs(rng.number(bits));
      m.set_bit(0);
      m.set_bit(bits - 1);
      const mp::SecretModulus sm(m);
      const Nat b = Nat::from_limbs(rng.number(bits - 1));
      for (const Nat& e : exponents) {
        INFO(path << " bits=" << bits << " e=" << e.to_hex());
        const Nat want = gmp_powm(b, e, m);
        CHECK(mp::powmod_sequential_vartime(b, e, m) == want);
        CHECK(sm.powmod_vartime(b, e) == want);
        const Nat even = m + Nat(1);
        CHECK(mp::powmod_sequential_vartime(b, e, even) == gmp_powm(b, e, even));
      }
    }
  });
}

TEST_CASE("parallel exponentiation is identical to the sequential twin for 1..4 threads") {
  TestRng rng(25);
  for (int i = 0; i < 300; ++i) {
    const Nat m = random_odd(rng, 4096);
    const Nat b = random_nat(rng, m.bits());
    const Nat e = random_nat(rng, 4096);
    const Nat want = mp::powmod_sequential_vartime(b, e, m);
    for (int t = 1; t <= 4; ++t) {
      INFO("threads=" << t << " m=" << m.to_hex() << " e=" << e.to_hex());
      CHECK(mp::powmod_parallel_vartime(b, e, m, t) == want);
    }
  }
}

TEST_CASE("powmod_vartime on two threads equals the twin through its calibration and after it") {
  // 100 calls at 512 bits cross warming, measuring and the decided form.
  dstu::parallel::init(2);
  TestRng rng(27);
  for (int i = 0; i < 100; ++i) {
    Nat m = random_odd(rng, 512), e = random_nat(rng, 512);
    m.set_bit(511);  // both above the 384-bit floor of the choice
    e.set_bit(511);
    const Nat b = random_nat(rng, 520);
    INFO("call " << i);
    CHECK(mp::powmod_vartime(b, e, m) == mp::powmod_sequential_vartime(b, e, m));
  }
}

TEST_CASE("exponent portions cover the exponent and shrink towards the top") {
  for (int t = 1; t <= 8; ++t) {
    for (std::size_t bits : {1, 2, 7, 64, 1000, 2048, 4096}) {
      const auto s = mp::powmod_portions(bits, t);
      REQUIRE(s.size() == static_cast<std::size_t>(t) + 1);
      CHECK(s.front() == 0);
      CHECK(s.back() == bits);
      for (int i = 0; i < t; ++i) CHECK(s[i] <= s[i + 1]);
      if (bits >= 1000 && t >= 2) CHECK(s[t] - s[t - 1] < s[1] - s[0]);
    }
  }
}

TEST_CASE("modular inverse") {
  TestRng rng(26);
  for (int i = 0; i < 10000; ++i) {
    const Nat m = random_nat(rng, 4096) + Nat(1);
    const Nat a = random_nat(rng, m.bits() + 8);
    Mpz za(a), zm(m), want;
    const bool exists = mpz_invert(want.v, za.v, zm.v) != 0;
    const auto got = mp::inverse_mod_vartime(a, m);
    REQUIRE(got.has_value() == (exists || m == Nat(1)));
    if (got && m != Nat(1)) CHECK(*got == want.nat());
  }
  CHECK(mp::neg_inverse_limb(1) == ~0ULL);
  for (mp::Limb m : {3ULL, 0xffffffffffffffffULL, 0x8000000000000001ULL}) {
    CHECK(m * (0 - mp::neg_inverse_limb(m)) == 1);
  }
}

TEST_CASE("modular operations reject zero moduli") {
  CHECK_THROWS_AS(mp::powmod_vartime(Nat(2), Nat(3), Nat()), dstu::Error);
  CHECK_THROWS_AS(mp::Montgomery(Nat(10)), dstu::Error);
  CHECK_THROWS_AS(mp::Barrett{Nat()}, dstu::Error);
  CHECK(mp::powmod_vartime(Nat(5), Nat(3), Nat(1)) == Nat());
  CHECK(mp::powmod_vartime(Nat(0), Nat(0), Nat(7)) == Nat(1));
}
