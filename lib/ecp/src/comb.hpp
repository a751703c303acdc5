// Internal: the fixed-base comb of Lim and Lee ("More flexible exponentiation with
// precomputation", CRYPTO '94) for k G, with t = kCombTeeth teeth, v = kCombTables
// tables and d = ceil(L(n) / (t v)) columns: bit j v d + s d + c of k (tooth j, table s,
// column c) is worth 2^(j v d + s d) G times 2^c, so table s holds, for each t-bit
// digit i, the sum of 2^(j v d + s d) G over the bits j of i (v 2^t points, computed once
// per curve and process). Then k G takes d doublings and v d additions, one masked scan
// of a table each: about L(n) (1/(t v) + 1/t) group operations (for t = 5 and v = 4,
// L(n)/4) instead of the 5 L(n)/4 of 4-bit windows. v = 4 halves the doublings of v = 2
// for 62 more additions once per curve and process; past it the additions dominate.
#pragma once

#include <cstddef>
#include <mutex>
#include <vector>

#include "projective.hpp"

namespace dstu::ecp::detail {

inline constexpr int kCombTeeth = 5;
inline constexpr int kCombTables = 4;
inline constexpr int kCombSize = 1 << kCombTeeth;  ///< entries per table

/// The window of the w-NAF digits of verification's u1 (for G: affine points cached per
/// curve, so a wider window) and u2 (for Q: made per verification).
inline constexpr int kNafWindowG = 7;
inline constexpr int kNafWindowQ = 5;

struct BaseTable {
  std::once_flag once;
  std::size_t columns = 0;  ///< d
  std::vector<Proj> table;  ///< kCombTables tables of kCombSize points, one after the other; public (multiples of G)
  std::vector<AffinePoint> odd;  ///< G, 3 G, 5 G, ... (2^(kNafWindowG - 2) points), for verification
};

}  // namespace dstu::ecp::detail
