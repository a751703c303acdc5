// Internal: homogeneous projective points (X : Y : Z), x = X/Z, y = Y/Z, O = (0 : 1 : 0),
// and the complete addition of Renes, Costello and Batina (EUROCRYPT 2016, Algorithm
// 1, any a; 12M + 3 m_a + 2 m_3b): correct for every pair of points of a curve of odd
// order, doublings included, with no branch; and a cheaper doubling (dbl). Templates on
// the kernel type K of curve_ops.hpp.
#pragma once

#include <cstdint>
#include <vector>

#include "curve_ops.hpp"
#include "dstu/base/ctgrind.hpp"
#include "dstu/base/wipe.hpp"

namespace dstu::ecp::detail {

template <class Fe>
struct Proj {
  Fe X, Y, Z;
};

template <class K>
Proj<typename K::Fe> infinity(const CurveOps<K>& c) {
  return {K::zero(), c.f.one(), K::zero()};
}

/// The projective form of a public point; O for the point at infinity (a public fact).
template <class K>
Proj<typename K::Fe> from_affine(const CurveOps<K>& c, const AffinePoint& p) {
  if (p.infinity) return infinity(c);
  const Affine<typename K::Fe> q = c.from_public(p);
  return {q.x, q.y, c.f.one()};
}

/// The second half of the complete addition (Algorithm 1's lines from its products by a
/// and 3b), from t0 = X1 X2, t1 = Y1 Y2, t2 = Z1 Z2, t3 = X1 Y2 + X2 Y1,
/// t4 = X1 Z2 + X2 Z1 and t5 = Y1 Z2 + Y2 Z1.
template <class K, class Fe = typename K::Fe>
void add_finish(const CurveOps<K>& c, Proj<Fe>& r, Fe t0, Fe t1, Fe t2, const Fe& t3, Fe t4, const Fe& t5) {
  const K& f = c.f;
  Fe X3, Y3, Z3;
  c.mul_a(Z3, t4);
  f.mul(X3, c.b3, t2);
  f.add(Z3, X3, Z3);
  f.sub(X3, t1, Z3);
  f.add(Z3, t1, Z3);
  f.mul(Y3, X3, Z3);
  f.add(t1, t0, t0);
  f.add(t1, t1, t0);
  c.mul_a(t2, t2);
  f.mul(t4, c.b3, t4);
  f.add(t1, t1, t2);
  f.sub(t2, t0, t2);
  c.mul_a(t2, t2);
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

/// r = x1 y2 + x2 y1 as (x1 + y1)(x2 + y2) - x1 x2 - y1 y2, from the products
/// x1x2 = x1 x2 and y1y2 = y1 y2 (one product).
template <class K, class Fe = typename K::Fe>
void cross(const K& f, Fe& r, const Fe& x1, const Fe& y1, const Fe& x2, const Fe& y2, const Fe& x1x2,
           const Fe& y1y2) {
  Fe s, t;
  f.add(s, x1, y1);
  f.add(t, x2, y2);
  f.mul(r, s, t);
  f.add(t, x1x2, y1y2);
  f.sub(r, r, t);
}

/// r = p + q (r may alias p or q).
template <class K, class Fe = typename K::Fe>
void add(const CurveOps<K>& c, Proj<Fe>& r, const Proj<Fe>& p, const Proj<Fe>& q) {
  const K& f = c.f;
  Fe t0, t1, t2, t3, t4, t5;
  f.mul(t0, p.X, q.X);
  f.mul(t1, p.Y, q.Y);
  f.mul(t2, p.Z, q.Z);
  cross(f, t3, p.X, p.Y, q.X, q.Y, t0, t1);  // X1 Y2 + X2 Y1
  cross(f, t4, p.X, p.Z, q.X, q.Z, t0, t2);  // X1 Z2 + X2 Z1
  cross(f, t5, p.Y, p.Z, q.Y, q.Z, t1, t2);  // Y1 Z2 + Y2 Z1
  add_finish(c, r, t0, t1, t2, t3, t4, t5);
}

/// r = p + q for a finite affine q (Z2 = 1; r may alias p): Algorithm 1 with Z2 = 1, one
/// product fewer (11M + 3 m_a + 2 m_3b), complete for every p, O included.
template <class K, class Fe = typename K::Fe>
void add_mixed(const CurveOps<K>& c, Proj<Fe>& r, const Proj<Fe>& p, const Affine<Fe>& q) {
  const K& f = c.f;
  Fe t0, t1, t3, t4, t5;
  f.mul(t0, p.X, q.x);
  f.mul(t1, p.Y, q.y);
  cross(f, t3, p.X, p.Y, q.x, q.y, t0, t1);  // X1 y2 + x2 Y1
  f.mul(t4, q.x, p.Z);
  f.add(t4, t4, p.X);  // X1 + x2 Z1
  f.mul(t5, q.y, p.Z);
  f.add(t5, t5, p.Y);  // Y1 + y2 Z1
  add_finish(c, r, t0, t1, p.Z, t3, t4, t5);
}

/// r = 2 p (r may alias p): the doubling dbl-2007-bl of Bernstein and Lange's
/// Explicit-Formulas Database for projective coordinates (5M + 6S + 1 m_a; a = -3 saves
/// the m_a). Valid for every point of a curve of odd order: a finite point has y != 0, so
/// Z3 = (2 Y Z)^3 != 0; O (Z = 0) would come out (0 : 0 : 0) and is masked back to O.
template <class K>
void dbl(const CurveOps<K>& c, Proj<typename K::Fe>& r, const Proj<typename K::Fe>& p) {
  const K& f = c.f;
  typename K::Fe xx, zz, w, s, ss, sss, rr, big_r, b, h, t;
  f.sqr(xx, p.X);
  f.sqr(zz, p.Z);
  if (c.a_minus_3) {  // w = 3 (XX - ZZ)
    f.sub(t, xx, zz);
    f.add(w, t, t);
    f.add(w, w, t);
  } else {  // w = a ZZ + 3 XX
    f.mul(w, c.a, zz);
    f.add(t, xx, xx);
    f.add(t, t, xx);
    f.add(w, w, t);
  }
  f.mul(s, p.Y, p.Z);
  f.add(s, s, s);  // s = 2 Y Z
  f.sqr(ss, s);
  f.mul(sss, s, ss);
  f.mul(big_r, p.Y, s);
  f.sqr(rr, big_r);
  f.add(b, p.X, big_r);
  f.sqr(b, b);
  f.sub(b, b, xx);
  f.sub(b, b, rr);  // B = (X + R)^2 - XX - RR
  f.sqr(h, w);
  f.sub(h, h, b);
  f.sub(h, h, b);  // h = w^2 - 2 B
  const ct::Mask inf = K::is_zero(p.Z);
  f.mul(r.X, h, s);
  f.sub(t, b, h);
  f.mul(t, w, t);
  f.sub(t, t, rr);
  f.sub(r.Y, t, rr);  // Y3 = w (B - h) - 2 RR
  r.Z = sss;
  K::cmov(r.Y, f.one(), inf);  // O doubles to O = (0 : 1 : 0); X3 and Z3 are 0 already
}

/// r = table[index] by a masked scan of all `count` entries (constant time in index):
/// every limb of every entry is read, so the compiler keeps the loop branch-free and
/// vectorised.
template <class Fe>
void select(Proj<Fe>& r, const Proj<Fe>* table, std::size_t count, std::uint64_t index) {
  Proj<Fe> acc{};
  for (std::size_t i = 0; i < count; ++i) {
    const ct::Mask m = ct::eq(static_cast<std::uint64_t>(i), index);
    const Proj<Fe>& t = table[i];
    for (std::size_t j = 0; j < acc.X.size(); ++j) {
      acc.X[j] |= t.X[j] & m;
      acc.Y[j] |= t.Y[j] & m;
      acc.Z[j] |= t.Z[j] & m;
    }
  }
  r = acc;
}

/// P, 3 P, 5 P, ..., (2^(w-1) - 1) P: the table of a width-w NAF (public points).
template <class K>
std::vector<Proj<typename K::Fe>> odd_multiples(const CurveOps<K>& c, const Proj<typename K::Fe>& p, int w) {
  std::vector<Proj<typename K::Fe>> t(std::size_t{1} << (w - 2));
  Proj<typename K::Fe> twice;
  dbl(c, twice, p);
  t[0] = p;
  for (std::size_t i = 1; i < t.size(); ++i) add(c, t[i], t[i - 1], twice);
  return t;
}

/// The affine form (one inversion, constant time); O when Z = 0 (a public fact by then).
template <class K>
AffinePoint to_affine(const CurveOps<K>& c, const Proj<typename K::Fe>& p) {
  const K& f = c.f;
  ct::Mask inf = K::is_zero(p.Z);
  ct::unpoison(&inf, sizeof inf);
  if (inf) return AffinePoint::at_infinity();
  typename K::Fe zi, x, y;
  f.inv(zi, p.Z);
  f.mul(x, p.X, zi);
  f.mul(y, p.Y, zi);
  const AffinePoint r = c.to_public(x, y);
  secure_wipe(&zi, sizeof zi);
  return r;
}

}  // namespace dstu::ecp::detail
