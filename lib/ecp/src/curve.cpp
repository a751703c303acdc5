// Curve construction and its checks.
#include "dstu/ecp/curve.hpp"

#include "dstu/base/error.hpp"
#include "dstu/ecp/point.hpp"
#include "dstu/ecp/scalar_mul.hpp"
#include "comb.hpp"

namespace dstu::ecp {
namespace {

/// The a = -3 model of curve.hpp's Curve::Model for y^2 = x^3 + a x + b: u with
/// u^4 = -3 / a (public values: square roots by Tonelli-Shanks), or none.
Curve::Model make_model(const gfp::Field& f, const gfp::Element& a, const gfp::Element& b, const gfp::Element& b3,
                        bool a_minus_3) {
  Curve::Model m;
  m.a = a;
  m.b = b;
  m.b3 = b3;
  m.a_minus_3 = a_minus_3;
  if (a_minus_3 || f.is_zero(a)) return m;
  gfp::Element three, c, s, u2, u;
  f.add(three, f.one(), f.one());
  f.add(three, three, f.one());
  f.inv_vartime(c, a);
  f.mul(c, c, three);
  f.neg(c, c);  // -3 / a
  if (!f.sqrt_vartime(s, c)) return m;
  gfp::Element minus_s;
  f.neg(minus_s, s);
  if (f.sqrt_vartime(u, s)) {
    u2 = s;
  } else if (f.sqrt_vartime(u, minus_s)) {
    u2 = minus_s;
  } else {
    return m;
  }
  m.isomorphic = true;
  m.a_minus_3 = true;
  m.u2 = u2;
  f.mul(m.u3, u2, u);
  f.inv_vartime(m.u2_inv, m.u2);
  f.inv_vartime(m.u3_inv, m.u3);
  f.sqr(m.a, u2);
  f.mul(m.a, m.a, a);  // a u^4 = -3
  f.sqr(m.b, u2);
  f.mul(m.b, m.b, u2);
  f.mul(m.b, m.b, b);  // b u^6
  f.add(m.b3, m.b, m.b);
  f.add(m.b3, m.b3, m.b);
  return m;
}

}  // namespace

Curve::Curve(const gfp::Field& field, const mp::Nat& a, const mp::Nat& b, const mp::Nat& gx, const mp::Nat& gy,
             const mp::Nat& n, unsigned cofactor, curve::CurveRecord record)
    : field_(&field), n_(n), h_(cofactor), record_(std::move(record)) {
  const gfp::Field& f = field;
  const mp::Nat& p = f.prime();
  if (a >= p || b >= p || gx >= p || gy >= p) throw_invalid("curve " + record_.name + ": parameter not below p");
  if (!n.is_odd() || n.bits() > 64 * 9 || cofactor == 0) {
    throw_invalid("curve " + record_.name + ": the order must be odd (complete formulas) and below 2^576");
  }
  a_ = f.from_nat(a);
  a_minus_3_ = a + mp::Nat(3) == p;
  b_ = f.from_nat(b);
  f.add(b3_, b_, b_);
  f.add(b3_, b3_, b_);
  // 4 a^3 + 27 b^2 != 0: the curve is not singular.
  gfp::Element a3, b2;
  f.sqr(a3, a_);
  f.mul(a3, a3, a_);
  f.mul(a3, a3, f.from_nat(mp::Nat(4)));
  f.sqr(b2, b_);
  f.mul(b2, b2, f.from_nat(mp::Nat(27)));
  gfp::Element d;
  f.add(d, a3, b2);
  if (f.is_zero(d)) throw_invalid("curve " + record_.name + ": singular (4a^3 + 27b^2 = 0)");
  model_ = make_model(f, a_, b_, b3_, a_minus_3_);
  gfp::Element minus_3;
  f.add(minus_3, model_.a, f.one());
  f.add(minus_3, minus_3, f.one());
  f.add(minus_3, minus_3, f.one());
  if (model_.a_minus_3 && !f.is_zero(minus_3)) throw_invalid("curve " + record_.name + ": the a = -3 model is wrong");
  g_.x = f.from_nat(gx);
  g_.y = f.from_nat(gy);
  if (!on_curve(*this, g_)) throw_invalid("curve " + record_.name + ": base point not on the curve");
  if (!mul(*this, scalar_from_nat(n), g_).infinity) throw_invalid("curve " + record_.name + ": n G != O");
  scalars_.emplace(n, record_.name);
  base_ = std::make_shared<detail::BaseTable>();
}

}  // namespace dstu::ecp
