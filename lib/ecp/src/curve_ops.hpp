// Internal: a curve's constants in the elements of a gfp kernel type K
// (gfp::Kernels<N, F, P>, dstu/gfp/internal/kernels.hpp), the point types the scalar
// multiplications work in, and the conversions to and from the public AffinePoint.
// Every algorithm of lib/ecp is a template on K, chosen once per operation by
// gfp::dispatch, as lib/ec2m's are on gf2m's kernels: the field operations inline into
// the point formulas, on elements of exactly the prime's number of limbs.
#pragma once

#include "dstu/ecp/curve.hpp"
#include "dstu/gfp/internal/kernels.hpp"

namespace dstu::ecp::detail {

/// A finite affine point in the kernels' elements.
template <class Fe>
struct Affine {
  Fe x, y;
};

/// The curve as the formulas see it: the kernels (a small value: p, m0inv, one) and
/// the coefficients a, b, 3 b of the curve's model (Curve::Model: the curve itself, or
/// an isomorphic one with a = -3) in the same elements, and the maps in and out of the
/// model.
template <class K>
struct CurveOps {
  using Kernels = K;
  using Fe = typename K::Fe;
  K f;
  const Curve* curve;
  Fe a, b, b3;
  bool a_minus_3;
  bool isomorphic;
  Fe u2, u3, u2_inv, u3_inv;

  CurveOps(const K& k, const Curve& c)
      : f(k), curve(&c), a(K::from(c.model().a)), b(K::from(c.model().b)), b3(K::from(c.model().b3)),
        a_minus_3(c.model().a_minus_3), isomorphic(c.model().isomorphic), u2(K::from(c.model().u2)),
        u3(K::from(c.model().u3)), u2_inv(K::from(c.model().u2_inv)), u3_inv(K::from(c.model().u3_inv)) {}

  /// r = a x: three additions and a negation when a = -3 (a public property of the
  /// curve), else a product. Always inline (GCC left it a call in the complete additions).
  DSTU_GFP_INLINE void mul_a(Fe& r, const Fe& x) const {
    if (a_minus_3) {
      Fe t;
      f.add(t, x, x);
      f.add(t, t, x);
      f.neg(r, t);
    } else {
      f.mul(r, a, x);
    }
  }

  /// The curve's affine point (coordinates as gfp::Elements) of the model's (x, y).
  AffinePoint to_public(Fe x, Fe y) const {
    if (isomorphic) {  // a property of the curve, public
      f.mul(x, x, u2_inv);
      f.mul(y, y, u3_inv);
    }
    AffinePoint p;
    p.x = K::to(x);
    p.y = K::to(y);
    return p;
  }
  /// A finite point of the curve in the model, in the kernels' elements.
  Affine<Fe> from_public(const AffinePoint& p) const {
    Affine<Fe> r{K::from(p.x), K::from(p.y)};
    if (isomorphic) {
      f.mul(r.x, r.x, u2);
      f.mul(r.y, r.y, u3);
    }
    return r;
  }
};

/// The operations of one scalar multiplication: calls fn(CurveOps<K>) for the kernel
/// type gfp::dispatch picks for c's field now, and returns what fn returns.
template <class Fn>
decltype(auto) with_curve_ops(const Curve& c, Fn&& fn) {
  return gfp::dispatch(c.field(), [&](auto k) { return fn(CurveOps<decltype(k)>(k, c)); });
}

}  // namespace dstu::ecp::detail
