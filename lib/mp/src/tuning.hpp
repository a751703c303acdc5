// Internal: the size thresholds of the automatic choices. The values come from
// measurements on the development machine (see README "Performance" and
// `dstu bench mp --tune`, which re-measures them); they are the only place these
// decisions are made.
#pragma once

#include <cstddef>

namespace dstu::mp::tuning {

/// Operands of at least this many limbs are multiplied by Karatsuba.
inline constexpr std::size_t kKaratsubaMul = 24;
/// Operands of at least this many limbs are squared by Karatsuba.
inline constexpr std::size_t kKaratsubaSqr = 32;

}  // namespace dstu::mp::tuning
