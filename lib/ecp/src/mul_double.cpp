// u1 G + u2 Q for verification: interleaved w-NAF in Jacobian coordinates (public
// scalars and points: variable time), a template on the field's kernels
// (curve_ops.hpp), dispatched once per call; and the signatures' final test of x mod n
// on the Jacobian sum itself, without its inversion.
#include <algorithm>
#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "comb.hpp"
#include "dstu/curve/wnaf.hpp"
#include "dstu/ecp/scalar_mul.hpp"

namespace dstu::ecp {
namespace {

/// r += the odd multiple |digit| P of the table (negated for a negative digit; skipped
/// when it is O).
template <class K>
void add_digit(const detail::CurveOps<K>& c, detail::Jac<typename K::Fe>& r,
               std::span<const detail::MaybeAffine<typename K::Fe>> table, int digit) {
  const detail::MaybeAffine<typename K::Fe>& e = table[static_cast<std::size_t>(digit < 0 ? -digit : digit) / 2];
  if (e.infinity) return;
  detail::Affine<typename K::Fe> p = e.p;
  if (digit < 0) c.f.neg(p.y, p.y);
  detail::jac_add_mixed_vartime(c, r, r, p);
}

/// Interleaved w-NAF (Möller, "Algorithms for multi-exponentiation", SAC 2001) in
/// Jacobian coordinates: one chain of doublings and a mixed addition for each nonzero
/// digit, of u1 from the curve's cached affine odd multiples of G, of u2 from Q's made
/// here (odd_multiples.hpp), affine with one inversion: it costs less than the 3M + 2S
/// per addition it saves (8M + 3S against 11M + 5S) from P-256 on.
template <class K>
detail::Jac<typename K::Fe> interleaved_wnaf(const detail::CurveOps<K>& c, const Scalar& u1, const Scalar& u2,
                                             const AffinePoint& q) {
  using Fe = typename K::Fe;
  const std::vector<std::int8_t> n1 = curve::wnaf_vartime(u1, detail::kNafWindowG);
  const std::vector<std::int8_t> n2 = curve::wnaf_vartime(u2, detail::kNafWindowQ);
  const std::span<const detail::MaybeAffine<Fe>> tg = detail::odd_table(c);
  std::array<detail::MaybeAffine<Fe>, std::size_t{1} << (detail::kNafWindowQ - 2)> tq;
  detail::odd_multiples_vartime(c, std::span<detail::MaybeAffine<Fe>>(tq), q);
  detail::Jac<Fe> acc = detail::jac_infinity(c);
  for (std::size_t i = std::max(n1.size(), n2.size()); i-- > 0;) {
    detail::jac_dbl_vartime(c, acc, acc);
    if (i < n1.size() && n1[i] != 0) add_digit(c, acc, tg, n1[i]);
    if (i < n2.size() && n2[i] != 0) add_digit(c, acc, tq, n2[i]);
  }
  return acc;
}

/// Whether the Jacobian point p (X : Y : Z) of the model is finite with x mod n = r:
/// the integer x of the curve's point is one of r, r + n, r + 2 n, ... below p (one or
/// two of them on the curves of cofactor 1), and x = c in the curve's coordinates is
/// X = u^2 c Z^2 in the model's (u^2 = 1 without an isomorphism), one product and a
/// comparison per candidate where the affine x would cost an inversion.
template <class K>
bool x_mod_n_equals_vartime(const detail::CurveOps<K>& c, const detail::Jac<typename K::Fe>& p, const mp::Nat& r) {
  if (detail::jac_is_infinity_vartime(p)) return false;
  const gfp::Field& f = c.curve->field();
  typename K::Fe zz, want;
  c.f.sqr(zz, p.Z);
  if (c.isomorphic) c.f.mul(zz, zz, c.u2);
  for (mp::Nat x = r; x < f.prime(); x = x + c.curve->order()) {
    c.f.mul(want, K::from(f.from_nat(x)), zz);
    if (K::eq(want, p.X) != 0) return true;
  }
  return false;
}

}  // namespace

AffinePoint mul_double_vartime(const Curve& c, const Scalar& u1, const Scalar& u2, const AffinePoint& q) {
  return detail::with_curve_ops(
      c, [&](const auto& ops) { return detail::jac_to_affine_vartime(ops, interleaved_wnaf(ops, u1, u2, q)); });
}

bool mul_double_x_equals_vartime(const Curve& c, const Scalar& u1, const Scalar& u2, const AffinePoint& q,
                                 const mp::Nat& r) {
  if (r >= c.order()) return false;
  return detail::with_curve_ops(
      c, [&](const auto& ops) { return x_mod_n_equals_vartime(ops, interleaved_wnaf(ops, u1, u2, q), r); });
}

}  // namespace dstu::ecp
