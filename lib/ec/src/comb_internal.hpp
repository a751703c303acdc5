// Internal: the comb's column loop, shared by the sequential comb and its parallel
// split (parallel_mul.cpp).
#pragma once

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

/// q = sum over the columns j in [from, to) of 2^(j - from) T[u_j], where u_j is
/// column j of the reduced scalar e; returns an all-ones mask when q is O. Constant
/// time: every column doubles, reads the whole table and adds under masks.
template <class K>
ct::Mask comb_columns(const FieldOps<K>& f, const CurveFe<K>& cf, const CombTable& t, const Scalar& e,
                      std::size_t from, std::size_t to, LdPoint<K>& q) {
  using Fe = typename K::Fe;
  const std::size_t d = t.columns;
  // The sum is kept in a local and stored once at the end: the split comb runs two of
  // these at once into neighbouring outputs, which would otherwise share cache lines
  // on every step (false sharing cost the split most of its gain).
  LdPoint<K> acc{FieldOps<K>::one(), FieldOps<K>::zero(), FieldOps<K>::zero()};
  ct::Mask q_inf = ~ct::Mask{0};
  LdPoint<K> sum;
  Fe x, y;
  for (std::size_t j = to; j-- > from;) {
    ld_double(f, cf, acc, acc);
    std::size_t u = 0;
    for (int i = 0; i < t.window; ++i) {
      const std::size_t pos = static_cast<std::size_t>(i) * d + j;
      if (pos < kScalarLimbs * 64) u |= static_cast<std::size_t>(mp::bit(e, pos)) << i;
    }
    select_entry<K>(t, u, x, y);
    ld_add_mixed(f, cf, sum, acc, x, y);
    const ct::Mask nonzero = ~ct::eq(u, 0);
    // acc = acc + T[u] when u != 0 and q != O; q = T[u] when q = O; unchanged when u = 0.
    const ct::Mask take_sum = nonzero & ~q_inf, take_entry = nonzero & q_inf;
    f.cmov(acc.X, sum.X, take_sum);
    f.cmov(acc.Y, sum.Y, take_sum);
    f.cmov(acc.Z, sum.Z, take_sum);
    f.cmov(acc.X, x, take_entry);
    f.cmov(acc.Y, y, take_entry);
    f.cmov(acc.Z, FieldOps<K>::one(), take_entry);
    q_inf &= ~nonzero;
  }
  secure_wipe(&x, sizeof x);  // the last entry selected and the last sum
  secure_wipe(&y, sizeof y);
  secure_wipe(&sum, sizeof sum);
  q = acc;
  secure_wipe(&acc, sizeof acc);
  return q_inf;
}

}  // namespace dstu::ec::detail
