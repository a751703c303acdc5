// Internal: a curve's constants in the elements of a gfp kernel type K
// (gfp::Kernels<N, F, P>, dstu/gfp/kernels.hpp), the point types the scalar
// multiplications work in, and the conversions to and from the public AffinePoint.
// Every algorithm of lib/ecp is a template on K, chosen once per operation by
// gfp::dispatch, as lib/ec's are on gf2m's kernels: the field operations inline into
// the point formulas, on elements of exactly the prime's number of limbs.
#pragma once

#include "dstu/ecp/curve.hpp"
#include "dstu/gfp/kernels.hpp"

namespace dstu::ecp::detail {

/// A finite affine point in the kernels' elements.
template <class Fe>
struct Affine {
  Fe x, y;
};

/// The curve as the formulas see it: the kernels (a small value: p, m0inv, one) and
/// a, b, 3 b in the same elements.
template <class K>
struct CurveOps {
  using Kernels = K;
  using Fe = typename K::Fe;
  K f;
  const Curve* curve;
  Fe a, b, b3;
  bool a_minus_3;

  CurveOps(const K& k, const Curve& c)
      : f(k), curve(&c), a(K::from(c.a())), b(K::from(c.b())), b3(K::from(c.b3())), a_minus_3(c.a_is_minus_3()) {}

  /// r = a x: three additions and a negation when a = -3 (a public property of the
  /// curve), else a product.
  void mul_a(Fe& r, const Fe& x) const {
    if (a_minus_3) {
      Fe t;
      f.add(t, x, x);
      f.add(t, t, x);
      f.neg(r, t);
    } else {
      f.mul(r, a, x);
    }
  }

  /// The affine point of the public type (coordinates as gfp::Elements).
  static AffinePoint to_public(const Fe& x, const Fe& y) {
    AffinePoint p;
    p.x = K::to(x);
    p.y = K::to(y);
    return p;
  }
  /// A finite public point in the kernels' elements.
  static Affine<Fe> from_public(const AffinePoint& p) { return {K::from(p.x), K::from(p.y)}; }
};

/// The operations of one scalar multiplication: calls fn(CurveOps<K>) for the kernel
/// type gfp::dispatch picks for c's field now, and returns what fn returns.
template <class Fn>
decltype(auto) with_curve_ops(const Curve& c, Fn&& fn) {
  return gfp::dispatch(c.field(), [&](auto k) { return fn(CurveOps<decltype(k)>(k, c)); });
}

}  // namespace dstu::ecp::detail
