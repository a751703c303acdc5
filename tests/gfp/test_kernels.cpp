// The product kernels of lib/gfp (dstu/gfp/internal/kernels.hpp and its variants) against each
// other: CIOS is the oracle (itself checked against GMP through gfp::Field in
// test_field.cpp); FIPS, the special forms (P-256, 2^521 - 1) and the BMI2 + ADX kernels
// (their own ctest entry, gfp_kernels_adx, SKIPPED without BMI2 + ADX) must equal it on
// random odd moduli of every limb count and on the named primes, with random operands
// and edge ones: 0, 1, p - 1, limbs of all ones below p, a single bit in every limb, so
// that a carry dropped anywhere shows. Montgomery's product needs only an odd modulus,
// so the random moduli need not be prime.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

#include "cpu_paths.hpp"
#include "dstu/cpu/features.hpp"
#include "dstu/gfp/internal/kernels.hpp"
#include "dstu/mp/modular.hpp"
#include "test_random.hpp"

using namespace dstu::gfp::detail;
using dstu::gfp::Field;
using Kernel = void (*)(Limb*, const Limb*, const Limb*, const Limb*, Limb);

namespace {

/// An operand below p of the given shape: 0 p - 1, 1 zero, 2 one, 3 every limb all ones
/// but the top one (p's top limb minus one), 4 a single bit set in each limb, 5 p - 2^64
/// (p - 1 where p's second limb is 0), anything else random.
std::vector<Limb> below(dstu::test::TestRng& rng, const std::vector<Limb>& p, int shape) {
  const std::size_t n = p.size();
  std::vector<Limb> x(n);
  switch (shape) {
    case 0:
      x = p;
      x[0] -= 1;  // p odd: no borrow
      return x;
    case 1:
      return x;
    case 2:
      x[0] = 1;
      return x;
    case 3:
      for (auto& w : x) w = ~Limb{0};
      x[n - 1] = p[n - 1] - 1;
      return x;
    case 4:
      for (std::size_t i = 0; i < n; ++i) x[i] = Limb{1} << ((17 * i + 63) % 64);
      x[n - 1] = p[n - 1] >> 1;
      return x;
    case 5:
      x = p;
      if (n > 1 && x[1] != 0) {
        x[1] -= 1;
      } else {
        x[0] -= 1;
      }
      return x;
    default:
      x = rng.limbs(n);
      x[n - 1] = p[n - 1] == 0 ? 0 : x[n - 1] % p[n - 1];
      return x;
  }
}

/// `other` equals CIOS on modulus p for every pair of edge shapes and `random` random pairs.
template <std::size_t N>
void check_modulus(dstu::test::TestRng& rng, const std::vector<Limb>& p, Kernel other, int random) {
  const Limb m0inv = dstu::mp::neg_inverse_limb(p[0]);
  for (int round = 0; round < 36 + random; ++round) {
    const std::vector<Limb> a = below(rng, p, round < 36 ? round / 6 : 6), b = below(rng, p, round < 36 ? round % 6 : 6);
    Limb r1[N], r2[N];
    mont_mul_cios<N>(r1, a.data(), b.data(), p.data(), m0inv);
    other(r2, a.data(), b.data(), p.data(), m0inv);
    INFO("N = ", N, ", round ", round);
    REQUIRE(std::equal(r1, r1 + N, r2));
    other(r2, a.data(), a.data(), p.data(), m0inv);  // a square, a = b aliased
    mont_mul_cios<N>(r1, a.data(), a.data(), p.data(), m0inv);
    REQUIRE(std::equal(r1, r1 + N, r2));
  }
}

using Square = void (*)(Limb*, const Limb*, const Limb*, Limb);

// A kernel passed by pointer inside a wrapper of its own: the kernels are always_inline,
// and an indirect call to one does not compile below -O2 (the sanitizer build's -O1).
#define KERNEL(...)                                                                        \
  [](Limb* k_r, const Limb* k_a, const Limb* k_b, const Limb* k_p, Limb k_m0inv) { \
    __VA_ARGS__(k_r, k_a, k_b, k_p, k_m0inv);                                      \
  }
#define SQUARE(...) \
  [](Limb* k_r, const Limb* k_a, const Limb* k_p, Limb k_m0inv) { __VA_ARGS__(k_r, k_a, k_p, k_m0inv); }

/// A square kernel equals CIOS's a a on modulus p for every edge shape and `random` more.
template <std::size_t N>
void check_square(dstu::test::TestRng& rng, const std::vector<Limb>& p, Square sqr, int random) {
  const Limb m0inv = dstu::mp::neg_inverse_limb(p[0]);
  for (int round = 0; round < 6 + random; ++round) {
    const std::vector<Limb> a = below(rng, p, round < 6 ? round : 6);
    Limb r1[N], r2[N];
    mont_mul_cios<N>(r1, a.data(), a.data(), p.data(), m0inv);
    sqr(r2, a.data(), p.data(), m0inv);
    INFO("N = ", N, ", round ", round);
    REQUIRE(std::equal(r1, r1 + N, r2));
  }
}

/// The same on random odd moduli of N limbs (m0inv = 1 where m1: low limb 2^64 - 1).
template <std::size_t N>
void check_random_moduli(dstu::test::TestRng& rng, Kernel other, bool m1 = false) {
  for (int m = 0; m < 40; ++m) {
    std::vector<Limb> p = rng.limbs(N);
    p[0] = m1 ? ~Limb{0} : p[0] | 1;
    if (p[N - 1] == 0) p[N - 1] = 1;
    check_modulus<N>(rng, p, other, 20);
  }
}

std::vector<Limb> limbs_of(const Field& f) {
  return {f.modulus().w.begin(), f.modulus().w.begin() + static_cast<std::ptrdiff_t>(f.limbs())};
}

}  // namespace

