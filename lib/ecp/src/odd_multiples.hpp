// Internal: the affine odd multiples P, 3 P, 5 P, ... of a public point, the tables of
// verification's interleaved w-NAF (of G once per curve, of Q on every call).
//
// Co-Z arithmetic (Meloni, "New point addition formulae for ECC applications", WAIFI
// 2007) in the precomputation of Longa and Miri ("New composite operations and
// precomputation scheme for elliptic curve cryptosystems over prime fields", PKC
// 2008): a doubling with update gives 2 P and a copy of P on one Z (1M + 5S from affine
// P), then each (2i + 1) P = 2 P + (2i - 1) P is a co-Z addition with update (5M + 2S)
// that also moves 2 P onto the new Z, Z_i = Z_(i-1) h_i. One inversion of the last Z and
// the ratios h_i then give every 1 / Z_i. Against general Jacobian additions (11M + 5S
// each) and a batch inversion, the table of Q costs about half as many products.
// Where two x meet (an odd multiple is +-2 P, or 2 P = O: P of order at most 2m + 1,
// which a point of a large prime order never is) the general additions take over.
// Variable time: public points only.
#pragma once

#include <span>
#include <vector>

#include "jacobian.hpp"

namespace dstu::ecp::detail {

/// The co-Z sum with update: for p and q on one Z, r = p + q and p moved onto r's Z
/// (same point), where p's x differs from q's. Returns h = X_p - X_q, by which Z grew
/// (0: the formula does not apply, nothing changed). r may not alias p or q.
template <class K, class Fe = typename K::Fe>
Fe coz_add_update_vartime(const CurveOps<K>& c, Jac<Fe>& r, Jac<Fe>& p, const Jac<Fe>& q) {
  const K& f = c.f;
  Fe h, cc, w1, w2, d, dy, a1;
  f.sub(h, p.X, q.X);
  if (K::is_zero_vartime(h)) return h;
  f.sqr(cc, h);
  f.mul(w1, p.X, cc);
  f.mul(w2, q.X, cc);
  f.sub(dy, p.Y, q.Y);
  f.sqr(d, dy);
  f.sub(a1, w1, w2);
  f.mul(a1, p.Y, a1);          // A1 = Y_p (W1 - W2)
  f.sub(r.X, d, w1);
  f.sub(r.X, r.X, w2);         // X3 = D - W1 - W2
  f.sub(r.Y, w1, r.X);
  f.mul(r.Y, dy, r.Y);
  f.sub(r.Y, r.Y, a1);         // Y3 = (Y_p - Y_q)(W1 - X3) - A1
  f.mul(r.Z, p.Z, h);          // Z3 = Z h
  p = {w1, a1, r.Z};           // p = (W1 : A1 : Z3)
  return h;
}

/// out[i] = (2i + 1) p for a finite affine p by the co-Z chain; false (out unset) where
/// two x meet.
template <class K, class Fe = typename K::Fe>
bool odd_multiples_coz_vartime(const CurveOps<K>& c, std::span<MaybeAffine<Fe>> out, const Affine<Fe>& p) {
  const K& f = c.f;
  const std::size_t m = out.size();
  if (K::is_zero_vartime(p.y)) return false;  // 2 p = O
  // The doubling with update from Z = 1: B = x^2, E = y^2, L = E^2, S = 4 x E,
  // M = 3 B + a; 2 p = (M^2 - 2 S : M (S - X) - 8 L : 2 y) and p = (S : 8 L : 2 y).
  Fe b, e, l, s, mm, t;
  f.sqr(b, p.x);
  f.sqr(e, p.y);
  f.sqr(l, e);
  f.add(s, p.x, e);
  f.sqr(s, s);
  f.sub(s, s, b);
  f.sub(s, s, l);
  f.add(s, s, s);
  f.add(mm, b, b);
  f.add(mm, mm, b);
  f.add(mm, mm, c.a);
  Jac<Fe> twice;
  f.sqr(twice.X, mm);
  f.sub(twice.X, twice.X, s);
  f.sub(twice.X, twice.X, s);
  f.add(l, l, l);
  f.add(l, l, l);
  f.add(l, l, l);               // 8 L
  f.sub(t, s, twice.X);
  f.mul(twice.Y, mm, t);
  f.sub(twice.Y, twice.Y, l);
  f.add(twice.Z, p.y, p.y);
  std::vector<Jac<Fe>> odd(m);
  std::vector<Fe> h(m);         // h[i]: Z_i = Z_(i-1) h[i]
  odd[0] = {s, l, twice.Z};
  for (std::size_t i = 1; i < m; ++i) {
    h[i] = coz_add_update_vartime(c, odd[i], twice, odd[i - 1]);  // twice moves onto Z_i
    if (K::is_zero_vartime(h[i])) return false;
  }
  Fe inv, zi2, zi3;
  f.inv_vartime(inv, odd[m - 1].Z);  // 1 / Z_(m-1)
  for (std::size_t i = m; i-- > 0;) {
    f.sqr(zi2, inv);
    f.mul(zi3, zi2, inv);
    f.mul(out[i].p.x, odd[i].X, zi2);
    f.mul(out[i].p.y, odd[i].Y, zi3);
    out[i].infinity = false;
    if (i > 0) f.mul(inv, inv, h[i]);  // 1 / Z_(i-1)
  }
  return true;
}

/// out[i] = (2i + 1) p for any public p on the curve (O gives O everywhere): the co-Z
/// chain, or general Jacobian additions and one batch inversion where it does not apply.
template <class K, class Fe = typename K::Fe>
void odd_multiples_vartime(const CurveOps<K>& c, std::span<MaybeAffine<Fe>> out, const AffinePoint& p) {
  if (!p.infinity && odd_multiples_coz_vartime(c, out, c.from_public(p))) return;
  std::vector<Jac<Fe>> odd(out.size());
  odd[0] = jac_from_public(c, p);
  Jac<Fe> twice;
  jac_dbl_vartime(c, twice, odd[0]);
  for (std::size_t i = 1; i < odd.size(); ++i) jac_add_vartime(c, odd[i], odd[i - 1], twice);
  jac_to_affine_batch_vartime(c, out, std::span<const Jac<Fe>>(odd));
}

}  // namespace dstu::ecp::detail
