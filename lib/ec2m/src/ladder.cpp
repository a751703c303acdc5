// Montgomery ladder on López–Dahab x-only coordinates (López and Dahab, "Fast
// multiplication on elliptic curves over GF(2^m) without precomputation", CHES 1999;
// HMV Algorithm 3.40), constant time in the scalar and the point.
//
// Each step adds the two running points (their difference is P) and doubles one:
//   Madd:    Z3 = (X1 Z2 + X2 Z1)^2,  X3 = x Z3 + (X1 Z2)(X2 Z1)
//   Mdouble: X = (X^2 + sqrt(B) Z^2)^2,  Z = X^2 Z^2
// (6M + 4S per bit, issued as pairs of independent products and squares).
// Conditional swaps by masks choose which point is doubled. The y coordinate is
// recovered from P, kP and (k+1)P at the end with one inversion.
#include "dstu/ec2m/scalar_mul.hpp"
#include "dstu/base/ctgrind.hpp"
#include "dstu/base/wipe.hpp"
#include "ld.hpp"
#include "scalar_recode.hpp"

namespace dstu::ec2m {
namespace {

using detail::FieldOps;

template <class K>
struct XZ {
  typename K::Fe X, Z;
};

template <class K>
AffinePoint ladder(K kern, const Curve& c, const Scalar& k, const AffinePoint& p) {
  const FieldOps<K> f{kern};
  using Fe = typename K::Fe;
  const Fe x = f.from(p.x), y = f.from(p.y), sb = f.from(c.sqrt_b());
  Scalar e = detail::fixed_length_scalar(c, k);
  const std::size_t t = c.order_bits();
  // R0 = P, R1 = 2P = (x^4 + B : x^2) for the top bit of e (always 1).
  XZ<K> r0{x, FieldOps<K>::one()}, r1;
  Fe t1, a, b, xx, zz, ab, bzz, sum, u;
  ct::Mask swapped = 0, bit = 0;
  // The scalar, the running points and the last step's products follow k: wiped on
  // the way out (the y recovery's values are those of kP and (k+1)P, wiped too).
  Fe xz1, xz2, z12, T, inv, x0, y0, v;
  const ScopedWipe wipe_scalar(e, r0, r1, swapped, bit);
  const ScopedWipe wipe_step(t1, a, b, xx, zz, ab, bzz, sum, u);
  const ScopedWipe wipe_recovery(xz1, xz2, z12, T, inv, x0, y0, v);
  f.sqr(r1.Z, x);
  f.add(t1, r1.Z, sb);
  f.sqr(r1.X, t1);  // (x^2 + sqrt(B))^2 = x^4 + B
  for (std::size_t i = t; i-- > 0;) {
    bit = ct::mask_from_bit(mp::bit(e, i));
    f.cswap(r0.X, r1.X, bit ^ swapped);
    f.cswap(r0.Z, r1.Z, bit ^ swapped);
    swapped = bit;
    // R1 = R0 + R1 and R0 = 2 R0, the independent operations paired (6M + 4S):
    //   a = X0 Z1, b = X1 Z0, xx = X0^2, zz = Z0^2, Z1' = (a + b)^2, X1' = x Z1' + a b,
    //   X0' = (xx + sqrt(B) zz)^2, Z0' = xx zz.
    f.mul2(a, r0.X, r1.Z, b, r1.X, r0.Z);
    f.sqr2(xx, r0.X, zz, r0.Z);
    f.mul2(ab, a, b, bzz, sb, zz);
    f.add(sum, a, b);
    f.add(u, xx, bzz);
    f.sqr2(r1.Z, sum, r0.X, u);
    f.mul2(t1, x, r1.Z, r0.Z, xx, zz);
    f.add(r1.X, t1, ab);
  }
  f.cswap(r0.X, r1.X, swapped);
  f.cswap(r0.Z, r1.Z, swapped);
  // y recovery: with xz1 = x Z1, xz2 = x Z2, T = x Z1 Z2:
  //   x0 = X1 xz2 / T, y0 = (x + x0) ((X1 + xz1)(X2 + xz2) + (x^2 + y) Z1 Z2) / T + y.
  f.mul(xz1, x, r0.Z);
  f.mul(xz2, x, r1.Z);
  f.mul(z12, r0.Z, r1.Z);
  f.mul(T, x, z12);
  f.inv(inv, T);
  f.mul(x0, r0.X, xz2);
  f.mul(x0, x0, inv);
  f.add(u, r0.X, xz1);
  f.add(v, r1.X, xz2);
  f.mul(u, u, v);
  f.sqr(v, x);
  f.add(v, v, y);
  f.mul(v, v, z12);
  f.add(u, u, v);
  f.add(v, x, x0);
  f.mul(u, u, v);
  f.mul(u, u, inv);
  f.add(y0, u, y);
  // kP = -P when (k+1)P = O (Z2 = 0): (x, x + y). kP = O when Z1 = 0.
  const ct::Mask r1_inf = f.zero_mask(r1.Z);
  Fe neg_y;
  f.add(neg_y, x, y);
  f.cmov(x0, x, r1_inf);
  f.cmov(y0, neg_y, r1_inf);
  AffinePoint out = f.point(x0, y0);
  ct::Mask r0_inf = f.zero_mask(r0.Z);
  ct::unpoison(&r0_inf, sizeof r0_inf);  // only for k = 0 mod n: public by then
  out.infinity = r0_inf != 0;
  if (out.infinity) out = AffinePoint::at_infinity();
  return out;
}

}  // namespace

AffinePoint mul(const Curve& c, const Scalar& k, const AffinePoint& p) {
  return gf2m::dispatch(c.field(), [&](auto kern) { return ladder(kern, c, k, p); });
}

}  // namespace dstu::ec2m
