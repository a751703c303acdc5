// RSA keys (lib/rsa): FIPS 186-5 A.1.3's conditions on generated keys, the consistency
// checks of check_key (each corrupted field refused), sizes and exponents refused.
#include <doctest/doctest.h>

#include "dstu/base/error.hpp"
#include "dstu/mp/modular.hpp"
#include "dstu/mp/prime.hpp"
#include "dstu/rng/random.hpp"
#include "dstu/rsa/keygen.hpp"

namespace mp = dstu::mp;
namespace rsa = dstu::rsa;
using mp::Nat;

namespace {

// Every condition of FIPS 186-5 A.1.3 and the CRT values, recomputed here.
void check_generated(const rsa::PrivateKey& k, std::size_t bits, dstu::RandomSource& rng) {
  const std::size_t half = bits / 2;
  CHECK(k.n.bits() == bits);
  CHECK(k.e == Nat(65537));
  CHECK(k.p * k.q == k.n);
  CHECK(k.p.bits() == half);
  CHECK(k.q.bits() == half);
  // p, q > sqrt(2) 2^(half - 1): p^2 > 2^(2 half - 1).
  CHECK(k.p * k.p > Nat::power_of_two(2 * half - 1));
  CHECK(k.q * k.q > Nat::power_of_two(2 * half - 1));
  const Nat diff = k.p > k.q ? k.p - k.q : k.q - k.p;
  CHECK(diff > Nat::power_of_two(half - 100));
  CHECK(mp::gcd(k.p - Nat(1), k.e) == Nat(1));
  CHECK(mp::gcd(k.q - Nat(1), k.e) == Nat(1));
  CHECK(mp::is_probable_prime(k.p, rng, 20));
  CHECK(mp::is_probable_prime(k.q, rng, 20));
  CHECK(k.d.bits() > half);
  CHECK_NOTHROW(rsa::check_key(k));
}

}  // namespace

TEST_CASE("sqrt2_lower_bound is floor(sqrt(2) 2^(bits-1))") {
  for (std::size_t bits : {8u, 64u, 512u, 1024u, 1536u}) {
    const Nat b = rsa::sqrt2_lower_bound(bits);
    const Nat target = Nat::power_of_two(2 * bits - 1);
    CHECK(b * b <= target);
    CHECK((b + Nat(1)) * (b + Nat(1)) > target);
  }
  CHECK(rsa::sqrt2_lower_bound(8) == Nat(181));  // 181.02
}

TEST_CASE("generated keys meet FIPS 186-5 A.1.3") {
  dstu::rng::ChaCha20Drbg rng(30, 1);
  for (int i = 0; i < 3; ++i) check_generated(rsa::generate_key(1024, rng), 1024, rng);
  for (int i = 0; i < 2; ++i) check_generated(rsa::generate_key(2048, rng), 2048, rng);
  check_generated(rsa::generate_key(1032, rng), 1032, rng);
}

TEST_CASE("Miller-Rabin rounds follow FIPS 186-5 Table B.1") {
  CHECK(rsa::miller_rabin_rounds(512) == 7);
  CHECK(rsa::miller_rabin_rounds(1024) == 5);
  CHECK(rsa::miller_rabin_rounds(1536) == 4);
  CHECK(rsa::miller_rabin_rounds(2048) == 4);
}

TEST_CASE("generation refuses sizes and exponents out of range") {
  dstu::rng::ChaCha20Drbg rng(30, 2);
  CHECK_THROWS_AS(rsa::generate_key(512, rng), dstu::Error);
  CHECK_THROWS_AS(rsa::generate_key(1028, rng), dstu::Error);
  CHECK_THROWS_AS(rsa::generate_key(16392, rng), dstu::Error);
  CHECK_THROWS_AS(rsa::generate_key(1024, rng, Nat(3)), dstu::Error);
  CHECK_THROWS_AS(rsa::generate_key(1024, rng, Nat(65538)), dstu::Error);
  CHECK_THROWS_AS(rsa::generate_key(1024, rng, Nat::power_of_two(256) + Nat(1)), dstu::Error);
  const rsa::PrivateKey k = rsa::generate_key(1024, rng, Nat(65539));
  CHECK(k.e == Nat(65539));
  CHECK_NOTHROW(rsa::check_key(k));
}

TEST_CASE("check_key refuses each corrupted field") {
  dstu::rng::ChaCha20Drbg rng(30, 3);
  const rsa::PrivateKey good = rsa::generate_key(1024, rng);
  REQUIRE_NOTHROW(rsa::check_key(good));
  const Nat two(2);
  auto refused = [](rsa::PrivateKey k) { CHECK_THROWS_AS(rsa::check_key(k), dstu::Error); };
  { rsa::PrivateKey k = good; k.n = k.n + two; refused(k); }
  { rsa::PrivateKey k = good; k.p = k.p + two; refused(k); }
  { rsa::PrivateKey k = good; k.d = k.d + two; refused(k); }
  { rsa::PrivateKey k = good; k.e = k.e + two; refused(k); }
  { rsa::PrivateKey k = good; k.dp = k.dp + two; refused(k); }
  { rsa::PrivateKey k = good; k.dq = k.dq - two; refused(k); }
  { rsa::PrivateKey k = good; k.qinv = k.qinv + Nat(1); refused(k); }
  { rsa::PrivateKey k = good; k.qinv = k.qinv + k.p; refused(k); }
  // Values longer than n allows are refused by their sizes, before the products.
  { rsa::PrivateKey k = good; k.p = k.p * Nat::power_of_two(4000); refused(k); }
  { rsa::PrivateKey k = good; k.dq = k.dq + Nat::power_of_two(2000); refused(k); }
  // d modulo (p-1)(q-1) instead of lcm(p-1, q-1), as old keys have it: accepted.
  {
    rsa::PrivateKey k = good;
    k.d = *mp::inverse_mod_vartime(k.e, (k.p - Nat(1)) * (k.q - Nat(1)));
    k.dp = k.d % (k.p - Nat(1));
    k.dq = k.d % (k.q - Nat(1));
    CHECK_NOTHROW(rsa::check_key(k));
  }
}

TEST_CASE("check_public_key") {
  dstu::rng::ChaCha20Drbg rng(30, 4);
  const rsa::PublicKey pub = rsa::generate_key(1024, rng).public_key();
  CHECK_NOTHROW(rsa::check_public_key(pub));
  CHECK(pub.size() == 128);
  CHECK_THROWS_AS(rsa::check_public_key({pub.n + Nat(1), pub.e}), dstu::Error);  // even
  CHECK_THROWS_AS(rsa::check_public_key({pub.n, Nat(1)}), dstu::Error);
  CHECK_THROWS_AS(rsa::check_public_key({pub.n, Nat(65538)}), dstu::Error);
  CHECK_THROWS_AS(rsa::check_public_key({pub.n, pub.n}), dstu::Error);
  CHECK_THROWS_AS(rsa::check_public_key({Nat::power_of_two(500) + Nat(1), Nat(3)}), dstu::Error);
}

TEST_CASE("a private key wipes itself") {
  dstu::rng::ChaCha20Drbg rng(30, 5);
  rsa::PrivateKey k = rsa::generate_key(1024, rng);
  k.wipe();
  CHECK(k.d.is_zero());
  CHECK(k.p.is_zero());
  CHECK(k.qinv.is_zero());
  CHECK_FALSE(k.n.is_zero());  // public
}
