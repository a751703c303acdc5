// White-box test of the AVX-512 IFMA almost-Montgomery kernels (lib/mp/src/
// mont_ifma.*) against GMP: every vector count, moduli at the size limits, inputs
// anywhere in [0, 2m); and of their normalisation against a serial carry chain, on
// the digit patterns that make a carry ripple. Skipped on CPUs without IFMA.
#include <doctest/doctest.h>

#include <algorithm>
#include <utility>
#include <vector>

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
      const std::size_t low = max_bits > 418 ? max_bits - 415 : 3;
      const std::size_t bits = i < 10 ? max_bits - static_cast<std::size_t>(i % 3) : rng.range(low, max_bits);
      if (bits < 3) continue;
      Nat m = Nat::from_limbs(rng.number(bits));
      m.set_bit(0);
      REQUIRE(ifma::supports(m));
      // Each width the size allows (ymm only where the last zmm is half padding).
      const ifma::Width width = i % 3 == 0 ? ifma::Width::chosen : i % 3 == 1 ? ifma::Width::ymm : ifma::Width::zmm;
      const ifma::Context ctx(m, width);
      REQUIRE(ctx.digits() == 8 * v);
      // The last zmm is half padding when m + 2 bits fit in 8 v - 4 digits.
      const bool half_padding = bits + 2 <= 52 * (8 * v - 4);
      if (width != ifma::Width::chosen) {
        CHECK(ctx.ymm() == (half_padding && width == ifma::Width::ymm));
        CHECK(ctx.ymm_pair() == ctx.ymm());
      }
      if (!half_padding) CHECK_FALSE(ctx.ymm_pair());
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
      INFO("vectors=" << v << " bits=" << bits << " ymm=" << ctx.ymm());
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

TEST_CASE("IFMA paired products equal single ones at either width") {
  if (!ifma::available()) {
    MESSAGE("no AVX-512 IFMA on this CPU: kernels not exercised");
    return;
  }
  TestRng rng(72);
  int ymm_pairs = 0;
  for (std::size_t v = 1; v <= ifma::kMaxVectors; ++v) {
    for (int i = 0; i < 8; ++i) {
      // Odd sizes of this vector count, at its top and (half padding) its bottom.
      const std::size_t max_bits = 52 * 8 * v - 2, low = max_bits > 418 ? max_bits - 415 : 3;
      const std::size_t bits = i < 4 ? max_bits - static_cast<std::size_t>(i) : rng.range(low, max_bits - 208);
      if (bits < 3) continue;
      Nat m0 = Nat::from_limbs(rng.number(bits)), m1 = Nat::from_limbs(rng.number(bits));
      m0.set_bit(0);
      m1.set_bit(0);
      m0.set_bit(bits - 1);
      m1.set_bit(bits - 1);
      // Both widths, and pairs of contexts of different widths (the pair runs at c0's).
      const std::pair<ifma::Width, ifma::Width> widths[] = {{ifma::Width::ymm, ifma::Width::ymm},
                                                            {ifma::Width::zmm, ifma::Width::zmm},
                                                            {ifma::Width::ymm, ifma::Width::zmm},
                                                            {ifma::Width::zmm, ifma::Width::ymm}};
      for (const auto& w : widths) {
        const ifma::Context c0(m0, w.first), c1(m1, w.second), single0(m0, ifma::Width::zmm), single1(m1, ifma::Width::zmm);
        REQUIRE(c0.digits() == c1.digits());
        REQUIRE(c0.steps() == c1.steps());
        ymm_pairs += c0.ymm_pair() ? 1 : 0;
        const auto a0 = c0.to(Nat::from_limbs(rng.number(bits)) % m0), b0 = c0.to(Nat::from_limbs(rng.number(bits)) % m0);
        const auto a1 = c1.to(Nat::from_limbs(rng.number(bits)) % m1), b1 = c1.to(Nat::from_limbs(rng.number(bits)) % m1);
        std::vector<std::uint64_t> r0(c0.digits()), r1(c0.digits()), s0(c0.digits()), s1(c0.digits());
        ifma::mul_pair(c0, r0.data(), a0.data(), b0.data(), c1, r1.data(), a1.data(), b1.data());
        single0.mul(s0.data(), a0.data(), b0.data());
        single1.mul(s1.data(), a1.data(), b1.data());
        INFO("vectors=" << v << " bits=" << bits << " ymm pair=" << c0.ymm_pair());
        CHECK(r0 == s0);
        CHECK(r1 == s1);
      }
    }
  }
  CHECK(ymm_pairs > 0);
}

namespace {

/// The digits of x normalised one carry at a time (the oracle of ifma::normalise).
std::vector<std::uint64_t> normalise_serial(const std::vector<std::uint64_t>& x) {
  constexpr std::uint64_t mask = (1ULL << 52) - 1;
  std::vector<std::uint64_t> r(x.size());
  std::uint64_t c = 0;
  for (std::size_t j = 0; j < x.size(); ++j) {
    const std::uint64_t d = x[j] + c;  // c < 2^12: no wrap for x[j] < 2^64 - 2^12
    r[j] = d & mask;
    c = d >> 52;
  }
  return r;
}

}  // namespace

TEST_CASE("IFMA normalisation carries through runs of 2^52 - 1 digits") {
  if (!ifma::available()) {
    MESSAGE("no AVX-512 IFMA on this CPU: kernels not exercised");
    return;
  }
  constexpr std::uint64_t mask = (1ULL << 52) - 1;
  TestRng rng(71);
  for (std::size_t digits = 4; digits <= 8 * ifma::kMaxVectors; digits += 4) {
    for (int i = 0; i < 40; ++i) {
      // Digits of 2^52 - 1, 2^52 and just above (the ripple's cases), or random below
      // 2^63; the top digit small enough that nothing carries out.
      std::vector<std::uint64_t> x(digits);
      for (auto& d : x) {
        const std::uint64_t kind = rng.range(0, 3);
        d = kind == 0 ? mask : kind == 1 ? mask + 1 + rng.range(0, 1) : rng.range(0, (1ULL << 63) - 1);
      }
      if (i == 0) {
        // One carry out of the bottom digit, rippling through every digit above it.
        std::fill(x.begin(), x.end(), mask);
        x[0] = mask + mask + 1;
      }
      x.back() = rng.range(0, mask >> 13);
      std::vector<std::uint64_t> r(digits);
      ifma::normalise(r.data(), x.data(), digits);
      INFO("digits=" << digits << " i=" << i);
      CHECK(r == normalise_serial(x));
    }
  }
}
