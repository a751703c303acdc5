// Primality: known primes, composites that fool weak tests (Carmichael numbers,
// strong pseudoprimes to several bases, strong Lucas pseudoprimes), agreement with
// GMP on random numbers, and the prime search (sizes, reproducibility, threads).
#include <doctest/doctest.h>

#include <sstream>

#include "dstu/base/error.hpp"
#include "dstu/mp/modular.hpp"
#include "dstu/mp/prime.hpp"
#include "dstu/rng/random.hpp"
#include "gmp_oracle.hpp"
#include "test_random.hpp"
#include "vec.hpp"

using dstu::mp::Nat;
using dstu::test::Mpz;
using dstu::test::TestRng;
namespace mp = dstu::mp;

namespace {

dstu::rng::ChaCha20Drbg& test_rng() {
  static dstu::rng::ChaCha20Drbg rng(dstu::test::seed(), 77);
  return rng;
}

/// The product of "p q r^e ..." as written in the vector files.
Nat product_of(const std::string& factors) {
  std::istringstream in(factors);
  std::string f;
  Nat prod(1);
  while (in >> f) {
    const auto caret = f.find('^');
    const Nat p = Nat::parse(f.substr(0, caret));
    const int e = caret == std::string::npos ? 1 : std::stoi(f.substr(caret + 1));
    for (int i = 0; i < e; ++i) prod = prod * p;
  }
  return prod;
}

mp::StreamFactory seeded(std::uint64_t seed, std::uint64_t request) {
  return [seed, request](std::uint64_t w) -> std::unique_ptr<dstu::RandomSource> {
    return std::make_unique<dstu::rng::ChaCha20Drbg>(seed, request << 32 | w);
  };
}

}  // namespace

TEST_CASE("known primes are prime") {
  for (const auto& v : dstu::test::load_vectors("mp/primes.vec", "prime")) {
    INFO(v.where() << " " << v.get("Note"));
    const Nat n = Nat::parse(v.get("N"));
    CHECK(mp::is_probable_prime(n, test_rng()));
    CHECK(mp::baillie_psw(n));
    CHECK(mp::is_probable_prime(n, test_rng(), mp::kAdversarialRounds));
  }
}

TEST_CASE("strong pseudoprimes pass their Miller-Rabin bases but not BPSW") {
  for (const auto& v : dstu::test::load_vectors("mp/primes.vec", "spsp")) {
    INFO(v.where());
    const Nat n = Nat::parse(v.get("N"));
    REQUIRE(product_of(v.get("Factors")) == n);
    std::istringstream bases(v.get("Bases"));
    int b = 0, count = 0;
    while (bases >> b) {
      CHECK(mp::miller_rabin(n, Nat(static_cast<std::uint64_t>(b))));
      ++count;
    }
    CHECK(count >= 1);
    CHECK_FALSE(mp::baillie_psw(n));
    CHECK_FALSE(mp::is_probable_prime(n, test_rng()));
  }
}

TEST_CASE("strong Lucas pseudoprimes pass the Lucas test but not BPSW") {
  for (const auto& v : dstu::test::load_vectors("mp/primes.vec", "slpsp")) {
    INFO(v.where());
    const Nat n = Nat::parse(v.get("N"));
    REQUIRE(product_of(v.get("Factors")) == n);
    CHECK(mp::strong_lucas(n));
    CHECK_FALSE(mp::miller_rabin(n, Nat(2)));
    CHECK_FALSE(mp::baillie_psw(n));
  }
}

TEST_CASE("Carmichael numbers fool Fermat but not the default test") {
  for (const auto& v : dstu::test::load_vectors("mp/primes.vec", "carmichael")) {
    INFO(v.where());
    const Nat n = Nat::parse(v.get("N"));
    REQUIRE(product_of(v.get("Factors")) == n);
    for (std::uint64_t a : {2, 3, 5, 7, 11, 101}) {
      if (mp::gcd(n, Nat(a)) == Nat(1)) CHECK(mp::powmod_vartime(Nat(a), n - Nat(1), n) == Nat(1));
    }
    CHECK_FALSE(mp::is_probable_prime(n, test_rng()));
  }
}

TEST_CASE("plain composites and prime squares") {
  for (const auto& v : dstu::test::load_vectors("mp/primes.vec", "composite")) {
    INFO(v.where());
    const Nat n = Nat::parse(v.get("N"));
    REQUIRE(product_of(v.get("Factors")) == n);
    CHECK_FALSE(mp::strong_lucas(n));
    CHECK_FALSE(mp::is_probable_prime(n, test_rng()));
  }
}

