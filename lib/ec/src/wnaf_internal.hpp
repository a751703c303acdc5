// Internal: the pieces of wNAF scalar multiplication shared by the one-request
// functions (wnaf.cpp) and the batch (batch.cpp). Variable time: public data only.
#pragma once

#include <cstdint>
#include <vector>

#include "dstu/ec/point.hpp"
#include "dstu/mp/nat.hpp"
#include "acc.hpp"
#include "ld.hpp"
#include "precomputed.hpp"

namespace dstu::ec::detail {

/// Width-w NAF digits of k, least significant first.
std::vector<std::int8_t> wnaf(const mp::Nat& k, int w);

/// Affine P, 3P, ..., (2^(w-1) - 1) P: LD coordinates converted with one shared
/// inversion (Montgomery's trick); exact affine arithmetic if a multiple is O.
template <class K>
void odd_multiples(const FieldOps<K>& f, const CurveFe<K>& c, const Curve& curve, const AffinePoint& p,
                   int w, std::vector<typename K::Fe>& xs, std::vector<typename K::Fe>& ys) {
  using Fe = typename K::Fe;
  const std::size_t count = std::size_t{1} << (w - 2);
  xs.assign(count, Fe{});
  ys.assign(count, Fe{});
  const AffinePoint p2 = double_vartime(curve, p);
  std::vector<LdPoint<K>> pts(count);
  pts[0] = {f.from(p.x), f.from(p.y), FieldOps<K>::one()};
  bool exceptional = p2.infinity;
  const Fe x2 = f.from(p2.x), y2 = f.from(p2.y);
  for (std::size_t i = 1; i < count && !exceptional; ++i) {
    Acc<K> a{pts[i - 1], false};
    acc_add(f, c, a, x2, y2);
    exceptional = a.inf;
    pts[i] = a.p;
  }
  if (exceptional) {  // tiny groups only: fall back to exact affine arithmetic
    AffinePoint q = p;
    for (std::size_t i = 0; i < count; ++i) {
      xs[i] = f.from(q.x);
      ys[i] = f.from(q.y);
      q = add_vartime(curve, q, p2);
    }
    return;
  }
  std::vector<Fe> zi(count);
  for (std::size_t i = 0; i < count; ++i) zi[i] = pts[i].Z;
  batch_invert(f, std::span<Fe>(zi));
  for (std::size_t i = 0; i < count; ++i) {
    Fe zi2;
    f.sqr(zi2, zi[i]);
    f.mul(xs[i], pts[i].X, zi[i]);
    f.mul(ys[i], pts[i].Y, zi2);
  }
}

/// Adds digit d's multiple (d odd, |d| < 2^(w-1)) from the tables.
template <class K>
void add_digit(const FieldOps<K>& f, const CurveFe<K>& c, Acc<K>& q, int d,
               const std::vector<typename K::Fe>& xs, const std::vector<typename K::Fe>& ys) {
  const std::size_t idx = static_cast<std::size_t>(d > 0 ? d : -d) / 2;
  if (d > 0) return acc_add(f, c, q, xs[idx], ys[idx]);
  typename K::Fe ny;
  f.add(ny, xs[idx], ys[idx]);  // -(x, y) = (x, x + y)
  acc_add(f, c, q, xs[idx], ny);
}

/// The odd multiples of G in the kernel's element type (built once per call or chunk).
template <class K>
struct GTable {
  std::vector<typename K::Fe> x, y;
  GTable(const FieldOps<K>& f, const Curve& curve) {
    for (const AffinePoint& g : curve.precomputed().g_odd) {
      x.push_back(f.from(g.x));
      y.push_back(f.from(g.y));
    }
  }
};

/// s mod n where s >= n (G has order n): G's tables hold d G for odd d < 2^7, which is
/// O for d = n on a curve of order below 2^7, and no digit of an s < n is n.
inline mp::Nat g_scalar(const Curve& curve, const mp::Nat& s) { return s < curve.order() ? s : s % curve.order(); }

/// One request s G + r Q prepared: the wNAF digits of s (width 8, over G's table) and
/// of r (width 5) and Q's odd multiples.
template <class K>
struct DoublePlan {
  std::vector<std::int8_t> ds, dr;
  std::vector<typename K::Fe> qx, qy;
  DoublePlan(const FieldOps<K>& f, const CurveFe<K>& c, const Curve& curve, const mp::Nat& s, const mp::Nat& r,
             const AffinePoint& q) {
    constexpr int wq = 5;
    ds = wnaf(g_scalar(curve, s), kGWindow);
    if (!q.infinity && !r.is_zero()) {
      odd_multiples(f, c, curve, q, wq, qx, qy);
      dr = wnaf(r, wq);
    }
  }
  std::size_t length() const { return std::max(ds.size(), dr.size()); }
  /// Adds the digits of position i.
  void add(const FieldOps<K>& f, const CurveFe<K>& c, const GTable<K>& g, Acc<K>& q, std::size_t i) const {
    if (i < ds.size() && ds[i]) add_digit(f, c, q, ds[i], g.x, g.y);
    if (i < dr.size() && dr[i]) add_digit(f, c, q, dr[i], qx, qy);
  }
};

/// s G + r Q as an accumulator (LD coordinates, or O): interleaved wNAF.
template <class K>
Acc<K> wnaf_double_acc(const FieldOps<K>& f, const CurveFe<K>& c, const GTable<K>& g, const DoublePlan<K>& plan) {
  Acc<K> q;
  for (std::size_t i = plan.length(); i-- > 0;) {
    acc_double(f, c, q);
    plan.add(f, c, g, q, i);
  }
  return q;
}

/// Two requests at once: the doublings of both run paired (acc_double2); the
/// additions, which fall at different positions, one by one.
template <class K>
void wnaf_double_acc2(const FieldOps<K>& f, const CurveFe<K>& c, const GTable<K>& g, const DoublePlan<K>& pa,
                      const DoublePlan<K>& pb, Acc<K>& a, Acc<K>& b) {
  a = {};
  b = {};
  const std::size_t la = pa.length(), lb = pb.length();
  for (std::size_t i = std::max(la, lb); i-- > 0;) {
    acc_double2(f, c, a, b);
    if (i < la) pa.add(f, c, g, a, i);
    if (i < lb) pb.add(f, c, g, b, i);
  }
}

}  // namespace dstu::ec::detail
