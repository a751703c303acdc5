// Internal: the four Kupyna S-boxes (see kupyna_sbox.cpp for their source).
#pragma once

#include <array>
#include <cstdint>

namespace dstu::hash::detail {

using KupynaSBoxes = std::array<std::array<std::uint8_t, 256>, 4>;

/// pi0..pi3 of DSTU 7564:2014; row i of the state uses pi_(i mod 4).
const KupynaSBoxes& kupyna_sboxes();

}  // namespace dstu::hash::detail
