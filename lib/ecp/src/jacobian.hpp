// Internal: Jacobian points (X : Y : Z), x = X/Z^2, y = Y/Z^3, O when Z = 0, for
// verification and the tables of G (public inputs: those functions branch and end in
// _vartime), and one constant-time mixed addition for mul_base's low windows, whose
// caller proves the exceptional cases away (jac_add_mixed_distinct).
// Formulas of Bernstein and Lange's Explicit-Formulas Database: doubling dbl-2004-hmv for
// a = -3 (4M + 4S: Hankerson, Menezes and Vanstone, "Guide to Elliptic Curve
// Cryptography", Algorithm 3.21; one square of dbl-2001-b's 3M + 5S becomes a product,
// and its 16 additions, subtractions and doublings of elements become 9 and a halving)
// and dbl-2007-bl for any a (1M + 8S + 1 m_a), mixed addition madd-2004-hmv (8M + 3S
// and 7 additions, against madd-2007-bl's 7M + 4S and 13; the same Guide, Algorithm 3.22:
// signing 1-6% faster with it on P-256 ... P-521 and brainpoolP256r1/P512r1), addition
// add-2007-bl (11M + 5S). Against the complete
// projective formulas (5M + 6S doubling, 12M + 2 m_3b addition) a verification saves
// about a fifth of its products. The variable-time additions fall back to the doubling
// or to O when their operands are equal or opposite; the constant-time one has no such
// case to meet. Templates on the kernel type K of curve_ops.hpp.
#pragma once

#include <span>
#include <vector>

#include "curve_ops.hpp"

