// The multi-request scalar multiplication methods of F. F. Al-Otaibi's thesis
// "Trade-off analysis for generic-point parallel elliptic curve scalar multiplication"
// on curves over GF(p), the thesis's own kind (it measured brainpoolP160r1, P192r1,
// P256r1 and P512r1): the group policy (Jacobian points, jacobian.hpp's formulas with
// their exceptional cases; a = -3 doublings where the curve's model has a = -3) that the
// scheduling of dstu/curve/multi_request_schedule.hpp runs in, the same code as on
// binary curves. Public scalars and points only: everything here is variable time.
#include "dstu/ecp/scalar_mul.hpp"

#include "dstu/curve/multi_request_schedule.hpp"
#include "jacobian.hpp"

namespace dstu::ecp {
namespace {

/// The group policy of dstu/curve/multi_request_schedule.hpp for a curve over GF(p),
/// in the elements of the field's kernels K: Jacobian points, affine bases (the point at
/// infinity flagged, skipped by the mixed addition).
template <class K>
struct JacobianGroup {
  using Fe = typename K::Fe;
  using Point = detail::Jac<Fe>;
  using Base = detail::MaybeAffine<Fe>;
  using Affine = AffinePoint;
  const detail::CurveOps<K>& c;

  Point zero() const { return detail::jac_infinity(c); }
  bool is_zero(const Point& p) const { return detail::jac_is_infinity_vartime(p); }
  Base base(const Affine& p) const {
    if (p.infinity) return {{}, true};
    return {c.from_public(p), false};
  }
  Point lift(const Base& b) const { return b.infinity ? zero() : detail::jac_from_affine(c, b.p); }
  void dbl(Point& r, const Point& p) const { detail::jac_dbl_vartime(c, r, p); }
  void add_mixed(Point& q, const Base& b) const {
    if (!b.infinity) detail::jac_add_mixed_vartime(c, q, q, b.p);
  }
  void add(Point& r, const Point& p, const Point& q) const { detail::jac_add_vartime(c, r, p, q); }
  Affine to_affine(const Point& p) const { return detail::jac_to_affine_vartime(c, p); }
  void to_bases(std::span<Base> out, std::span<const Point> in) const {
    detail::jac_to_affine_batch_vartime(c, out, in);
  }
  std::size_t order_bits() const { return c.curve->order_bits(); }
};

}  // namespace

std::vector<AffinePoint> mul_multi_request_vartime(const Curve& c, curve::MultiRequestMethod method,
                                                   std::span<const MulRequest> requests, int threads) {
  return detail::with_curve_ops(c, [&](const auto& ops) {
    using K = typename std::decay_t<decltype(ops)>::Kernels;
    return curve::mul_multi_request_vartime(JacobianGroup<K>{ops}, method, requests, threads);
  });
}

}  // namespace dstu::ecp
