// dstu::ec2m — constant-time arithmetic modulo the order n of a curve's base point, on
// the fixed-width Scalar type (DSTU 4145 signing: s = e + d r mod n).
#pragma once

#include <span>

#include "dstu/base/ct.hpp"
#include "dstu/ec2m/curve.hpp"

namespace dstu::ec2m {

/// k mod n for any k < 2^(64 kScalarLimbs).
Scalar scalar_reduce(const Curve& c, const Scalar& k);
/// (a + b) mod n for a, b < n.
Scalar scalar_add(const Curve& c, const Scalar& a, const Scalar& b);
/// (a * b) mod n for a, b < n.
Scalar scalar_mul(const Curve& c, const Scalar& a, const Scalar& b);
/// All-ones when 0 < a < n.
ct::Mask scalar_in_range(const Curve& c, const Scalar& a);

}  // namespace dstu::ec2m
