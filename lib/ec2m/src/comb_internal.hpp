// Internal: the comb's column loop, shared by the sequential comb and its parallel
// split (parallel_mul.cpp).
#pragma once

#include <utility>

#include "dstu/base/wipe.hpp"
#include "dstu/curve/table_scan.hpp"
#include "dstu/ec2m/curve.hpp"
#include "ld.hpp"
#include "precomputed.hpp"

namespace dstu::ec2m::detail {

/// Measured r = A / D (López–Dahab mixed addition over doubling, `dstu bench ec`) for
/// balancing the parallel comb.
inline constexpr double kAddOverDouble = 1.6;

/// x, y = T[u] for 0 <= u < 2^w (zeros for u = 0), constant time.
template <class K>
void select_entry(const CombTable& t, std::size_t u, typename K::Fe& x, typename K::Fe& y) {
  gf2m::Word buf[2 * gf2m::kMaxWords];
  curve::select_planes(t.xy.data(), t.planes, t.slots, u, buf);
  x = {};
  y = {};
  for (int i = 0; i < t.words; ++i) {
    x[i] = buf[i];
    y[i] = buf[t.words + i];
  }
  secure_wipe(buf, sizeof buf);  // which entry was selected follows the secret digit
}

/// Column j of the reduced scalar e: the w-bit digit u_j (bit i = bit i d + j of e).
inline std::size_t column_digit(const CombTable& t, const Scalar& e, std::size_t j) {
  std::size_t u = 0;
  for (int i = 0; i < t.window; ++i) {
    const std::size_t pos = static_cast<std::size_t>(i) * t.columns + j;
    if (pos < kScalarLimbs * 64) u |= static_cast<std::size_t>(mp::bit(e, pos)) << i;
  }
  return u;
}

/// acc = acc + T[u] when u != 0 and acc != O; acc = T[u] when acc = O; unchanged when
/// u = 0 (masked selection; sum = acc + (x, y) computed by the caller).
template <class K>
void comb_take(const FieldOps<K>& f, LdPoint<K>& acc, ct::Mask& acc_inf, const LdPoint<K>& sum,
               const typename K::Fe& x, const typename K::Fe& y, std::size_t u) {
  const ct::Mask nonzero = ~ct::eq(u, 0);
  const ct::Mask take_sum = nonzero & ~acc_inf, take_entry = nonzero & acc_inf;
  f.cmov(acc.X, sum.X, take_sum);
  f.cmov(acc.Y, sum.Y, take_sum);
  f.cmov(acc.Z, sum.Z, take_sum);
  f.cmov(acc.X, x, take_entry);
  f.cmov(acc.Y, y, take_entry);
  f.cmov(acc.Z, FieldOps<K>::one(), take_entry);
  acc_inf &= ~nonzero;
}

/// q = sum over the columns j in [from, to) of 2^(j - from) T[u_j], where u_j is
/// column j of the reduced scalar e; returns an all-ones mask when q is O. Constant
/// time: every column doubles, reads the whole table and adds under masks.
template <class K>
ct::Mask comb_columns(const FieldOps<K>& f, const CurveFe<K>& cf, const CombTable& t, const Scalar& e,
                      std::size_t from, std::size_t to, LdPoint<K>& q) {
  using Fe = typename K::Fe;
  // The sum is kept in a local and stored once at the end: the split comb runs two of
  // these at once into neighbouring outputs, which would otherwise share cache lines
  // on every step (false sharing cost the split most of its gain).
  LdPoint<K> acc{FieldOps<K>::one(), FieldOps<K>::zero(), FieldOps<K>::zero()};
  ct::Mask q_inf = ~ct::Mask{0};
  LdPoint<K> sum;
  Fe x, y;
  for (std::size_t j = to; j-- > from;) {
    ld_double(f, cf, acc, acc);
    const std::size_t u = column_digit(t, e, j);
    select_entry<K>(t, u, x, y);
    ld_add_mixed(f, cf, sum, acc, x, y);
    comb_take(f, acc, q_inf, sum, x, y, u);
  }
  secure_wipe(&x, sizeof x);  // the last entry selected and the last sum
  secure_wipe(&y, sizeof y);
  secure_wipe(&sum, sizeof sum);
  q = acc;
  secure_wipe(&acc, sizeof acc);
  return q_inf;
}

/// comb_columns over all columns for two scalars at once (qa = ea G, qb = eb G), their
/// doublings and additions paired (ld_double2, ld_add_mixed2) so the two independent
/// chains share the multiplier. Constant time in both scalars; returns the O masks.
template <class K>
std::pair<ct::Mask, ct::Mask> comb_columns2(const FieldOps<K>& f, const CurveFe<K>& cf, const CombTable& t,
                                            const Scalar& ea, const Scalar& eb, LdPoint<K>& qa, LdPoint<K>& qb) {
  using Fe = typename K::Fe;
  LdPoint<K> a{FieldOps<K>::one(), FieldOps<K>::zero(), FieldOps<K>::zero()}, b = a;
  ct::Mask a_inf = ~ct::Mask{0}, b_inf = ~ct::Mask{0};
  LdPoint<K> sa, sb;
  Fe xa, ya, xb, yb;
  for (std::size_t j = t.columns; j-- > 0;) {
    ld_double2(f, cf, a, a, b, b);
    const std::size_t ua = column_digit(t, ea, j), ub = column_digit(t, eb, j);
    select_entry<K>(t, ua, xa, ya);
    select_entry<K>(t, ub, xb, yb);
    ld_add_mixed2(f, cf, sa, a, xa, ya, sb, b, xb, yb);
    comb_take(f, a, a_inf, sa, xa, ya, ua);
    comb_take(f, b, b_inf, sb, xb, yb, ub);
  }
  qa = a;
  qb = b;
  for (void* p : {static_cast<void*>(&a), static_cast<void*>(&b), static_cast<void*>(&sa), static_cast<void*>(&sb)}) {
    secure_wipe(p, sizeof(LdPoint<K>));
  }
  for (Fe* p : {&xa, &ya, &xb, &yb}) secure_wipe(p, sizeof(Fe));
  return {a_inf, b_inf};
}

/// The scalar of the signed comb (Hedabou, Pinel and Bénéteau, "Countermeasures for
/// preventing comb method against SCA attacks", ISPEC 2005): every digit +-1. For e < n,
/// e' = e when e is odd, n - e when it is even (odd: n is odd), 1 for e = 0; then
/// m = (e' - 1) / 2 + 2^(t - 1) for t = w d >= L(n), and e' = sum over p < t of
/// (2 m_p - 1) 2^p. Column j of m's rows is then the digit sum over i of
/// (2 m_(i d + j) - 1) 2^(i d), which is +entry[its low w - 1 bits] when its top bit is 1
/// and -entry[their complement] when it is 0. Constant time.
struct SignedScalar {
  Scalar m;
  ct::Mask negate = 0;  ///< e was even: the comb gives (n - e) G = -(e G)
  ct::Mask zero = 0;    ///< e = 0: the result is O (the comb runs on e' = 1)
};

inline SignedScalar signed_recode(const Scalar& n, const CombTable& t, const Scalar& e) {
  SignedScalar r;
  std::uint64_t any = 0;
  for (std::uint64_t w : e.v) any |= w;
  r.zero = ct::is_zero(any);
  r.negate = ct::eq(e.v[0] & 1, 0) & ~r.zero;
  Scalar odd;
  unsigned char borrow = 0;
  for (std::size_t i = 0; i < kScalarLimbs; ++i) {  // odd = negate ? n - e : e
    unsigned long long diff;
    borrow = static_cast<unsigned char>(__builtin_sub_overflow(n.v[i], e.v[i], &diff) |
                                        __builtin_sub_overflow(diff, borrow, &diff));
    odd.v[i] = ct::select(r.negate, diff, e.v[i]);
    secure_wipe(&diff, sizeof diff);
  }
  odd.v[0] |= r.zero & 1;  // e = 0: e' = 1
  for (std::size_t i = 0; i < kScalarLimbs; ++i) {
    r.m.v[i] = odd.v[i] >> 1 | (i + 1 < kScalarLimbs ? odd.v[i + 1] << 63 : 0);
  }
  const std::size_t top = static_cast<std::size_t>(t.window) * t.columns - 1;  // t - 1 < 64 kScalarLimbs
  r.m.v[top / 64] |= std::uint64_t{1} << (top % 64);
  secure_wipe(&odd, sizeof odd);
  return r;
}

/// x, y = the signed digit of column j of m: entry[index] or its negative (-(x, y) =
/// (x, x + y) on a binary curve), constant time.
template <class K>
void signed_entry(const FieldOps<K>& f, const CombTable& t, const Scalar& m, std::size_t j, typename K::Fe& x,
                  typename K::Fe& y) {
  const std::size_t u = column_digit(t, m, j), low_rows = (std::size_t{1} << (t.window - 1)) - 1;
  const ct::Mask negative = ~ct::mask_from_bit(u >> (t.window - 1));
  select_entry<K>(t, (u & low_rows) ^ (negative & low_rows), x, y);
  typename K::Fe minus_y;
  f.add(minus_y, x, y);
  f.cmov(y, minus_y, negative);
  secure_wipe(&minus_y, sizeof minus_y);
}

/// q = -q where the mask is set: (X : Y : Z) -> (X : Y + X Z : Z) in López–Dahab
/// coordinates (y = Y / Z^2 becomes x + y).
template <class K>
void ld_negate_if(const FieldOps<K>& f, LdPoint<K>& q, ct::Mask mask) {
  typename K::Fe minus_y;
  f.mul(minus_y, q.X, q.Z);
  f.add(minus_y, minus_y, q.Y);
  f.cmov(q.Y, minus_y, mask);
  secure_wipe(&minus_y, sizeof minus_y);
}

/// Whether a finite LD point p shares the affine (x, y)'s x (B = x Z + X = 0), and its
/// y too (A = y Z^2 + Y = 0 as well: p = (x, y)), as masks.
struct SameMasks {
  ct::Mask x, point;
};

/// r = p + (x, y) for p != O, -(x, y): the mixed addition, or the doubling of (x, y)
/// where p equals it (B and A, the addition's own first terms, both 0), selected under
/// a mask; returns the masks, from which complete_add (parallel_mul.cpp) also takes
/// p = -(x, y). r may alias p. Constant time.
template <class K>
SameMasks ld_add_mixed_or_double(const FieldOps<K>& f, const CurveFe<K>& cf, LdPoint<K>& r, const LdPoint<K>& p,
                                 const typename K::Fe& x, const typename K::Fe& y) {
  typename K::Fe a, b;
  f.mul(b, x, p.Z);
  f.add(b, b, p.X);
  f.sqr(a, p.Z);
  f.mul(a, a, y);
  f.add(a, a, p.Y);
  const SameMasks same{f.zero_mask(b), f.zero_mask(b) & f.zero_mask(a)};
  LdPoint<K> twice{x, y, FieldOps<K>::one()};
  ld_double(f, cf, twice, twice);
  ld_add_mixed(f, cf, r, p, x, y);
  f.cmov(r.X, twice.X, same.point);
  f.cmov(r.Y, twice.Y, same.point);
  f.cmov(r.Z, twice.Z, same.point);
  secure_wipe(&twice, sizeof twice);
  secure_wipe(&a, sizeof a);
  secure_wipe(&b, sizeof b);
  return same;
}

/// q = sum over the columns j in [from, to) (from < to) of 2^(j - from) D_j, D_j the
/// signed digit of column j of the recoded m: the top column's entry, then a doubling
/// and a mixed addition per column, the last (column from) by ld_add_mixed_or_double.
/// Exceptional additions are ruled out by signed_comb_all's argument for the whole range
/// and for a high range [cut, d), and by signed_split_fits for a low one. Constant time.
template <class K>
void signed_comb_columns(const FieldOps<K>& f, const CurveFe<K>& cf, const CombTable& t, const Scalar& m,
                         std::size_t from, std::size_t to, LdPoint<K>& q) {
  using Fe = typename K::Fe;
  Fe x, y;
  signed_entry(f, t, m, to - 1, x, y);
  LdPoint<K> acc{x, y, FieldOps<K>::one()};  // local, stored once: see comb_columns
  for (std::size_t j = to - 1; j-- > from;) {
    ld_double(f, cf, acc, acc);
    signed_entry(f, t, m, j, x, y);
    if (j == from) {  // public: the column index
      ld_add_mixed_or_double(f, cf, acc, acc, x, y);
    } else {
      ld_add_mixed(f, cf, acc, acc, x, y);
    }
  }
  q = acc;
  secure_wipe(&x, sizeof x);
  secure_wipe(&y, sizeof y);
  secure_wipe(&acc, sizeof acc);
}

/// q = e G for a reduced e < n by the signed comb over every column: the top column's
/// digit, then a doubling and a mixed addition per column. Every column adds a nonzero
/// digit D_j, and where signed_comb_fits only the last addition can be exceptional: each
/// partial sum V_j (the columns from j up, as a multiple of G) is odd (the digit's row 0
/// adds +-1) and below n in size (V_j = (e' - L_j) / 2^j with |L_j| < 2^(j + (w-1) d + 1),
/// at most n / 2 + 2^((w-1) d + 1) for j >= 1, e' < n for j = 0), so it is not O; and for
/// j >= 1, 2 V_(j+1) - D_j = V_j - 2 D_j is odd and below n in size too, so that sum never
/// doubles. For j = 0 it is e' - 2 D_0, which is n for e' = n - 2 |D_0| (an exhaustive
/// test on GF(2^11) meets it at e' = 925 = 991 - 66): the last column adds by
/// ld_add_mixed_or_double. Returns the O mask (e = 0). Constant time.
template <class K>
ct::Mask signed_comb_all(const FieldOps<K>& f, const CurveFe<K>& cf, const Curve& c, const CombTable& t,
                         const Scalar& e, LdPoint<K>& q) {
  SignedScalar s = signed_recode(c.scalar_field().order_scalar(), t, e);
  signed_comb_columns(f, cf, t, s.m, 0, t.columns, q);
  ld_negate_if(f, q, s.negate);
  const ct::Mask zero = s.zero;
  secure_wipe(&s, sizeof s);
  return zero;
}

/// signed_comb_all for two scalars at once, their doublings and additions paired as in
/// comb_columns2 (d >= 2, as signed_comb_fits ensures: the top column, then columns
/// d - 2 .. 1, then column 0).
template <class K>
std::pair<ct::Mask, ct::Mask> signed_comb_all2(const FieldOps<K>& f, const CurveFe<K>& cf, const Curve& c,
                                               const CombTable& t, const Scalar& ea, const Scalar& eb,
                                               LdPoint<K>& qa, LdPoint<K>& qb) {
  using Fe = typename K::Fe;
  const Scalar& n = c.scalar_field().order_scalar();
  SignedScalar sa = signed_recode(n, t, ea), sb = signed_recode(n, t, eb);
  Fe xa, ya, xb, yb;
  signed_entry(f, t, sa.m, t.columns - 1, xa, ya);
  signed_entry(f, t, sb.m, t.columns - 1, xb, yb);
  LdPoint<K> a{xa, ya, FieldOps<K>::one()}, b{xb, yb, FieldOps<K>::one()};
  for (std::size_t j = t.columns - 1; j-- > 1;) {
    ld_double2(f, cf, a, a, b, b);
    signed_entry(f, t, sa.m, j, xa, ya);
    signed_entry(f, t, sb.m, j, xb, yb);
    ld_add_mixed2(f, cf, a, a, xa, ya, b, b, xb, yb);
  }
  ld_double2(f, cf, a, a, b, b);  // column 0, as in signed_comb_all
  signed_entry(f, t, sa.m, 0, xa, ya);
  signed_entry(f, t, sb.m, 0, xb, yb);
  ld_add_mixed_or_double(f, cf, a, a, xa, ya);
  ld_add_mixed_or_double(f, cf, b, b, xb, yb);
  ld_negate_if(f, a, sa.negate);
  ld_negate_if(f, b, sb.negate);
  qa = a;
  qb = b;
  const std::pair<ct::Mask, ct::Mask> zero{sa.zero, sb.zero};
  for (void* p : {static_cast<void*>(&a), static_cast<void*>(&b)}) secure_wipe(p, sizeof(LdPoint<K>));
  for (Fe* p : {&xa, &ya, &xb, &yb}) secure_wipe(p, sizeof(Fe));
  for (SignedScalar* p : {&sa, &sb}) secure_wipe(p, sizeof(SignedScalar));
  return zero;
}

/// q = e G for a reduced e by whichever comb t is (signed_digits or not), over every
/// column; returns the O mask.
template <class K>
ct::Mask comb_all(const FieldOps<K>& f, const CurveFe<K>& cf, const Curve& c, const CombTable& t, const Scalar& e,
                  LdPoint<K>& q) {
  if (t.signed_digits) return signed_comb_all(f, cf, c, t, e, q);
  return comb_columns(f, cf, t, e, 0, t.columns, q);
}

/// comb_all for two scalars at once.
template <class K>
std::pair<ct::Mask, ct::Mask> comb_all2(const FieldOps<K>& f, const CurveFe<K>& cf, const Curve& c,
                                        const CombTable& t, const Scalar& ea, const Scalar& eb, LdPoint<K>& qa,
                                        LdPoint<K>& qb) {
  if (t.signed_digits) return signed_comb_all2(f, cf, c, t, ea, eb, qa, qb);
  return comb_columns2(f, cf, t, ea, eb, qa, qb);
}

}  // namespace dstu::ec2m::detail
