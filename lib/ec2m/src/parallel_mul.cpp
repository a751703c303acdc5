// Parallel scalar multiplication (the paper on parallel algorithms for DSTU 4145-2002
// on multi-core CPUs, §4, scalar multiplication).
//
// Signing: the comb's d columns are cut at c; one thread sums the columns c..d-1 and
// then doubles c times (correcting the portion by its position), the other sums
// columns 0..c-1; with D a doubling and A an addition the first costs
// (d - c) A + d D, the second c (D + A), and c is chosen so both finish together. Both
// parts read the signed table (comb_internal.hpp) where it fits the low part
// (signed_split_fits), the unsigned one otherwise.
// Verification: s G on one thread, r Q on the other.
#include <cmath>

#include "comb_internal.hpp"
#include "dstu/base/ctgrind.hpp"
#include "dstu/ec2m/point.hpp"
#include "dstu/ec2m/curve.hpp"
#include "dstu/ec2m/scalar_mul.hpp"
#include "dstu/parallel/team.hpp"
#include "ld.hpp"
#include "precomputed.hpp"

namespace dstu::ec2m {
namespace {

using detail::FieldOps;
using detail::LdPoint;

/// p + q for LD p and affine q in constant time for every case: p = O, q = O,
/// p = q (doubling), p = -q (O).
template <class K>
void complete_add(const FieldOps<K>& f, const detail::CurveFe<K>& cf, LdPoint<K>& r, ct::Mask& r_inf,
                  const LdPoint<K>& p, ct::Mask p_inf, const typename K::Fe& qx, const typename K::Fe& qy,
                  ct::Mask q_inf) {
  const detail::SameMasks same = detail::ld_add_mixed_or_double(f, cf, r, p, qx, qy);  // p = q: 2 q
  const ct::Mask both = ~p_inf & ~q_inf;
  ct::Mask inf = both & same.x & ~same.point;  // p = -q
  const LdPoint<K> qld{qx, qy, FieldOps<K>::one()};
  f.cmov(r.X, qld.X, p_inf);  // O + q = q
  f.cmov(r.Y, qld.Y, p_inf);
  f.cmov(r.Z, qld.Z, p_inf);
  f.cmov(r.X, p.X, q_inf & ~p_inf);  // p + O = p
  f.cmov(r.Y, p.Y, q_inf & ~p_inf);
  f.cmov(r.Z, p.Z, q_inf & ~p_inf);
  inf |= p_inf & q_inf;
  r_inf = inf;
}

template <class K>
AffinePoint split_comb(K kern, const Curve& c, const Scalar& k, std::size_t high, int threads) {
  const FieldOps<K> f{kern};
  const detail::CurveFe<K> cf(f, c);
  using Fe = typename K::Fe;
  const detail::Precomputed& pre = c.precomputed();
  const std::size_t d = pre.comb.columns, cut = d - high;
  // Signed digits where both parts fit them (the O masks of their parts stay 0: never
  // O), else the unsigned table (a cut at either end, the tiny curves).
  const bool with_signs =
      pre.signed_comb.window != 0 && detail::signed_split_fits(c.order_bits(), pre.signed_comb.window, cut);
  const detail::CombTable& t = with_signs ? pre.signed_comb : pre.comb;
  Scalar e = c.scalar_field().reduce(k);
  detail::SignedScalar s =
      with_signs ? detail::signed_recode(c.scalar_field().order_scalar(), t, e) : detail::SignedScalar{};
  LdPoint<K> low, q;
  ct::Mask low_inf = 0, hi_inf = 0;
  Fe hx{}, hy{};
  const ScopedWipe wipe(e, s, low, q, hx, hy);
  // Columns [from, to) of whichever digits into p; the O mask.
  const auto columns = [&](std::size_t from, std::size_t to, LdPoint<K>& p) -> ct::Mask {
    if (!with_signs) return detail::comb_columns(f, cf, t, e, from, to, p);
    detail::signed_comb_columns(f, cf, t, s.m, from, to, p);
    return 0;
  };
  parallel::on_team(threads, [&](int index, int count) {
    for (int part = index; part < 2; part += count) {
      if (part == 0) {
        low_inf = columns(0, cut, low);
      } else {
        LdPoint<K> h;  // local: the caller's frame is shared with the other part
        hi_inf = columns(cut, d, h);
        for (std::size_t i = 0; i < cut; ++i) detail::ld_double(f, cf, h, h);  // position
        // To affine for the final mixed addition (Z = 1 stands in when it is O).
        Fe z = h.Z;
        f.cmov(z, FieldOps<K>::one(), hi_inf);
        detail::ld_to_affine(f, hx, hy, {h.X, h.Y, z});
        secure_wipe(&h, sizeof h);
        secure_wipe(&z, sizeof z);
      }
    }
  });
  ct::Mask q_inf;
  complete_add(f, cf, q, q_inf, low, low_inf, hx, hy, hi_inf);
  if (with_signs) {
    detail::ld_negate_if(f, q, s.negate);
    q_inf = s.zero;
  }
  ct::unpoison(&q_inf, sizeof q_inf);  // set only for k = 0 mod n
  if (q_inf) return AffinePoint::at_infinity();
  return detail::ld_affine_point(f, q);
}

}  // namespace

std::size_t comb_high_columns(std::size_t d, double r) {
  const double k = std::ceil((static_cast<double>(d) * r - 1 + r) / (1 + 2 * r));
  return std::min<std::size_t>(d, static_cast<std::size_t>(std::max(0.0, k)));
}

AffinePoint mul_base_parallel(const Curve& c, const Scalar& k, int threads, std::size_t high_columns) {
  if (!parallel::split_now(threads)) return mul_base(c, k);
  const std::size_t d = c.precomputed().comb.columns;
  if (high_columns == 0) high_columns = comb_high_columns(d, detail::kAddOverDouble);
  high_columns = std::min(high_columns, d);
  return gf2m::dispatch(c.field(), [&](auto kern) { return split_comb(kern, c, k, high_columns, threads); });
}

AffinePoint mul_double_parallel_vartime(const Curve& c, const Scalar& s, const Scalar& r, const AffinePoint& q,
                                        int threads) {
  if (!parallel::split_now(threads)) return mul_double_vartime(c, s, r, q);
  AffinePoint sg, rq;
  parallel::on_team(threads, [&](int index, int count) {
    for (int part = index; part < 2; part += count) {
      if (part == 0) {
        sg = mul_double_vartime(c, s, Scalar(), q);
      } else {
        rq = mul_wnaf_vartime(c, r, q);
      }
    }
  });
  return add_vartime(c, sg, rq);
}

}  // namespace dstu::ec2m