TEST_CASE("CIOS and FIPS agree on random odd moduli of 1 to 9 limbs") {
  dstu::test::TestRng rng(404);
  check_random_moduli<1>(rng, KERNEL(mont_mul_fips<1>));
  check_random_moduli<2>(rng, KERNEL(mont_mul_fips<2>));
  check_random_moduli<3>(rng, KERNEL(mont_mul_fips<3>));
  check_random_moduli<4>(rng, KERNEL(mont_mul_fips<4>));
  check_random_moduli<5>(rng, KERNEL(mont_mul_fips<5>));
  check_random_moduli<6>(rng, KERNEL(mont_mul_fips<6>));
  check_random_moduli<7>(rng, KERNEL(mont_mul_fips<7>));
  check_random_moduli<8>(rng, KERNEL(mont_mul_fips<8>));
  check_random_moduli<9>(rng, KERNEL(mont_mul_fips<9>));
  check_random_moduli<3>(rng, KERNEL(mont_mul_cios<3, true>), true);
  check_random_moduli<4>(rng, KERNEL(mont_mul_cios<4, true>), true);
}

/// half_mod on odd moduli of N limbs, random and just below 2^(64 N) (where a + p
/// carries out of the top limb), for every edge shape: r < p and r + r = a (add_mod).
template <std::size_t N>
void check_half(dstu::test::TestRng& rng) {
  for (int m = 0; m < 8; ++m) {
    std::vector<Limb> p = rng.limbs(N);
    if (m < 4) {
      for (auto& w : p) w = ~Limb{0};
      p[0] -= 2 * static_cast<Limb>(rng.limbs(1)[0] % 1000);  // 2^(64 N) - 1 - 2k
    }
    p[0] |= 1;
    if (p[N - 1] == 0) p[N - 1] = 1;
    if (N == 1) p[0] |= 2;  // p >= 3: below() needs a 1 below p
    for (int shape = 0; shape < 40; ++shape) {
      const std::vector<Limb> a = below(rng, p, shape);
      Limb r[N], twice[N];
      half_mod<N>(r, a.data(), p.data());
      INFO("N " << N << " modulus " << m << " shape " << shape);
      CHECK(std::lexicographical_compare(std::rbegin(r), std::rend(r), p.rbegin(), p.rend()));  // r < p
      add_mod<N>(twice, r, r, p.data());
      CHECK(std::equal(twice, twice + N, a.begin()));
      half_mod<N>(r, r, p.data());  // in place
      add_mod<N>(twice, r, r, p.data());
      add_mod<N>(twice, twice, twice, p.data());
      CHECK(std::equal(twice, twice + N, a.begin()));
    }
  }
}

