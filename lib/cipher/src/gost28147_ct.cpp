// GOST 28147-89: the S-box in the forms the constant-time kernels read: the algebraic
// normal form of its rows (the bitsliced round f_ct in gost28147_kernel.hpp) and the
// lookup tables of the vector kernels (gost28147_lanes.hpp). The S-box is public.
#include "gost28147_kernel.hpp"
#include "gost28147_lanes.hpp"

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

void build_ct_sbox(Gost28147CtSbox& out, const SBox& sbox) {
  out.anf = build_anf(sbox);
  for (int p = 0; p < 4; ++p) {
    for (int v = 0; v < 16; ++v) {
      const std::uint8_t lo = sbox.at(2 * p, v), hi = sbox.at(2 * p + 1, v);
      out.perm[0][16 * p + v] = lo;
      out.perm[1][16 * p + v] = static_cast<std::uint8_t>(hi << 4);
      out.shuf[p][0][v] = static_cast<std::uint8_t>(lo << 3);
      out.shuf[p][1][v] = static_cast<std::uint8_t>((hi & 1) << 7);
      out.shuf[p][2][v] = static_cast<std::uint8_t>(hi >> 1);
    }
  }
}

}  // namespace dstu::cipher::detail
