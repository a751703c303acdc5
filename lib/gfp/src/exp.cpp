// GF(p) powers by a public exponent; the inverse by divsteps (inv_safegcd.cpp) and by
// Fermat's little theorem.
#include "dstu/base/wipe.hpp"
#include "dstu/gfp/field.hpp"
#include "inv_safegcd.hpp"

namespace dstu::gfp {

void Field::pow_public(Element& r, const Element& a, const mp::Nat& e) const {
  // Fixed 5-bit windows, left to right: L(e) squarings and one product per nonzero
  // window (a^1 ... a^31 first). The exponent is public, so branching on and indexing by
  // its digits reveals nothing; a is only multiplied and squared (constant time).
  constexpr int kW = 5;
  Element table[1 << kW];
  table[0] = one_;
  table[1] = a;
  for (int i = 2; i < (1 << kW); ++i) mul(table[i], table[i - 1], a);
  Element acc = one_;
  const std::size_t windows = (e.bits() + kW - 1) / kW;
  for (std::size_t j = windows; j-- > 0;) {
    unsigned digit = 0;
    for (int b = kW - 1; b >= 0; --b) {
      sqr(acc, acc);
      digit = digit << 1 | (e.bit(kW * j + b) ? 1u : 0u);
    }
    if (digit != 0) mul(acc, acc, table[digit]);
  }
  r = acc;
  ScopedWipe wipe(table, acc);
}

void Field::inv_fermat(Element& r, const Element& a) const { pow_public(r, a, p_minus_2_); }

void Field::inv(Element& r, const Element& a) const {
  // a is x R; divsteps give (x R)^-1, and a product by R^3 makes it x^-1 R.
  Element t;
  detail::inv_safegcd(t.w.data(), a.w.data(), p_limbs_.w.data(), n_, bits_, m0inv_);
  mul(r, t, r3_);
  secure_wipe(&t, sizeof t);
}

void Field::inv_vartime(Element& r, const Element& a) const {
  Element t;
  detail::inv_safegcd_vartime(t.w.data(), a.w.data(), p_limbs_.w.data(), n_, bits_, m0inv_);
  mul(r, t, r3_);
}

}  // namespace dstu::gfp
