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
// Also the affine odd multiples of G for verification's w-NAF. Both live in the curve,
// made on first use, in the elements of the field's kernels (kernels of one field share
// their elements: std::array<Limb, N> in the field's Montgomery form).
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

/// The window of the w-NAF digits of verification's u1 (for G: affine points cached per
/// curve, so a wider window) and u2 (for Q: made per verification).
inline constexpr int kNafWindowG = 7;
inline constexpr int kNafWindowQ = 5;

/// The tables of G in the elements Fe; public (multiples of G).
template <class Fe>
struct GTables {
  std::size_t columns = 0;          ///< d
  std::vector<Proj<Fe>> comb;       ///< kCombTables tables of kCombSize points, one after the other
  std::vector<MaybeAffine<Fe>> odd;  ///< G, 3 G, 5 G, ... (2^(kNafWindowG - 2) points)
};

/// The curve's holder of its GTables (Curve::base_table()).
struct BaseTable {
  std::once_flag once;
  std::shared_ptr<const void> tables;  ///< a GTables<std::array<Limb, N>> for the field's N
};

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
