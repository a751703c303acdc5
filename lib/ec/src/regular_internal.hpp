// Internal: s G + r Q for two requests at once, every doubling and every addition
// paired (acc_double2, acc_add2), for the batch (batch.cpp). The w-NAF puts each
// request's additions wherever its digits fall, so two requests rarely add together;
// here both scalars of both requests take regular signed odd digits (Joye and Tunstall,
// "Exponent recoding and regular exponentiation algorithms", AFRICACRYPT 2009): a
// nonzero digit every w positions, so the additions of the two requests fall at the
// same positions. That costs L(n) / w additions per scalar instead of the w-NAF's
// L(n) / (w + 1), and pays where the paired kernels do. Variable time: public data only.
#pragma once

#include <cstdint>
#include <vector>

#include "dstu/mp/nat.hpp"
#include "acc.hpp"
#include "wnaf_internal.hpp"

namespace dstu::ec::detail {

/// k = sum d_i 2^(w i) (+ 1 when plus_one) with every d_i odd and |d_i| < 2^w: the
/// digits of k, or of k - 1 when k is even (then plus_one: the caller adds the point
/// once more); no digits for k = 0.
struct RegularDigits {
  std::vector<std::int8_t> d;
  bool plus_one = false;
};
RegularDigits regular_digits(const mp::Nat& k, int w);

/// Widths over the tables: G's 64 odd multiples (1 ... 127) and 16 of Q.
inline constexpr int kRegularGWidth = 7;
inline constexpr int kRegularQWidth = 5;
static_assert(std::size_t{1} << (kRegularGWidth - 1) == std::size_t{1} << (kGWindow - 2),
              "G's regular digits need exactly the w-NAF table of G");

/// One request prepared: both scalars' digits and Q's odd multiples.
template <class K>
struct RegularPlan {
  RegularDigits ds, dr;
  std::vector<typename K::Fe> qx, qy;
  RegularPlan(const FieldOps<K>& f, const CurveFe<K>& c, const Curve& curve, const mp::Nat& s, const mp::Nat& r,
              const AffinePoint& q)
      : ds(regular_digits(g_scalar(curve, s), kRegularGWidth)) {
    if (q.infinity || r.is_zero()) return;
    dr = regular_digits(r, kRegularQWidth);
    odd_multiples(f, c, curve, q, kRegularQWidth + 1, qx, qy);
  }
  /// Positions from the top digit down to 0.
  std::size_t length() const {
    return std::max(ds.d.size() * kRegularGWidth, dr.d.size() * kRegularQWidth);
  }
};

/// Digit i of a scalar's regular digits (0 past its top).
inline int regular_digit(const RegularDigits& r, std::size_t i) { return i < r.d.size() ? r.d[i] : 0; }

/// a += d_a P_a and b += d_b P_b for signed odd digits over odd-multiple tables (0:
/// nothing), paired when both add.
template <class K>
void add_digits2(const FieldOps<K>& f, const CurveFe<K>& c, Acc<K>& a, int da, const std::vector<typename K::Fe>& xa,
                 const std::vector<typename K::Fe>& ya, Acc<K>& b, int db, const std::vector<typename K::Fe>& xb,
                 const std::vector<typename K::Fe>& yb) {
  if (da == 0 || db == 0) {
    if (da != 0) add_digit(f, c, a, da, xa, ya);
    if (db != 0) add_digit(f, c, b, db, xb, yb);
    return;
  }
  const std::size_t ia = static_cast<std::size_t>(da > 0 ? da : -da) / 2;
  const std::size_t ib = static_cast<std::size_t>(db > 0 ? db : -db) / 2;
  typename K::Fe na = ya[ia], nb = yb[ib];
  if (da < 0) f.add(na, xa[ia], ya[ia]);  // -(x, y) = (x, x + y)
  if (db < 0) f.add(nb, xb[ib], yb[ib]);
  acc_add2(f, c, a, xa[ia], na, b, xb[ib], nb);
}

/// The point once more where a scalar was even (plus_one): q += P (the table's 1 P).
template <class K>
void add_plus_one(const FieldOps<K>& f, const CurveFe<K>& c, Acc<K>& q, const RegularDigits& r,
                  const std::vector<typename K::Fe>& xs, const std::vector<typename K::Fe>& ys) {
  if (r.plus_one) acc_add(f, c, q, xs[0], ys[0]);
}

/// s_a G + r_a Q_a and s_b G + r_b Q_b, paired throughout.
template <class K>
void regular_double_acc2(const FieldOps<K>& f, const CurveFe<K>& c, const GTable<K>& g, const RegularPlan<K>& pa,
                         const RegularPlan<K>& pb, Acc<K>& a, Acc<K>& b) {
  a = {};
  b = {};
  for (std::size_t i = std::max(pa.length(), pb.length()); i-- > 0;) {
    acc_double2(f, c, a, b);
    if (i % kRegularGWidth == 0) {
      const std::size_t j = i / kRegularGWidth;
      add_digits2(f, c, a, regular_digit(pa.ds, j), g.x, g.y, b, regular_digit(pb.ds, j), g.x, g.y);
    }
    if (i % kRegularQWidth == 0) {
      const std::size_t j = i / kRegularQWidth;
      add_digits2(f, c, a, regular_digit(pa.dr, j), pa.qx, pa.qy, b, regular_digit(pb.dr, j), pb.qx, pb.qy);
    }
  }
  add_plus_one(f, c, a, pa.ds, g.x, g.y);
  add_plus_one(f, c, b, pb.ds, g.x, g.y);
  add_plus_one(f, c, a, pa.dr, pa.qx, pa.qy);
  add_plus_one(f, c, b, pb.dr, pb.qx, pb.qy);
}

}  // namespace dstu::ec::detail
