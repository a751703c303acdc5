// RSA key generation against GMP: every condition of FIPS 186-5 A.1.3 and every CRT value
// of RFC 8017 §3.2 recomputed by GMP on keys of each size class (1024 to 4096 bits, and
// one of a size that is no multiple of 64), and every value of a key made from GMP's
// primes (PrivateKey::from_primes) equal to GMP's.
#include <doctest/doctest.h>

#include <array>

#include "dstu/rng/random.hpp"
#include "dstu/rsa/keygen.hpp"
#include "gmp_oracle.hpp"

namespace rsa = dstu::rsa;
using dstu::test::Mpz;

namespace {

/// floor(sqrt(2) 2^(half - 1)) by GMP: the integer square root of 2^(2 half - 1).
Mpz sqrt2_bound(unsigned long half) {
  Mpz x, r;
  mpz_setbit(x.v, 2 * half - 1);
  mpz_sqrt(r.v, x.v);
  return r;
}

void check_with_gmp(const rsa::PrivateKey& key, std::size_t nlen) {
  const Mpz n(key.n), e(key.e), d(key.d), p(key.p), q(key.q), dp(key.dp), dq(key.dq), qinv(key.qinv);
  const unsigned long half = nlen / 2;
  CHECK(mpz_sizeinbase(n.v, 2) == nlen);
  Mpz t;
  mpz_mul(t.v, p.v, q.v);
  CHECK(mpz_cmp(t.v, n.v) == 0);
  for (const Mpz* prime : {&p, &q}) {
    CHECK(mpz_sizeinbase(prime->v, 2) == half);
    CHECK(mpz_probab_prime_p(prime->v, 50) >= 1);
    // The size condition of A.1.3 step 4.4 / 5.5: above sqrt(2) 2^(nlen/2 - 1).
    CHECK(mpz_cmp(prime->v, sqrt2_bound(half).v) > 0);
    Mpz pm1, g;
    mpz_sub_ui(pm1.v, prime->v, 1);
    mpz_gcd(g.v, pm1.v, e.v);
    CHECK(mpz_cmp_ui(g.v, 1) == 0);
  }
  // |p - q| > 2^(nlen/2 - 100) (step 5.4).
  Mpz diff, bound;
  mpz_sub(diff.v, p.v, q.v);
  mpz_abs(diff.v, diff.v);
  mpz_setbit(bound.v, half - 100);
  CHECK(mpz_cmp(diff.v, bound.v) > 0);
  // d = e^-1 mod lcm(p-1, q-1) and d > 2^(nlen/2) (A.1.1).
  Mpz pm1, qm1, lambda, want;
  mpz_sub_ui(pm1.v, p.v, 1);
  mpz_sub_ui(qm1.v, q.v, 1);
  mpz_lcm(lambda.v, pm1.v, qm1.v);
  REQUIRE(mpz_invert(want.v, e.v, lambda.v) != 0);
  CHECK(mpz_cmp(d.v, want.v) == 0);
  Mpz dbound;
  mpz_setbit(dbound.v, half);
  CHECK(mpz_cmp(d.v, dbound.v) > 0);
  mpz_mod(want.v, d.v, pm1.v);
  CHECK(mpz_cmp(dp.v, want.v) == 0);
  mpz_mod(want.v, d.v, qm1.v);
  CHECK(mpz_cmp(dq.v, want.v) == 0);
  REQUIRE(mpz_invert(want.v, q.v, p.v) != 0);
  CHECK(mpz_cmp(qinv.v, want.v) == 0);
}

}  // namespace

TEST_CASE("generated keys meet FIPS 186-5 A.1.3 and RFC 8017 §3.2 by GMP's arithmetic") {
  const struct {
    std::size_t bits;
    int keys;
  } sizes[] = {{1024, 4}, {1032, 2}, {1536, 2}, {2048, 2}, {3072, 1}, {4096, 1}};
  for (const auto& s : sizes) {
    for (int i = 0; i < s.keys; ++i) {
      CAPTURE(s.bits);
      CAPTURE(i);
      dstu::rng::ChaCha20Drbg rng(186, s.bits * 16 + i);
      check_with_gmp(rsa::generate_key(s.bits, rng), s.bits);
    }
  }
  // Another public exponent on request.
  dstu::rng::ChaCha20Drbg rng(186, 3);
  const rsa::PrivateKey k = rsa::generate_key(1024, rng, 65539);
  CHECK(k.e == dstu::mp::Nat(65539));
  check_with_gmp(k, 1024);
}

TEST_CASE("from_primes gives GMP's d, dp, dq and qinv for primes GMP chose") {
  dstu::rng::ChaCha20Drbg rng(186, 7);
  for (int i = 0; i < 8; ++i) {
    // Primes from GMP's next_prime over random starting points of 512 bits, top bits set.
    std::array<std::uint8_t, 64> a{}, b{};
    rng.fill(a);
    rng.fill(b);
    a[0] |= 0xc0;
    b[0] |= 0xc0;
    Mpz p, q, e;
    mpz_import(p.v, a.size(), 1, 1, 0, 0, a.data());
    mpz_import(q.v, b.size(), 1, 1, 0, 0, b.data());
    mpz_nextprime(p.v, p.v);
    mpz_nextprime(q.v, q.v);
    mpz_set_ui(e.v, 65537);
    Mpz pm1, qm1, g;
    mpz_sub_ui(pm1.v, p.v, 1);
    mpz_sub_ui(qm1.v, q.v, 1);
    mpz_gcd(g.v, pm1.v, e.v);
    if (mpz_cmp_ui(g.v, 1) != 0) continue;
    mpz_gcd(g.v, qm1.v, e.v);
    if (mpz_cmp_ui(g.v, 1) != 0) continue;
    const rsa::PrivateKey k = rsa::PrivateKey::from_primes(p.nat(), q.nat(), e.nat());
    const Mpz n(k.n), d(k.d), dp(k.dp), dq(k.dq), qinv(k.qinv);
    Mpz want, lambda;
    mpz_mul(want.v, p.v, q.v);
    CHECK(mpz_cmp(n.v, want.v) == 0);
    mpz_lcm(lambda.v, pm1.v, qm1.v);
    mpz_invert(want.v, e.v, lambda.v);
    CHECK(mpz_cmp(d.v, want.v) == 0);
    mpz_mod(want.v, want.v, pm1.v);
    CHECK(mpz_cmp(dp.v, want.v) == 0);
    mpz_invert(want.v, e.v, lambda.v);
    mpz_mod(want.v, want.v, qm1.v);
    CHECK(mpz_cmp(dq.v, want.v) == 0);
    mpz_invert(want.v, q.v, p.v);
    CHECK(mpz_cmp(qinv.v, want.v) == 0);
  }
}
