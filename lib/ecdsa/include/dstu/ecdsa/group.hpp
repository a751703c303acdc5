// dstu::ecdsa — the groups the signature schemes run on: one view of a named curve over
// GF(p) (lib/ecp: NIST P-192 ... P-521, Brainpool) or over GF(2^m) (lib/ec2m: NIST
// B-163 ... B-571 and K-163 ... K-571, FIPS 186-4 Appendix D.1.3), so that signing,
// verification, nonces and key encodings are written once for both.
//
// A thin table: the two curve modules name their operations alike over the same types
// (curve::Scalar, curve::ScalarField; mul_base, mul_double_vartime, x_integer, the SEC 1
// encode_point / decode_point, ...), so each operation here is one generic call on
// whichever curve the group holds; only the point type differs.
// Secret: the scalar of mul_base (constant time on both kinds); everything else public.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "dstu/base/bytes.hpp"
#include "dstu/ec2m/curve.hpp"
#include "dstu/ecp/curve.hpp"

namespace dstu::ecdsa {

/// Scalars mod n: one fixed-width type serves both kinds of curve.
using curve::Scalar;

/// A point of a group's curve (the alternative that matches the group's kind; a Group
/// given a point of the other kind throws Error(invalid_input)).
using Point = std::variant<ecp::AffinePoint, ec2m::AffinePoint>;

class Group {
 public:
  /// A view of `curve`, which must outlive the group (tests wrap their own curves; the
  /// named groups wrap the named curves, which live for the whole process). Keys on a
  /// curve without an OID of find() cannot be encoded for reading back; family() is for
  /// the named groups.
  explicit Group(const ecp::Curve& curve);
  explicit Group(const ec2m::Curve& curve);
  ~Group();
  Group(const Group&) = delete;
  Group& operator=(const Group&) = delete;

  /// A named group by name ("P-256", "brainpoolP256r1", "B-233", "K-571"), alias
  /// ("prime256v1", "secp256r1", "sect233r1") or OID; null when none. Of the binary
  /// curves only the one asked for is built (the GF(p) ones are built together, cheaply).
  static const Group* find(std::string_view name);
  /// As find(), or Error(invalid_input) listing the names.
  static const Group& named(std::string_view name);
  /// Every named group: the GF(p) curves, then B-163 ... B-571, K-163 ... K-571.
  static std::vector<const Group*> all_named();

  const std::string& name() const;
  const std::string& oid() const;
  const std::vector<std::string>& aliases() const;
  /// The curve's family (curve::family_name): "nist" (P-), "brainpool", "nist-binary"
  /// (B-) or "nist-koblitz" (K-) for the named groups, "custom" for another curve.
  const char* family() const;
  bool binary() const { return std::holds_alternative<const ec2m::Curve*>(curve_); }
  /// The underlying curve of each kind (null for the other kind).
  const ecp::Curve* prime_curve() const;
  const ec2m::Curve* binary_curve() const;
  /// Bits of the field size: L(p), or m for GF(2^m).
  std::size_t field_bits() const;
  /// Octets of one coordinate in SEC 1 encodings: ceil(field_bits() / 8).
  std::size_t field_octets() const { return (field_bits() + 7) / 8; }

  const mp::Nat& order() const;
  std::size_t order_bits() const { return order().bits(); }
  /// Octets of a scalar mod n: ceil(L(n) / 8).
  std::size_t order_octets() const { return (order_bits() + 7) / 8; }
  unsigned cofactor() const;
  /// The integers mod n (the curve's: constant-time products and divstep inverses).
  const curve::ScalarField& scalar_field() const;

  /// The base point G.
  Point generator() const;
  /// k G, constant time in k (1 <= k < n).
  Point mul_base(const Scalar& k) const;
  /// u1 G + u2 Q for public u1, u2 < n and a public Q (verification).
  Point mul_double_vartime(const Scalar& u1, const Scalar& u2, const Point& q) const;
  /// Whether u1 G + u2 Q is finite with x(u1 G + u2 Q) mod n = r, as an integer (SEC 1
  /// §2.3.9): verification's last test. On GF(p) it is made on the Jacobian sum, without
  /// the inversion that the affine point would cost.
  bool mul_double_x_equals_vartime(const Scalar& u1, const Scalar& u2, const Point& q, const mp::Nat& r) const;
  bool is_infinity(const Point& p) const;
  /// Whether p is of this group's kind of curve.
  bool matches(const Point& p) const { return binary() == std::holds_alternative<ec2m::AffinePoint>(p); }
  /// The integer of x(P) for a finite P (SEC 1 §2.3.9 field-element-to-integer).
  mp::Nat x_integer(const Point& p) const;
  bool same_point(const Point& p, const Point& q) const;
  /// SEC 1 §2.3.3 encoding of a finite point: 04 || X || Y, or 02/03 || X.
  Bytes encode_point(const Point& p, bool compressed) const;
  /// SEC 1 §2.3.4 decoding, then validation: on the curve and of order n. Throws
  /// Error(invalid_input) saying what is wrong.
  Point decode_point(std::span<const std::uint8_t> encoded) const;

 private:
  std::variant<const ec2m::Curve*, const ecp::Curve*> curve_;
};

}  // namespace dstu::ecdsa
