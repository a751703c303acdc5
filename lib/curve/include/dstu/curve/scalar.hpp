// dstu::curve — scalars: integers below 2^576 in nine fixed-width limbs (mp::Fixed<9>,
// constant time), the one scalar type of both kinds of curves (lib/ec2m, lib/ecp) and of
// the signature schemes on them: every order n of a curve in the library fits.
#pragma once

#include <cstddef>

#include "dstu/mp/fixed.hpp"
#include "dstu/mp/nat.hpp"

namespace dstu::curve {

/// Limbs of a scalar: 576 bits, the widest order (P-521, B-571, K-571) and more.
inline constexpr std::size_t kScalarLimbs = 9;
using Scalar = mp::Fixed<kScalarLimbs>;

/// x as a Scalar (a public conversion); Error(invalid_input) for x >= 2^576.
Scalar scalar_from_nat(const mp::Nat& x);
/// x as a Nat (a public conversion).
mp::Nat scalar_to_nat(const Scalar& x);

}  // namespace dstu::curve
