// dstu::ec — the group law on affine points, point validation and DSTU 4145 point
// compression (§6.9–6.10). All of it works on public points and is variable time.
#pragma once

#include <span>

#include "dstu/base/bytes.hpp"
#include "dstu/ec/curve.hpp"

namespace dstu::ec {

/// True if P is O or satisfies the curve equation.
bool on_curve(const Curve& c, const AffinePoint& p);
/// -P = (x, x + y).
AffinePoint negate(const Curve& c, const AffinePoint& p);
/// P + Q by the affine formulas (all cases: O, P = Q, P = -Q). Variable time.
AffinePoint add_vartime(const Curve& c, const AffinePoint& p, const AffinePoint& q);
/// 2P. Variable time.
AffinePoint double_vartime(const Curve& c, const AffinePoint& p);
/// True if P and Q are the same point.
bool same_point(const Curve& c, const AffinePoint& p, const AffinePoint& q);

/// The DSTU 4145 §6.9 compressed form: x with its least significant bit replaced by
/// Tr(y / x); 0 for a point with x = 0. Throws Error(invalid_input) for O.
Element compress(const Curve& c, const AffinePoint& p);
/// §6.10 decompression; throws Error(invalid_input) if no point has this x.
AffinePoint decompress(const Curve& c, const Element& packed);

/// The compressed point as ceil(m/8) little-endian bytes (Ukrainian PKI form) and back.
Bytes compress_le(const Curve& c, const AffinePoint& p);
AffinePoint decompress_le(const Curve& c, std::span<const std::uint8_t> bytes);

/// Public-key validation (DSTU 4145 §10.1): P != O, P on the curve, n P = O. Returns
/// false instead of throwing; variable time (public points).
bool valid_public_point(const Curve& c, const AffinePoint& p);

}  // namespace dstu::ec
