// White-box test of the AVX-512 IFMA almost-Montgomery kernels (lib/mp/src/
// mont_ifma.*) against GMP: every vector count, moduli at the size limits, inputs
// anywhere in [0, 2m). Skipped on CPUs without IFMA.
#include <doctest/doctest.h>

#include "gmp_oracle.hpp"
#include "mont_ifma.hpp"
#include "test_random.hpp"

using dstu::mp::Nat;
using dstu::test::Mpz;
using dstu::test::TestRng;
namespace ifma = dstu::mp::ifma;

TEST_CASE("IFMA almost-Montgomery product agrees with a b / R mod m") {
  if (!ifma::available()) {
    MESSAGE("no AVX-512 IFMA on this CPU: kernels not exercised");
    return;
  }
  TestRng rng(70);
  int checked = 0;
  for (std::size_t v = 1; v <= ifma::kMaxVectors; ++v) {
    const std::size_t max_bits = 52 * 8 * v - 2;
    for (int i = 0; i < 60; ++i) {
      // Sizes at the top of this vector count, and random ones inside it.
      const std::size_t bits = i < 10 ? max_bits - static_cast<std::size_t>(i % 3) : rng.range(max_bits - 415, max_bits);
      if (bits < 3) continue;
      Nat m = Nat::from_limbs(rng.number(bits));
      m.set_bit(0);
      REQUIRE(ifma::supports(m));
      const ifma::Context ctx(m);
      REQUIRE(ctx.digits() == 8 * v);
      // a, b in [0, 2m): reduced values plus m sometimes.
      Nat a = Nat::from_limbs(rng.number(bits)) % m, b = Nat::from_limbs(rng.number(bits)) % m;
      if (i % 2) a = a + m;
      if (i % 3 == 0) b = b + m;
      const auto da = ifma::to_digits(a, ctx.digits()), db = ifma::to_digits(b, ctx.digits());
      std::vector<std::uint64_t> r(ctx.digits());
      ctx.mul(r.data(), da.data(), db.data());
      for (auto d : r) REQUIRE(d < (1ULL << 52));
      const Nat got = ifma::from_digits(r.data(), ctx.digits());
      CHECK(got < m + m);
      // Expected: a b R^-1 mod m.
      Mpz zr, zm(m), zinv, want;
      mpz_ui_pow_ui(zr.v, 2, 52 * ctx.steps());
      mpz_invert(zinv.v, zr.v, zm.v);
      Mpz za(a), zb(b);
      mpz_mul(want.v, za.v, zb.v);
      mpz_mul(want.v, want.v, zinv.v);
      mpz_mod(want.v, want.v, zm.v);
      INFO("vectors=" << v << " bits=" << bits);
      CHECK(got % m == want.nat());
      // Round trip through the domain.
      CHECK(ctx.from(ctx.to(a % m).data()) == a % m);
      CHECK(ifma::from_digits(ctx.reduce(r).data(), ctx.digits()) == want.nat());
      ++checked;
    }
  }
  CHECK(checked > 1000);
  CHECK_FALSE(ifma::supports(Nat::power_of_two(52 * 8 * ifma::kMaxVectors - 1) + Nat(1)));
  CHECK_FALSE(ifma::supports(Nat(10)));
}
