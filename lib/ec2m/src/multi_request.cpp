// The multi-request scalar multiplication methods of F. F. Al-Otaibi's thesis
// "Trade-off analysis for generic-point parallel elliptic curve scalar multiplication"
// on binary curves: the group policy (López–Dahab points, every exceptional case of the
// additions) that the scheduling of dstu/curve/multi_request_schedule.hpp runs in, mixed
// additions of the affine base inside the partitions, the general López–Dahab addition
// for the partial results. Public scalars and points only: everything here is variable
// time.
#include "dstu/ec2m/scalar_mul.hpp"

#include <span>
#include <vector>

#include "dstu/curve/multi_request_schedule.hpp"
#include "dstu/gf2m/internal/kernels.hpp"
#include "ld.hpp"

namespace dstu::ec2m {
namespace {

using detail::CurveFe;
using detail::FieldOps;
using detail::LdPoint;

/// The field and curve constants of one call.
template <class K>
struct Ctx {
  FieldOps<K> f;
  CurveFe<K> c;
  Ctx(K kern, const Curve& curve) : f{kern}, c(f, curve) {}
};

/// An affine point in the kernel's element type.
template <class K>
struct BaseFe {
  typename K::Fe x, y;
  bool infinity = true;
};

template <class K>
BaseFe<K> ld_base(const FieldOps<K>& f, const AffinePoint& p) {
  return {f.from(p.x), f.from(p.y), p.infinity};
}

template <class K>
LdPoint<K> infinity() {
  return {FieldOps<K>::one(), FieldOps<K>::zero(), FieldOps<K>::zero()};
}

template <class K>
bool is_infinity(const FieldOps<K>& f, const LdPoint<K>& p) {
  return f.is_zero_vartime(p.Z);
}

/// q = q + b (b affine), every case: O on either side, q = b, q = -b.
template <class K>
void add_mixed_vartime(const Ctx<K>& x, LdPoint<K>& q, const BaseFe<K>& b) {
  if (b.infinity) return;
  if (is_infinity(x.f, q)) {
    q = {b.x, b.y, FieldOps<K>::one()};
    return;
  }
  typename K::Fe t, z2;
  x.f.mul(t, b.x, q.Z);
  x.f.add(t, t, q.X);
  if (x.f.is_zero_vartime(t)) {  // same x: q = b or q = -b = (x, x + y)
    x.f.sqr(z2, q.Z);
    x.f.mul(t, b.y, z2);
    x.f.add(t, t, q.Y);
    if (x.f.is_zero_vartime(t)) {
      detail::ld_double(x.f, x.c, q, q);
    } else {
      q = infinity<K>();
    }
    return;
  }
  detail::ld_add_mixed(x.f, x.c, q, q, b.x, b.y);
}

/// r = p + q for two López–Dahab points, every case. With A = X1 Z2 + X2 Z1,
/// B = Y1 Z2^2 + Y2 Z1^2 (lambda = B / C) and C = Z1 Z2 A: Z3 = C^2,
/// X3 = B^2 + B C + Z1 Z2 A^3 + a C^2, Y3 = B X1 Z2 A Z3 + X3 (B C + Z3) + Y1 Z1^2 (Z2^2 A^2)^2.
template <class K>
void add_vartime(const Ctx<K>& x, LdPoint<K>& r, const LdPoint<K>& p, const LdPoint<K>& q) {
  if (is_infinity(x.f, p)) {
    r = q;
    return;
  }
  if (is_infinity(x.f, q)) {
    r = p;
    return;
  }
  const FieldOps<K>& f = x.f;
  typename K::Fe x1z2, a, b, t, z1s, z2s, z1z2, cc, bc, a2, x3, y3, z3;
  f.mul(x1z2, p.X, q.Z);
  f.mul(t, q.X, p.Z);
  f.add(a, x1z2, t);
  f.sqr(z1s, p.Z);
  f.sqr(z2s, q.Z);
  f.mul(b, p.Y, z2s);
  f.mul(t, q.Y, z1s);
  f.add(b, b, t);
  if (f.is_zero_vartime(a)) {  // same x: q = p or q = -p
    if (f.is_zero_vartime(b)) {
      detail::ld_double(f, x.c, r, p);
    } else {
      r = infinity<K>();
    }
    return;
  }
  f.mul(z1z2, p.Z, q.Z);
  f.mul(cc, z1z2, a);
  f.sqr(z3, cc);
  f.mul(bc, b, cc);
  f.sqr(a2, a);
  f.mul(t, a2, a);
  f.mul(t, t, z1z2);
  f.sqr(x3, b);
  f.add(x3, x3, bc);
  f.add(x3, x3, t);
  if (x.c.a) f.add(x3, x3, z3);
  f.mul(y3, x1z2, a);  // B X1 Z2 A Z3
  f.mul(y3, y3, b);
  f.mul(y3, y3, z3);
  f.add(t, bc, z3);  // X3 (B C + Z3)
  f.mul(t, t, x3);
  f.add(y3, y3, t);
  f.mul(t, z2s, a2);  // Y1 Z1^2 (Z2^2 A^2)^2
  f.sqr(t, t);
  f.mul(t, t, z1s);
  f.mul(t, t, p.Y);
  f.add(r.Y, y3, t);
  r.X = x3;
  r.Z = z3;
}

template <class K>
AffinePoint ld_to_affine(const Ctx<K>& x, const LdPoint<K>& p) {
  return is_infinity(x.f, p) ? AffinePoint::at_infinity() : detail::ld_affine_point(x.f, p);
}

/// Affine forms of LD points with one shared inversion (Montgomery's trick): x = X / Z,
/// y = Y / Z^2; O (Z = 0, a point of small order doubled) stays O.
template <class K>
void ld_to_bases(const Ctx<K>& x, std::span<BaseFe<K>> out, std::span<const LdPoint<K>> in) {
  const FieldOps<K>& f = x.f;
  std::vector<typename K::Fe> z(in.size());
  for (std::size_t j = 0; j < in.size(); ++j) z[j] = is_infinity(f, in[j]) ? FieldOps<K>::one() : in[j].Z;
  detail::batch_invert(f, std::span<typename K::Fe>(z));
  for (std::size_t j = 0; j < in.size(); ++j) {
    out[j].infinity = is_infinity(f, in[j]);
    if (out[j].infinity) continue;
    typename K::Fe zi2;
    f.sqr(zi2, z[j]);
    f.mul(out[j].x, in[j].X, z[j]);
    f.mul(out[j].y, in[j].Y, zi2);
  }
}

/// The group policy of dstu/curve/multi_request_schedule.hpp for a binary curve:
/// López–Dahab points, affine bases in the kernel's element type.
template <class K>
struct LdGroup {
  using Point = LdPoint<K>;
  using Base = BaseFe<K>;
  using Affine = AffinePoint;
  Ctx<K> x;
  std::size_t bits;

