// Exhaustive tests of the same scalar-multiplication code on tiny curves over
// GF(2^7) ... GF(2^13): every scalar 0 .. 2n against every point of the order-n
// subgroup, for the ladder, the comb (each point made a base point), wNAF and the
// double-scalar method, and the batches of double-scalar requests (sharing one point:
// the two-base comb; with points in turn: paired regular digits and w-NAF), also for
// the point of order 2 and O, against affine double-and-add; and the signed comb at the
// windows where it fits these curves.
// The curves are found here:
// points counted by traces, the first B giving #E = h n with n prime.
#include <doctest/doctest.h>

#include "dstu/ec2m/batch.hpp"
#include "dstu/ec2m/point.hpp"
#include "dstu/ec2m/curve.hpp"
#include "dstu/ec2m/scalar_mul.hpp"
#include "dstu/gf2m/ops.hpp"
#include "dstu/mp/prime.hpp"
#include "dstu/parallel/team.hpp"
#include "precomputed.hpp"
#include "regular_internal.hpp"
#include "sanitized.hpp"

using dstu::ec2m::Curve;
using dstu::mp::Nat;
namespace ec2m = dstu::ec2m;
namespace gf2m = dstu::gf2m;
namespace detail = dstu::ec2m::detail;

namespace {

struct Tiny {
  std::unique_ptr<Curve> curve;
  std::vector<ec2m::AffinePoint> subgroup;  // every point of order n (plus none of O)
};

/// The first curve y^2 + xy = x^3 + A x^2 + B over the field with #E = h n, n prime,
/// and a base point of order n, with its whole subgroup listed.
Tiny find_curve(const std::vector<int>& exps, int a, unsigned h) {
  const gf2m::Field f(exps);
  const std::uint64_t q = std::uint64_t{1} << f.m();
  // rhs(x) = x + A + B / x^2: x != 0 is on the curve iff Tr(rhs) = 0 (two points).
  auto rhs = [&](const gf2m::Element& x, const gf2m::Element& b) {
    gf2m::Element inv, t;
    gf2m::inv_vartime(f, inv, x);
    gf2m::sqr(f, t, inv);
    gf2m::mul(f, t, t, b);
    gf2m::add(f, t, t, x);
    t.w[0] ^= static_cast<unsigned>(a);
    return t;
  };
  for (std::uint64_t bv = 1; bv < q; ++bv) {
    gf2m::Element b;
    b.w[0] = bv;
    std::uint64_t count = 2;  // O and (0, sqrt B)
    for (std::uint64_t xv = 1; xv < q; ++xv) {
      gf2m::Element x;
      x.w[0] = xv;
      if (gf2m::trace(f, rhs(x, b)) == 0) count += 2;
    }
    if (count % h != 0) continue;
    const std::uint64_t n = count / h;
    if (n < 5 || !dstu::mp::baillie_psw(Nat(n))) continue;
    if (Nat(n).bits() < static_cast<std::size_t>(f.m()) / 2 + 3) continue;
    for (std::uint64_t xv = 1; xv < q; ++xv) {
      gf2m::Element x, z, y;
      x.w[0] = xv;
      if (!gf2m::solve_quadratic(f, z, rhs(x, b))) continue;
      gf2m::mul(f, y, z, x);
      ec2m::CurveSpec spec;
      spec.exponents = exps;
      spec.a = a;
      spec.b = gf2m::to_hex(f, b);
      spec.n = Nat(n).to_hex();
      spec.cofactor = h;
      spec.gx = gf2m::to_hex(f, x);
      spec.gy = gf2m::to_hex(f, y);
      Tiny t;
      try {
        t.curve = std::make_unique<Curve>(spec);  // accepts (x, y) only if its order is n
      } catch (const std::exception&) {
        continue;
      }
      ec2m::AffinePoint acc = t.curve->generator();
      for (std::uint64_t i = 1; i < n; ++i) {
        t.subgroup.push_back(acc);
        acc = ec2m::add_vartime(*t.curve, acc, t.curve->generator());
      }
      REQUIRE(acc.infinity);
      return t;
    }
  }
  FAIL("no tiny curve found");
  return {};
}

/// A batch of 2n + 1 requests s G + r Q sharing Q (the two-base comb, with Q's own
/// table) against affine double-and-add: s runs over 0 .. 2n, r over 0 .. 2n in
/// another order, so every digit of both tables is met.
void batch_shared_point(const Curve& c, const ec2m::AffinePoint& q) {
  const std::uint64_t n = c.order().low_u64();
  std::vector<Nat> s, r;
  std::vector<ec2m::AffinePoint> kg{ec2m::AffinePoint::at_infinity()}, kq{ec2m::AffinePoint::at_infinity()};
  for (std::uint64_t k = 0; k <= 2 * n; ++k) {
    s.push_back(Nat(k));
    r.push_back(Nat((3 * k + 1) % (2 * n + 1)));
    kg.push_back(ec2m::add_vartime(c, kg.back(), c.generator()));  // kg[k] = k G
    kq.push_back(ec2m::add_vartime(c, kq.back(), q));
  }
  std::vector<ec2m::DoubleScalar> req;
  for (std::size_t i = 0; i < s.size(); ++i) req.push_back({ec2m::scalar_from_nat(s[i]), ec2m::scalar_from_nat(r[i]), &q});
  for (int threads : {1, 2}) {
    const std::vector<ec2m::AffinePoint> got = ec2m::mul_double_batch_vartime(c, req, threads);
    for (std::size_t i = 0; i < req.size(); ++i) {
      INFO("s=" << s[i].to_hex() << " r=" << r[i].to_hex() << " threads=" << threads);
      REQUIRE(ec2m::same_point(c, got[i], ec2m::add_vartime(c, kg[s[i].low_u64()], kq[r[i].low_u64()])));
    }
  }
}

/// A batch of 2n + 1 requests s G + r Q_i with Q_i taken in turn from `points` (O and
/// the point of order 2 among them), s and r over 0 .. 2n: the paired regular digits
/// and the w-NAF (batch.cpp), against affine double-and-add.
void batch_mixed_points(const Curve& c, std::vector<ec2m::AffinePoint> points) {
  const std::uint64_t n = c.order().low_u64();
  ec2m::AffinePoint order_two;
  order_two.y = c.sqrt_b();
  points.insert(points.begin() + 1, {ec2m::AffinePoint::at_infinity(), order_two});
  std::vector<Nat> s, r;
  for (std::uint64_t k = 0; k <= 2 * n; ++k) {
    s.push_back(Nat(k));
    r.push_back(Nat((5 * k + 2) % (2 * n + 1)));
  }
  std::vector<ec2m::DoubleScalar> req;
  for (std::size_t i = 0; i < s.size(); ++i) {
    req.push_back({ec2m::scalar_from_nat(s[i]), ec2m::scalar_from_nat(r[i]), &points[i % points.size()]});
  }
  std::vector<ec2m::AffinePoint> want;
  for (std::size_t i = 0; i < req.size(); ++i) {
    want.push_back(ec2m::add_vartime(c, ec2m::mul_reference_vartime(c, s[i], c.generator()),
                                   ec2m::mul_reference_vartime(c, r[i], *req[i].q)));
  }
  const std::vector<ec2m::AffinePoint> got = ec2m::mul_double_batch_vartime(c, req, 2);
  // The paired regular digits directly (the batch takes them on VPCLMULQDQ only).
  const gf2m::FieldKernels kern(c.field());
  const detail::FieldOps<gf2m::FieldKernels> f{kern};
  const detail::CurveFe<gf2m::FieldKernels> cf(f, c);
  const detail::OddTable<gf2m::FieldKernels> g = detail::g_table_vartime(f, c);
  for (std::size_t i = 0; i < req.size(); ++i) {
    INFO("s=" << s[i].to_hex() << " r=" << r[i].to_hex() << " point " << i % points.size());
    REQUIRE(ec2m::same_point(c, got[i], want[i]));
    REQUIRE(ec2m::same_point(c, ec2m::mul_double_vartime(c, req[i].s, req[i].r, *req[i].q), want[i]));
    if (i % 2 == 1) {
      detail::Acc<gf2m::FieldKernels> a, b;
      const auto plan = [&](std::size_t j) {
        return detail::RegularPlan<gf2m::FieldKernels>(f, cf, c, req[j].s, req[j].r, *req[j].q);
      };
      detail::regular_double_acc2_vartime(f, cf, g, plan(i - 1), plan(i), a, b);
      REQUIRE(ec2m::same_point(c, detail::acc_result_vartime(f, a), want[i - 1]));
      REQUIRE(ec2m::same_point(c, detail::acc_result_vartime(f, b), want[i]));
    }
  }
}

void exhaust(const Tiny& t, bool every_base) {
  const Curve& c = *t.curve;
  const std::uint64_t n = c.order().low_u64();
  INFO("m=" << c.m() << " n=" << n);
  for (std::size_t pi = 0; pi < t.subgroup.size(); ++pi) {
    const ec2m::AffinePoint& p = t.subgroup[pi];
    std::unique_ptr<Curve> with_base;
    if (every_base) {
      ec2m::CurveSpec s = c.spec();
      s.gx = gf2m::to_hex(c.field(), p.x);
      s.gy = gf2m::to_hex(c.field(), p.y);
      with_base = std::make_unique<Curve>(s);
    }
    ec2m::AffinePoint want = ec2m::AffinePoint::at_infinity();
    for (std::uint64_t k = 0; k <= 2 * n; ++k) {
      const ec2m::Scalar ks = ec2m::scalar_from_nat(Nat(k));
      REQUIRE(ec2m::same_point(c, ec2m::mul(c, ks, p), want));
      REQUIRE(ec2m::same_point(c, ec2m::mul_wnaf_vartime(c, ks, p), want));
      if (with_base) {
        REQUIRE(ec2m::same_point(c, ec2m::mul_base(*with_base, ks), want));
        if (k % 7 == 3) REQUIRE(ec2m::same_point(c, ec2m::mul_base_parallel(*with_base, ks, 2, 1 + k % 2), want));
      }
      if (k % 7 == 0 || k == n) {  // k = n: G's table holds n G = O where n < 2^7
        REQUIRE(ec2m::same_point(c, ec2m::mul_double_vartime(c, ks, ec2m::scalar_from_nat(Nat(k + 1)), p),
                               ec2m::add_vartime(c, ec2m::mul_reference_vartime(c, Nat(k), c.generator()),
                                               ec2m::mul_reference_vartime(c, Nat(k + 1), p))));
      }
      want = ec2m::add_vartime(c, want, p);
    }
    if (every_base || pi < 3) batch_shared_point(c, p);
  }
  ec2m::AffinePoint order_two;  // (0, sqrt B): its own negative
  order_two.y = c.sqrt_b();
  batch_shared_point(c, order_two);
  batch_mixed_points(c, t.subgroup);
}

/// n P for every point P of the curve, without O: every point whose order divides the
/// cofactor.
std::vector<ec2m::AffinePoint> cofactor_points(const Curve& c) {
  std::vector<ec2m::AffinePoint> all, out;
  const gf2m::Field& f = c.field();
  ec2m::AffinePoint order_two;
  order_two.y = c.sqrt_b();
  all.push_back(order_two);
  for (std::uint64_t xv = 1; xv < (std::uint64_t{1} << f.m()); ++xv) {
    gf2m::Element x, inv, rhs, z;  // y = z x with z^2 + z = x + A + B / x^2
    x.w[0] = xv;
    gf2m::inv_vartime(f, inv, x);
    gf2m::sqr(f, rhs, inv);
    gf2m::mul(f, rhs, rhs, c.b());
    gf2m::add(f, rhs, rhs, x);
    rhs.w[0] ^= c.a();
    if (!gf2m::solve_quadratic(f, z, rhs)) continue;
    ec2m::AffinePoint p;
    p.x = x;
    gf2m::mul(f, p.y, z, x);
    all.push_back(p);
    all.push_back(ec2m::negate(c, p));
  }
  for (const ec2m::AffinePoint& p : all) {
    REQUIRE(ec2m::on_curve(c, p));
    const ec2m::AffinePoint q = ec2m::mul_reference_vartime(c, c.order(), p);
    if (q.infinity) continue;
    bool seen = false;
    for (const ec2m::AffinePoint& o : out) seen |= ec2m::same_point(c, o, q);
    if (!seen) out.push_back(q);
  }
  return out;
}

}  // namespace

