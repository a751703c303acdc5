// GF(p) (lib/gfp) against GMP: every operation on random and edge elements of every
// named field and of a few other primes, square roots of squares and non-squares,
// encodings and their refusals.
#include <doctest/doctest.h>

#include <memory>
#include <string>
#include <vector>

#include "cpu_paths.hpp"
#include "dstu/base/error.hpp"
#include "dstu/gfp/field.hpp"
#include "gmp_oracle.hpp"
#include "inv_safegcd.hpp"
#include "test_random.hpp"

using dstu::gfp::Element;
using dstu::gfp::Field;
using dstu::mp::Nat;
using dstu::test::Mpz;

namespace {

/// Fields under test: the named ones, then 2^61 - 1 (one limb), 2^127 - 1, 2^255 - 19
/// (p = 5 mod 8) and 2^256 - 189 (the largest 256-bit prime: the 4-limb kernels' sums
/// come closest to overflowing).
std::vector<const Field*> fields() {
  static std::vector<std::unique_ptr<Field>> extra;
  if (extra.empty()) {
    extra.push_back(std::make_unique<Field>(Nat::power_of_two(61) - Nat(1), "2^61-1"));
    extra.push_back(std::make_unique<Field>(Nat::power_of_two(127) - Nat(1), "2^127-1"));
    extra.push_back(std::make_unique<Field>(Nat::power_of_two(255) - Nat(19), "2^255-19"));
    extra.push_back(std::make_unique<Field>(Nat::power_of_two(256) - Nat(189), "2^256-189"));
  }
  std::vector<const Field*> out;
  for (const auto& name : Field::names()) out.push_back(&Field::named(name));
  for (const auto& f : extra) out.push_back(f.get());
  return out;
}

/// Uniform-ish values below p, with the edges 0, 1, 2, p - 1, p - 2 first.
std::vector<Nat> values(const Field& f, dstu::test::TestRng& rng, int random) {
  const Nat& p = f.prime();
  std::vector<Nat> v{Nat(0), Nat(1), Nat(2), p - Nat(1), p - Nat(2)};
  for (int i = 0; i < random; ++i) {
    std::vector<std::uint8_t> b(f.bytes() + 8);
    rng.fill(b.data(), b.size());
    v.push_back(Nat::from_bytes_be(b) % p);
  }
  return v;
}

Nat mod(const Mpz& x, const Mpz& p) {
  Mpz r;
  mpz_mod(r.v, x.v, p.v);
  return r.nat();
}

}  // namespace

TEST_CASE("named primes are prime and have the documented sizes") {
  const std::vector<std::pair<std::string, std::size_t>> bits{
      {"P-192", 192}, {"P-224", 224}, {"P-256", 256}, {"P-384", 384}, {"P-521", 521},
      {"brainpoolP160", 160}, {"brainpoolP192", 192}, {"brainpoolP224", 224}, {"brainpoolP256", 256},
      {"brainpoolP320", 320}, {"brainpoolP384", 384}, {"brainpoolP512", 512}};
  CHECK(Field::names().size() == bits.size());
  for (const auto& [name, b] : bits) {
    const Field& f = Field::named(name);
    CHECK(f.bits() == b);
    const Mpz p(f.prime());
    CHECK(mpz_probab_prime_p(p.v, 40) > 0);
  }
  CHECK(Field::named("P-256").prime() ==
        Nat::power_of_two(256) - Nat::power_of_two(224) + Nat::power_of_two(192) + Nat::power_of_two(96) - Nat(1));
  CHECK(Field::named("P-384").prime() == Nat::power_of_two(384) - Nat::power_of_two(128) - Nat::power_of_two(96) +
                                             Nat::power_of_two(32) - Nat(1));
  CHECK(Field::named("P-521").prime() == Nat::power_of_two(521) - Nat(1));
  CHECK(Field::named("P-224").prime() == Nat::power_of_two(224) - Nat::power_of_two(96) + Nat(1));
  CHECK(Field::named("P-192").prime() == Nat::power_of_two(192) - Nat::power_of_two(64) - Nat(1));
  CHECK_THROWS_AS(Field::named("P-255"), dstu::Error);
  CHECK_THROWS_AS(Field(Nat(9) * Nat(2)), dstu::Error);                      // even
  CHECK_THROWS_AS(Field(Nat::power_of_two(577) + Nat(1)), dstu::Error);     // too wide
}

