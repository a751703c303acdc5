// Internal: s G + r Q by two fixed-base combs (Lim and Lee 1994; HMV Algorithm 3.44)
// sharing their doublings, for many requests that share one public point Q — a batch
// verifying many signatures of one key (batch.cpp). Q's table (2^w - 1 affine points)
// costs about as much as two interleaved w-NAF multiplications; then each request
// takes d = ceil(L(n) / w) doublings and up to 2d mixed additions, against about
// L(n) doublings and L(n) / 9 + L(n) / 6 additions for the w-NAF (wnaf_internal.hpp).
// G's table is the curve's own constant-time comb table (precomputed.hpp), read here
// entry by entry. Variable time throughout: public scalars and points only.
#pragma once

#include <cstdint>
#include <vector>

#include "dstu/mp/nat.hpp"
#include "precomputed.hpp"
#include "wnaf_internal.hpp"

namespace dstu::ec2m::detail {

/// Entries 0 .. 2^w - 1 of a comb table in the kernel's element type: entry u is
/// sum of u_i 2^(i d) B, affine; inf[u] when it is O (u = 0, and on tiny curves some
/// sums whose value is a multiple of the order).
template <class K>
struct BaseComb {
  int window = 0;
  std::size_t columns = 0;
  std::vector<typename K::Fe> x, y;
  std::vector<std::uint8_t> inf;
};

/// G's comb table from the curve's word planes (CombTable::entry: all zeros is O).
template <class K>
BaseComb<K> g_base_comb_vartime(const Curve& curve) {
  const CombTable& t = curve.precomputed().comb;
  BaseComb<K> g;
  g.window = t.window;
  g.columns = t.columns;
  const std::size_t entries = std::size_t{1} << t.window;
  g.x.assign(entries, typename K::Fe{});
  g.y.assign(entries, typename K::Fe{});
  g.inf.assign(entries, 1);
  for (std::size_t u = 1; u < entries; ++u) {
    const AffinePoint p = t.entry(u);
    for (int w = 0; w < t.words; ++w) {
      g.x[u][w] = p.x.w[w];
      g.y[u][w] = p.y.w[w];
    }
    g.inf[u] = p.infinity;
  }
  return g;
}

/// The rows 2^(i d) Q (i < window, d = columns) of Q's comb table for `window` and
/// `columns` (those of G's, so the two combs share their doublings), by López–Dahab
/// doublings, made affine with one inversion. The serial part of building the table.
template <class K>
std::vector<Acc<K>> comb_rows_vartime(const FieldOps<K>& f, const CurveFe<K>& c, const AffinePoint& q, int window,
                                      std::size_t columns) {
  std::vector<Acc<K>> rows(static_cast<std::size_t>(window));
  if (!q.infinity) rows[0] = {{f.from(q.x), f.from(q.y), FieldOps<K>::one()}, false};
  for (std::size_t i = 1; i < rows.size(); ++i) {
    rows[i] = rows[i - 1];
    for (std::size_t j = 0; j < columns; ++j) acc_double_vartime(f, c, rows[i]);
  }
  to_affine_accs_vartime(f, std::span<Acc<K>>(rows));
  return rows;
}

/// An empty table (every entry O) for `window` and `columns`, for comb_part_vartime()
/// to fill.
template <class K>
BaseComb<K> empty_base_comb(int window, std::size_t columns) {
  const std::size_t entries = std::size_t{1} << window;
  BaseComb<K> t;
  t.window = window;
  t.columns = columns;
  t.x.resize(entries);
  t.y.resize(entries);
  t.inf.assign(entries, 1);
  return t;
}

/// Part `part` of `parts` (a power of two, at most 2^window) of Q's comb table from its
/// affine rows: the entries whose top log2(parts) digit bits are `part`, each the sum of
/// a smaller entry of the part and one row, starting from the sum of the part's top
/// rows, made affine with one inversion. The parts are independent, so a table that
/// must be ready before a batch can start is built on the team; one part of one is the
/// whole table (every entry the sum of a smaller entry and one row, 2^w - 1 - w of them
/// additions). Exact for every Q (O, small orders).
template <class K>
void comb_part_vartime(const FieldOps<K>& f, const CurveFe<K>& c, std::span<const Acc<K>> rows, std::size_t part,
                       std::size_t parts, BaseComb<K>& t) {
  const std::size_t entries = std::size_t{1} << t.window;
  const std::size_t size = entries / parts, low_rows = static_cast<std::size_t>(__builtin_ctzll(size));
  std::vector<Acc<K>> sums(size);
  for (std::size_t b = 0; (part >> b) != 0; ++b) {
    const Acc<K>& row = rows[low_rows + b];
    if ((part >> b & 1) != 0 && !row.inf) acc_add_vartime(f, c, sums[0], row.p.X, row.p.Y);
  }
  for (std::size_t u = 1; u < size; ++u) {
    const int top = 63 - __builtin_clzll(u);
    sums[u] = sums[u ^ (std::size_t{1} << top)];
    const Acc<K>& row = rows[static_cast<std::size_t>(top)];
    if (!row.inf) acc_add_vartime(f, c, sums[u], row.p.X, row.p.Y);
  }
  to_affine_accs_vartime(f, std::span<Acc<K>>(sums));
  for (std::size_t u = 0; u < size; ++u) {
    t.x[part * size + u] = sums[u].p.X;
    t.y[part * size + u] = sums[u].p.Y;
    t.inf[part * size + u] = sums[u].inf;
  }
}

/// Q's whole comb table for `window` and `columns` on the calling thread.
template <class K>
BaseComb<K> build_base_comb_vartime(const FieldOps<K>& f, const CurveFe<K>& c, const AffinePoint& q, int window,
                                    std::size_t columns) {
  const std::vector<Acc<K>> rows = comb_rows_vartime(f, c, q, window, columns);
  BaseComb<K> t = empty_base_comb<K>(window, columns);
  comb_part_vartime(f, c, std::span<const Acc<K>>(rows), 0, 1, t);
  return t;
}

/// The d column digits of k (digit j: bit i of it is bit i d + j of k), k < 2^(w d).
std::vector<std::uint8_t> comb_digits_vartime(const Scalar& k, int window, std::size_t columns);

/// One request's digits over both tables.
struct CombPlan {
  std::vector<std::uint8_t> ds, dr;
};

template <class K>
void comb_add_vartime(const FieldOps<K>& f, const CurveFe<K>& c, Acc<K>& q, const BaseComb<K>& t, std::uint8_t u) {
  if (u != 0 && !t.inf[u]) acc_add_vartime(f, c, q, t.x[u], t.y[u]);
}

/// s G + r Q as an accumulator: per column from the top, one doubling and the two
/// table entries of the column's digits.
template <class K>
Acc<K> comb_double_acc_vartime(const FieldOps<K>& f, const CurveFe<K>& c, const BaseComb<K>& g, const BaseComb<K>& q,
                       const CombPlan& plan) {
  Acc<K> acc;
  for (std::size_t j = g.columns; j-- > 0;) {
    acc_double_vartime(f, c, acc);
    comb_add_vartime(f, c, acc, g, plan.ds[j]);
    comb_add_vartime(f, c, acc, q, plan.dr[j]);
  }
  return acc;
}

/// Two requests at once: their doublings and additions fall in the same columns, so
/// both run paired (ld_double2, acc_add2_vartime) wherever neither side meets O or a zero digit.
template <class K>
void comb_double_acc2_vartime(const FieldOps<K>& f, const CurveFe<K>& c, const BaseComb<K>& g, const BaseComb<K>& q,
                      const CombPlan& pa, const CombPlan& pb, Acc<K>& a, Acc<K>& b) {
  a = {};
  b = {};
  const auto add2 = [&](const BaseComb<K>& t, std::uint8_t ua, std::uint8_t ub) {
    if (ua != 0 && ub != 0 && !t.inf[ua] && !t.inf[ub]) {
      acc_add2_vartime(f, c, a, t.x[ua], t.y[ua], b, t.x[ub], t.y[ub]);
    } else {
      comb_add_vartime(f, c, a, t, ua);
      comb_add_vartime(f, c, b, t, ub);
    }
  };
  for (std::size_t j = g.columns; j-- > 0;) {
    acc_double2_vartime(f, c, a, b);
    add2(g, pa.ds[j], pb.ds[j]);
    add2(q, pa.dr[j], pb.dr[j]);
  }
}

}  // namespace dstu::ec2m::detail
