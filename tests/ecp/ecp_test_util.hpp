// Test helpers for ecp: the affine group law written out with integers (the slow twin
// of every scalar multiplication) and tiny prime-order curves to run it on exhaustively.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "dstu/ecp/curve.hpp"
#include "dstu/mp/nat.hpp"

namespace dstu::test {

using dstu::ecp::AffinePoint;
using dstu::ecp::Curve;
using dstu::mp::Nat;

/// Affine points as integers; nullopt is the point at infinity.
using Ref = std::optional<std::pair<Nat, Nat>>;

struct RefCurve {
  Nat p, a, b;
  Nat mod(const Nat& x) const { return x % p; }
  Nat sub(const Nat& x, const Nat& y) const { return mod(x + p - mod(y)); }
  Nat inv(const Nat& x) const {  // x^(p-2) by square and multiply
    Nat r(1), base = mod(x);
    const Nat e = p - Nat(2);
    for (std::size_t i = e.bits(); i-- > 0;) {
      r = mod(r * r);
      if (e.bit(i)) r = mod(r * base);
    }
    return r;
  }
  /// The textbook group law (chord and tangent).
  Ref add(const Ref& P, const Ref& Q) const {
    if (!P) return Q;
    if (!Q) return P;
    const auto& [x1, y1] = *P;
    const auto& [x2, y2] = *Q;
    Nat l;
    if (x1 == x2) {
      if (mod(y1 + y2).is_zero()) return std::nullopt;
      l = mod((Nat(3) * x1 * x1 + a) * inv(Nat(2) * y1));
    } else {
      l = mod(sub(y2, y1) * inv(sub(x2, x1)));
    }
    const Nat x3 = sub(sub(l * l, x1), x2);
    const Nat y3 = sub(l * sub(x1, x3), y1);
    return std::make_pair(x3, y3);
  }
  Ref mul(const Nat& k, const Ref& P) const {
    Ref r;
    for (std::size_t i = k.bits(); i-- > 0;) {
      r = add(r, r);
      if (k.bit(i)) r = add(r, P);
    }
    return r;
  }
};

inline RefCurve ref_of(const Curve& c) {
  const auto& f = c.field();
  return {f.prime(), f.to_nat(c.a()), f.to_nat(c.b())};
}

inline Ref ref(const Curve& c, const AffinePoint& p) {
  if (p.infinity) return std::nullopt;
  return std::make_pair(c.field().to_nat(p.x), c.field().to_nat(p.y));
}

inline AffinePoint point(const Curve& c, const Ref& r) {
  if (!r) return AffinePoint::at_infinity();
  return {c.field().from_nat(r->first), c.field().from_nat(r->second), false};
}

/// Tiny curves of prime order N = n (cofactor 1): p = 3 and 1 mod 4, a = 0 and a = -3
/// among them, n = 59 below the 127 G of verification's table (some of its odd
/// multiples of G are O), and n = 2053 just above 2^11, where the Jacobian windows of
/// mul_base come closest to n (comb.cpp's jacobian_windows).
struct Tiny {
  unsigned p, a, b, n, gx, gy;
};
constexpr Tiny kTiny[] = {{107, 15, 1, 113, 0, 1},   {101, 17, 21, 83, 0, 18},   {211, 0, 3, 199, 1, 2},
                          {233, 17, 122, 251, 3, 82}, {1009, 5, 38, 1021, 2, 159}, {47, 1, 4, 59, 0, 2},
                          {59, 56, 1, 71, 0, 1},       {1973, 2, 21, 2053, 1, 369}};

struct TinyCurve {
  std::unique_ptr<dstu::gfp::Field> field;
  std::unique_ptr<Curve> curve;
  std::vector<Ref> points;  ///< every point, infinity first
};

inline TinyCurve make_tiny(const Tiny& t) {
  TinyCurve tc;
  tc.field = std::make_unique<dstu::gfp::Field>(Nat(t.p), "p=" + std::to_string(t.p));
  tc.curve = std::make_unique<Curve>(*tc.field, Nat(t.a), Nat(t.b), Nat(t.gx), Nat(t.gy), Nat(t.n), 1,
                                     dstu::curve::CurveRecord{"tiny p=" + std::to_string(t.p), "", {}, {}});
  tc.points.push_back(std::nullopt);
  for (unsigned x = 0; x < t.p; ++x) {
    for (unsigned y = 0; y < t.p; ++y) {
      const std::uint64_t X = x, Y = y;
      if ((Y * Y) % t.p == (X * X * X + t.a * X + t.b) % t.p) tc.points.emplace_back(std::make_pair(Nat(x), Nat(y)));
    }
  }
  return tc;
}

}  // namespace dstu::test
