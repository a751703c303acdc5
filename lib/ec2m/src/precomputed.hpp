// Internal: what a curve precomputes once — the base-point tables of the comb
// (constant-time, window 8) and of the wNAF verification.
#pragma once

#include <vector>

#include "dstu/base/aligned_words.hpp"
#include "dstu/ec2m/curve.hpp"

namespace dstu::ec2m::detail {

/// Comb table for window w: entry u (u = 0 .. 2^w - 1) is sum of u_i 2^(i d) G, affine,
/// zeros for u = 0. Stored as word planes for the constant-time scan
/// (dstu/curve/table_scan.hpp): plane p holds word p of every entry (x words first, then
/// y), `slots` words apart, 64-byte aligned, so the scan reads 8 entries of one word per
/// aligned load.
///
/// The signed form (signed_digits; Hedabou, Pinel and Bénéteau's all-nonzero comb
/// digits, as in libsecp256k1's signed-digit multiplication by G) holds half as many
/// entries: entry v (0 <= v < 2^(w-1)) is 2^((w-1) d) G + sum over i < w - 1 of
/// (2 v_i - 1) 2^(i d) G, every digit +-1; comb_internal.hpp recodes the scalar for it.
struct CombTable {
  int window = 0;  ///< w; 0: no table (a signed form that does not fit the curve)
  bool signed_digits = false;
  std::size_t columns = 0;  ///< d = ceil(t / w), t = L(n)
  int words = 0;
  std::size_t planes = 0;  ///< 2 * words
  std::size_t slots = 0;   ///< the entries (2^w, or 2^(w-1) signed) rounded up to a multiple of 8
  AlignedWords xy;  ///< planes * slots words: xy[p * slots + u]

  /// Entry u read back as a point (all zeros: O, which (0, 0), on no curve
  /// y^2 + x y = x^3 + A x^2 + B with B != 0, cannot be mistaken for). Public data.
  AffinePoint entry(std::size_t u) const;
  /// Entry u = p (O: left all zeros).
  void set_entry(std::size_t u, const AffinePoint& p);
};

/// The columns of a comb of window w for a curve whose order has L(n) = order_bits:
/// d = ceil(L(n) / w).
inline std::size_t comb_column_count(std::size_t order_bits, int window) {
  const std::size_t w = static_cast<std::size_t>(window);
  return (order_bits + w - 1) / w;
}

struct Precomputed {
  CombTable comb;         ///< unsigned: the two-base comb of verification, split cuts the signed one does not fit
  CombTable signed_comb;  ///< signed, where signed_comb_fits: k G's constant-time comb
  std::vector<AffinePoint> g_odd;  ///< G, 3G, 5G, ..., for wNAF of width kGWindow
};

/// Width of the wNAF over the precomputed odd multiples of G.
inline constexpr int kGWindow = 8;

CombTable build_comb_table(const Curve& c, int window);

/// Whether the signed comb of window w runs without an exceptional addition on a curve
/// whose order has L(n) = order_bits: (w - 1) d + 5 <= L(n) with d = ceil(L(n) / w),
/// so that every partial sum is an odd multiple of G below n in size and no addition
/// meets its negative or O, nor its own operand but in the last column, which
/// comb_internal.hpp handles by a masked doubling. True for every named
/// curve at w = 8; false on the tiny test curves, which keep the unsigned comb.
bool signed_comb_fits(std::size_t order_bits, int window);

/// Whether the split comb's low part, columns [0, cut), may run on signed digits too
/// (the high part's partial sums are the whole comb's): its partial sums W_j and
/// W_j - 2 D_j stay below n in size, |W_j| + 2 |D_j| <= (2^cut + 1) sum_i 2^(i d) < n,
/// where (w - 1) d + cut + 2 <= L(n); and 0 < cut < d, so that neither part is empty.
bool signed_split_fits(std::size_t order_bits, int window, std::size_t cut);

/// The signed table of the same window from the unsigned one: entry v is
/// T[2^(w-1) + v] - T[2^(w-1) - 1 - v]. Requires signed_comb_fits.
CombTable build_signed_comb_table(const Curve& c, const CombTable& unsigned_table);

/// The table k G's constant-time comb reads: the signed one where it fits.
inline const CombTable& base_comb_table(const Precomputed& p) {
  return p.signed_comb.window != 0 ? p.signed_comb : p.comb;
}

}  // namespace dstu::ec2m::detail