TEST_CASE("exhaustive: GF(2^11), A = 1, h = 6: points of order 2, 3 and 6 as Q (O in their odd-multiple tables)") {
  const Tiny t = find_curve({11, 2, 0}, 1, 6);
  const std::vector<ec2m::AffinePoint> small = cofactor_points(*t.curve);
  INFO("n=" << t.curve->order().low_u64());
  REQUIRE(small.size() == 5);  // the cyclic group of order 6 less O
  batch_mixed_points(*t.curve, small);
  for (const ec2m::AffinePoint& q : small) {
    for (std::uint64_t k = 0; k < 64; ++k) {
      REQUIRE(ec2m::same_point(*t.curve, ec2m::mul_wnaf_vartime(*t.curve, ec2m::scalar_from_nat(Nat(k)), q),
                             ec2m::mul_reference_vartime(*t.curve, Nat(k), q)));
    }
  }
}

TEST_CASE("exhaustive: GF(2^7), A = 1, h = 2") { exhaust(find_curve({7, 1, 0}, 1, 2), true); }
TEST_CASE("exhaustive: GF(2^9), A = 0, h = 4") { exhaust(find_curve({9, 4, 0}, 0, 4), true); }
TEST_CASE("exhaustive: GF(2^11), A = 1, h = 2") {
  Tiny t = find_curve({11, 2, 0}, 1, 2);
  // Every point of the subgroup as P; under the sanitizers the first 16 (sanitized.hpp).
  if (dstu::test::kSanitized && t.subgroup.size() > 16) t.subgroup.resize(16);
  exhaust(t, false);
}
TEST_CASE("exhaustive: GF(2^13), A = 1, h = 2, every scalar for a few points") {
  Tiny t = find_curve({13, 4, 3, 1, 0}, 1, 2);
  t.subgroup.resize(3);
  exhaust(t, true);
}