TEST_CASE("arithmetic equals GMP's on every field and CPU path") {
  dstu::test::for_each_cpu_path([](const std::string& path) {
  dstu::test::TestRng rng(401);
  for (const Field* fp : fields()) {
    const Field& f = *fp;
    INFO(f.name(), " on ", path);
    const Mpz p(f.prime());
    const std::vector<Nat> v = values(f, rng, 40);
    for (std::size_t i = 0; i < v.size(); ++i) {
      const Nat& x = v[i];
      const Nat& y = v[(i * 7 + 3) % v.size()];
      const Element a = f.from_nat(x), b = f.from_nat(y);
      REQUIRE(f.to_nat(a) == x);
      const Mpz X(x), Y(y);
      Mpz t;
      Element r;
      f.add(r, a, b);
      mpz_add(t.v, X.v, Y.v);
      CHECK(f.to_nat(r) == mod(t, p));
      f.sub(r, a, b);
      mpz_sub(t.v, X.v, Y.v);
      CHECK(f.to_nat(r) == mod(t, p));
      f.neg(r, a);
      mpz_neg(t.v, X.v);
      CHECK(f.to_nat(r) == mod(t, p));
      f.mul(r, a, b);
      mpz_mul(t.v, X.v, Y.v);
      CHECK(f.to_nat(r) == mod(t, p));
      f.sqr(r, a);
      mpz_mul(t.v, X.v, X.v);
      CHECK(f.to_nat(r) == mod(t, p));
      f.inv(r, a);
      if (x.is_zero()) {
        CHECK(f.is_zero(r) != 0);
      } else {
        REQUIRE(mpz_invert(t.v, X.v, p.v) != 0);
        CHECK(f.to_nat(r) == t.nat());
      }
      const Nat e = y + Nat(12345);
      f.pow_public(r, a, e);
      const Mpz E(e);
      mpz_powm(t.v, X.v, E.v, p.v);
      CHECK(f.to_nat(r) == t.nat());
      CHECK((f.eq(a, b) != 0) == (x == y));
      CHECK((f.is_zero(a) != 0) == x.is_zero());
      Element c = a;
      f.cmov(c, b, 0);
      CHECK(f.to_nat(c) == x);
      f.cmov(c, b, ~dstu::ct::Mask{0});
      CHECK(f.to_nat(c) == y);
    }
  }
  }, true);
}

TEST_CASE("products with their own kernels (4 limbs, P-521): every kernel equals GMP on many operands") {
  // The hardware (BMI2 + ADX) and portable 4-limb kernels and the 2^521 - 1 kernel on
  // random operands and on operands whose limbs are all ones or all zeros around p - 1,
  // where carries run furthest.
  dstu::test::for_each_cpu_path([](const std::string& path) {
    dstu::test::TestRng rng(402);
    for (const Field* fp : fields()) {
      const Field& f = *fp;
      if (f.limbs() != 4 && f.prime() != Nat::power_of_two(521) - Nat(1)) continue;
      INFO(f.name(), " on ", path);
      const Mpz p(f.prime());
      std::vector<Nat> v = values(f, rng, 400);
      for (std::size_t k = 1; k + 1 < f.bits(); k += 17) v.push_back(f.prime() - Nat::power_of_two(k));
      for (std::size_t i = 0; i < v.size(); ++i) {
        const Nat& x = v[i];
        const Nat& y = v[(i * 13 + 5) % v.size()];
        Element r;
        f.mul(r, f.from_nat(x), f.from_nat(y));
        Mpz t;
        mpz_mul(t.v, Mpz(x).v, Mpz(y).v);
        REQUIRE(f.to_nat(r) == mod(t, p));
      }
    }
  }, true);
}

TEST_CASE("square roots: every square has its lower root, non-squares have none") {
  dstu::test::TestRng rng(402);
  for (const Field* fp : fields()) {
    const Field& f = *fp;
    INFO(f.name());
    const Mpz p(f.prime());
    int squares = 0, others = 0;
    for (const Nat& x : values(f, rng, 12)) {
      const Element a = f.from_nat(x);
      Element sq, r;
      f.sqr(sq, a);
      REQUIRE(f.sqrt_vartime(r, sq));
      Element back;
      f.sqr(back, r);
      CHECK(f.eq(back, sq) != 0);
      CHECK(f.to_nat(r) <= f.prime() - f.to_nat(r));  // the lower of r and p - r
      CHECK((f.to_nat(r) == x || f.to_nat(r) == (x.is_zero() ? x : f.prime() - x)));
      ++squares;
      const Mpz X(x);
      if (mpz_legendre(X.v, p.v) == -1) {
        CHECK_FALSE(f.sqrt_vartime(r, a));
        ++others;
      }
    }
    CHECK(squares > 0);
    CHECK(others > 0);  // about half of the random values
  }
}

