// dstu::ecp — elliptic curves over GF(p) in short Weierstrass form y^2 = x^3 + a x + b:
// the curves of ECDSA and ECGDSA (NIST P-192 ... P-521, Brainpool P160 ... P512 r1 and
// t1) and any curve of odd order given by its parameters.
//
// Points are affine with coordinates in the field's Montgomery form; arithmetic inside
// the scalar multiplications is projective with the complete formulas of Renes,
// Costello and Batina ("Complete addition formulas for prime order elliptic curves",
// EUROCRYPT 2016), so one formula serves every pair of points, in constant time. Its
// entry points have the names of lib/ec2m's over the same types (mul, mul_base,
// mul_base_comb, mul_double_vartime, encode_point, ...).
// Depends on: curve (scalars and the integers mod n, wNAF recoding, the constant-time
// table scan, the SEC 1 codec, curve records), gfp (field arithmetic), mp, parallel.
// Secret: scalars passed to mul and mul_base (and mul_base_comb), and everything derived
// from them until the result point; curve parameters and points given as input are
// public.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "dstu/curve/record.hpp"
#include "dstu/curve/scalar.hpp"
#include "dstu/gfp/field.hpp"
#include "dstu/mp/nat.hpp"

namespace dstu::ecp {

namespace detail {
struct BaseTable;
}

/// Scalars: the one fixed-width, constant-time type of both kinds of curves.
using curve::Scalar;
using curve::scalar_from_nat;
using curve::scalar_to_nat;

struct AffinePoint {
  gfp::Element x, y;
  bool infinity = false;
  static AffinePoint at_infinity() {
    AffinePoint p;
    p.infinity = true;
    return p;
  }
};

class Curve {
 public:
  /// The curve y^2 = x^3 + a x + b over `field` with base point (gx, gy) of order n and
  /// cofactor h, named by `record` (a custom curve: none, or a name for messages).
  /// Checked: 4a^3 + 27b^2 != 0, G on the curve, n G = O, n odd (the complete formulas
  /// need a group without points of order 2).
  Curve(const gfp::Field& field, const mp::Nat& a, const mp::Nat& b, const mp::Nat& gx, const mp::Nat& gy,
        const mp::Nat& n, unsigned cofactor, curve::CurveRecord record = {});

  const gfp::Field& field() const { return *field_; }
  /// Bits of the field size: L(p).
  std::size_t field_bits() const { return field_->bits(); }
  const gfp::Element& a() const { return a_; }
  const gfp::Element& b() const { return b_; }
  /// 3 b, used by the complete formulas.
  const gfp::Element& b3() const { return b3_; }
  /// Whether a = -3 (NIST P curves, Brainpool t1): a x is then -(x + x + x).
  bool a_is_minus_3() const { return a_minus_3_; }

  /// The short Weierstrass model the scalar multiplications compute in: this curve, or,
  /// where a != -3 and -3/a is a fourth power u^4, the isomorphic curve
  /// y^2 = x^3 - 3 x + u^6 b by (x, y) -> (u^2 x, u^3 y), whose doublings and additions
  /// take the cheaper a = -3 forms (Brainpool's r1 curves: the model is a t1 curve,
  /// RFC 5639 §3). Points enter and leave the scalar multiplications in this curve's
  /// coordinates; only their inner arithmetic uses the model.
  struct Model {
    bool isomorphic = false;
    bool a_minus_3 = false;                ///< the model's a is -3
    gfp::Element a, b, b3;                 ///< the model's a, b and 3 b
    gfp::Element u2, u3, u2_inv, u3_inv;   ///< u^2, u^3 and their inverses (isomorphic only)
  };
  const Model& model() const { return model_; }
  const AffinePoint& generator() const { return g_; }
  const mp::Nat& order() const { return n_; }
  std::size_t order_bits() const { return n_.bits(); }
  unsigned cofactor() const { return h_; }
  /// The integers mod n: constant-time reduction, sums, products, inverses.
  const curve::ScalarField& scalar_field() const { return *scalars_; }
  /// The names and family of a named curve.
  const curve::CurveRecord& record() const { return record_; }
  const std::string& name() const { return record_.name; }
  const std::string& oid() const { return record_.oid; }
  const std::vector<std::string>& aliases() const { return record_.aliases; }
  curve::Family family() const { return record_.family; }

  /// A named curve by its name ("P-256", "brainpoolP256r1"), an alias ("prime256v1",
  /// "secp256r1") or its OID. Throws Error(invalid_input) listing the names.
  static const Curve& named(std::string_view name);
  /// The same lookup without throwing: null when `name` names none of these curves.
  static const Curve* find(std::string_view name);

  /// The holder of the tables of G in the field kernels' elements, made on first use
  /// (thread safe; comb.hpp).
  detail::BaseTable& base_table() const;
  static const std::vector<const Curve*>& all_named();

 private:
  const gfp::Field* field_;
  gfp::Element a_, b_, b3_;
  bool a_minus_3_ = false;
  Model model_;
  AffinePoint g_;
  mp::Nat n_;
  unsigned h_;
  std::optional<curve::ScalarField> scalars_;
  std::shared_ptr<detail::BaseTable> base_;  ///< filled by base_table() once
  curve::CurveRecord record_;
};

}  // namespace dstu::ecp
