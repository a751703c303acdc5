// Internal: what a curve precomputes once — the scalar modulus, and the base-point
// tables of the comb (constant-time, window 8) and of the wNAF verification.
#pragma once

#include <variant>
#include <vector>

#include "dstu/ec/curve.hpp"
#include "dstu/mp/fixed_mod.hpp"

namespace dstu::ec::detail {

/// Barrett reduction modulo n at n's own width.
using ScalarModulus =
    std::variant<mp::FixedModulus<1>, mp::FixedModulus<2>, mp::FixedModulus<3>, mp::FixedModulus<4>,
                 mp::FixedModulus<5>, mp::FixedModulus<6>, mp::FixedModulus<7>, mp::FixedModulus<8>,
                 mp::FixedModulus<9>>;

ScalarModulus make_scalar_modulus(const mp::Nat& n);

/// Comb table for window w: entry u - 1 (u = 1 .. 2^w - 1) is sum of u_i 2^(i d) G,
/// affine, x and y of words() words each, stored contiguously for the scan.
struct CombTable {
  int window = 0;
  std::size_t columns = 0;  ///< d = ceil(t / w), t = L(n)
  int words = 0;
  std::size_t stride = 0;      ///< words per entry: x, y, zero padding to a multiple of 8
  std::vector<gf2m::Word> xy;  ///< (2^w - 1) entries of `stride` words
};

/// out[0 .. stride) = entry u of the table (u in 1 .. 2^w - 1), zeros for u = 0, by a
/// constant-time scan of every entry (the AVX2 / AVX-512 variants when cpu::active()
/// allows them).
void comb_select(const CombTable& t, std::size_t u, gf2m::Word* out);

struct Precomputed {
  ScalarModulus modulus;
  CombTable comb;
  std::vector<AffinePoint> g_odd;  ///< G, 3G, 5G, ..., for wNAF of width kGWindow
};

/// Width of the wNAF over the precomputed odd multiples of G.
inline constexpr int kGWindow = 8;

CombTable build_comb_table(const Curve& c, int window);

}  // namespace dstu::ec::detail
