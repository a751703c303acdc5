// dstu::ecp — points: validation, negation, comparison and SEC 1 encodings (§2.3.3-2.3.4:
// 04 || x || y uncompressed, 02/03 || x compressed, x and y of the field's length).
#pragma once

#include <span>

#include "dstu/base/bytes.hpp"
#include "dstu/ecp/curve.hpp"

namespace dstu::ecp {

/// y^2 = x^3 + a x + b (the point at infinity counts as on the curve).
bool on_curve(const Curve& c, const AffinePoint& p);
AffinePoint negate(const Curve& c, const AffinePoint& p);
bool same_point(const Curve& c, const AffinePoint& p, const AffinePoint& q);
/// P + Q (any points, public).
AffinePoint add_vartime(const Curve& c, const AffinePoint& p, const AffinePoint& q);
/// The integer of x(P) for a finite P (SEC 1 v2.0 §2.3.9). Public.
mp::Nat x_integer(const Curve& c, const AffinePoint& p);

/// SEC 1 v2.0 §2.3.3 encoding of a finite point (dstu/curve/sec1.hpp): 04 || X || Y, or
/// 02 / 03 || X with the parity of y. Error(invalid_input) for the point at infinity.
Bytes encode_point(const Curve& c, const AffinePoint& p, bool compressed);
/// A finite point of the curve from its SEC 1 encoding (§2.3.4), and of order n
/// (cofactor 1: on the curve is enough; otherwise n P = O is checked). Throws
/// Error(invalid_input) saying what is wrong: empty, 00, the prefix, the length, x or
/// y >= p, no point with this x, not on the curve, not of order n.
AffinePoint decode_point(const Curve& c, std::span<const std::uint8_t> encoded);

}  // namespace dstu::ecp
