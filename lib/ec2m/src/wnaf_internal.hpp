// Internal: the pieces of wNAF scalar multiplication shared by the one-request
// functions (wnaf.cpp) and the batch (batch.cpp). Variable time: public data only.
#pragma once

#include <cstdint>
#include <vector>

#include "dstu/ec2m/point.hpp"
#include "dstu/curve/wnaf.hpp"
#include "acc.hpp"
#include "ld.hpp"
#include "precomputed.hpp"

namespace dstu::ec2m::detail {

/// Affine odd multiples P, 3P, 5P, ... of a point, in the kernel's element type; inf[i]
/// where (2i + 1) P is O (a point of small odd order on a curve with such a cofactor,
/// or G on a curve of order below the table's reach).
template <class K>
struct OddTable {
  std::vector<typename K::Fe> x, y;
  std::vector<std::uint8_t> inf;
};

/// P, 3P, ..., (2^(w-1) - 1) P: LD coordinates converted with one shared inversion
/// (Montgomery's trick); exact affine arithmetic when a multiple is O.
template <class K>
OddTable<K> odd_multiples_vartime(const FieldOps<K>& f, const CurveFe<K>& c, const Curve& curve, const AffinePoint& p,
                          int w) {
  using Fe = typename K::Fe;
  const std::size_t count = std::size_t{1} << (w - 2);
  OddTable<K> t{std::vector<Fe>(count), std::vector<Fe>(count), std::vector<std::uint8_t>(count, 0)};
  const AffinePoint p2 = double_vartime(curve, p);
  std::vector<LdPoint<K>> pts(count);
  pts[0] = {f.from(p.x), f.from(p.y), FieldOps<K>::one()};
  bool exceptional = p2.infinity;
  const Fe x2 = f.from(p2.x), y2 = f.from(p2.y);
  for (std::size_t i = 1; i < count && !exceptional; ++i) {
    Acc<K> a{pts[i - 1], false};
    acc_add_vartime(f, c, a, x2, y2);
    exceptional = a.inf;
    pts[i] = a.p;
  }
  if (exceptional) {  // small orders only: exact affine arithmetic
    AffinePoint q = p;
    for (std::size_t i = 0; i < count; ++i) {
      t.x[i] = f.from(q.x);
      t.y[i] = f.from(q.y);
      t.inf[i] = q.infinity;
      q = add_vartime(curve, q, p2);
    }
    return t;
  }
  std::vector<Fe> zi(count);
  for (std::size_t i = 0; i < count; ++i) zi[i] = pts[i].Z;
  batch_invert(f, std::span<Fe>(zi));
  for (std::size_t i = 0; i < count; ++i) {
    Fe zi2;
    f.sqr(zi2, zi[i]);
    f.mul(t.x[i], pts[i].X, zi[i]);
    f.mul(t.y[i], pts[i].Y, zi2);
  }
  return t;
}

/// Adds digit d's multiple (d odd, |d| < 2^(w-1)) from the table; nothing for an O entry.
template <class K>
void add_digit_vartime(const FieldOps<K>& f, const CurveFe<K>& c, Acc<K>& q, int d, const OddTable<K>& t) {
  const std::size_t idx = static_cast<std::size_t>(d > 0 ? d : -d) / 2;
  if (t.inf[idx]) return;
  if (d > 0) return acc_add_vartime(f, c, q, t.x[idx], t.y[idx]);
  typename K::Fe ny;
  f.add(ny, t.x[idx], t.y[idx]);  // -(x, y) = (x, x + y)
  acc_add_vartime(f, c, q, t.x[idx], ny);
}

/// The odd multiples of G in the kernel's element type (built once per call or batch).
template <class K>
OddTable<K> g_table_vartime(const FieldOps<K>& f, const Curve& curve) {
  OddTable<K> t;
  for (const AffinePoint& g : curve.precomputed().g_odd) {
    t.x.push_back(f.from(g.x));
    t.y.push_back(f.from(g.y));
    t.inf.push_back(g.infinity);
  }
  return t;
}

/// One request s G + r Q prepared: the wNAF digits of s (width 8, over G's table) and
/// of r (width 5) and Q's odd multiples.
template <class K>
struct DoublePlan {
  std::vector<std::int8_t> ds, dr;
  OddTable<K> q;
  DoublePlan(const FieldOps<K>& f, const CurveFe<K>& c, const Curve& curve, const Scalar& s, const Scalar& r,
             const AffinePoint& point) {
    constexpr int wq = 5;
    ds = curve::wnaf_vartime(s, kGWindow);
    if (!point.infinity && mp::ct_is_zero(r) == 0) {
      q = odd_multiples_vartime(f, c, curve, point, wq);
      dr = curve::wnaf_vartime(r, wq);
    }
  }
  std::size_t length() const { return std::max(ds.size(), dr.size()); }
  /// Adds the digits of position i.
  void add(const FieldOps<K>& f, const CurveFe<K>& c, const OddTable<K>& g, Acc<K>& acc, std::size_t i) const {
    if (i < ds.size() && ds[i]) add_digit_vartime(f, c, acc, ds[i], g);
    if (i < dr.size() && dr[i]) add_digit_vartime(f, c, acc, dr[i], q);
  }
};

/// s G + r Q as an accumulator (LD coordinates, or O): interleaved wNAF.
template <class K>
Acc<K> wnaf_double_acc_vartime(const FieldOps<K>& f, const CurveFe<K>& c, const OddTable<K>& g,
                               const DoublePlan<K>& plan) {
  Acc<K> q;
  for (std::size_t i = plan.length(); i-- > 0;) {
    acc_double_vartime(f, c, q);
    plan.add(f, c, g, q, i);
  }
  return q;
}

/// Two requests at once: the doublings of both run paired (acc_double2_vartime); the
/// additions, which fall at different positions, one by one.
template <class K>
void wnaf_double_acc2_vartime(const FieldOps<K>& f, const CurveFe<K>& c, const OddTable<K>& g, const DoublePlan<K>& pa,
                      const DoublePlan<K>& pb, Acc<K>& a, Acc<K>& b) {
  a = {};
  b = {};
  const std::size_t la = pa.length(), lb = pb.length();
  for (std::size_t i = std::max(la, lb); i-- > 0;) {
    acc_double2_vartime(f, c, a, b);
    if (i < la) pa.add(f, c, g, a, i);
    if (i < lb) pb.add(f, c, g, b, i);
  }
}

}  // namespace dstu::ec2m::detail
