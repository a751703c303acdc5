// GF(p) powers by a public exponent, and the inverse by Fermat's little theorem.
#include "dstu/base/wipe.hpp"
#include "dstu/gfp/field.hpp"

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

void Field::inv(Element& r, const Element& a) const { pow_public(r, a, p_minus_2_); }

}  // namespace dstu::gfp
