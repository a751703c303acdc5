// Internal: the fixed-base comb of Lim and Lee ("More flexible exponentiation with
// precomputation", CRYPTO '94) for k G, with t = kCombTeeth teeth, v = kCombTables
// tables and d = ceil(L(n) / (t v)) columns: bit j v d + s d + c of k (tooth j, table s,
// column c) is worth 2^(j v d + s d) G times 2^c, so table s holds, for each t-bit
// digit i, the sum of 2^(j v d + s d) G over the bits j of i (v 2^t points, computed once
// per curve and process). Then k G takes d doublings and v d additions, one masked scan
// of a table each: about L(n) (1/(t v) + 1/t) group operations (for t = 5 and v = 4,
// L(n)/4) instead of the 5 L(n)/4 of 4-bit windows. v = 4 halves the doublings of v = 2
// for 62 more additions once per curve and process; past it the additions dominate.
//
// mul_base's own method has no doublings at all: k in signed digits of w = kBaseWindow
// bits (Booth's recoding: d_i in [-2^(w-1), 2^(w-1)], k = sum d_i 2^(w i)) and, for each
// window i, a table of j 2^(w i) G for j = 1 ... 2^(w-1), affine; then k G is one mixed
// complete addition per window of the entry |d_i|, its y negated where d_i < 0, each read
// by a masked scan of its table (the fixed-base windowing of Hankerson, Menezes and
// Vanstone, "Guide to Elliptic Curve Cryptography", Algorithm 3.41, with signed digits).
// For P-256 that is 43 additions of 11 products where the comb takes 13 doublings and 52
// additions, for a table of 43 x 32 points (88 KB) made once per curve and process.
//
// Also the affine odd multiples of G for verification's w-NAF. All live in the curve,
// made on first use, in the elements of the field's kernels (kernels of one field share
// their elements: std::array<Limb, N> in the field's Montgomery form) and in the curve's
// model (Curve::Model).
#pragma once

#include <cstddef>
#include <memory>
#include <mutex>
#include <vector>

#include "jacobian.hpp"
#include "projective.hpp"

