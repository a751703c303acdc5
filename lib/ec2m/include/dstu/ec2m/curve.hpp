// dstu::ec2m — elliptic curves y^2 + xy = x^3 + A x^2 + B over GF(2^m), polynomial basis.
//
// What it is: curve descriptors (the ten DSTU 4145-2002 named curves, by name
// "dstu163" ... "dstu431" or by OID; the ten NIST binary curves of FIPS 186-4
// Appendix D.1.3 / SEC 2 v2.0 §3, B-163 ... B-571 and K-163 ... K-571, by name, SEC 2
// alias or OID, for ECDSA; and custom curves from parameters), affine points, and
// through scalar_mul.hpp / point.hpp the group law, scalar multiplication, DSTU 4145
// §6 point compression and SEC 1 point encodings. Its entry points have the names of
// lib/ecp's over the same types (mul, mul_base, mul_double_vartime, encode_point, ...).
// Depends on: curve (scalars and the integers mod n, wNAF recoding, the constant-time
// table scan, the SEC 1 codec, curve records), gf2m (field arithmetic), mp, parallel.
// Secret: scalars passed to mul and mul_base, and everything derived from them
// until the result point; curve parameters and points given as input are public.
#pragma once

#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "dstu/curve/record.hpp"
#include "dstu/curve/scalar.hpp"
#include "dstu/gf2m/field.hpp"
#include "dstu/mp/nat.hpp"

namespace dstu::ec2m {

using gf2m::Element;

/// Curve parameters as text: big-endian hex for B, n and the base point.
struct CurveSpec {
  curve::CurveRecord record;   ///< name, OID, aliases, family; empty for a custom curve
  std::vector<int> exponents;  ///< field polynomial, e.g. {257, 12, 0}
  int a = 0;                   ///< A, 0 or 1
  std::string b, n, gx, gy;
  unsigned cofactor = 0;  ///< h, with #E = h n
};

/// A point in affine coordinates, or the point at infinity O.
struct AffinePoint {
  Element x, y;
  bool infinity = false;
  static AffinePoint at_infinity() {
    AffinePoint p;
    p.infinity = true;
    return p;
  }
};

/// Scalars: the one fixed-width, constant-time type of both kinds of curves.
using curve::kScalarLimbs;
using curve::Scalar;
using curve::scalar_from_nat;
using curve::scalar_to_nat;

namespace detail {
struct Precomputed;
}

class Curve {
 public:
  /// A named DSTU 4145 curve by name ("dstu257") or OID ("1.2.804.2.1.1.1.1.3.1.1.2.6").
  /// Throws Error(invalid_input) naming the known curves if there is no such curve.
  static const Curve& named(std::string_view name_or_oid);
  /// The same lookup without throwing: null when no DSTU 4145 curve has this name or OID.
  static const Curve* find_named(std::string_view name_or_oid);
  /// The ten named curves, ascending m. DSTU 4145 curves only: named() and all_named()
  /// never return a NIST curve.
  static std::vector<const Curve*> all_named();

  /// A NIST binary curve (FIPS 186-4 Appendix D.1.3) by name ("B-233"), SEC 2 alias
  /// ("sect233r1") or OID ("1.3.132.0.27"), exact spelling; nullptr when none. Each
  /// curve is built on its first use, thread-safe; later calls return the same object.
  static const Curve* find_nist(std::string_view name_alias_or_oid);
  /// The ten NIST binary curves: B-163, B-233, B-283, B-409, B-571, K-163, K-233,
  /// K-283, K-409, K-571.
  static std::vector<const Curve*> all_nist();

  /// A curve from parameters (any irreducible trinomial or pentanomial, m odd). Checks
  /// A in {0,1}, B != 0, G on the curve and of order n, n prime, n > 4 sqrt(2^m);
  /// throws Error(invalid_input) saying which check failed.
  explicit Curve(const CurveSpec& spec);
  ~Curve();
  Curve(const Curve&) = delete;
  Curve& operator=(const Curve&) = delete;

  /// The names and family of a named curve (empty, custom, for a custom one).
  const curve::CurveRecord& record() const { return spec_.record; }
  const std::string& name() const { return spec_.record.name; }
  const std::string& oid() const { return spec_.record.oid; }
  /// Other names ("sect233r1" for B-233); empty for the DSTU and custom curves.
  const std::vector<std::string>& aliases() const { return spec_.record.aliases; }
  curve::Family family() const { return spec_.record.family; }
  const CurveSpec& spec() const { return spec_; }
  const gf2m::Field& field() const { return *field_; }
  int m() const { return field_->m(); }
  /// Bits of the field size: m.
  std::size_t field_bits() const { return static_cast<std::size_t>(field_->m()); }
  unsigned a() const { return a_; }
  const Element& b() const { return b_; }
  /// sqrt(B), used by the ladder's doubling X^4 + B Z^4 = (X^2 + sqrt(B) Z^2)^2.
  const Element& sqrt_b() const { return sqrt_b_; }
  /// The order n of the base point and its bit length L(n).
  const mp::Nat& order() const { return n_; }
  std::size_t order_bits() const { return n_.bits(); }
  /// Limbs of n: every scalar mod n fits in this many.
  std::size_t order_limbs() const { return n_.size(); }
  /// The integers mod n: constant-time reduction, sums, products, inverses.
  const curve::ScalarField& scalar_field() const { return *scalars_; }
  unsigned cofactor() const { return cofactor_; }
  const AffinePoint& generator() const { return g_; }
  /// Bytes of a field element and of a compressed point: ceil(m / 8).
  std::size_t field_bytes() const { return static_cast<std::size_t>(field_->bytes()); }

  /// Tables for the base point (comb, wNAF), built on first use, thread-safe.
  const detail::Precomputed& precomputed() const;

 private:
  struct Named {};
  Curve(Named, const CurveSpec& spec);
  /// The curve of specs[i] whose record matches key, built on its first use into
  /// curves[i] (under once[i]); null when none matches.
  static const Curve* find_in(std::span<const CurveSpec> specs, std::span<std::once_flag> once,
                              std::span<std::unique_ptr<Curve>> curves, std::string_view key);
  void init(const CurveSpec& spec, bool check);

  CurveSpec spec_;
  std::unique_ptr<gf2m::Field> owned_field_;
  const gf2m::Field* field_ = nullptr;
  unsigned a_ = 0;
  Element b_, sqrt_b_;
  mp::Nat n_;
  std::optional<curve::ScalarField> scalars_;
  unsigned cofactor_ = 0;
  AffinePoint g_;
  mutable std::unique_ptr<detail::Precomputed> pre_;
  mutable std::once_flag pre_once_;
};

}  // namespace dstu::ec2m
