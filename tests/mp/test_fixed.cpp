// Fixed<N> and FixedModulus<N> against Nat/GMP, for every width a DSTU 4145 scalar
// can have.
#include <doctest/doctest.h>

#include "dstu/base/error.hpp"
#include "dstu/mp/fixed.hpp"
#include "dstu/mp/fixed_mod.hpp"
#include "dstu/mp/nat.hpp"
#include "test_random.hpp"

using dstu::mp::Fixed;
using dstu::mp::Nat;
using dstu::test::TestRng;
namespace mp = dstu::mp;

namespace {

template <std::size_t N>
Nat nat_of(const Fixed<N>& a) {
  return Nat::from_limbs(a.v);
}

template <std::size_t N>
Fixed<N> fixed_of(const Nat& a) {
  Fixed<N> r;
  a.to_limbs(r.data(), N);
  return r;
}

template <std::size_t N>
Fixed<N> random_fixed(TestRng& rng) {
  auto l = rng.limbs(N);
  Fixed<N> r;
  for (std::size_t i = 0; i < N; ++i) r.v[i] = l[i];
  return r;
}

template <std::size_t N>
void check_width() {
  TestRng rng(30 + N);
  const Nat wrap = Nat::power_of_two(64 * N);
  for (int i = 0; i < 2000; ++i) {
    const Fixed<N> a = random_fixed<N>(rng), b = random_fixed<N>(rng);
    const Nat na = nat_of(a), nb = nat_of(b);
    Fixed<N> r;
    const mp::Limb carry = mp::add(r, a, b);
    CHECK(nat_of(r) + Nat(carry) * wrap == na + nb);
    const mp::Limb borrow = mp::sub(r, a, b);
    CHECK((borrow != 0) == (na < nb));
    CHECK(nat_of(mp::mul(a, b)) == na * nb);
    CHECK(nat_of(mp::sqr(a)) == na * na);
    CHECK((mp::ct_lt(a, b) != 0) == (na < nb));
    CHECK((mp::ct_eq(a, a) != 0));
    CHECK((mp::ct_eq(a, b) != 0) == (na == nb));
    const std::size_t k = rng.range(0, 64 * N - 1);
    CHECK(nat_of(mp::shift_left(a, k)) == (na << k) % wrap);
    CHECK(nat_of(mp::shift_right(a, k)) == (na >> k));
    Fixed<N> t = a;
    mp::truncate_bits(t, k);
    CHECK(nat_of(t) == na % Nat::power_of_two(k));
    std::uint8_t le[8 * N + 3], be[8 * N + 3];
    a.get_bytes_le(le);
    a.get_bytes_be(be);
    Fixed<N> back;
    CHECK(back.set_bytes_le(le));
    CHECK(nat_of(back) == na);
    CHECK(back.set_bytes_be(be));
    CHECK(nat_of(back) == na);
  }
  // Bytes that do not fit are reported.
  std::uint8_t wide[8 * N + 1] = {};
  wide[8 * N] = 1;
  Fixed<N> x;
  CHECK_FALSE(x.set_bytes_le(wide));
}

template <std::size_t N>
void check_modulus() {
  TestRng rng(40 + N);
  for (int i = 0; i < 300; ++i) {
    Nat n = Nat::from_limbs(rng.number(64 * N - rng.range(0, 63)));
    if (n <= Nat::power_of_two(64 * (N - 1)) || n <= Nat(1)) {
      CHECK_THROWS_AS(mp::FixedModulus<N>{n}, dstu::Error);
      continue;
    }
    const mp::FixedModulus<N> mod(n);
    for (int j = 0; j < 20; ++j) {
      const Fixed<N> a = fixed_of<N>(nat_of(random_fixed<N>(rng)) % n);
      const Fixed<N> b = fixed_of<N>(nat_of(random_fixed<N>(rng)) % n);
      const Fixed<2 * N> w = random_fixed<2 * N>(rng);
      CHECK(nat_of(mod.reduce(w)) == nat_of(w) % n);
      CHECK(nat_of(mod.add(a, b)) == (nat_of(a) + nat_of(b)) % n);
      CHECK(nat_of(mod.sub(a, b)) == (nat_of(a) + n - nat_of(b)) % n);
      CHECK(nat_of(mod.mul(a, b)) == (nat_of(a) * nat_of(b)) % n);
      CHECK((mod.in_range(a) != 0) == !nat_of(a).is_zero());
    }
    // Extremes: n - 1 squared, all-ones input.
    const Fixed<N> top = fixed_of<N>(n - Nat(1));
    CHECK(nat_of(mod.mul(top, top)) == Nat(1));
    Fixed<2 * N> ones;
    ones.v.fill(~0ULL);
    CHECK(nat_of(mod.reduce(ones)) == nat_of(ones) % n);
  }
}

}  // namespace

TEST_CASE("Fixed<N> arithmetic for N = 1..9") {
  check_width<1>();
  check_width<2>();
  check_width<3>();
  check_width<4>();
  check_width<5>();
  check_width<6>();
  check_width<7>();
  check_width<8>();
  check_width<9>();
}

TEST_CASE("FixedModulus<N> for N = 1..9") {
  check_modulus<1>();
  check_modulus<2>();
  check_modulus<3>();
  check_modulus<4>();
  check_modulus<5>();
  check_modulus<6>();
  check_modulus<7>();
  check_modulus<8>();
  check_modulus<9>();
}
