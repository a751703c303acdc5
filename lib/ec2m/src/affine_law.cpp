// The group law on affine points (the formulas of DSTU 4145-2002 Annex В.8) and the
// textbook double-and-add reference, apart from affine.cpp's validation so that a fuzzing
// build can leave this arithmetic without coverage counters (tests/fuzz/coverage-ignorelist.txt).
// Variable time.
#include "dstu/ec2m/point.hpp"
#include "dstu/ec2m/scalar_mul.hpp"
#include "dstu/gf2m/ops.hpp"

namespace dstu::ec2m {
namespace {

void add_a(const Curve& c, Element& x) {
  if (c.a()) x.w[0] ^= 1;
}

}  // namespace

AffinePoint double_vartime(const Curve& c, const AffinePoint& p) {
  const gf2m::Field& f = c.field();
  if (p.infinity || gf2m::is_zero(f, p.x)) return AffinePoint::at_infinity();
  // lambda = x + y/x; x3 = lambda^2 + lambda + A; y3 = x^2 + (lambda + 1) x3
  Element inv, l, t, r;
  AffinePoint out;
  gf2m::inv(f, inv, p.x);
  gf2m::mul(f, l, p.y, inv);
  gf2m::add(f, l, l, p.x);
  gf2m::sqr(f, t, l);
  gf2m::add(f, out.x, t, l);
  add_a(c, out.x);
  r = l;
  r.w[0] ^= 1;
  gf2m::mul(f, t, r, out.x);
  gf2m::sqr(f, r, p.x);
  gf2m::add(f, out.y, r, t);
  return out;
}

AffinePoint add_vartime(const Curve& c, const AffinePoint& p, const AffinePoint& q) {
  const gf2m::Field& f = c.field();
  if (p.infinity) return q;
  if (q.infinity) return p;
  if (gf2m::equal(f, p.x, q.x)) {
    if (gf2m::equal(f, p.y, q.y)) return double_vartime(c, p);
    return AffinePoint::at_infinity();  // q = -p
  }
  // lambda = (y1 + y2)/(x1 + x2); x3 = lambda^2 + lambda + x1 + x2 + A;
  // y3 = lambda (x1 + x3) + x3 + y1
  Element dx, dy, inv, l, t;
  AffinePoint out;
  gf2m::add(f, dx, p.x, q.x);
  gf2m::add(f, dy, p.y, q.y);
  gf2m::inv(f, inv, dx);
  gf2m::mul(f, l, dy, inv);
  gf2m::sqr(f, t, l);
  gf2m::add(f, t, t, l);
  gf2m::add(f, out.x, t, dx);
  add_a(c, out.x);
  gf2m::add(f, t, p.x, out.x);
  gf2m::mul(f, t, l, t);
  gf2m::add(f, t, t, out.x);
  gf2m::add(f, out.y, t, p.y);
  return out;
}

AffinePoint mul_reference_vartime(const Curve& c, const mp::Nat& k, const AffinePoint& p) {
  AffinePoint acc = AffinePoint::at_infinity();
  for (std::size_t i = k.bits(); i-- > 0;) {
    acc = double_vartime(c, acc);
    if (k.bit(i)) acc = add_vartime(c, acc, p);
  }
  return acc;
}

}  // namespace dstu::ec2m
