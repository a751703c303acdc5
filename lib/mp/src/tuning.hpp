// Internal: the size thresholds of the automatic choices, in one place. The defaults
// are the crossovers tests/perf/mp_tune measures (docs/performance.md); mp_tune also
// overrides them at run time to find them.
#pragma once

#include <cstddef>

#include "dstu/mp/tuning.hpp"

namespace dstu::mp::tuning {

/// Moduli and exponents of at least this many bits may be exponentiated by
/// powmod_parallel_vartime, where the process measures it faster (powmod_vartime).
inline constexpr std::size_t kPowmodParallelBits = 384;
/// Odd moduli of at least this many bits are exponentiated with the AVX-512 IFMA
/// kernels when the CPU has them.
inline constexpr std::size_t kIfmaMinBits = 513;  // above 8 limbs (unrolled kernels below)
/// Cost of a Montgomery multiplication over a Montgomery squaring (balances the
/// exponent portions of the parallel exponentiation).
inline constexpr double kMulOverSqr = 1.3;

}  // namespace dstu::mp::tuning
