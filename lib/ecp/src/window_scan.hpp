// The masked scan of one window of mul_base's table (comb.hpp's WindowTable): entry d
// (1-based; none when d = 0) of `entries` entries of `stride` limbs each, every limb of
// every entry read whatever d is, so the time does not depend on d (the secret digit).
// An AVX2 scan where the active CPU path has AVX2 (cpu::active(), so `--cpu portable`
// takes the plain loop), four limbs per load; the plain loop is its twin.
#pragma once

#include <cstddef>
#include <cstdint>

#include "dstu/mp/nat.hpp"

namespace dstu::ecp::detail {

/// sel[0, stride) = entry d of row (zeros for d = 0 or d > entries). stride is 2 n + 2
/// for a field of n = 1 .. 9 limbs (x, y, the finite mask and a pad; below 3 limbs only
/// the tiny curves of the tests).
void scan_window(const mp::Limb* row, int entries, std::size_t stride, std::uint64_t d, mp::Limb* sel);

/// The plain loop alone (the twin the tests compare against on every path).
void scan_window_portable(const mp::Limb* row, int entries, std::size_t stride, std::uint64_t d, mp::Limb* sel);

}  // namespace dstu::ecp::detail