TEST_CASE("every number below 2^16 and random numbers agree with GMP") {
  for (std::uint64_t i = 0; i < (1u << 16); ++i) {
    Mpz z{Nat(i)};
    CHECK(mp::is_probable_prime(Nat(i), test_rng()) == (mpz_probab_prime_p(z.v, 30) != 0));
  }
  TestRng rng(60);
  int primes = 0;
  for (int i = 0; i < 10000; ++i) {
    Nat n = Nat::from_limbs(rng.number(rng.log_bits(1024)));
    n.set_bit(0);
    Mpz z(n);
    const bool want = mpz_probab_prime_p(z.v, 30) != 0;
    primes += want;
    INFO("n=" << n.to_hex());
    CHECK(mp::is_probable_prime(n, test_rng()) == want);
    if (n > Nat(3)) CHECK(mp::baillie_psw(n) == want);
  }
  CHECK(primes > 100);
}

TEST_CASE("Jacobi symbol agrees with mpz_jacobi") {
  TestRng rng(61);
  for (int i = 0; i < 10000; ++i) {
    Nat n = Nat::from_limbs(rng.number(rng.log_bits(512)));
    n.set_bit(0);
    const auto a = static_cast<std::int64_t>(rng.range(0, 2000)) - 1000;
    Mpz zn(n), za;
    mpz_set_si(za.v, a);
    CHECK(mp::jacobi(a, n) == mpz_jacobi(za.v, zn.v));
  }
}

TEST_CASE("Miller-Rabin rounds follow the Damgard-Landrock-Pomerance bounds") {
  CHECK(mp::random_candidate_rounds(64) == 0);
  CHECK(mp::random_candidate_rounds(1024) == 6);
  CHECK(mp::random_candidate_rounds(2048) == 3);
  int last = mp::kAdversarialRounds;
  for (std::size_t bits = 65; bits <= 16384; bits += 37) {
    const int r = mp::random_candidate_rounds(bits);
    CHECK(r >= 1);
    CHECK(r <= last);  // more bits never need more rounds
    last = r;
  }
}

TEST_CASE("random primes have exactly the requested size and are prime") {
  for (std::size_t bits : {16, 17, 31, 64, 65, 127, 256, 512, 1024}) {
    for (int k = 0; k < 3; ++k) {
      mp::PrimeRequest req;
      req.bits = bits;
      const auto res = mp::random_prime(req, seeded(bits * 10 + k, 0), 1);
      INFO("bits=" << bits << " p=" << res.prime.to_hex());
      CHECK(res.prime.bits() == bits);
      Mpz z(res.prime);
      CHECK(mpz_probab_prime_p(z.v, 40) != 0);
      CHECK(res.stats.candidates >= 1);
    }
  }
}

TEST_CASE("safe primes") {
  for (std::size_t bits : {16, 64, 256}) {
    mp::PrimeRequest req;
    req.bits = bits;
    req.safe = true;
    const auto res = mp::random_prime(req, seeded(bits, 1), 2);
    CHECK(res.prime.bits() == bits);
    Mpz p(res.prime), q(res.prime >> 1);
    CHECK(mpz_probab_prime_p(p.v, 40) != 0);
    CHECK(mpz_probab_prime_p(q.v, 40) != 0);
  }
}

TEST_CASE("the search result does not depend on the thread count") {
  for (std::size_t bits : {64, 300, 700}) {
    mp::PrimeRequest req;
    req.bits = bits;
    const Nat one = mp::random_prime(req, seeded(42, 3), 1).prime;
    for (int t = 2; t <= 4; ++t) CHECK(mp::random_prime(req, seeded(42, 3), t).prime == one);
    CHECK(mp::random_prime(req, seeded(43, 3), 2).prime != one);
  }
}

TEST_CASE("bad prime requests are errors") {
  mp::PrimeRequest req;
  req.bits = 15;
  CHECK_THROWS_AS(mp::random_prime(req, seeded(1, 0), 1), dstu::Error);
  req.bits = 16385;
  CHECK_THROWS_AS(mp::random_prime(req, seeded(1, 0), 1), dstu::Error);
  CHECK_THROWS_AS(mp::miller_rabin(Nat(8), Nat(2)), dstu::Error);
  CHECK_THROWS_AS(mp::jacobi(3, Nat(10)), dstu::Error);
}
