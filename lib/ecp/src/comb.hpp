// Internal: the fixed-base comb of Lim and Lee ("More flexible exponentiation with
// precomputation", CRYPTO '94) for k G: with t = kCombTeeth teeth and d = ceil(L(n)/t)
// columns, table[i] = sum of 2^(j d) G over the bits j of i (2^t points, computed once
// per curve and process); then k G takes d doublings and d additions, one masked scan of
// the table each: about 2 L(n)/5 group operations instead of the 5 L(n)/4 of 4-bit
// windows.
#pragma once

#include <cstddef>
#include <mutex>
#include <vector>

#include "projective.hpp"

namespace dstu::ecp::detail {

inline constexpr int kCombTeeth = 5;
inline constexpr int kCombSize = 1 << kCombTeeth;

/// The window of the w-NAF digits of verification's u1 (for G) and u2 (for Q).
inline constexpr int kNafWindowG = 6;
inline constexpr int kNafWindowQ = 5;

struct BaseTable {
  std::once_flag once;
  std::size_t columns = 0;  ///< d
  std::vector<Proj> table;  ///< kCombSize points; public (multiples of G)
  std::vector<Proj> odd;    ///< G, 3 G, 5 G, ... (2^(kNafWindowG - 1) points), for verification
};

}  // namespace dstu::ecp::detail
