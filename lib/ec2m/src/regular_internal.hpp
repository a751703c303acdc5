// Internal: s G + r Q for two requests at once, every doubling and every addition
// paired (acc_double2_vartime, acc_add2_vartime), for the batch (batch.cpp). The w-NAF puts each
// request's additions wherever its digits fall, so two requests rarely add together;
// here both scalars of both requests take regular signed odd digits (Joye and Tunstall,
// "Exponent recoding and regular exponentiation algorithms", AFRICACRYPT 2009): a
// nonzero digit every w positions, so the additions of the two requests fall at the
// same positions. That costs L(n) / w additions per scalar instead of the w-NAF's
// L(n) / (w + 1), and pays where the paired kernels do. Variable time: public data only.
#pragma once

#include <cstdint>
#include <vector>

#include "acc.hpp"
#include "wnaf_internal.hpp"

namespace dstu::ec2m::detail {

/// k = sum d_i 2^(w i) (+ 1 when plus_one) with every d_i odd and |d_i| < 2^w: the
/// digits of k, or of k - 1 when k is even (then plus_one: the caller adds the point
/// once more); no digits for k = 0.
struct RegularDigits {
  std::vector<std::int8_t> d;
  bool plus_one = false;
};
RegularDigits regular_digits_vartime(const Scalar& k, int w);

/// Widths over the tables: G's 64 odd multiples (1 ... 127) and 16 of Q.
inline constexpr int kRegularGWidth = 7;
inline constexpr int kRegularQWidth = 5;
static_assert(std::size_t{1} << (kRegularGWidth - 1) == std::size_t{1} << (kGWindow - 2),
              "G's regular digits need exactly the w-NAF table of G");

/// One request prepared: both scalars' digits and Q's odd multiples.
template <class K>
struct RegularPlan {
  RegularDigits ds, dr;
  OddTable<K> q;
  RegularPlan(const FieldOps<K>& f, const CurveFe<K>& c, const Curve& curve, const Scalar& s, const Scalar& r,
              const AffinePoint& point)
      : ds(regular_digits_vartime(s, kRegularGWidth)) {
    if (point.infinity || mp::ct_is_zero(r) != 0) return;
    dr = regular_digits_vartime(r, kRegularQWidth);
    q = odd_multiples_vartime(f, c, curve, point, kRegularQWidth + 1);
  }
  /// Positions from the top digit down to 0.
  std::size_t length() const {
    return std::max(ds.d.size() * kRegularGWidth, dr.d.size() * kRegularQWidth);
  }
};

/// Digit i of a scalar's regular digits (0 past its top).
inline int regular_digit(const RegularDigits& r, std::size_t i) { return i < r.d.size() ? r.d[i] : 0; }

/// a += d_a P_a and b += d_b P_b for signed odd digits over odd-multiple tables (0 or an
/// O entry: nothing), paired when both add.
template <class K>
void add_digits2_vartime(const FieldOps<K>& f, const CurveFe<K>& c, Acc<K>& a, int da, const OddTable<K>& ta, Acc<K>& b,
                 int db, const OddTable<K>& tb) {
  const std::size_t ia = static_cast<std::size_t>(da > 0 ? da : -da) / 2;
  const std::size_t ib = static_cast<std::size_t>(db > 0 ? db : -db) / 2;
  if (da == 0 || db == 0 || ta.inf[ia] || tb.inf[ib]) {
    if (da != 0) add_digit_vartime(f, c, a, da, ta);
    if (db != 0) add_digit_vartime(f, c, b, db, tb);
    return;
  }
  typename K::Fe na = ta.y[ia], nb = tb.y[ib];
  if (da < 0) f.add(na, ta.x[ia], ta.y[ia]);  // -(x, y) = (x, x + y)
  if (db < 0) f.add(nb, tb.x[ib], tb.y[ib]);
  acc_add2_vartime(f, c, a, ta.x[ia], na, b, tb.x[ib], nb);
}

/// The point once more where a scalar was even (plus_one): q += P (the table's 1 P).
template <class K>
void add_plus_one_vartime(const FieldOps<K>& f, const CurveFe<K>& c, Acc<K>& q, const RegularDigits& r,
                          const OddTable<K>& t) {
  if (r.plus_one) add_digit_vartime(f, c, q, 1, t);
}

/// s_a G + r_a Q_a and s_b G + r_b Q_b, paired throughout.
template <class K>
void regular_double_acc2_vartime(const FieldOps<K>& f, const CurveFe<K>& c, const OddTable<K>& g,
                                 const RegularPlan<K>& pa, const RegularPlan<K>& pb, Acc<K>& a, Acc<K>& b) {
  a = {};
  b = {};
  for (std::size_t i = std::max(pa.length(), pb.length()); i-- > 0;) {
    acc_double2_vartime(f, c, a, b);
    if (i % kRegularGWidth == 0) {
      const std::size_t j = i / kRegularGWidth;
      add_digits2_vartime(f, c, a, regular_digit(pa.ds, j), g, b, regular_digit(pb.ds, j), g);
    }
    if (i % kRegularQWidth == 0) {
      const std::size_t j = i / kRegularQWidth;
      add_digits2_vartime(f, c, a, regular_digit(pa.dr, j), pa.q, b, regular_digit(pb.dr, j), pb.q);
    }
  }
  add_plus_one_vartime(f, c, a, pa.ds, g);
  add_plus_one_vartime(f, c, b, pb.ds, g);
  add_plus_one_vartime(f, c, a, pa.dr, pa.q);
  add_plus_one_vartime(f, c, b, pb.dr, pb.q);
}

}  // namespace dstu::ec2m::detail