TEST_CASE("encodings: big-endian of the field's length, values below p only") {
  dstu::test::TestRng rng(403);
  for (const Field* fp : fields()) {
    const Field& f = *fp;
    INFO(f.name());
    for (const Nat& x : values(f, rng, 10)) {
      const Element a = f.from_nat(x);
      std::vector<std::uint8_t> out(f.bytes());
      f.to_bytes_be(a, out);
      CHECK(out == x.to_bytes_be(f.bytes()));
      Element back;
      REQUIRE(f.from_bytes_be(out, back));
      CHECK(f.eq(back, a) != 0);
      CHECK(f.is_odd_vartime(a) == x.is_odd());
    }
    Element e;
    CHECK_FALSE(f.from_bytes_be(f.prime().to_bytes_be(f.bytes()), e));                   // p itself
    CHECK_FALSE(f.from_bytes_be(std::vector<std::uint8_t>(f.bytes() + 1, 0), e));        // too long
    CHECK_FALSE(f.from_bytes_be(std::vector<std::uint8_t>(f.bytes() - 1, 0), e));        // too short
    std::vector<std::uint8_t> wrong(f.bytes() + 1);
    CHECK_THROWS_AS(f.to_bytes_be(f.one(), wrong), dstu::Error);
  }
}

TEST_CASE("a batch of divsteps: the variable-time steps give the constant-time ones' matrix and delta") {
  // A wrong shortcut in the variable-time steps (several bits of g per multiple of f)
  // can still end in the right inverse while its matrices differ; here they must not.
  dstu::test::TestRng rng(404);
  auto word = [&](int kind) -> std::uint64_t {
    switch (kind) {
      case 0: return rng.u64();
      case 1: return rng.u64() >> (rng.u64() % 64);                        // short
      case 2: return rng.u64() & rng.u64() & rng.u64();                    // sparse
      default: return std::uint64_t{1} << (rng.u64() % 64);                // one bit
    }
  };
  int same = 0;
  for (int i = 0; i < 400000; ++i) {
    const std::uint64_t f = word(i % 4) | 1, g = word((i / 4) % 4);
    const std::int64_t start = i % 5 == 0 ? 1 : static_cast<std::int64_t>(rng.u64() % 401) - 200;
    std::int64_t d_ct = start, d_vt = start;
    const dstu::gfp::detail::DivstepMatrix a = dstu::gfp::detail::divsteps_batch(false, d_ct, f, g);
    const dstu::gfp::detail::DivstepMatrix b = dstu::gfp::detail::divsteps_batch(true, d_vt, f, g);
    if (a.u != b.u || a.v != b.v || a.q != b.q || a.r != b.r || d_ct != d_vt) {
      INFO("f " << f << " g " << g << " delta " << start);
      REQUIRE(false);
    }
    ++same;
  }
  CHECK(same == 400000);
}

TEST_CASE("inverse by divsteps, constant time and variable time, equals Fermat's and GMP's") {
  // Every element of small fields (both of Bernstein and Yang's bounds: below and from 46
  // bits), then edges, powers of two and random elements of every field under test.
  for (unsigned q : {5u, 7u, 11u, 101u, 65537u}) {
    const Field f(Nat(q), "p=" + std::to_string(q));
    INFO(f.name());
    for (unsigned x = 0; x < q; ++x) {
      const Element a = f.from_nat(Nat(x));
      Element r, s, t;
      f.inv(r, a);
      f.inv_fermat(s, a);
      f.inv_vartime(t, a);
      REQUIRE(f.eq(r, s) != 0);
      REQUIRE(f.eq(t, s) != 0);
    }
  }
  dstu::test::TestRng rng(403);
  std::vector<std::unique_ptr<Field>> more;
  more.push_back(std::make_unique<Field>(Nat::power_of_two(31) - Nat(1), "2^31-1"));
  more.push_back(std::make_unique<Field>(Nat::power_of_two(89) - Nat(1), "2^89-1"));
  more.push_back(std::make_unique<Field>(Nat::power_of_two(521) - Nat(1), "2^521-1 again"));
  std::vector<const Field*> all = fields();
  for (const auto& f : more) all.push_back(f.get());
  for (const Field* fp : all) {
    const Field& f = *fp;
    INFO(f.name());
    const Mpz p(f.prime());
    std::vector<Nat> v = values(f, rng, 200);
    for (std::size_t k = 0; k + 1 < f.bits(); k += 7) v.push_back(Nat::power_of_two(k));
    for (const Nat& x : v) {
      const Element a = f.from_nat(x);
      Element r, s, rv;
      f.inv(r, a);
      f.inv_fermat(s, a);
      f.inv_vartime(rv, a);
      REQUIRE(f.eq(r, s) != 0);
      REQUIRE(f.eq(rv, s) != 0);
      if (!x.is_zero()) {
        Mpz t;
        REQUIRE(mpz_invert(t.v, Mpz(x).v, p.v) != 0);
        CHECK(f.to_nat(r) == t.nat());
      }
    }
  }
}
