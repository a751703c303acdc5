// Internal: what a curve precomputes once — the scalar modulus, and the base-point
// tables of the comb (constant-time, window 8) and of the wNAF verification.
#pragma once

#include <variant>
#include <vector>

#include "dstu/base/aligned_words.hpp"
#include "dstu/ec/curve.hpp"
#include "dstu/mp/fixed_mod.hpp"

namespace dstu::ec::detail {

/// Barrett reduction modulo n at n's own width.
using ScalarModulus =
    std::variant<mp::FixedModulus<1>, mp::FixedModulus<2>, mp::FixedModulus<3>, mp::FixedModulus<4>,
                 mp::FixedModulus<5>, mp::FixedModulus<6>, mp::FixedModulus<7>, mp::FixedModulus<8>,
                 mp::FixedModulus<9>>;

ScalarModulus make_scalar_modulus(const mp::Nat& n);

/// Comb table for window w: entry u (u = 0 .. 2^w - 1) is sum of u_i 2^(i d) G, affine,
/// zeros for u = 0. Stored as word planes for the scan: plane p holds word p of every
/// entry (x words first, then y), `slots` words apart, 64-byte aligned, so the scan
/// reads 8 entries of one word per aligned load.
struct CombTable {
  int window = 0;
  std::size_t columns = 0;  ///< d = ceil(t / w), t = L(n)
  int words = 0;
  std::size_t planes = 0;  ///< 2 * words
  std::size_t slots = 0;   ///< 2^w rounded up to a multiple of 8
  AlignedWords xy;  ///< planes * slots words: xy[p * slots + u]
};

/// out[0 .. planes) = entry u of the table (x words, then y words) for u in 0 .. 2^w - 1,
/// by a constant-time scan of every entry (the AVX2 / AVX-512 variants when
/// cpu::active() allows them).
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
