// The widths the constant-time multiplications read of their scalar, enforced: each
// reads a fixed number of bits (its windows, public), so a longer k would silently give
// another point. Callers reduce secret scalars mod n first; a longer one is a misuse.
#pragma once

#include <cstddef>
#include <string>

#include "dstu/base/ctgrind.hpp"
#include "dstu/base/error.hpp"
#include "dstu/ecp/curve.hpp"

namespace dstu::ecp::detail {

/// Throws Error(invalid_input) unless k < 2^bits. Constant time in k but for this one
/// decision (declassified: only a misuse makes it true).
inline void require_scalar_width(const Scalar& k, std::size_t bits, const char* what) {
  mp::Limb high = 0;
  for (std::size_t i = 0; i < Scalar::kLimbs; ++i) {
    const std::size_t low = 64 * i;
    if (low + 64 <= bits) continue;
    const mp::Limb keep = low >= bits ? 0 : (mp::Limb{1} << (bits - low)) - 1;
    high |= k.v[i] & ~keep;
  }
  bool longer = high != 0;
  ct::unpoison(&longer, sizeof longer);
  if (longer) {
    throw_invalid(std::string(what) + ": scalar of more than " + std::to_string(bits) +
                  " bits, longer than its windows read (reduce it mod n first)");
  }
}

}  // namespace dstu::ecp::detail
