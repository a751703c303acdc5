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

/// Moduli and exponents of at least this many bits are exponentiated by
/// powmod_parallel_vartime when the team is free.
inline constexpr std::size_t kPowmodParallelBits = 1024;
/// Cost of a Montgomery multiplication over a Montgomery squaring (balances the
/// exponent portions of the parallel exponentiation).
inline constexpr double kMulOverSqr = 1.3;

}  // namespace dstu::mp::tuning
