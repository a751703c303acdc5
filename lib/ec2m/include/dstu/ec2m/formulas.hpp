// dstu::ec2m — the projective formulas exposed one by one, for Table 2 of the paper on
// parallel algorithms for DSTU 4145-2002 on multi-core CPUs (the times D of a doubling
// and A of a mixed addition in López–Dahab and Jacobian-type coordinates, r = A / D)
// and for testing them against the affine group law.
#pragma once

#include <cstddef>

#include "dstu/ec2m/curve.hpp"

namespace dstu::ec2m {

enum class Coordinates {
  lopez_dahab,  ///< x = X / Z, y = Y / Z^2 (doubling 4M + 5S, mixed addition 8M + 5S)
  jacobian,     ///< x = X / Z^2, y = Y / Z^3 (doubling 5M + 5S, mixed addition 11M + 4S)
};

/// 2^count P computed by `count` projective doublings, returned affine (P != O, and
/// 2^i P != O on the way).
AffinePoint repeated_double(const Curve& c, Coordinates coords, const AffinePoint& p, std::size_t count);

/// P + count Q computed by `count` projective mixed additions of the affine Q,
/// returned affine (no intermediate sum may equal Q, -Q or O).
AffinePoint repeated_add(const Curve& c, Coordinates coords, const AffinePoint& p, const AffinePoint& q,
                         std::size_t count);

}  // namespace dstu::ec2m
