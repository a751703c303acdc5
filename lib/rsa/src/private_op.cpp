// RSASP1 by CRT (Garner), with base blinding and a check of the result.
//
// The exponents dp, dq never reach a variable-time path: lib/mp's powmod uses fixed
// windows over the public length of p (resp. q) with masked table scans. The reductions
// of the blinded representative and the Garner step use Nat's variable-time division
// and product (the values are blinded by a fresh random r^e, but the primes are
// not): a constant-time Nat modular reduction is a gap of lib/mp today.
#include "private_op.hpp"

#include <array>

#include "dstu/base/bytes.hpp"
#include "dstu/base/error.hpp"
#include "dstu/mp/modular.hpp"

namespace dstu::rsa::detail {

namespace {

// A random r in [2, n) invertible mod n, and r^-1 mod n.
void blinding_pair(mp::Nat& r, mp::Nat& r_inv, const mp::Nat& n, RandomSource& rng) {
  Bytes buf((n.bits() + 7) / 8 + 8);  // 64 extra bits: the bias of the reduction is < 2^-64
  for (;;) {
    rng.fill(buf);
    r = mp::Nat::from_bytes_be(buf) % n;
    if (r <= mp::Nat(1)) continue;
    auto inv = mp::inverse_mod_vartime(r, n);
    if (inv) {
      r_inv = std::move(*inv);
      return;
    }
  }
}

struct Wiper {
  std::array<mp::Nat*, 6> values;
  ~Wiper() {
    for (mp::Nat* x : values) wipe(*x);
  }
};

}  // namespace

mp::Nat private_op(const PrivateKey& key, const mp::Nat& m, RandomSource& rng) {
  if (m >= key.n) throw_invalid("RSA private operation: representative out of range");
  mp::Nat r, r_inv, mb, m1, m2, h, s;
  const Wiper wiper{{&r, &r_inv, &mb, &m1, &m2, &h}};
  blinding_pair(r, r_inv, key.n, rng);
  mb = (mp::powmod_vartime(r, key.e, key.n) * m) % key.n;  // e is public
  m1 = mp::powmod(mb % key.p, key.dp, key.p, key.p.bits());
  m2 = mp::powmod(mb % key.q, key.dq, key.q, key.q.bits());
  // h = qinv (m1 - m2) mod p, kept non-negative by adding p.
  h = ((m1 + key.p - m2 % key.p) * key.qinv) % key.p;
  s = ((m2 + key.q * h) * r_inv) % key.n;
  // The check: a fault anywhere above (in a CRT value, in one half) fails it.
  if (mp::powmod_vartime(s, key.e, key.n) != m) {
    wipe(s);
    throw_invalid("RSA private operation failed its check (a fault or an inconsistent key)");
  }
  return s;
}

}  // namespace dstu::rsa::detail
