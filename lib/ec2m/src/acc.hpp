// Internal: an exact López–Dahab accumulator for variable-time scalar multiplication
// (w-NAF, the two-base comb of verification batches): it knows when it is O and adds
// affine points in every case (O, equal points, opposite points), and its paired forms
// run two independent accumulators through the paired kernels (mul2, sqr2). Public data
// only: every function here branches on the values.
#pragma once

#include <span>
#include <vector>

#include "dstu/ec2m/point.hpp"
#include "ld.hpp"

namespace dstu::ec2m::detail {

/// An LD accumulator that knows when it is O (Z != 0 whenever inf is false).
template <class K>
struct Acc {
  LdPoint<K> p{};  // zeros while O (copied and multiplied, then discarded, by the batch)
  bool inf = true;
};

template <class K>
void acc_double_vartime(const FieldOps<K>& f, const CurveFe<K>& c, Acc<K>& q) {
  if (q.inf) return;
  ld_double(f, c, q.p, q.p);
  if (f.is_zero_vartime(q.p.Z)) q.inf = true;
}

/// q + (x, y) where q != O has the same x as (x, y): 2 (x, y) or O.
template <class K>
void acc_add_same_x_vartime(const FieldOps<K>& f, const CurveFe<K>& c, Acc<K>& q, const typename K::Fe& x,
                    const typename K::Fe& y) {
  typename K::Fe z2, a;
  f.sqr(z2, q.p.Z);
  f.mul(a, y, z2);
  f.add(a, a, q.p.Y);  // Y1 + y Z1^2: 0 iff the same point
  if (!f.is_zero_vartime(a)) {
    q.inf = true;
    return;
  }
  const LdPoint<K> t{x, y, FieldOps<K>::one()};
  ld_double(f, c, q.p, t);
  q.inf = f.is_zero_vartime(q.p.Z);
}

/// q += (x, y), exactly. The mixed addition gives Z3 = (B Z1)^2 with B = X1 + x Z1,
/// which is 0 exactly when q and (x, y) share x: then the sum is redone as a doubling
/// or O (acc_add_same_x_vartime), so the common case costs the formula alone.
template <class K>
void acc_add_vartime(const FieldOps<K>& f, const CurveFe<K>& c, Acc<K>& q, const typename K::Fe& x,
             const typename K::Fe& y) {
  if (q.inf) {
    q.p = {x, y, FieldOps<K>::one()};
    q.inf = false;
    return;
  }
  LdPoint<K> r;
  ld_add_mixed(f, c, r, q.p, x, y);
  if (f.is_zero_vartime(r.Z)) return acc_add_same_x_vartime(f, c, q, x, y);
  q.p = r;
}

/// acc_double_vartime on two accumulators, paired where both are away from O.
template <class K>
void acc_double2_vartime(const FieldOps<K>& f, const CurveFe<K>& c, Acc<K>& a, Acc<K>& b) {
  if (a.inf || b.inf) {
    acc_double_vartime(f, c, a);
    acc_double_vartime(f, c, b);
    return;
  }
  ld_double2(f, c, a.p, a.p, b.p, b.p);
  a.inf = f.is_zero_vartime(a.p.Z);
  b.inf = f.is_zero_vartime(b.p.Z);
}

/// a += (xa, ya) and b += (xb, yb), paired where both are away from O.
template <class K>
void acc_add2_vartime(const FieldOps<K>& f, const CurveFe<K>& c, Acc<K>& a, const typename K::Fe& xa,
              const typename K::Fe& ya, Acc<K>& b, const typename K::Fe& xb, const typename K::Fe& yb) {
  if (a.inf || b.inf) {
    acc_add_vartime(f, c, a, xa, ya);
    acc_add_vartime(f, c, b, xb, yb);
    return;
  }
  LdPoint<K> ra, rb;
  ld_add_mixed2(f, c, ra, a.p, xa, ya, rb, b.p, xb, yb);
  if (f.is_zero_vartime(ra.Z)) {
    acc_add_same_x_vartime(f, c, a, xa, ya);
  } else {
    a.p = ra;
  }
  if (f.is_zero_vartime(rb.Z)) {
    acc_add_same_x_vartime(f, c, b, xb, yb);
  } else {
    b.p = rb;
  }
}

template <class K>
AffinePoint acc_result_vartime(const FieldOps<K>& f, const Acc<K>& q) {
  if (q.inf) return AffinePoint::at_infinity();
  return ld_affine_point(f, q.p);
}

/// Every accumulator that is not O made affine in place (Z = 1), with one inversion.
template <class K>
void to_affine_accs_vartime(const FieldOps<K>& f, std::span<Acc<K>> q) {
  using Fe = typename K::Fe;
  std::vector<Fe> zi(q.size());
  for (std::size_t i = 0; i < q.size(); ++i) zi[i] = q[i].inf ? FieldOps<K>::one() : q[i].p.Z;
  batch_invert(f, std::span<Fe>(zi));
  Fe zi2;
  for (std::size_t i = 0; i < q.size(); ++i) {
    if (q[i].inf) continue;
    f.sqr(zi2, zi[i]);
    f.mul(q[i].p.X, q[i].p.X, zi[i]);
    f.mul(q[i].p.Y, q[i].p.Y, zi2);
    q[i].p.Z = FieldOps<K>::one();
  }
}

}  // namespace dstu::ec2m::detail