TEST_CASE("halving: r = a / 2 mod p on moduli of 1 to 9 limbs, random and just below 2^(64 N)") {
  dstu::test::TestRng rng(408);
  check_half<1>(rng);
  check_half<2>(rng);
  check_half<3>(rng);
  check_half<4>(rng);
  check_half<5>(rng);
  check_half<6>(rng);
  check_half<7>(rng);
  check_half<8>(rng);
  check_half<9>(rng);
}

/// Pairs a, b below P-521's p whose product is 1, -1, 2^k or -2^k mod p (b = +-2^k / a),
/// with a random or an edge shape: the fold's sums then land next to 0, p and the
/// powers of two, where a dropped carry would show. Each kernel equals CIOS on them.
void check_p521_near_units(dstu::test::TestRng& rng, Kernel other) {
  using dstu::mp::Nat;
  const std::vector<Limb> p = limbs_of(Field::named("P-521"));
  const Nat pn = Nat::from_limbs(p);
  for (int round = 0; round < 400; ++round) {
    const std::vector<Limb> a = below(rng, p, round % 8 == 0 ? 6 : round % 8 - 1);
    const Nat an = Nat::from_limbs(a);
    if (an.is_zero()) continue;
    const Nat k = Nat::power_of_two(static_cast<std::size_t>(round % 4 == 0 ? 0 : rng.range(1, 520)));
    Nat bn = (*dstu::mp::inverse_mod_vartime(an, pn) * k) % pn;
    if (round % 2 == 1) bn = pn - bn;
    std::vector<Limb> b(9, 0);
    std::copy(bn.limbs().begin(), bn.limbs().end(), b.begin());
    Limb r1[9], r2[9];
    mont_mul_cios<9>(r1, a.data(), b.data(), p.data(), 1);
    other(r2, a.data(), b.data(), p.data(), 1);
    INFO("round ", round);
    REQUIRE(std::equal(r1, r1 + 9, r2));
  }
}

TEST_CASE("the special forms equal CIOS: P-256, 2^521 - 1") {
  dstu::test::TestRng rng(405);
  CHECK(limbs_of(Field::named("P-256")) == std::vector<Limb>(kP256, kP256 + 4));
  check_modulus<4>(rng, limbs_of(Field::named("P-256")), KERNEL(mont_mul_p256), 4000);
  check_modulus<9>(rng, limbs_of(Field::named("P-521")), KERNEL(mont_mul_p521), 2000);
  check_p521_near_units(rng, KERNEL(mont_mul_p521));
}

