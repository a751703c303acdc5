// GOST 28147-89: the four byte tables of the variable-time round function.
#include "gost28147_kernel.hpp"

namespace dstu::cipher::detail {

void build_tables(Gost28147Tables& out, const SBox& sbox) {
  for (int k = 0; k < 4; ++k) {
    for (int v = 0; v < 256; ++v) {
      const std::uint32_t s = static_cast<std::uint32_t>(sbox.at(2 * k, v & 15)) |
                              static_cast<std::uint32_t>(sbox.at(2 * k + 1, v >> 4)) << 4;
      const std::uint32_t w = s << (8 * k);
      out.t[k][v] = (w << 11) | (w >> 21);
    }
  }
}

}  // namespace dstu::cipher::detail