namespace {

/// The signed comb at every window where it fits (window 2 on these curves: the bound
/// (w - 1) d + 5 <= L(n) needs L(n) >= 10), every scalar 0 .. 2n, G and a few other
/// points of the subgroup as the base point, against affine double-and-add.
void exhaust_signed_comb(const Tiny& t, std::size_t bases) {
  const Curve& c = *t.curve;
  const std::uint64_t n = c.order().low_u64();
  INFO("m=" << c.m() << " n=" << n);
  REQUIRE(detail::signed_comb_fits(c.order_bits(), 2));
  for (std::size_t pi = 0; pi < bases && pi < t.subgroup.size(); ++pi) {
    ec2m::CurveSpec s = c.spec();
    s.gx = gf2m::to_hex(c.field(), t.subgroup[pi].x);
    s.gy = gf2m::to_hex(c.field(), t.subgroup[pi].y);
    const Curve with_base(s);
    for (int w = 2; detail::signed_comb_fits(c.order_bits(), w); ++w) {
      ec2m::AffinePoint want = ec2m::AffinePoint::at_infinity();
      for (std::uint64_t k = 0; k <= 2 * n; ++k) {
        INFO("base " << pi << " w=" << w << " k=" << k);
        const ec2m::Scalar ks = ec2m::scalar_from_nat(Nat(k));
        REQUIRE(ec2m::same_point(c, ec2m::mul_base_comb(with_base, ks, w, ec2m::CombDigits::signed_digits), want));
        want = ec2m::add_vartime(c, want, t.subgroup[pi]);
      }
    }
  }
}

}  // namespace

TEST_CASE("exhaustive: the signed comb on GF(2^11) and GF(2^13), A = 1, h = 2") {
  exhaust_signed_comb(find_curve({11, 2, 0}, 1, 2), 4);
  exhaust_signed_comb(find_curve({13, 4, 3, 1, 0}, 1, 2), 2);
}
