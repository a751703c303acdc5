// wNAF scalar multiplication and interleaved double-scalar multiplication s G + r Q
// for verification (HMV Algorithms 3.35-3.36, 3.51). Public scalars and points only:
// everything here is variable time.
#include <cstdint>
#include <vector>

#include "dstu/ec/point.hpp"
#include "dstu/ec/scalar_mul.hpp"
#include "dstu/gf2m/ops.hpp"
#include "dstu/mp/limbs.hpp"
#include "ld.hpp"
#include "precomputed.hpp"

namespace dstu::ec {
namespace {

using detail::FieldOps;

/// Width-w NAF digits of k, least significant first: odd digits in
/// (-2^(w-1), 2^(w-1)), at most one nonzero in any w consecutive. Works in place on a
/// fixed limb buffer (runs of zeros are skipped a word at a time).
std::vector<std::int8_t> wnaf(const mp::Nat& k, int w) {
  using mp::Limb;
  std::vector<std::int8_t> out;
  out.reserve(k.bits() + 1);
  std::vector<Limb> x(k.limbs().begin(), k.limbs().end());
  x.push_back(0);  // room for the carry of a negative digit
  const Limb full = Limb{1} << w, half = full >> 1;
  std::size_t n = x.size();
  while (n > 0 && x[n - 1] == 0) --n;
  while (n > 0) {
    if (x[0] & 1) {
      Limb d = x[0] & (full - 1);
      if (d >= half) {
        mp::ln::add_1(x.data(), x.data(), n + 1 <= x.size() ? n + 1 : n, full - d);  // x += |d|, d < 0
        out.push_back(static_cast<std::int8_t>(static_cast<std::int64_t>(d) - static_cast<std::int64_t>(full)));
      } else {
        x[0] -= d;  // no borrow: the low bits are exactly d
        out.push_back(static_cast<std::int8_t>(d));
      }
      // The next w - 1 digits are zero.
      const unsigned skip = static_cast<unsigned>(w);
      out.insert(out.end(), skip - 1, 0);
      mp::ln::rshift(x.data(), x.data(), x.size(), skip);
    } else {
      const unsigned tz = x[0] ? static_cast<unsigned>(__builtin_ctzll(x[0])) : 63;
      out.insert(out.end(), tz, 0);
      mp::ln::rshift(x.data(), x.data(), x.size(), tz);
    }
    n = x.size();
    while (n > 0 && x[n - 1] == 0) --n;
  }
  while (!out.empty() && out.back() == 0) out.pop_back();
  return out;
}

/// An LD accumulator that knows when it is O, with exact (variable-time) addition.
template <class K>
struct Acc {
  detail::LdPoint<K> p;
  bool inf = true;
};

template <class K>
void acc_double(const FieldOps<K>& f, const detail::CurveFe<K>& c, Acc<K>& q) {
  if (q.inf) return;
  detail::ld_double(f, c, q.p, q.p);
  if (f.is_zero_vartime(q.p.Z)) q.inf = true;
}

/// q += (x, y), handling O, doubling and opposite points exactly.
template <class K>
void acc_add(const FieldOps<K>& f, const detail::CurveFe<K>& c, Acc<K>& q, const typename K::Fe& x,
             const typename K::Fe& y) {
  if (q.inf) {
    q.p = {x, y, FieldOps<K>::one()};
    q.inf = false;
    return;
  }
  typename K::Fe z2, a, b;
  f.mul(b, x, q.p.Z);
  f.add(b, b, q.p.X);  // X1 + x Z1: 0 iff same x
  if (f.is_zero_vartime(b)) {
    f.sqr(z2, q.p.Z);
    f.mul(a, y, z2);
    f.add(a, a, q.p.Y);  // Y1 + y Z1^2: 0 iff same point
    if (f.is_zero_vartime(a)) {
      detail::LdPoint<K> t{x, y, FieldOps<K>::one()};
      detail::ld_double(f, c, q.p, t);
      q.inf = f.is_zero_vartime(q.p.Z);
    } else {
      q.inf = true;
    }
    return;
  }
  detail::ld_add_mixed(f, c, q.p, q.p, x, y);
}

template <class K>
AffinePoint acc_result(const FieldOps<K>& f, const Acc<K>& q) {
  if (q.inf) return AffinePoint::at_infinity();
  return detail::ld_affine_point(f, q.p);
}

/// Affine P, 3P, ..., (2^(w-1) - 1) P: LD coordinates converted with one shared
/// inversion (Montgomery's trick); exact affine arithmetic if a multiple is O.
template <class K>
void odd_multiples(const FieldOps<K>& f, const detail::CurveFe<K>& c, const Curve& curve, const AffinePoint& p,
                   int w, std::vector<typename K::Fe>& xs, std::vector<typename K::Fe>& ys) {
  using Fe = typename K::Fe;
  const std::size_t count = std::size_t{1} << (w - 2);
  xs.assign(count, Fe{});
  ys.assign(count, Fe{});
  const AffinePoint p2 = double_vartime(curve, p);
  std::vector<detail::LdPoint<K>> pts(count);
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
  // prefix[i] = Z_0 ... Z_i; one inversion; then walk back.
  std::vector<Fe> prefix(count);
  prefix[0] = pts[0].Z;
  for (std::size_t i = 1; i < count; ++i) f.mul(prefix[i], prefix[i - 1], pts[i].Z);
  Fe inv;
  f.inv(inv, prefix[count - 1]);
  for (std::size_t i = count; i-- > 0;) {
    Fe zi = inv;
    if (i > 0) {
      f.mul(zi, inv, prefix[i - 1]);
      f.mul(inv, inv, pts[i].Z);
    }
    Fe zi2;
    f.sqr(zi2, zi);
    f.mul(xs[i], pts[i].X, zi);
    f.mul(ys[i], pts[i].Y, zi2);
  }
}

/// Adds digit d's multiple (d odd, |d| < 2^(w-1)) from the tables.
template <class K>
void add_digit(const FieldOps<K>& f, const detail::CurveFe<K>& c, Acc<K>& q, int d,
               const std::vector<typename K::Fe>& xs, const std::vector<typename K::Fe>& ys) {
  const std::size_t idx = static_cast<std::size_t>(d > 0 ? d : -d) / 2;
  if (d > 0) return acc_add(f, c, q, xs[idx], ys[idx]);
  typename K::Fe ny;
  f.add(ny, xs[idx], ys[idx]);  // -(x, y) = (x, x + y)
  acc_add(f, c, q, xs[idx], ny);
}

template <class K>
AffinePoint wnaf_single(K kern, const Curve& curve, const mp::Nat& k, const AffinePoint& p) {
  if (p.infinity || k.is_zero()) return AffinePoint::at_infinity();
  const FieldOps<K> f{kern};
  const detail::CurveFe<K> c(f, curve);
  constexpr int w = 5;
  std::vector<typename K::Fe> xs, ys;
  odd_multiples(f, c, curve, p, w, xs, ys);
  const std::vector<std::int8_t> digits = wnaf(k, w);
  Acc<K> q;
  for (std::size_t i = digits.size(); i-- > 0;) {
    acc_double(f, c, q);
    if (digits[i]) add_digit(f, c, q, digits[i], xs, ys);
  }
  return acc_result(f, q);
}

template <class K>
AffinePoint wnaf_double(K kern, const Curve& curve, const mp::Nat& s, const mp::Nat& r, const AffinePoint& qpt) {
  const FieldOps<K> f{kern};
  const detail::CurveFe<K> c(f, curve);
  constexpr int wq = 5;
  std::vector<typename K::Fe> gx, gy, qx, qy;
  for (const AffinePoint& g : curve.precomputed().g_odd) {
    gx.push_back(f.from(g.x));
    gy.push_back(f.from(g.y));
  }
  const bool use_q = !qpt.infinity && !r.is_zero();
  if (use_q) odd_multiples(f, c, curve, qpt, wq, qx, qy);
  const std::vector<std::int8_t> ds = wnaf(s, detail::kGWindow);
  const std::vector<std::int8_t> dr = use_q ? wnaf(r, wq) : std::vector<std::int8_t>{};
  Acc<K> q;
  for (std::size_t i = std::max(ds.size(), dr.size()); i-- > 0;) {
    acc_double(f, c, q);
    if (i < ds.size() && ds[i]) add_digit(f, c, q, ds[i], gx, gy);
    if (i < dr.size() && dr[i]) add_digit(f, c, q, dr[i], qx, qy);
  }
  return acc_result(f, q);
}

}  // namespace

AffinePoint mul_wnaf_vartime(const Curve& c, const mp::Nat& k, const AffinePoint& p) {
  return gf2m::dispatch(c.field(), [&](auto kern) { return wnaf_single(kern, c, k, p); });
}

AffinePoint mul_double_vartime(const Curve& c, const mp::Nat& s, const mp::Nat& r, const AffinePoint& q) {
  return gf2m::dispatch(c.field(), [&](auto kern) { return wnaf_double(kern, c, s, r, q); });
}

}  // namespace dstu::ec
