// repeated_double / repeated_add: the López–Dahab and Jacobian-type formulas of ld.hpp
// run in a loop (bench and tests).
#include "dstu/ec2m/formulas.hpp"

#include "dstu/base/error.hpp"
#include "ld.hpp"

namespace dstu::ec2m {
namespace {

using detail::FieldOps;

template <class K>
AffinePoint finish(const FieldOps<K>& f, Coordinates coords, const detail::LdPoint<K>& p) {
  if (f.is_zero_vartime(p.Z)) return AffinePoint::at_infinity();
  if (coords == Coordinates::lopez_dahab) return detail::ld_affine_point(f, p);
  typename K::Fe x, y;
  detail::jac_to_affine(f, x, y, p);
  return f.point(x, y);
}

template <class K>
AffinePoint doubles(K kern, const Curve& c, Coordinates coords, const AffinePoint& p, std::size_t count) {
  const FieldOps<K> f{kern};
  const detail::CurveFe<K> cf(f, c);
  detail::LdPoint<K> q{f.from(p.x), f.from(p.y), FieldOps<K>::one()};
  for (std::size_t i = 0; i < count; ++i) {
    if (coords == Coordinates::lopez_dahab) {
      detail::ld_double(f, cf, q, q);
    } else {
      detail::jac_double(f, cf, q, q);
    }
  }
  return finish(f, coords, q);
}

template <class K>
AffinePoint adds(K kern, const Curve& c, Coordinates coords, const AffinePoint& p, const AffinePoint& a,
                 std::size_t count) {
  const FieldOps<K> f{kern};
  const detail::CurveFe<K> cf(f, c);
  detail::LdPoint<K> q{f.from(p.x), f.from(p.y), FieldOps<K>::one()};
  const typename K::Fe x = f.from(a.x), y = f.from(a.y);
  for (std::size_t i = 0; i < count; ++i) {
    if (coords == Coordinates::lopez_dahab) {
      detail::ld_add_mixed(f, cf, q, q, x, y);
    } else {
      detail::jac_add_mixed(f, cf, q, q, x, y);
    }
  }
  return finish(f, coords, q);
}

}  // namespace

AffinePoint repeated_double(const Curve& c, Coordinates coords, const AffinePoint& p, std::size_t count) {
  if (p.infinity) throw_invalid("repeated_double of O");
  return gf2m::dispatch(c.field(), [&](auto kern) { return doubles(kern, c, coords, p, count); });
}

AffinePoint repeated_add(const Curve& c, Coordinates coords, const AffinePoint& p, const AffinePoint& q,
                         std::size_t count) {
  if (p.infinity || q.infinity) throw_invalid("repeated_add of O");
  return gf2m::dispatch(c.field(), [&](auto kern) { return adds(kern, c, coords, p, q, count); });
}

}  // namespace dstu::ec2m
