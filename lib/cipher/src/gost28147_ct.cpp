// GOST 28147-89: the algebraic normal form of the S-box rows for the constant-time,
// bitsliced round function (f_ct in gost28147_kernel.hpp).
#include "gost28147_kernel.hpp"

namespace dstu::cipher::detail {

std::array<std::uint32_t, 16> build_anf(const SBox& sbox) {
  std::array<std::uint32_t, 16> anf{};
  for (int j = 0; j < 8; ++j) {
    for (int b = 0; b < 4; ++b) {
      // Truth table of output bit b of row K(j+1), then the Moebius transform.
      std::uint8_t t[16];
      for (int v = 0; v < 16; ++v) t[v] = (sbox.at(j, v) >> b) & 1;
      for (int step = 1; step < 16; step <<= 1) {
        for (int v = 0; v < 16; ++v) {
          if (v & step) t[v] ^= t[v ^ step];
        }
      }
      for (int m = 0; m < 16; ++m) anf[m] |= static_cast<std::uint32_t>(t[m]) << (4 * j + b);
    }
  }
  return anf;
}

}  // namespace dstu::cipher::detail
