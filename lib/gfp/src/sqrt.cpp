// GF(p) square roots for decompressing public points: a^((p+1)/4) when p = 3 mod 4,
// else Tonelli-Shanks (Cohen, "A Course in Computational Algebraic Number Theory",
// Algorithm 1.5.1). Variable time: public inputs only.
#include "dstu/gfp/field.hpp"

namespace dstu::gfp {
namespace {

bool equal(const Field& f, const Element& a, const Element& b) { return f.eq(a, b) != 0; }

}  // namespace

bool Field::sqrt_vartime(Element& r, const Element& a) const {
  if (is_zero(a)) {
    r = zero();
    return true;
  }
  const mp::Nat one(1);
  Element x;
  if (p_.limb(0) % 4 == 3) {
    pow_public(x, a, (p_ + one) >> 2);
  } else {
    // p - 1 = q 2^s with q odd; z a non-residue (Euler's criterion, z = 2, 3, ...).
    const mp::Nat pm1 = p_ - one;
    std::size_t s = 0;
    while (!pm1.bit(s)) ++s;
    const mp::Nat q = pm1 >> s;
    Element minus_one, t;
    neg(minus_one, one_);
    Element z = from_nat(mp::Nat(2));
    for (;;) {
      pow_public(t, z, pm1 >> 1);
      if (equal(*this, t, minus_one)) break;
      add(z, z, one_);
    }
    Element c, b, tt;
    pow_public(c, z, q);                       // c = z^q, of order 2^s
    pow_public(x, a, (q + one) >> 1);          // x = a^((q+1)/2)
    pow_public(tt, a, q);                      // t = a^q
    std::size_t m = s;
    while (!equal(*this, tt, one_)) {
      // The least i with t^(2^i) = 1; none below m means a is not a square.
      std::size_t i = 0;
      Element u = tt;
      while (!equal(*this, u, one_)) {
        sqr(u, u);
        if (++i == m) return false;
      }
      b = c;
      for (std::size_t k = 0; k + i + 1 < m; ++k) sqr(b, b);
      mul(x, x, b);
      sqr(c, b);
      mul(tt, tt, c);
      m = i;
    }
  }
  Element check;
  sqr(check, x);
  if (!equal(*this, check, a)) return false;
  // The root with the lower canonical value.
  Element other;
  neg(other, x);
  r = to_nat(other) < to_nat(x) ? other : x;
  return true;
}

bool Field::is_odd_vartime(const Element& a) const { return to_nat(a).is_odd(); }

}  // namespace dstu::gfp
