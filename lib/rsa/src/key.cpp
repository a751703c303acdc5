// RSA keys: construction from the primes and the checks of keys read from outside.
//
// The Nat arithmetic here (division, gcd, extended Euclid) is variable time; it runs
// once per key (generation, loading), never per signature. A constant-time Nat
// inverse and division are missing from lib/mp today.
#include "dstu/rsa/key.hpp"

#include "dstu/base/error.hpp"
#include "dstu/base/wipe.hpp"
#include "dstu/mp/modular.hpp"

namespace dstu::rsa {

void wipe(mp::Nat& x) noexcept {
  const std::size_t n = x.size();
  if (n) secure_wipe(x.resize(n), n * sizeof(mp::Limb));
  x = mp::Nat();
}

PrivateKey::~PrivateKey() { wipe(); }

PrivateKey& PrivateKey::operator=(const PrivateKey& other) {
  if (this == &other) return *this;
  wipe();
  n = other.n;
  e = other.e;
  d = other.d;
  p = other.p;
  q = other.q;
  dp = other.dp;
  dq = other.dq;
  qinv = other.qinv;
  signing = other.signing;
  return *this;
}

PrivateKey& PrivateKey::operator=(PrivateKey&& other) noexcept {
  if (this == &other) return *this;
  wipe();
  n = std::move(other.n);
  e = std::move(other.e);
  d = std::move(other.d);
  p = std::move(other.p);
  q = std::move(other.q);
  dp = std::move(other.dp);
  dq = std::move(other.dq);
  qinv = std::move(other.qinv);
  signing = other.signing;
  other.signing.store(nullptr);
  return *this;
}

void PrivateKey::wipe() {
  for (mp::Nat* x : {&d, &p, &q, &dp, &dq, &qinv}) rsa::wipe(*x);
  signing.store(nullptr);
}

namespace {

// lcm(p - 1, q - 1), the Carmichael function of n = p q.
mp::Nat carmichael(const mp::Nat& p, const mp::Nat& q) {
  const mp::Nat p1 = p - mp::Nat(1), q1 = q - mp::Nat(1);
  mp::Nat g = mp::gcd(p1, q1);
  mp::Nat l = (p1 / g) * q1;
  wipe(g);
  return l;
}

}  // namespace

PrivateKey PrivateKey::from_primes(const mp::Nat& p, const mp::Nat& q, const mp::Nat& e) {
  if (p <= mp::Nat(2) || q <= mp::Nat(2) || p == q) throw_invalid("RSA primes must be distinct and odd");
  PrivateKey k;
  k.p = p;
  k.q = q;
  k.n = p * q;
  k.e = e;
  mp::Nat lambda = carmichael(p, q);
  auto d = mp::inverse_mod_vartime(e, lambda);
  rsa::wipe(lambda);
  if (!d) throw_invalid("RSA public exponent is not invertible modulo lcm(p-1, q-1)");
  k.d = std::move(*d);
  k.dp = k.d % (p - mp::Nat(1));
  k.dq = k.d % (q - mp::Nat(1));
  auto qinv = mp::inverse_mod_vartime(q % p, p);
  if (!qinv) throw_invalid("RSA primes are not coprime");
  k.qinv = std::move(*qinv);
  return k;
}

void check_public_key(const PublicKey& key) {
  const std::size_t bits = key.n.bits();
  if (bits < kMinReadBits || bits > kMaxBits) throw_invalid("RSA modulus size out of range");
  if (!key.n.is_odd()) throw_invalid("RSA modulus is even");
  if (!key.e.is_odd() || key.e < mp::Nat(3)) throw_invalid("RSA public exponent must be odd and >= 3");
  if (key.e >= key.n) throw_invalid("RSA public exponent must be below the modulus");
}

void check_key(const PrivateKey& key) {
  check_public_key(key.public_key());
  const mp::Nat one(1);
  // Sizes first, so that no product below is larger than the modulus allows.
  if (key.p.bits() + key.q.bits() > key.n.bits() + 1 || key.d.bits() > key.n.bits() ||
      key.dp.bits() > key.p.bits() || key.dq.bits() > key.q.bits() || key.qinv.bits() > key.p.bits()) {
    throw_invalid("RSA key: a private value longer than the modulus allows");
  }
  if (key.p <= one || key.q <= one || key.p * key.q != key.n) throw_invalid("RSA key: p q != n");
  if (key.d <= one || key.d >= key.n) throw_invalid("RSA key: d out of range");
  const mp::Nat p1 = key.p - one, q1 = key.q - one;
  mp::Nat lambda = carmichael(key.p, key.q);
  mp::Nat phi = p1 * q1;
  const bool inverse = (key.d * key.e) % lambda == one || (key.d * key.e) % phi == one;
  wipe(lambda);
  wipe(phi);
  if (!inverse) throw_invalid("RSA key: d e != 1 mod lcm(p-1, q-1)");
  if (key.dp != key.d % p1 || key.dq != key.d % q1) throw_invalid("RSA key: wrong CRT exponents");
  if (key.qinv >= key.p || (key.q * key.qinv) % key.p != one) throw_invalid("RSA key: wrong CRT coefficient");
}

}  // namespace dstu::rsa
