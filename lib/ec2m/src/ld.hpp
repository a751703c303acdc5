// Internal: López–Dahab projective coordinates, x = X / Z, y = Y / Z^2 (López and
// Dahab 1998; formulas as in Hankerson, Menezes, Vanstone, Guide to ECC, §3.2.3).
// The infinity point is any (X, Y, 0). Every function does the same field operations
// whatever the values (constant time); exceptional inputs are documented per function.
#pragma once

#include "fe.hpp"

namespace dstu::ec2m::detail {

template <class K>
struct LdPoint {
  typename K::Fe X, Y, Z;
};

/// Curve constants in the kernel's element type.
template <class K>
struct CurveFe {
  typename K::Fe b, sqrt_b;
  unsigned a;
  CurveFe(const FieldOps<K>& f, const Curve& c) : b(f.from(c.b())), sqrt_b(f.from(c.sqrt_b())), a(c.a()) {}
};

/// r = 2p (4M + 5S): Z3 = X^2 Z^2, X3 = X^4 + B Z^4, Y3 = B Z^4 Z3 + X3 (A Z3 + Y^2 + B Z^4).
/// Correct for every input, O and points of order 2 included. r may alias p.
template <class K>
void ld_double(const FieldOps<K>& f, const CurveFe<K>& c, LdPoint<K>& r, const LdPoint<K>& p) {
  typename K::Fe x2, z2, bz4, t, y2;
  f.sqr(x2, p.X);
  f.sqr(z2, p.Z);
  f.sqr(t, z2);
  f.mul(bz4, c.b, t);     // B Z^4
  f.mul(r.Z, x2, z2);     // Z3
  f.sqr(y2, p.Y);
  f.sqr(x2, x2);          // X^4
  f.add(r.X, x2, bz4);    // X3
  f.add(t, y2, bz4);
  if (c.a) f.add(t, t, r.Z);
  f.mul(t, r.X, t);
  f.mul(y2, bz4, r.Z);
  f.add(r.Y, y2, t);
}

/// r = p + (x2, y2) with (x2, y2) affine (8M + 5S). Not valid when p is O or when p
/// equals (x2, y2) (callers rule these out or select around them); p = -(x2, y2) gives
/// O. r may alias p.
template <class K>
void ld_add_mixed(const FieldOps<K>& f, const CurveFe<K>& c, LdPoint<K>& r, const LdPoint<K>& p,
                  const typename K::Fe& x2, const typename K::Fe& y2) {
  typename K::Fe z1s, A, B, C, D, E, F, G, t;
  f.sqr(z1s, p.Z);
  f.mul(A, y2, z1s);
  f.add(A, A, p.Y);        // A = Y1 + y2 Z1^2
  f.mul(B, x2, p.Z);
  f.add(B, B, p.X);        // B = X1 + x2 Z1
  f.mul(C, B, p.Z);        // C = B Z1
  f.sqr(t, B);
  D = C;
  if (c.a) f.add(D, D, z1s);
  f.mul(D, t, D);          // D = B^2 (C + A Z1^2)
  f.sqr(r.Z, C);           // Z3 = C^2
  f.mul(E, A, C);          // E = A C
  f.sqr(t, A);
  f.add(t, t, D);
  f.add(r.X, t, E);        // X3 = A^2 + D + E
  f.mul(F, x2, r.Z);
  f.add(F, F, r.X);        // F = X3 + x2 Z3
  f.sqr(t, r.Z);
  f.add(G, x2, y2);
  f.mul(G, G, t);          // G = (x2 + y2) Z3^2
  f.add(t, E, r.Z);
  f.mul(t, t, F);
  f.add(r.Y, t, G);        // Y3 = (E + Z3) F + G
}

/// ld_double on two independent points at once: the same operations as two calls,
/// paired (mul2, sqr2) so that the products of one fill the carry-less multiplier
/// while the other's wait on their inputs. ra may alias pa, rb pb.
template <class K>
void ld_double2(const FieldOps<K>& f, const CurveFe<K>& c, LdPoint<K>& ra, const LdPoint<K>& pa, LdPoint<K>& rb,
                const LdPoint<K>& pb) {
  typename K::Fe x2a, z2a, bz4a, ta, y2a, x2b, z2b, bz4b, tb, y2b;
  f.sqr2(x2a, pa.X, x2b, pb.X);
  f.sqr2(z2a, pa.Z, z2b, pb.Z);
  f.sqr2(ta, z2a, tb, z2b);
  f.mul2(bz4a, c.b, ta, bz4b, c.b, tb);
  f.mul2(ra.Z, x2a, z2a, rb.Z, x2b, z2b);
  f.sqr2(y2a, pa.Y, y2b, pb.Y);
  f.sqr2(x2a, x2a, x2b, x2b);
  f.add(ra.X, x2a, bz4a);
  f.add(rb.X, x2b, bz4b);
  f.add(ta, y2a, bz4a);
  f.add(tb, y2b, bz4b);
  if (c.a) {
    f.add(ta, ta, ra.Z);
    f.add(tb, tb, rb.Z);
  }
  f.mul2(ta, ra.X, ta, tb, rb.X, tb);
  f.mul2(y2a, bz4a, ra.Z, y2b, bz4b, rb.Z);
  f.add(ra.Y, y2a, ta);
  f.add(rb.Y, y2b, tb);
}

/// ld_add_mixed on two independent sums at once (paired as ld_double2), with the same
/// exceptions per sum.
template <class K>
void ld_add_mixed2(const FieldOps<K>& f, const CurveFe<K>& c, LdPoint<K>& ra, const LdPoint<K>& pa,
                   const typename K::Fe& xa, const typename K::Fe& ya, LdPoint<K>& rb, const LdPoint<K>& pb,
                   const typename K::Fe& xb, const typename K::Fe& yb) {
  typename K::Fe z1a, Aa, Ba, Ca, Da, Ea, Fa, Ga, ta;
  typename K::Fe z1b, Ab, Bb, Cb, Db, Eb, Fb, Gb, tb;
  f.sqr2(z1a, pa.Z, z1b, pb.Z);
  f.mul2(Aa, ya, z1a, Ab, yb, z1b);
  f.add(Aa, Aa, pa.Y);
  f.add(Ab, Ab, pb.Y);
  f.mul2(Ba, xa, pa.Z, Bb, xb, pb.Z);
  f.add(Ba, Ba, pa.X);
  f.add(Bb, Bb, pb.X);
  f.mul2(Ca, Ba, pa.Z, Cb, Bb, pb.Z);
  f.sqr2(ta, Ba, tb, Bb);
  Da = Ca;
  Db = Cb;
  if (c.a) {
    f.add(Da, Da, z1a);
    f.add(Db, Db, z1b);
  }
  f.mul2(Da, ta, Da, Db, tb, Db);
  f.sqr2(ra.Z, Ca, rb.Z, Cb);
  f.mul2(Ea, Aa, Ca, Eb, Ab, Cb);
  f.sqr2(ta, Aa, tb, Ab);
  f.add(ta, ta, Da);
  f.add(tb, tb, Db);
  f.add(ra.X, ta, Ea);
  f.add(rb.X, tb, Eb);
  f.mul2(Fa, xa, ra.Z, Fb, xb, rb.Z);
  f.add(Fa, Fa, ra.X);
  f.add(Fb, Fb, rb.X);
  f.sqr2(ta, ra.Z, tb, rb.Z);
  f.add(Ga, xa, ya);
  f.add(Gb, xb, yb);
  f.mul2(Ga, Ga, ta, Gb, Gb, tb);
  f.add(ta, Ea, ra.Z);
  f.add(tb, Eb, rb.Z);
  f.mul2(ta, ta, Fa, tb, tb, Fb);
  f.add(ra.Y, ta, Ga);
  f.add(rb.Y, tb, Gb);
}

/// Affine (x, y) of p, Z != 0 (one inversion).
template <class K>
void ld_to_affine(const FieldOps<K>& f, typename K::Fe& x, typename K::Fe& y, const LdPoint<K>& p) {
  typename K::Fe zi, zi2;
  f.inv(zi, p.Z);
  f.mul(x, p.X, zi);
  f.sqr(zi2, zi);
  f.mul(y, p.Y, zi2);
}

/// The affine point of p != O.
template <class K>
AffinePoint ld_affine_point(const FieldOps<K>& f, const LdPoint<K>& p) {
  typename K::Fe x, y;
  ld_to_affine(f, x, y, p);
  return f.point(x, y);
}

// ---- Jacobian-type coordinates x = X / Z^2, y = Y / Z^3, those of Table 2 of the paper
// on parallel algorithms for DSTU 4145-2002 on multi-core CPUs ----

template <class K>
using JacPoint = LdPoint<K>;

/// r = 2p in Jacobian-type coordinates: with D = X Z^2 and N = X^2 + Y Z,
/// Z3 = D, X3 = N^2 + N D + A D^2, Y3 = X^4 D + (N + D) X3 (5M + 5S).
template <class K>
void jac_double(const FieldOps<K>& f, const CurveFe<K>& c, JacPoint<K>& r, const JacPoint<K>& p) {
  typename K::Fe z2, D, N, x2, t, u;
  f.sqr(z2, p.Z);
  f.mul(D, p.X, z2);
  f.sqr(x2, p.X);
  f.mul(t, p.Y, p.Z);
  f.add(N, x2, t);
  f.sqr(t, N);
  f.mul(u, N, D);
  f.add(t, t, u);
  if (c.a) {
    f.sqr(u, D);
    f.add(t, t, u);
  }                        // t = X3
  f.sqr(x2, x2);
  f.mul(x2, x2, D);        // X^4 D
  f.add(u, N, D);
  f.mul(u, u, t);
  f.add(r.Y, x2, u);
  r.X = t;
  r.Z = D;
}

/// r = p + (x2, y2) in Jacobian-type coordinates: with A = X1 + x2 Z1^2,
/// B = Y1 + y2 Z1^3, C = A Z1: Z3 = C, X3 = B^2 + B C + A^3 + a C^2 (a the curve A),
/// Y3 = (B + C) X3 + A^2 (B X1 + A Y1). Same exceptions as ld_add_mixed.
template <class K>
void jac_add_mixed(const FieldOps<K>& f, const CurveFe<K>& c, JacPoint<K>& r, const JacPoint<K>& p,
                   const typename K::Fe& x2, const typename K::Fe& y2) {
  typename K::Fe z2, z3, A, B, C, a2, t, u;
  f.sqr(z2, p.Z);
  f.mul(z3, z2, p.Z);
  f.mul(A, x2, z2);
  f.add(A, A, p.X);
  f.mul(B, y2, z3);
  f.add(B, B, p.Y);
  f.mul(C, A, p.Z);
  f.sqr(t, B);
  f.mul(u, B, C);
  f.add(t, t, u);
  f.sqr(a2, A);
  f.mul(u, a2, A);
  f.add(t, t, u);
  if (c.a) {
    f.sqr(u, C);
    f.add(t, t, u);
  }                        // t = X3
  f.mul(u, B, p.X);
  f.mul(z3, A, p.Y);
  f.add(u, u, z3);
  f.mul(u, a2, u);         // A^2 (B X1 + A Y1)
  f.add(z3, B, C);
  f.mul(z3, z3, t);
  f.add(r.Y, z3, u);
  r.X = t;
  r.Z = C;
}

/// Affine (x, y) of a Jacobian-type point, Z != 0.
template <class K>
void jac_to_affine(const FieldOps<K>& f, typename K::Fe& x, typename K::Fe& y, const JacPoint<K>& p) {
  typename K::Fe zi, zi2, zi3;
  f.inv(zi, p.Z);
  f.sqr(zi2, zi);
  f.mul(zi3, zi2, zi);
  f.mul(x, p.X, zi2);
  f.mul(y, p.Y, zi3);
}

}  // namespace dstu::ec2m::detail