  LdGroup(K kern, const Curve& curve) : x(kern, curve), bits(curve.order_bits()) {}
  Point zero() const { return infinity<K>(); }
  bool is_zero(const Point& p) const { return is_infinity(x.f, p); }
  Base base(const Affine& p) const { return ld_base(x.f, p); }
  Point lift(const Base& b) const { return b.infinity ? zero() : Point{b.x, b.y, FieldOps<K>::one()}; }
  void dbl(Point& r, const Point& p) const { detail::ld_double(x.f, x.c, r, p); }
  void add_mixed(Point& q, const Base& b) const { add_mixed_vartime(x, q, b); }
  void add(Point& r, const Point& p, const Point& q) const { add_vartime(x, r, p, q); }
  Affine to_affine(const Point& p) const { return ld_to_affine(x, p); }
  void to_bases(std::span<Base> out, std::span<const Point> in) const { ld_to_bases(x, out, in); }
  std::size_t order_bits() const { return bits; }
};

}  // namespace

std::vector<AffinePoint> mul_multi_request_vartime(const Curve& c, curve::MultiRequestMethod method,
                                                   std::span<const MulRequest> requests, int threads) {
  return gf2m::dispatch(c.field(), [&](auto kern) {
    const LdGroup<decltype(kern)> group(kern, c);
    return curve::mul_multi_request_vartime(group, method, requests, threads);
  });
}

}  // namespace dstu::ec2m