namespace dstu::ecp::detail {

using mp::Limb;

template <class Fe>
struct Jac {
  Fe X, Y, Z;
};

template <class K>
Jac<typename K::Fe> jac_infinity(const CurveOps<K>& c) {
  return {c.f.one(), c.f.one(), K::zero()};
}

template <class K>
Jac<typename K::Fe> jac_from_affine(const CurveOps<K>& c, const Affine<typename K::Fe>& p) {
  return {p.x, p.y, c.f.one()};
}

template <class K>
Jac<typename K::Fe> jac_from_public(const CurveOps<K>& c, const AffinePoint& p) {
  if (p.infinity) return jac_infinity(c);
  return jac_from_affine(c, c.from_public(p));
}

template <class Fe>
bool jac_is_infinity_vartime(const Jac<Fe>& p) {
  Limb acc = 0;
  for (Limb w : p.Z) acc |= w;
  return acc == 0;
}

/// r = 2 p (r may alias p).
template <class K>
void jac_dbl_vartime(const CurveOps<K>& c, Jac<typename K::Fe>& r, const Jac<typename K::Fe>& p) {
  const K& f = c.f;
  if (jac_is_infinity_vartime(p)) {
    r = p;
    return;
  }
  typename K::Fe t0, t1, t2, t3, m, s;
  if (c.a_minus_3) {          // dbl-2004-hmv
    f.sqr(t0, p.Z);           // Z^2
    f.sub(t1, p.X, t0);
    f.add(t0, p.X, t0);
    f.mul(t1, t1, t0);
    f.add(m, t1, t1);
    f.add(m, m, t1);          // M = 3 (X - Z^2)(X + Z^2)
    f.add(t2, p.Y, p.Y);      // 2 Y
    f.mul(r.Z, t2, p.Z);      // Z3 = 2 Y Z
    f.sqr(t2, t2);            // 4 Y^2
    f.mul(s, t2, p.X);        // S = 4 X Y^2
    f.sqr(t2, t2);
    f.half(t2, t2);           // 8 Y^4
    f.sqr(t3, m);
    f.add(t0, s, s);
    f.sub(t3, t3, t0);        // X3 = M^2 - 2 S
    f.sub(s, s, t3);
    f.mul(s, m, s);
    f.sub(r.Y, s, t2);        // Y3 = M (S - X3) - 8 Y^4
    r.X = t3;
    return;
  }
  // dbl-2007-bl
  typename K::Fe xx, yy, yyyy, zz;
  f.sqr(xx, p.X);
  f.sqr(yy, p.Y);
  f.sqr(yyyy, yy);
  f.sqr(zz, p.Z);
  f.add(s, p.X, yy);
  f.sqr(s, s);
  f.sub(s, s, xx);
  f.sub(s, s, yyyy);
  f.add(s, s, s);             // S = 2 ((X + YY)^2 - XX - YYYY)
  f.sqr(t0, zz);
  f.mul(m, c.a, t0);
  f.add(t1, xx, xx);
  f.add(t1, t1, xx);
  f.add(m, m, t1);            // M = 3 XX + a ZZ^2
  f.add(r.Z, p.Y, p.Z);
  f.sqr(r.Z, r.Z);
  f.sub(r.Z, r.Z, yy);
  f.sub(r.Z, r.Z, zz);        // Z3 = (Y + Z)^2 - YY - ZZ
  f.sqr(t2, m);
  f.sub(t2, t2, s);
  f.sub(t2, t2, s);           // T = M^2 - 2 S
  f.sub(t3, s, t2);
  f.mul(t3, m, t3);
  f.add(yyyy, yyyy, yyyy);
  f.add(yyyy, yyyy, yyyy);
  f.add(yyyy, yyyy, yyyy);
  f.sub(r.Y, t3, yyyy);       // Y3 = M (S - T) - 8 YYYY
  r.X = t2;
}

/// The additions' exceptional case: q has p's x (H = U2 - U1 = 0), so p + q is 2 p when
/// their y agree too (S2 - S1 = 0) and O otherwise. Sets r and returns true then, else
/// returns false (r may alias p).
template <class K>
bool jac_add_exceptional_vartime(const CurveOps<K>& c, Jac<typename K::Fe>& r, const Jac<typename K::Fe>& p,
                                 const typename K::Fe& h, const typename K::Fe& s_diff) {
  if (!K::is_zero_vartime(h)) return false;
  if (K::is_zero_vartime(s_diff)) {
    jac_dbl_vartime(c, r, p);
  } else {
    r = jac_infinity(c);
  }
  return true;
}

/// madd-2004-hmv, r = p + q for a finite affine q, without its exceptional cases: right
/// when p is finite and p != +-q. Also gives h = U2 - X1 and rr = S2 - Y1: h = 0
/// exactly when p = +-q, rr = 0 too when p = q. Branch-free. r may alias p.
template <class K, class Fe = typename K::Fe>
void jac_madd_formula(const CurveOps<K>& c, Jac<Fe>& r, Fe& h, Fe& rr, const Jac<Fe>& p, const Affine<Fe>& q) {
  const K& f = c.f;
  Fe t1, t2, t3, t4;
  f.sqr(t1, p.Z);
  f.mul(t2, t1, p.Z);
  f.mul(t1, t1, q.x);
  f.mul(t2, t2, q.y);
  f.sub(h, t1, p.X);          // H = U2 - X1
  f.sub(rr, t2, p.Y);         // R = S2 - Y1
  Fe x3, y3, z3;
  f.mul(z3, p.Z, h);          // Z3 = Z1 H
  f.sqr(t3, h);
  f.mul(t4, t3, h);           // H^3
  f.mul(t3, t3, p.X);         // X1 H^2
  f.add(t1, t3, t3);
  f.sqr(x3, rr);
  f.sub(x3, x3, t1);
  f.sub(x3, x3, t4);          // X3 = R^2 - 2 X1 H^2 - H^3
  f.sub(t3, t3, x3);
  f.mul(t3, t3, rr);
  f.mul(t4, t4, p.Y);
  f.sub(y3, t3, t4);          // Y3 = R (X1 H^2 - X3) - Y1 H^3
  r = {x3, y3, z3};
}

/// r = p + q for a finite affine q; r may alias p.
template <class K>
void jac_add_mixed_vartime(const CurveOps<K>& c, Jac<typename K::Fe>& r, const Jac<typename K::Fe>& p,
                           const Affine<typename K::Fe>& q) {
  if (jac_is_infinity_vartime(p)) {
    r = jac_from_affine(c, q);
    return;
  }
  Jac<typename K::Fe> sum;
  typename K::Fe h, rr;
  jac_madd_formula(c, sum, h, rr, p, q);
  if (jac_add_exceptional_vartime(c, r, p, h, rr)) return;
  r = sum;
}

/// r = p + q for a finite affine q, in constant time, where the caller has proved that
/// p != +-q (mul_base's low windows: comb.cpp); p = O gives q (a masked select).
/// r may alias p.
template <class K>
void jac_add_mixed_distinct(const CurveOps<K>& c, Jac<typename K::Fe>& r, const Jac<typename K::Fe>& p,
                            const Affine<typename K::Fe>& q) {
  const ct::Mask inf = K::is_zero(p.Z);
  Jac<typename K::Fe> sum;
  typename K::Fe h, rr;
  jac_madd_formula(c, sum, h, rr, p, q);
  K::cmov(sum.X, q.x, inf);
  K::cmov(sum.Y, q.y, inf);
  K::cmov(sum.Z, c.f.one(), inf);
  r = sum;
}

/// r = p + q (r may alias p or q).
template <class K>
void jac_add_vartime(const CurveOps<K>& c, Jac<typename K::Fe>& r, const Jac<typename K::Fe>& p,
                     const Jac<typename K::Fe>& q) {
  const K& f = c.f;
  if (jac_is_infinity_vartime(p)) {
    r = q;
    return;
  }
  if (jac_is_infinity_vartime(q)) {
    r = p;
    return;
  }
  typename K::Fe z1z1, z2z2, u1, u2, s1, s2, h, i, j, rr, v;
  f.sqr(z1z1, p.Z);
  f.sqr(z2z2, q.Z);
  f.mul(u1, p.X, z2z2);
  f.mul(u2, q.X, z1z1);
  f.mul(s1, p.Y, q.Z);
  f.mul(s1, s1, z2z2);
  f.mul(s2, q.Y, p.Z);
  f.mul(s2, s2, z1z1);
  f.sub(h, u2, u1);
  f.sub(rr, s2, s1);
  if (jac_add_exceptional_vartime(c, r, p, h, rr)) return;
  f.add(rr, rr, rr);          // r = 2 (S2 - S1)
  f.add(i, h, h);
  f.sqr(i, i);                // I = (2 H)^2
  f.mul(j, h, i);
  f.mul(v, u1, i);
  typename K::Fe x3, y3, z3;
  f.sqr(x3, rr);
  f.sub(x3, x3, j);
  f.sub(x3, x3, v);
  f.sub(x3, x3, v);           // X3 = r^2 - J - 2 V
  f.add(z3, p.Z, q.Z);
  f.sqr(z3, z3);
  f.sub(z3, z3, z1z1);
  f.sub(z3, z3, z2z2);
  f.mul(z3, z3, h);           // Z3 = ((Z1 + Z2)^2 - Z1Z1 - Z2Z2) H
  f.sub(v, v, x3);
  f.mul(v, rr, v);
  f.mul(j, s1, j);
  f.add(j, j, j);
  f.sub(y3, v, j);            // Y3 = r (V - X3) - 2 S1 J
  r = {x3, y3, z3};
}

/// The affine form (one inversion).
template <class K>
AffinePoint jac_to_affine_vartime(const CurveOps<K>& c, const Jac<typename K::Fe>& p) {
  if (jac_is_infinity_vartime(p)) return AffinePoint::at_infinity();
  const K& f = c.f;
  typename K::Fe zi, zi2, x, y;
  f.inv_vartime(zi, p.Z);
  f.sqr(zi2, zi);
  f.mul(x, p.X, zi2);
  f.mul(zi2, zi2, zi);
  f.mul(y, p.Y, zi2);
  return c.to_public(x, y);
}

/// A point of a batch made affine: finite, or O.
template <class Fe>
struct MaybeAffine {
  Affine<Fe> p;
  bool infinity = false;
};

/// The affine forms of many points with one inversion: Montgomery's trick (prefix
/// products of the Z, one inverse, then each 1/Z from its neighbours), x = X / Z^2,
/// y = Y / Z^3. A point at infinity stays O and takes Z = 1 in the products.
template <class K>
void jac_to_affine_batch_vartime(const CurveOps<K>& c, std::span<MaybeAffine<typename K::Fe>> out,
                                 std::span<const Jac<typename K::Fe>> in) {
  if (in.empty()) return;
  const K& f = c.f;
  std::vector<typename K::Fe> prefix(in.size());
  typename K::Fe acc = f.one();
  for (std::size_t i = 0; i < in.size(); ++i) {
    if (!jac_is_infinity_vartime(in[i])) f.mul(acc, acc, in[i].Z);
    prefix[i] = acc;
  }
  typename K::Fe inv, zi, zi2;
  f.inv_vartime(inv, acc);  // 1 / (Z_0 ... Z_(n-1))
  for (std::size_t i = in.size(); i-- > 0;) {
    if (jac_is_infinity_vartime(in[i])) {
      out[i].infinity = true;
      continue;
    }
    zi = inv;
    if (i > 0) f.mul(zi, inv, prefix[i - 1]);  // 1 / Z_i
    f.mul(inv, inv, in[i].Z);                  // 1 / (Z_0 ... Z_(i-1))
    f.sqr(zi2, zi);
    f.mul(out[i].p.x, in[i].X, zi2);
    f.mul(zi2, zi2, zi);
    f.mul(out[i].p.y, in[i].Y, zi2);
    out[i].infinity = false;
  }
}

}  // namespace dstu::ecp::detail
