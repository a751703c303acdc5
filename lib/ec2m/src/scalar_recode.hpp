// Internal: constant-time recoding of secret scalars to a fixed length.
#pragma once

#include "dstu/base/wipe.hpp"
#include "dstu/ec2m/curve.hpp"

namespace dstu::ec2m::detail {

/// k' = (k mod n) + n or + 2n, whichever has exactly L(n) + 1 bits: the same multiple
/// of any point of order n, with bit L(n) set, so a ladder over L(n) bits below it
/// always does the same work. Constant time.
inline Scalar fixed_length_scalar(const Curve& c, const Scalar& k) {
  Scalar r = c.scalar_field().reduce(k);
  Scalar s1, s2;
  const ScopedWipe wipe(r, s1);
  mp::add(s1, r, c.scalar_field().order_scalar());
  mp::add(s2, s1, c.scalar_field().order_scalar());
  const std::size_t t = c.order_bits();
  mp::ct_cmov(s2, s1, ct::mask_from_bit(mp::bit(s1, t)));
  return s2;
}

}  // namespace dstu::ec2m::detail
