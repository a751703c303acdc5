// Internal: one column of the Modified Comba product, shared by the sequential
// method and its 2x / Mx parallel twins so all three compute identical sums.
#pragma once

#include <algorithm>

#include "carry.hpp"

namespace dstu::mp::detail {

/// A column's deferred-carry accumulators: value = lo + hi * 2^64.
struct ColumnSum {
  DLimb lo = 0;  ///< sum of the low halves of the column's products (plus carry-in)
  DLimb hi = 0;  ///< sum of the high halves
};

/// The products a_i * b_j with i + j = k, low and high halves summed separately.
inline ColumnSum column(const Limb* a, std::size_t na, const Limb* b, std::size_t nb,
                        std::size_t k) {
  ColumnSum s;
  const std::size_t i0 = k >= nb ? k - nb + 1 : 0;
  const std::size_t i1 = std::min(k, na - 1);
  for (std::size_t i = i0; i <= i1; ++i) {
    DLimb p = mul_wide(a[i], b[k - i]);
    s.lo += lo(p);
    s.hi += hi(p);
  }
  return s;
}

/// Column k of a^2: the products a_i * a_j with i < j, i + j = k, doubled, plus the
/// square a_{k/2}^2 when k is even.
inline ColumnSum square_column(const Limb* a, std::size_t n, std::size_t k) {
  ColumnSum s;
  const std::size_t i0 = k >= n ? k - n + 1 : 0;
  for (std::size_t i = i0; 2 * i < k; ++i) {
    DLimb p = mul_wide(a[i], a[k - i]);
    s.lo += lo(p);
    s.hi += hi(p);
  }
  s.lo <<= 1;
  s.hi <<= 1;
  if (k % 2 == 0) {
    DLimb p = mul_wide(a[k / 2], a[k / 2]);
    s.lo += lo(p);
    s.hi += hi(p);
  }
  return s;
}

/// Adds the carry from earlier columns to column `col`, returns the column's final
/// limb and leaves in `carry` what moves on to the next column.
inline Limb settle(ColumnSum& carry, const ColumnSum& col) {
  DLimb v = carry.lo + col.lo;
  Limb out = lo(v);
  carry.lo = (v >> 64) + col.hi;
  return out;
}

}  // namespace dstu::mp::detail
