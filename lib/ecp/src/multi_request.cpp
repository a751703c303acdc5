// The multi-request scalar multiplication methods of F. F. Al-Otaibi's thesis
// "Trade-off analysis for generic-point parallel elliptic curve scalar multiplication"
// on curves over GF(p): the group policy (Jacobian points, jacobian.hpp's formulas with
// their exceptional cases) that the scheduling of
// dstu/parallel/multi_request_schedule.hpp runs in. Public scalars and points only:
// everything here is variable time.
#include "dstu/ecp/multi_request.hpp"

#include "dstu/parallel/multi_request_schedule.hpp"
#include "jacobian.hpp"

namespace dstu::ecp {
namespace {

using detail::Jac;

/// The group policy of dstu/parallel/multi_request_schedule.hpp for a curve over GF(p):
/// Jacobian points, affine bases as the caller's points (already in the field's
/// Montgomery form, as the mixed addition takes them).
struct JacobianGroup {
  using Point = Jac;
  using Base = AffinePoint;
  using Affine = AffinePoint;
  const Curve& c;

  Point zero() const { return detail::jac_from_affine(c, AffinePoint::at_infinity()); }
  bool is_zero(const Point& p) const { return detail::jac_is_infinity_vartime(c, p); }
  Base base(const Affine& p) const { return p; }
  Point lift(const Base& b) const { return detail::jac_from_affine(c, b); }
  void dbl(Point& r, const Point& p) const { detail::jac_dbl_vartime(c, r, p); }
  void add_mixed(Point& q, const Base& b) const { detail::jac_add_mixed_vartime(c, q, q, b); }
  void add(Point& r, const Point& p, const Point& q) const { detail::jac_add_vartime(c, r, p, q); }
  Affine to_affine(const Point& p) const { return detail::jac_to_affine_vartime(c, p); }
  void to_bases(std::span<Base> out, std::span<const Point> in) const {
    detail::jac_to_affine_batch_vartime(c, out, in);
  }
  std::size_t order_bits() const { return c.order_bits(); }
};

}  // namespace

std::vector<AffinePoint> mul_multi_request_vartime(const Curve& c, MultiRequestMethod method,
                                                   std::span<const MulRequest> requests, int threads) {
  return parallel::mul_multi_request_vartime(JacobianGroup{c}, method, requests, threads);
}

}  // namespace dstu::ecp
