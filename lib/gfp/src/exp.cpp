// GF(p) powers by a public exponent, and the inverse by Fermat's little theorem.
#include "dstu/gfp/field.hpp"

namespace dstu::gfp {

void Field::pow_public(Element& r, const Element& a, const mp::Nat& e) const {
  // Left to right over the exponent's bits: the exponent is public, so branching on
  // its bits reveals nothing; a is only multiplied and squared (constant time).
  Element acc = one_;
  for (std::size_t i = e.bits(); i-- > 0;) {
    sqr(acc, acc);
    if (e.bit(i)) mul(acc, acc, a);
  }
  r = acc;
}

void Field::inv(Element& r, const Element& a) const { pow_public(r, a, p_ - mp::Nat(2)); }

}  // namespace dstu::gfp
