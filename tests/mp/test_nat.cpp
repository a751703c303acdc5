// Nat against GMP: arithmetic, division, shifts, gcd and every text/byte conversion,
// plus malformed input.
#include <doctest/doctest.h>

#include <string>

#include "dstu/base/error.hpp"
#include "dstu/mp/nat.hpp"
#include "gmp_oracle.hpp"
#include "test_random.hpp"

using dstu::mp::Nat;
using dstu::test::Mpz;
using dstu::test::TestRng;

namespace {

Nat random_nat(TestRng& rng, std::size_t max_bits) {
  return Nat::from_limbs(rng.number(rng.log_bits(max_bits)));
}

}  // namespace

TEST_CASE("Nat arithmetic agrees with GMP on 10,000 pairs up to 8192 bits") {
  TestRng rng(10);
  for (int i = 0; i < 10000; ++i) {
    Nat a = random_nat(rng, 8192), b = random_nat(rng, 8192);
    if (i % 50 == 0) b = Nat();
    if (i % 51 == 0) a = Nat(1);
    Mpz za(a), zb(b), want;
    INFO("a=" << a.to_hex() << " b=" << b.to_hex());
    mpz_add(want.v, za.v, zb.v);
    CHECK(a + b == want.nat());
    mpz_mul(want.v, za.v, zb.v);
    CHECK(a * b == want.nat());
    if (a >= b) {
      mpz_sub(want.v, za.v, zb.v);
      CHECK(a - b == want.nat());
    } else {
      CHECK_THROWS_AS(a - b, dstu::Error);
    }
    if (!b.is_zero()) {
      Mpz q, r;
      mpz_tdiv_qr(q.v, r.v, za.v, zb.v);
      Nat gq, gr;
      dstu::mp::divrem(&gq, &gr, a, b);
      CHECK(gq == q.nat());
      CHECK(gr == r.nat());
    } else {
      CHECK_THROWS_AS(a / b, dstu::Error);
    }
    const std::size_t sh = rng.range(0, 300);
    mpz_mul_2exp(want.v, za.v, sh);
    CHECK((a << sh) == want.nat());
    mpz_tdiv_q_2exp(want.v, za.v, sh);
    CHECK((a >> sh) == want.nat());
    mpz_gcd(want.v, za.v, zb.v);
    if (i % 10 == 0) CHECK(dstu::mp::gcd(a, b) == want.nat());
    CHECK((a < b) == (mpz_cmp(za.v, zb.v) < 0));
    CHECK((a == b) == (mpz_cmp(za.v, zb.v) == 0));
  }
}

TEST_CASE("aliased arguments give the same results") {
  TestRng rng(11);
  for (int i = 0; i < 500; ++i) {
    Nat a = random_nat(rng, 2048), b = random_nat(rng, 2048);
    Nat expect = a * b, r = a;
    dstu::mp::mul(r, r, b);
    CHECK(r == expect);
    r = a;
    dstu::mp::sqr(r, r);
    CHECK(r == a * a);
    r = b;
    dstu::mp::add(r, a, r);
    CHECK(r == a + b);
    Nat q = a;
    dstu::mp::divrem(&q, nullptr, q, b.is_zero() ? Nat(3) : b);
    CHECK(q == a / (b.is_zero() ? Nat(3) : b));
  }
}

TEST_CASE("text and bytes round-trip and agree with GMP") {
  TestRng rng(12);
  for (int i = 0; i < 10000; ++i) {
    Nat a = i % 97 == 0 ? Nat() : random_nat(rng, 8192);
    Mpz za(a);
    const std::string hex = a.to_hex(), dec = a.to_dec();
    char* gh = mpz_get_str(nullptr, 16, za.v);
    char* gd = mpz_get_str(nullptr, 10, za.v);
    CHECK(hex == std::string(gh));
    CHECK(dec == std::string(gd));
    free(gh);
    free(gd);
    CHECK(Nat::from_hex(hex) == a);
    CHECK(Nat::from_dec(dec) == a);
    CHECK(Nat::parse("0x" + hex) == a);
    CHECK(Nat::parse(dec) == a);
    CHECK(Nat::from_bytes_be(a.to_bytes_be()) == a);
    CHECK(Nat::from_bytes_le(a.to_bytes_le()) == a);
    const auto padded = a.to_bytes_be(a.to_bytes_be().size() + 3);
    CHECK(padded[0] == 0);
    CHECK(Nat::from_bytes_be(padded) == a);
  }
  CHECK(Nat::from_hex("00000000000000000000000000000000001") == Nat(1));
  CHECK(Nat::from_dec("18446744073709551616") == Nat::power_of_two(64));
  CHECK(Nat::from_dec("18446744073709551615") == Nat(~0ULL));
}

TEST_CASE("malformed numbers are errors, never undefined behaviour") {
  for (const char* bad : {"", "-1", "+1", " 1", "1 ", "12a", "0x", "0xg", "1.5", "１"}) {
    INFO("input='" << bad << "'");
    CHECK_THROWS_AS(Nat::parse(bad), dstu::Error);
  }
  CHECK_THROWS_AS(Nat::from_hex("xyz"), dstu::Error);
  CHECK_THROWS_AS(Nat::from_dec(std::string(dstu::mp::kMaxTextDigits + 1, '9')), dstu::Error);
  CHECK_THROWS_AS(Nat(256).to_bytes_be(1), dstu::Error);
  CHECK(Nat(255).to_bytes_be(1).size() == 1);
}

TEST_CASE("bit queries") {
  Nat x = Nat::power_of_two(200);
  CHECK(x.bits() == 201);
  CHECK(x.bit(200));
  CHECK_FALSE(x.bit(199));
  CHECK_FALSE(x.bit(100000));
  x.set_bit(3);
  CHECK(x.bit(3));
  CHECK(Nat().bits() == 0);
  CHECK(Nat(1).bits() == 1);
}
