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
// addition per window of the entry |d_i|, its y negated where d_i < 0, each read by a
// masked scan of its table (the fixed-base windowing of Hankerson, Menezes and Vanstone,
// "Guide to Elliptic Curve Cryptography", Algorithm 3.41, with signed digits): Jacobian
// (8M + 3S) in the low windows, where no exceptional case can occur, complete (11M +
// 2 m_3b) in the top one or two (comb.cpp). For P-256 that is 43 additions where the
// comb takes 13 doublings and 52 additions, for a table of 43 x 32 points (88 KB) made
// once per curve and process.
//
// Also the affine odd multiples of G for verification's w-NAF. All live in the curve,
// each made on its first use (a verifier does not make the signer's tables), in the
// elements of the field's kernels (kernels of one field share their elements:
// std::array<Limb, N> in the field's Montgomery form) and in the curve's model
// (Curve::Model).
#pragma once

#include <algorithm>
#include <cstddef>
#include <memory>
#include <tuple>
#include <mutex>
#include <vector>

#include "jacobian.hpp"
#include "odd_multiples.hpp"
#include "projective.hpp"

namespace dstu::ecp::detail {

inline constexpr int kCombTeeth = 5;
inline constexpr int kCombTables = 4;
inline constexpr int kCombSize = 1 << kCombTeeth;  ///< entries per table

/// The bits of a signed digit of mul_base's windows, and the entries per window: 6 signed
/// as fast as 7 and faster than 8 on every curve with smaller tables (`dstu bench ecdsa`
/// re-measures it; the figures are in the CHANGELOG).
inline constexpr int kBaseWindow = 6;
inline constexpr int kBaseEntries = 1 << (kBaseWindow - 1);

/// The windows mul_base needs for scalars of `bits` bits (one more bit for the sign of
/// Booth's top digit).
constexpr std::size_t base_windows(std::size_t bits) { return (bits + 1 + kBaseWindow - 1) / kBaseWindow; }

/// The window of the w-NAF digits of verification's u1 (for G: affine points cached per
/// curve, so a wider window: 8 verifies faster than 7 for 64 points per curve instead of
/// 32) and u2 (for Q: made per verification).
inline constexpr int kNafWindowG = 8;
inline constexpr int kNafWindowQ = 5;

/// The comb's tables: kCombTables tables of kCombSize points, one after the other, and
/// the columns d (public: multiples of G).
template <class Fe>
struct CombTable {
  std::size_t columns = 0;
  std::vector<Proj<Fe>> points;
};

/// mul_base's tables: j 2^(w i) G as entry i kBaseEntries + j - 1, j = 1 ... kBaseEntries,
/// for each window i; an entry is kStride limbs, x, y, whether the point is finite (all
/// ones) or O (0: curves of tiny order) and a pad, so that the masked scan of a window is
/// one flat loop over limbs, which the compiler vectorises.
template <class Fe>
struct WindowTable {
  static constexpr std::size_t kN = std::tuple_size_v<Fe>;
  static constexpr std::size_t kStride = 2 * kN + 2;
  std::vector<mp::Limb> limbs;
};

/// One table of G, made by its first user (thread safe): for a field of N limbs, a table
/// of std::array<Limb, N> elements (the only Fe of the field's kernels).
struct LazyTable {
  std::once_flag once;
  std::shared_ptr<const void> data;
};

/// The curve's tables of G (Curve::base_table()): each made on first use, so that
/// verification does not pay for signing's and the reverse.
struct BaseTable {
  LazyTable comb, windows, odd;
};

template <class T, class K, class Make>
const T& lazy_table(const CurveOps<K>& c, LazyTable BaseTable::*which, Make&& make) {
  static_assert(std::is_same_v<typename K::Fe, std::array<mp::Limb, K::limbs>>, "tables shared by a field's kernels");
  LazyTable& t = c.curve->base_table().*which;
  std::call_once(t.once, [&] { t.data = std::make_shared<const T>(make()); });
  return *static_cast<const T*>(t.data.get());
}

/// The comb's tables of G.
template <class K>
const CombTable<typename K::Fe>& comb_table(const CurveOps<K>& c) {
  using Fe = typename K::Fe;
  return lazy_table<CombTable<Fe>>(c, &BaseTable::comb, [&] {
    CombTable<Fe> t;
    const std::size_t d = (c.curve->order_bits() + kCombTeeth * kCombTables - 1) / (kCombTeeth * kCombTables);
    // teeth[j v + s] = 2^(j v d + s d) G: one chain of doublings, d at a time.
    Proj<Fe> teeth[kCombTeeth * kCombTables];
    teeth[0] = from_affine(c, c.curve->generator());
    for (int j = 1; j < kCombTeeth * kCombTables; ++j) {
      teeth[j] = teeth[j - 1];
      for (std::size_t s = 0; s < d; ++s) dbl(c, teeth[j], teeth[j]);
    }
    t.columns = d;
    t.points.resize(std::size_t{kCombTables} * kCombSize);
    for (int s = 0; s < kCombTables; ++s) {
      Proj<Fe>* ts = t.points.data() + std::size_t{kCombSize} * s;
      ts[0] = infinity(c);
      for (int i = 1; i < kCombSize; ++i) {
        const int low = __builtin_ctz(static_cast<unsigned>(i));
        add(c, ts[i], ts[i & (i - 1)], teeth[low * kCombTables + s]);
      }
    }
    return t;
  });
}

/// mul_base's tables of G (public multiples of G: Jacobian formulas with their
/// exceptional cases): the windows' bases 2^(w i) G made affine by one batch inversion,
/// so that each row j B is a chain of mixed additions (8M + 3S, not 11M + 5S), then the
/// rows by another.
template <class K>
const WindowTable<typename K::Fe>& window_table(const CurveOps<K>& c) {
  using Fe = typename K::Fe;
  return lazy_table<WindowTable<Fe>>(c, &BaseTable::windows, [&] {
    const std::size_t windows = base_windows(c.curve->order_bits());
    std::vector<Jac<Fe>> bases(windows);
    bases[0] = jac_from_public(c, c.curve->generator());
    for (std::size_t i = 1; i < windows; ++i) {
      bases[i] = bases[i - 1];
      for (int s = 0; s < kBaseWindow; ++s) jac_dbl_vartime(c, bases[i], bases[i]);
    }
    std::vector<MaybeAffine<Fe>> affine_bases(windows);
    jac_to_affine_batch_vartime(c, std::span(affine_bases), std::span<const Jac<Fe>>(bases));
    std::vector<Jac<Fe>> pts(windows * kBaseEntries, jac_infinity(c));
    for (std::size_t i = 0; i < windows; ++i) {
      if (affine_bases[i].infinity) continue;  // a curve of tiny order: the row is O
      Jac<Fe>* row = pts.data() + i * kBaseEntries;
      row[0] = jac_from_affine(c, affine_bases[i].p);
      for (int j = 1; j < kBaseEntries; ++j) jac_add_mixed_vartime(c, row[j], row[j - 1], affine_bases[i].p);
    }
    std::vector<MaybeAffine<Fe>> aff(pts.size());
    jac_to_affine_batch_vartime(c, std::span(aff), std::span<const Jac<Fe>>(pts));
    using T = WindowTable<Fe>;
    T t;
    t.limbs.assign(aff.size() * T::kStride, 0);
    for (std::size_t i = 0; i < aff.size(); ++i) {
      if (aff[i].infinity) continue;  // O: all zero, finite 0
      mp::Limb* e = t.limbs.data() + i * T::kStride;
      std::copy(aff[i].p.x.begin(), aff[i].p.x.end(), e);
      std::copy(aff[i].p.y.begin(), aff[i].p.y.end(), e + T::kN);
      e[2 * T::kN] = ~ct::Mask{0};
    }
    return t;
  });
}

/// G, 3 G, 5 G, ... (2^(kNafWindowG - 2) points) for verification, affine
/// (odd_multiples.hpp).
template <class K>
const std::vector<MaybeAffine<typename K::Fe>>& odd_table(const CurveOps<K>& c) {
  using Fe = typename K::Fe;
  return lazy_table<std::vector<MaybeAffine<Fe>>>(c, &BaseTable::odd, [&] {
    std::vector<MaybeAffine<Fe>> t(std::size_t{1} << (kNafWindowG - 2));
    odd_multiples_vartime(c, std::span<MaybeAffine<Fe>>(t), c.curve->generator());
    return t;
  });
}

}  // namespace dstu::ecp::detail