// Skipped in the main run (it exits 77 without BMI2 + ADX); ctest gfp_kernels_adx runs
// it alone with --no-skip.
TEST_CASE("the BMI2 + ADX kernels equal CIOS" * doctest::skip()) {
#if defined(__x86_64__)
  const dstu::cpu::Features& f = dstu::cpu::detected();
  if (f.bmi2 && f.adx) {
    dstu::test::TestRng rng(406);
    check_random_moduli<4>(rng, KERNEL(mont_mul_4_adx<false>));
    check_random_moduli<4>(rng, KERNEL(mont_mul_4_adx<true>), true);  // m0inv = 1
    for (const char* name : {"brainpoolP256", "P-256"}) {
      check_modulus<4>(rng, limbs_of(Field::named(name)), KERNEL(mont_mul_4_adx<false>), 2000);
    }
    check_random_moduli<4>(rng, KERNEL(mont_mul_4_sos_adx<false>));
    check_random_moduli<4>(rng, KERNEL(mont_mul_4_sos_adx<true>), true);
    check_modulus<4>(rng, limbs_of(Field::named("brainpoolP256")), KERNEL(mont_mul_4_sos_adx<false>), 2000);
    check_modulus<4>(rng, limbs_of(Field::named("P-256")),
                     [](Limb* r, const Limb* a, const Limb* b, const Limb* p, Limb) { mont_mul_p256_sos_adx(r, a, b, p); },
                     4000);
    for (int m = 0; m < 40; ++m) {  // squares on random moduli, and of m0inv = 1
      std::vector<Limb> p = rng.limbs(4);
      p[0] |= 1;
      check_square<4>(rng, p, SQUARE(mont_sqr_4_adx<false>), 50);
      p[0] = ~Limb{0};
      check_square<4>(rng, p, SQUARE(mont_sqr_4_adx<true>), 50);
    }
    check_square<4>(rng, limbs_of(Field::named("brainpoolP256")), SQUARE(mont_sqr_4_adx<false>), 2000);
    // 5, 6 and 8 limbs: lib/mp's unrolled products, then redc_adx.hpp's reduction.
    using dstu::gfp::Form;
    using dstu::gfp::Path;
    check_random_moduli<5>(rng, KERNEL(mont_mul<5, Form::generic, Path::adx>));
    check_random_moduli<6>(rng, KERNEL(mont_mul<6, Form::generic, Path::adx>));
    check_random_moduli<8>(rng, KERNEL(mont_mul<8, Form::generic, Path::adx>));
    for (int m = 0; m < 40; ++m) {
      std::vector<Limb> p5 = rng.limbs(5), p6 = rng.limbs(6), p8 = rng.limbs(8);
      p5[0] |= 1;
      p6[0] |= 1;
      p8[0] |= 1;
      check_square<5>(rng, p5, SQUARE(mont_sqr<5, Form::generic, Path::adx>), 50);
      check_square<6>(rng, p6, SQUARE(mont_sqr<6, Form::generic, Path::adx>), 50);
      check_square<8>(rng, p8, SQUARE(mont_sqr<8, Form::generic, Path::adx>), 50);
    }
    check_modulus<5>(rng, limbs_of(Field::named("brainpoolP320")), KERNEL(mont_mul<5, Form::generic, Path::adx>), 1000);
    for (const char* name : {"P-384", "brainpoolP384"}) {
      check_modulus<6>(rng, limbs_of(Field::named(name)), KERNEL(mont_mul<6, Form::generic, Path::adx>), 1000);
      check_square<6>(rng, limbs_of(Field::named(name)), SQUARE(mont_sqr<6, Form::generic, Path::adx>), 1000);
    }
    check_modulus<8>(rng, limbs_of(Field::named("brainpoolP512")), KERNEL(mont_mul<8, Form::generic, Path::adx>), 1000);
    check_square<8>(rng, limbs_of(Field::named("brainpoolP512")), SQUARE(mont_sqr<8, Form::generic, Path::adx>), 1000);
    // 2^521 - 1: p521_adx.S (lib/mp's 8 x 8 product and square, the top limbs' rows,
    // the fold without a final subtraction, the rotation).
    check_modulus<9>(rng, limbs_of(Field::named("P-521")), KERNEL(mont_mul<9, Form::mersenne521, Path::adx>), 4000);
    check_p521_near_units(rng, KERNEL(mont_mul<9, Form::mersenne521, Path::adx>));
    check_square<9>(rng, limbs_of(Field::named("P-521")), SQUARE(mont_sqr<9, Form::mersenne521, Path::adx>), 4000);
    check_square<4>(rng, limbs_of(Field::named("P-256")),
                    [](Limb* r, const Limb* a, const Limb* p, Limb) { mont_sqr_p256_adx(r, a, p); }, 4000);
    return;
  }
#endif
  MESSAGE("this CPU has no BMI2 + ADX: the ADX kernels are not checked here");
  std::exit(77);  // ctest: gfp_kernels_adx reports SKIPPED, never passed
}

