// The variable-time polynomial helpers that build fields (lib/gf2m/src/slow_poly.hpp)
// against the reference's bit-by-bit long division: folding at chunk widths from 1 up
// to the largest each modulus allows (64 at most), on moduli whose chunks straddle
// words and f = x^m; squaring mod f on both of its ways (folding, long division);
// division's quotient and remainder.
#include <doctest/doctest.h>

#include <algorithm>
#include <vector>

#include "reference.hpp"
#include "slow_poly.hpp"

using namespace gf2m_test;
namespace d = dstu::gf2m::detail;

namespace {

Bits trimmed(Bits a) {
  while (!a.empty() && a.back() == 0) a.pop_back();
  return a;
}

/// A random polynomial of at most `bits` bits, its top bit forced one time in two.
Bits random_poly(dstu::test::TestRng& rng, int bits) {
  Bits a(static_cast<std::size_t>((bits + 63) / 64), 0);
  for (Word& w : a) w = rng.u64();
  if (bits % 64 != 0) a.back() &= (Word(1) << (bits % 64)) - 1;
  if (rng.u64() & 1) a.back() |= Word(1) << ((bits - 1) % 64);
  return a;
}

struct Modulus {
  int m;
  std::vector<int> lower;  // descending, below m
  std::vector<int> exponents() const {
    std::vector<int> e{m};
    e.insert(e.end(), lower.begin(), lower.end());
    return e;
  }
};

// Step 1 (x^(m-1) in f), 64 (the cap), 63 and others whose chunks straddle words, m a
// multiple of 64, f = x^m, m = 1000 (16 words, where folding takes even step 1), dense
// moduli (long division in slow_sqrmod).
const std::vector<Modulus> kModuli = {
    {1, {0}},           {2, {1, 0}},          {64, {0}},           {65, {1, 0}},
    {70, {7, 0}},       {100, {99, 0}},       {128, {7, 2, 1, 0}}, {130, {}},
    {163, {7, 6, 3, 0}}, {200, {1, 0}},       {431, {5, 3, 1, 0}}, {1000, {999, 0}},
    {1000, {999, 500, 3, 0}}, {100, {99, 98, 97, 60, 59, 1, 0}},
};

}  // namespace

TEST_CASE("slow_fold_mod equals long division at chunk widths 1 to 64") {
  dstu::test::TestRng rng(2100);
  for (const Modulus& f : kModuli) {
    const Ref ref(f.m, f.exponents());
    const int max_step = f.lower.empty() ? 64 : std::min(64, f.m - f.lower.front());
    // Widths 1-4, every 7th, and the top few up to the cap.
    for (int step = 1; step <= max_step; step += step < 4 || step + 7 > max_step ? 1 : 7) {
      for (int bits : {f.m - 1, f.m, f.m + 1, 2 * f.m - 1, 2 * f.m + 63, 3 * f.m + 5}) {
        if (bits < 1) continue;
        const Bits a = random_poly(rng, bits);
        INFO("m = " << f.m << ", step = " << step << ", bits = " << bits);
        CHECK(d::slow_fold_mod(a, f.m, f.lower, step) == trimmed(ref.mod(a)));
      }
    }
  }
}

TEST_CASE("slow_sqrmod equals the square reduced by long division") {
  dstu::test::TestRng rng(2101);
  for (const Modulus& f : kModuli) {
    const Ref ref(f.m, f.exponents());
    const Bits fp = d::slow_from_exponents(f.exponents());
    for (int i = 0; i < 8; ++i) {
      const Bits a = random_poly(rng, std::max(1, f.m - i % 3));
      INFO("m = " << f.m << ", terms = " << f.lower.size() + 1);
      CHECK(d::slow_sqrmod(a, fp) == trimmed(ref.mod(Ref::product(a, a))));
    }
  }
}

TEST_CASE("slow_divmod: a = q f + r with deg r < deg f") {
  dstu::test::TestRng rng(2102);
  for (const Modulus& f : kModuli) {
    const Ref ref(f.m, f.exponents());
    const Bits fp = d::slow_from_exponents(f.exponents());
    for (int bits : {1, f.m, 2 * f.m + 17}) {
      const Bits a = random_poly(rng, bits);
      Bits q;
      const Bits r = d::slow_divmod(a, fp, &q);
      INFO("m = " << f.m << ", bits = " << bits);
      CHECK(d::slow_degree(r) < f.m);
      CHECK(r == trimmed(ref.mod(a)));
      Bits back = Ref::product(q, fp);
      back.resize(std::max(back.size(), r.size()), 0);
      for (std::size_t k = 0; k < r.size(); ++k) back[k] ^= r[k];
      CHECK(trimmed(back) == trimmed(a));
    }
  }
}
