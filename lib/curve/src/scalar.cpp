// Scalars in and out of mp::Nat (scalar.hpp).
#include "dstu/curve/scalar.hpp"

#include "dstu/base/error.hpp"

namespace dstu::curve {

Scalar scalar_from_nat(const mp::Nat& x) {
  if (x.bits() > Scalar::kBits) throw_invalid("scalar wider than 576 bits");
  Scalar s;
  x.to_limbs(s.data(), kScalarLimbs);
  return s;
}

mp::Nat scalar_to_nat(const Scalar& x) { return mp::Nat::from_limbs(x.v); }

}  // namespace dstu::curve
