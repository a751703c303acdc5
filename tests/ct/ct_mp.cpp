// Constant-time cases for lib/mp: Fixed<N>, FixedModulus<N>, the unrolled kernels,
// Karatsuba, Montgomery, and exponentiation with a secret exponent.
#include <vector>

#include "ct_check.hpp"
#include "dstu/base/ctgrind.hpp"
#include "dstu/mp/fixed.hpp"
#include "dstu/mp/fixed_mod.hpp"
#include "dstu/mp/limbs.hpp"
#include "dstu/mp/modular.hpp"
#include "dstu/rng/random.hpp"

namespace {

using dstu::ct::poison;
using dstu::ct::unpoison;
using dstu::mp::Fixed;
using dstu::mp::Limb;
using dstu::mp::Nat;
namespace mp = dstu::mp;
namespace ln = dstu::mp::ln;

dstu::rng::ChaCha20Drbg& rng() {
  static dstu::rng::ChaCha20Drbg r(7, 7);
  return r;
}

template <std::size_t N>
Fixed<N> random_fixed() {
  Fixed<N> x;
  for (auto& l : x.v) l = rng().next_u64();
  return x;
}

template <class T>
void secret(T& x) {
  poison(&x, sizeof x);
}

template <class T>
void declassify(T& x) {
  unpoison(&x, sizeof x);
}

template <std::size_t N>
bool fixed_ops() {
  Fixed<N> a = random_fixed<N>(), b = random_fixed<N>();
  const Fixed<2 * N> want = mp::mul(a, b);
  const Fixed<2 * N> want_sq = mp::sqr(a);
  secret(a);
  secret(b);
  Fixed<N> s, d;
  Limb c = mp::add(s, a, b) + mp::sub(d, a, b);
  Fixed<2 * N> p = mp::mul(a, b), q = mp::sqr(a);

  dstu::ct::Mask m = mp::ct_lt(a, b) ^ mp::ct_eq(a, b) ^ mp::ct_is_zero(a);
  mp::ct_cmov(s, d, m);
  Fixed<N> t = mp::shift_left(a, 13);
  t = mp::shift_right(t, 70 % (64 * N));
  mp::truncate_bits(t, 64 * N - 5);
  std::uint8_t bytes[8 * N];
  a.get_bytes_le(bytes);
  Fixed<N> back;
  const bool fits = back.set_bytes_le(bytes);
  declassify(p);
  declassify(q);
  declassify(c);
  declassify(s);
  declassify(t);
  declassify(back);
  declassify(m);
  bool ok = fits;
  declassify(a);
  for (std::size_t i = 0; i < 2 * N; ++i) ok = ok && p.v[i] == want.v[i] && q.v[i] == want_sq.v[i];
  for (std::size_t i = 0; i < N; ++i) ok = ok && back.v[i] == a.v[i];
  return ok;
}

template <std::size_t N>
bool fixed_modulus() {
  Nat n = Nat::from_limbs(random_fixed<N>().v);
  n.set_bit(64 * N - 1);
  n.set_bit(0);
  const mp::FixedModulus<N> mod(n);
  Fixed<N> a = mod.reduce(random_fixed<N>()), b = mod.reduce(random_fixed<N>());
  Fixed<2 * N> w = random_fixed<2 * N>();
  const Nat na = Nat::from_limbs(a.v), nb = Nat::from_limbs(b.v), nw = Nat::from_limbs(w.v);
  secret(a);
  secret(b);
  secret(w);
  Fixed<N> r1 = mod.reduce(w), r2 = mod.add(a, b), r3 = mod.sub(a, b), r4 = mod.mul(a, b);
  dstu::ct::Mask in = mod.in_range(a);
  declassify(r1);
  declassify(r2);
  declassify(r3);
  declassify(r4);
  declassify(in);
  return Nat::from_limbs(r1.v) == nw % n && Nat::from_limbs(r2.v) == (na + nb) % n &&
         Nat::from_limbs(r3.v) == (na + n - nb) % n && Nat::from_limbs(r4.v) == (na * nb) % n &&
         (in != 0) == !na.is_zero();
}

bool kernels() {
  bool ok = true;
  for (std::size_t n : {2, 5, 8, 13, 40, 64, 100}) {
    std::vector<Limb> a(n), b(n), r(2 * n), want(2 * n), s(ln::mul_scratch(n, n) + ln::karatsuba_scratch(n) + 8);
    for (auto& x : a) x = rng().next_u64();
    for (auto& x : b) x = rng().next_u64();
    ln::mul_basecase(want.data(), a.data(), n, b.data(), n);
    poison(a.data(), n * 8);
    poison(b.data(), n * 8);
    ln::mul(r.data(), a.data(), n, b.data(), n, s.data());
    unpoison(r.data(), 2 * n * 8);
    ok = ok && r == want;
    if (n >= 2) {
      ln::mul_karatsuba(r.data(), a.data(), b.data(), n, s.data());
      unpoison(r.data(), 2 * n * 8);
      ok = ok && r == want;
    }
    ln::sqr(r.data(), a.data(), n, s.data());
    ln::sqr_karatsuba(r.data(), a.data(), n, s.data());
    ln::mul_comba(r.data(), a.data(), n, b.data(), n);
    unpoison(r.data(), 2 * n * 8);
    ok = ok && r == want;
  }
  return ok;
}

bool montgomery_and_powmod() {
  bool ok = true;
  for (std::size_t bits : {256, 521, 1024, 2048}) {
    std::vector<std::uint8_t> buf(bits / 8 + 1);
    rng().fill(buf);
    Nat m = Nat::from_bytes_le(buf) % Nat::power_of_two(bits);
    m.set_bit(bits - 1);
    m.set_bit(0);
    rng().fill(buf);
    const Nat base = Nat::from_bytes_le(buf) % m;
    rng().fill(buf);
    Nat e = Nat::from_bytes_le(buf) % Nat::power_of_two(bits);
    const Nat want = mp::powmod_sequential_vartime(base, e, m);
    const mp::Montgomery mont(m);
    auto x = mont.to_mont(base), y = mont.to_mont(e % m);
    std::vector<Limb> r(mont.size()), scratch(mont.scratch_size());
    poison(x.data(), x.size() * 8);
    poison(y.data(), y.size() * 8);
    mont.mul(r.data(), x.data(), y.data(), scratch.data());
    mont.sqr(r.data(), r.data(), scratch.data());
    unpoison(r.data(), r.size() * 8);
    // The exponent is the secret here.
    poison(e.limbs().data(), e.size() * 8);
    Nat got = mp::powmod(base, e, m, bits);
    unpoison(e.limbs().data(), e.size() * 8);
    ok = ok && got == want;
  }
  return ok;
}

dstu::ct_check::Register r1("mp: Fixed<3> add/sub/mul/sqr/shift/bytes", fixed_ops<3>);
dstu::ct_check::Register r2("mp: Fixed<4> add/sub/mul/sqr/shift/bytes", fixed_ops<4>);
dstu::ct_check::Register r3("mp: Fixed<7> add/sub/mul/sqr/shift/bytes", fixed_ops<7>);
dstu::ct_check::Register r4("mp: Fixed<9> add/sub/mul/sqr/shift/bytes", fixed_ops<9>);
dstu::ct_check::Register r5("mp: FixedModulus<3> reduce/add/sub/mul", fixed_modulus<3>);
dstu::ct_check::Register r6("mp: FixedModulus<4> reduce/add/sub/mul", fixed_modulus<4>);
dstu::ct_check::Register r7("mp: FixedModulus<5> reduce/add/sub/mul", fixed_modulus<5>);
dstu::ct_check::Register r8("mp: FixedModulus<7> reduce/add/sub/mul", fixed_modulus<7>);
dstu::ct_check::Register r9("mp: products, squares, Karatsuba", kernels);
dstu::ct_check::Register r10("mp: Montgomery and powmod (secret exponent)", montgomery_and_powmod);

}  // namespace
