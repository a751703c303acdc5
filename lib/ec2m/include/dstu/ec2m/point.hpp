// dstu::ec2m — the group law on affine points, point validation, DSTU 4145 point
// compression (§6.9–6.10) and the SEC 1 v2.0 point encodings (§2.3.3–2.3.4). All of
// it works on public points and is variable time.
#pragma once

#include <span>

#include "dstu/base/bytes.hpp"
#include "dstu/ec2m/curve.hpp"

namespace dstu::ec2m {

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

/// SEC 1 v2.0 §2.3.3 encoding of a finite point (dstu/curve/sec1.hpp), field elements as
/// ceil(m/8) big-endian octets (§2.3.5): 04 || X || Y, or (compressed) 02 or 03 || X
/// where the low bit of the prefix is the rightmost bit of y x^-1 (0 when x = 0).
/// Throws Error(invalid_input) for O. Variable time (public points).
Bytes encode_point(const Curve& c, const AffinePoint& p, bool compressed);
/// SEC 1 v2.0 §2.3.4 decoding of 04 || X || Y or 02/03 || X (compressed: y from
/// z^2 + z = x + A + B x^-2, y = x z), then public-key validation: on the curve and
/// n P = O. Throws Error(invalid_input) saying what is wrong: empty, the point at
/// infinity (00), the length, the prefix (hybrid 06/07 is not accepted), a coordinate
/// with bits at or above m, no point with this x, not on the curve, not of order n.
/// Variable time (public points).
AffinePoint decode_point(const Curve& c, std::span<const std::uint8_t> encoded);

/// The integer of x(P) for a finite P (SEC 1 v2.0 §2.3.9: the polynomial's coefficients
/// read as the bits of a binary number, as FIPS 186-5 §6.4.1 has it for ECDSA). Public.
mp::Nat x_integer(const Curve& c, const AffinePoint& p);

/// Public-key validation (DSTU 4145 §10.1): P != O, P on the curve, n P = O. Returns
/// false instead of throwing; variable time (public points).
bool valid_public_point(const Curve& c, const AffinePoint& p);

}  // namespace dstu::ec2m
