// Internal: homogeneous projective points (X : Y : Z), x = X/Z, y = Y/Z, O = (0 : 1 : 0),
// and the complete addition of Renes, Costello and Batina (EUROCRYPT 2016, Algorithm
// 1, any a; 12M + 3 m_a + 2 m_3b): correct for every pair of points of a curve of odd
// order, doublings included, with no branch.
#pragma once

#include "dstu/ecp/curve.hpp"

namespace dstu::ecp::detail {

struct Proj {
  gfp::Element X, Y, Z;
};

inline Proj infinity(const Curve& c) { return {c.field().zero(), c.field().one(), c.field().zero()}; }

inline Proj from_affine(const Curve& c, const AffinePoint& p) {
  Proj r{p.x, p.y, c.field().one()};
  if (p.infinity) r = infinity(c);
  return r;
}

/// r = p + q (r may alias p or q).
inline void add(const Curve& c, Proj& r, const Proj& p, const Proj& q) {
  const gfp::Field& f = c.field();
  gfp::Element t0, t1, t2, t3, t4, t5, X3, Y3, Z3;
  f.mul(t0, p.X, q.X);
  f.mul(t1, p.Y, q.Y);
  f.mul(t2, p.Z, q.Z);
  f.add(t3, p.X, p.Y);
  f.add(t4, q.X, q.Y);
  f.mul(t3, t3, t4);
  f.add(t4, t0, t1);
  f.sub(t3, t3, t4);  // X1 Y2 + X2 Y1
  f.add(t4, p.X, p.Z);
  f.add(t5, q.X, q.Z);
  f.mul(t4, t4, t5);
  f.add(t5, t0, t2);
  f.sub(t4, t4, t5);  // X1 Z2 + X2 Z1
  f.add(t5, p.Y, p.Z);
  f.add(X3, q.Y, q.Z);
  f.mul(t5, t5, X3);
  f.add(X3, t1, t2);
  f.sub(t5, t5, X3);  // Y1 Z2 + Y2 Z1
  f.mul(Z3, c.a(), t4);
  f.mul(X3, c.b3(), t2);
  f.add(Z3, X3, Z3);
  f.sub(X3, t1, Z3);
  f.add(Z3, t1, Z3);
  f.mul(Y3, X3, Z3);
  f.add(t1, t0, t0);
  f.add(t1, t1, t0);
  f.mul(t2, c.a(), t2);
  f.mul(t4, c.b3(), t4);
  f.add(t1, t1, t2);
  f.sub(t2, t0, t2);
  f.mul(t2, c.a(), t2);
  f.add(t4, t4, t2);
  f.mul(t0, t1, t4);
  f.add(Y3, Y3, t0);
  f.mul(t0, t5, t4);
  f.mul(X3, t3, X3);
  f.sub(X3, X3, t0);
  f.mul(t0, t3, t1);
  f.mul(Z3, t5, Z3);
  f.add(Z3, Z3, t0);
  r = {X3, Y3, Z3};
}

/// Affine form (one inversion, constant time); O when Z = 0 (a public fact by then).
AffinePoint to_affine(const Curve& c, const Proj& p);

}  // namespace dstu::ecp::detail
