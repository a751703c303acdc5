// Modular inverse by the extended Euclidean algorithm (public values only), with Lehmer's
// steps: a run of quotients taken from the leading bits in machine words, applied to the
// full numbers as one 2x2 matrix (Knuth, TAOCP vol. 2, 4.5.2, Algorithm L).
#include <cstdint>

#include "dstu/base/error.hpp"
#include "dstu/mp/modular.hpp"

namespace dstu::mp {
namespace {

/// A signed value as magnitude and sign, enough for Bezout coefficients.
struct Signed {
  Nat mag;
  bool neg = false;
};

/// a + b for signed a, b.
Signed add(Signed a, Signed b) {
  if (a.neg == b.neg) return {a.mag + b.mag, a.neg};
  if (a.mag >= b.mag) return {a.mag - b.mag, a.neg};
  return {b.mag - a.mag, b.neg};
}

/// c x for a machine-word c.
Signed scale(std::int64_t c, const Signed& x) {
  const std::uint64_t mag = c < 0 ? 0 - static_cast<std::uint64_t>(c) : static_cast<std::uint64_t>(c);
  return {x.mag * Nat(mag), x.neg != (c < 0)};
}

/// a - q b for signed a, b.
Signed sub_mul(const Signed& a, const Nat& q, const Signed& b) { return add(a, {q * b.mag, !b.neg}); }

/// The cofactors [[a, b], [c, d]] of a run of Euclid's steps: (r0, r1) becomes
/// (a r0 + b r1, c r0 + d r1).
struct Matrix {
  std::int64_t a = 1, b = 0, c = 0, d = 1;
};

/// Lehmer's matrix for r0 >= r1, r0 above 64 bits: the quotients that the leading 62 bits
/// of both determine, run on words (every cofactor and sum stays below 2^63). b == 0
/// when not even the first quotient is determined.
Matrix lehmer_matrix(const Nat& r0, const Nat& r1) {
  const std::size_t shift = r0.bits() - 62;
  std::int64_t x = static_cast<std::int64_t>((r0 >> shift).low_u64());
  std::int64_t y = static_cast<std::int64_t>((r1 >> shift).low_u64());
  Matrix m;
  // (x + a) / (y + c) and (x + b) / (y + d) bracket the quotient of the full numbers;
  // while they agree, it is that quotient.
  while (y + m.c > 0 && y + m.d > 0) {
    const std::int64_t q = (x + m.a) / (y + m.c);
    if (q != (x + m.b) / (y + m.d)) break;
    std::int64_t t = m.a - q * m.c;
    m.a = m.c;
    m.c = t;
    t = m.b - q * m.d;
    m.b = m.d;
    m.d = t;
    t = x - q * y;
    x = y;
    y = t;
  }
  return m;
}

}  // namespace

std::optional<Nat> inverse_mod_vartime(const Nat& a, const Nat& m) {
  if (m.is_zero()) throw_invalid("inverse modulo zero");
  if (m == Nat(1)) return Nat();
  Nat r0 = m, r1 = a % m;
  Signed t0{Nat(), false}, t1{Nat(1), false};
  while (!r1.is_zero()) {
    if (r0.bits() > 64) {
      const Matrix step = lehmer_matrix(r0, r1);
      if (step.b != 0) {
        Signed s0 = add(scale(step.a, {r0}), scale(step.b, {r1}));
        Signed s1 = add(scale(step.c, {r0}), scale(step.d, {r1}));
        // The matrix holds quotients of r0 and r1, so both remainders come out >= 0.
        if (s0.neg || s1.neg) throw_invalid("inverse_mod_vartime: Lehmer step out of range");
        r0 = std::move(s0.mag);
        r1 = std::move(s1.mag);
        Signed u0 = add(scale(step.a, t0), scale(step.b, t1));
        Signed u1 = add(scale(step.c, t0), scale(step.d, t1));
        t0 = std::move(u0);
        t1 = std::move(u1);
        continue;
      }
    }
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
