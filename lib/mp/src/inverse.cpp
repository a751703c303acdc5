// Modular inverse by the extended Euclidean algorithm (public values only).
#include "dstu/base/error.hpp"
#include "dstu/mp/modular.hpp"

namespace dstu::mp {
namespace {

/// A signed value as magnitude and sign, enough for Bezout coefficients.
struct Signed {
  Nat mag;
  bool neg = false;
};

/// a - q b for signed a, b.
Signed sub_mul(const Signed& a, const Nat& q, const Signed& b) {
  const Nat qb = q * b.mag;
  // a - qb*sign(b): combine like an addition of a and (-sign(b)) qb.
  const bool qb_neg = !b.neg;
  if (a.neg == qb_neg) return {a.mag + qb, a.neg};
  if (a.mag >= qb) return {a.mag - qb, a.neg};
  return {qb - a.mag, qb_neg};
}

}  // namespace

std::optional<Nat> inverse_mod_vartime(const Nat& a, const Nat& m) {
  if (m.is_zero()) throw_invalid("inverse modulo zero");
  if (m == Nat(1)) return Nat();
  Nat r0 = m, r1 = a % m;
  Signed t0{Nat(), false}, t1{Nat(1), false};
  while (!r1.is_zero()) {
    Nat q, rem;
    divrem(&q, &rem, r0, r1);
    Signed t2 = sub_mul(t0, q, t1);
    r0.swap(r1);
    r1.swap(rem);
    t0 = std::move(t1);
    t1 = std::move(t2);
  }
  if (r0 != Nat(1)) return std::nullopt;
  Nat inv = t0.mag % m;
  if (t0.neg && !inv.is_zero()) inv = m - inv;
  return inv;
}

}  // namespace dstu::mp