namespace dstu::ecp::detail {

inline constexpr int kCombTeeth = 5;
inline constexpr int kCombTables = 4;
inline constexpr int kCombSize = 1 << kCombTeeth;  ///< entries per table

/// The bits of a signed digit of mul_base's windows, and the entries per window. Signing,
/// Intel Xeon (family 6 model 207), thread CPU time, alternating binaries, w = 6 / 7 / 8:
/// P-256 28.0 / 29.1 / 33.0 us, P-384 73 / 71-91 / 81, P-521 172 / 174 / 198,
/// brainpoolP512r1 144 / 146 / 166 (the comb before: 34, 96, 222, 183): 6, for the
/// smaller tables (P-521's 400 KB).
inline constexpr int kBaseWindow = 6;
inline constexpr int kBaseEntries = 1 << (kBaseWindow - 1);

/// The windows mul_base needs for scalars of `bits` bits (one more bit for the sign of
/// Booth's top digit).
constexpr std::size_t base_windows(std::size_t bits) { return (bits + 1 + kBaseWindow - 1) / kBaseWindow; }

/// The window of the w-NAF digits of verification's u1 (for G: affine points cached per
/// curve, so a wider window) and u2 (for Q: made per verification).
/// (G: 8 against 7, verification 1-2.5% faster on the Xeon, P-384 245 -> 239 us, for 64
/// points per curve instead of 32.)
inline constexpr int kNafWindowG = 8;
inline constexpr int kNafWindowQ = 5;

/// The tables of G in the elements Fe; public (multiples of G).
template <class Fe>
struct GTables {
  std::size_t columns = 0;          ///< d
  std::vector<Proj<Fe>> comb;       ///< kCombTables tables of kCombSize points, one after the other
  std::vector<MaybeAffine<Fe>> odd;  ///< G, 3 G, 5 G, ... (2^(kNafWindowG - 2) points)
  /// j 2^(w i) G at [i kBaseEntries + j - 1], j = 1 ... kBaseEntries, for each window i,
  /// and whether each is finite (all ones) or O (0: only on curves of tiny order).
  std::vector<Affine<Fe>> windows;
  std::vector<ct::Mask> windows_finite;
};

/// The curve's holder of its GTables (Curve::base_table()).
struct BaseTable {
  std::once_flag once;
  std::shared_ptr<const void> tables;  ///< a GTables<std::array<Limb, N>> for the field's N
};

/// The tables of mul_base's windows (public multiples of G: Jacobian formulas with their
/// exceptional cases, one batch inversion).
template <class K>
void make_base_windows(const CurveOps<K>& c, GTables<typename K::Fe>& t) {
  using Fe = typename K::Fe;
  const std::size_t windows = base_windows(c.curve->order_bits());
  std::vector<Jac<Fe>> pts(windows * kBaseEntries);
  Jac<Fe> base = jac_from_public(c, c.curve->generator());  // 2^(w i) G
  for (std::size_t i = 0; i < windows; ++i) {
    Jac<Fe>* row = pts.data() + i * kBaseEntries;
    row[0] = base;
    for (int j = 1; j < kBaseEntries; ++j) jac_add_vartime(c, row[j], row[j - 1], base);
    for (int s = 0; s < kBaseWindow; ++s) jac_dbl_vartime(c, base, base);
  }
  std::vector<MaybeAffine<Fe>> aff(pts.size());
  jac_to_affine_batch_vartime(c, std::span(aff), std::span<const Jac<Fe>>(pts));
  t.windows.resize(aff.size());
  t.windows_finite.resize(aff.size());
  for (std::size_t i = 0; i < aff.size(); ++i) {
    t.windows[i] = aff[i].infinity ? Affine<Fe>{} : aff[i].p;
    t.windows_finite[i] = aff[i].infinity ? 0 : ~ct::Mask{0};
  }
}

template <class K>
GTables<typename K::Fe> make_g_tables(const CurveOps<K>& c) {
  using Fe = typename K::Fe;
  GTables<Fe> t;
  const Curve& curve = *c.curve;
  const std::size_t d = (curve.order_bits() + kCombTeeth * kCombTables - 1) / (kCombTeeth * kCombTables);
  // teeth[j v + s] = 2^(j v d + s d) G: one chain of doublings, d at a time.
  Proj<Fe> teeth[kCombTeeth * kCombTables];
  teeth[0] = from_affine(c, curve.generator());
  for (int j = 1; j < kCombTeeth * kCombTables; ++j) {
    teeth[j] = teeth[j - 1];
    for (std::size_t s = 0; s < d; ++s) dbl(c, teeth[j], teeth[j]);
  }
  t.columns = d;
  t.comb.resize(std::size_t{kCombTables} * kCombSize);
  for (int s = 0; s < kCombTables; ++s) {
    Proj<Fe>* ts = t.comb.data() + std::size_t{kCombSize} * s;
    ts[0] = infinity(c);
    for (int i = 1; i < kCombSize; ++i) {
      const int low = __builtin_ctz(static_cast<unsigned>(i));
      add(c, ts[i], ts[i & (i - 1)], teeth[low * kCombTables + s]);
    }
  }
  // G, 3 G, 5 G, ... in Jacobian coordinates (public: the exceptional cases of a tiny
  // curve, where some are O, handled by branches), then affine with one inversion.
  std::vector<Jac<Fe>> odd(std::size_t{1} << (kNafWindowG - 2));
  odd[0] = jac_from_public(c, curve.generator());
  Jac<Fe> twice;
  jac_dbl_vartime(c, twice, odd[0]);
  for (std::size_t i = 1; i < odd.size(); ++i) jac_add_vartime(c, odd[i], odd[i - 1], twice);
  t.odd.resize(odd.size());
  jac_to_affine_batch_vartime(c, std::span(t.odd), std::span<const Jac<Fe>>(odd));
  make_base_windows(c, t);
  return t;
}

/// The curve's tables of G, made by the first caller (thread safe).
template <class K>
const GTables<typename K::Fe>& g_tables(const CurveOps<K>& c) {
  using Fe = typename K::Fe;
  static_assert(std::is_same_v<Fe, std::array<mp::Limb, K::limbs>>, "the tables are shared by a field's kernels");
  BaseTable& bt = c.curve->base_table();
  std::call_once(bt.once, [&] { bt.tables = std::make_shared<const GTables<Fe>>(make_g_tables(c)); });
  return *static_cast<const GTables<Fe>*>(bt.tables.get());
}

}  // namespace dstu::ecp::detail
