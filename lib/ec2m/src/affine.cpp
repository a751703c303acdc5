// Affine points: validation (on the curve; a public key's point of order n), negation
// and comparison. The group law is in affine_law.cpp. Variable time.
#include "dstu/ec2m/point.hpp"
#include "dstu/ec2m/scalar_mul.hpp"
#include "dstu/gf2m/ops.hpp"

namespace dstu::ec2m {

bool on_curve(const Curve& c, const AffinePoint& p) {
  if (p.infinity) return true;
  const gf2m::Field& f = c.field();
  // y^2 + xy = x^3 + A x^2 + B
  Element y2, xy, x2, x3, lhs, rhs;
  gf2m::sqr(f, y2, p.y);
  gf2m::mul(f, xy, p.x, p.y);
  gf2m::add(f, lhs, y2, xy);
  gf2m::sqr(f, x2, p.x);
  gf2m::mul(f, x3, x2, p.x);
  gf2m::add(f, rhs, x3, c.b());
  if (c.a()) gf2m::add(f, rhs, rhs, x2);
  return gf2m::equal(f, lhs, rhs);
}

AffinePoint negate(const Curve& c, const AffinePoint& p) {
  if (p.infinity) return p;
  AffinePoint r = p;
  gf2m::add(c.field(), r.y, p.x, p.y);
  return r;
}

bool same_point(const Curve& c, const AffinePoint& p, const AffinePoint& q) {
  if (p.infinity || q.infinity) return p.infinity == q.infinity;
  return gf2m::equal(c.field(), p.x, q.x) && gf2m::equal(c.field(), p.y, q.y);
}

bool valid_public_point(const Curve& c, const AffinePoint& p) {
  return !p.infinity && on_curve(c, p) && mul_wnaf_vartime(c, c.scalar_field().order_scalar(), p).infinity;
}

}  // namespace dstu::ec2m
