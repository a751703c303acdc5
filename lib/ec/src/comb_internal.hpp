// Internal: the comb's column loop, shared by the sequential comb and its parallel
// split (parallel_mul.cpp).
#pragma once

#include <utility>

#include "dstu/base/wipe.hpp"
#include "dstu/ec/scalar.hpp"
#include "ld.hpp"
#include "precomputed.hpp"

namespace dstu::ec::detail {

/// Measured r = A / D (López–Dahab mixed addition over doubling, `dstu bench ec`) for
/// balancing the parallel comb.
inline constexpr double kAddOverDouble = 1.6;

/// x, y = T[u] for 0 <= u < 2^w (zeros for u = 0), constant time.
template <class K>
void select_entry(const CombTable& t, std::size_t u, typename K::Fe& x, typename K::Fe& y) {
  gf2m::Word buf[2 * gf2m::kMaxWords];
  comb_select(t, u, buf);
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

}  // namespace dstu::ec::detail