TEST_CASE("dispatch: the kernel type of each named field on each CPU path, equal to Field's operations") {
  dstu::test::TestRng rng(407);
  dstu::test::for_each_cpu_path([&](const std::string& path) {
    INFO("path ", path);
    const bool adx = dstu::gfp::adx_allowed();
    for (const std::string& name : Field::names()) {
      INFO("field ", name);
      const Field& f = Field::named(name);
      dstu::gfp::dispatch(f, [&](auto k) {
        using K = decltype(k);
        CHECK(K::limbs == f.limbs());
        CHECK(K::form == f.form());
        CHECK((K::path == dstu::gfp::Path::adx) == (adx && has_adx_kernel(f.limbs(), f.form())));
        const std::vector<Limb> p = limbs_of(f);
        for (int round = 0; round < 200; ++round) {
          dstu::gfp::Element a, b, want;
          const std::vector<Limb> x = below(rng, p, round % 8), y = below(rng, p, (round / 8) % 8);
          std::copy(x.begin(), x.end(), a.w.begin());
          std::copy(y.begin(), y.end(), b.w.begin());
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
          k.half(r, K::from(a));  // r < p and r + r = a
          REQUIRE(f.to_nat(K::to(r)) < f.prime());
          k.add(r, r, r);
          REQUIRE(K::to(r).w == a.w);
        }
      });
    }
  });
}

TEST_CASE("addition and subtraction at their edges on each CPU path: sums p - 1, p, p + 1, differences 0, -1") {
  // Elements are compared as integers (raw limbs, whatever their Montgomery meaning):
  // a + b for b = p - a - 1, p - a, p - a + 1 must give p - 1, 0, 1; a - a gives 0 and
  // a - (a + 1) gives p - 1; each with r aliasing a, b or neither.
  using dstu::mp::Nat;
  dstu::test::TestRng rng(408);
  dstu::test::for_each_cpu_path([&](const std::string& path) {
    INFO("path ", path);
    for (const std::string& name : Field::names()) {
      INFO("field ", name);
      const Field& f = Field::named(name);
      const Nat p = f.prime();
      dstu::gfp::dispatch(f, [&](auto k) {
        using K = decltype(k);
        const auto fe = [&](const Nat& x) {
          dstu::gfp::Element e;
          std::copy(x.limbs().begin(), x.limbs().end(), e.w.begin());
          return K::from(e);
        };
        const auto nat = [&](const typename K::Fe& x) { return Nat::from_limbs(K::to(x).w); };
        for (int round = 0; round < 60; ++round) {
          const std::vector<Limb> shape = below(rng, limbs_of(f), round % 8);
          const Nat a = Nat::from_limbs(shape) % (p - Nat(3)) + Nat(2);  // 2 .. p - 2: b < p
          INFO("round ", round);
          for (int d = -1; d <= 1; ++d) {
            const Nat b = d < 0 ? p - a - Nat(1) : p - a + Nat(static_cast<std::uint64_t>(d));
            const Nat want = d < 0 ? p - Nat(1) : Nat(static_cast<std::uint64_t>(d));
            typename K::Fe x = fe(a), y = fe(b), r;
            k.add(r, x, y);
            CHECK(nat(r) == want);
            k.add(x, x, y);
            CHECK(nat(x) == want);
            x = fe(a);
            k.add(y, x, y);
            CHECK(nat(y) == want);
          }
          typename K::Fe x = fe(a), y = fe(a + Nat(1)), r;
          k.sub(r, x, x);
          CHECK(nat(r) == Nat(0));
          k.sub(r, x, y);
          CHECK(nat(r) == p - Nat(1));
          k.sub(x, x, y);
          CHECK(nat(x) == p - Nat(1));
          x = fe(a);
          k.sub(y, x, y);
          CHECK(nat(y) == p - Nat(1));
        }
      });
    }
  });
}
