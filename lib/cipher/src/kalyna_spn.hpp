// Internal: the constant-time substitution-permutation layer of Kalyna (DSTU 7624:2014)
// and Kupyna (DSTU 7564:2014), shared by lib/cipher (Kalyna) and lib/hash (keyed Kupyna).
//
// Both ciphers work on states of 8-octet columns (octet i of a column is row i; a state
// is stored column after column, the column as a little-endian word) and both rounds are
// SubBytes (row i through pi_(i mod 4)), a row shift and MixColumns (the circulant MDS
// matrix over GF(2^8) mod 0x11d), with round keys or constants added by XOR or modulo
// 2^64 per column. They differ only in the state sizes, the row shifts and what is
// added between rounds.
//
// Every CPU path is constant time: no table is indexed by key or data and nothing
// branches on them.
//   avx512[_gfni]  AVX-512 with VBMI: an S-box is four 128-entry vpermi2b lookups from
//                  registers, MixColumns byte rotations and GF2P8AFFINEQB products (or
//                  shift-and-reduce doublings without GFNI); 4 x 64 octets per step.
//   avx2[_gfni]    AVX2: the octets of four registers are regrouped by S-box, each looked
//                  up by sixteen 16-entry vpshufb slices chosen with blends on the high
//                  nibble; 4 x 32 octets per step.
//   portable       64-bit words, bitsliced: 256 octets are eight bit planes of each S-box
//                  class, the S-boxes evaluated from their algebraic normal form, MixColumns
//                  as XORs of planes.
// Secret: keys, schedules, states. Buffers with state are wiped.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

namespace dstu::cipher::spn {

/// The state geometries: Kalyna's three blocks and Kupyna's two states.
enum class Geometry { kalyna128, kalyna256, kalyna512, kupyna512, kupyna1024 };

/// 8-octet columns of a state of geometry g.
constexpr int columns(Geometry g) {
  switch (g) {
    case Geometry::kalyna128: return 2;
    case Geometry::kalyna256: return 4;
    case Geometry::kalyna512:
    case Geometry::kupyna512: return 8;
    case Geometry::kupyna1024: return 16;
  }
  return 0;
}

/// Columns that row `row` moves right by in the row shift (DSTU 7624 ShiftRows: rows
/// 8c/8 .. in groups of 8 / columns; DSTU 7564 ShiftBytes: row i by i, row 7 of the
/// 16-column state by 11).
constexpr int row_shift(Geometry g, int row) {
  if (g == Geometry::kupyna1024) return row < 7 ? row : 11;
  return row * columns(g) / 8;
}

/// The CPU paths of the layer.
enum class Path { portable, avx2, avx2_gfni, avx512, avx512_gfni };

/// The path the active CPU features (dstu::cpu::active()) select now.
Path active_path();

/// "portable", "avx2", "avx2+gfni", "avx512vbmi", "avx512vbmi+gfni".
const char* path_name(Path p);

/// Largest Kalyna round count (18) + 1 round keys of up to 8 words.
inline constexpr int kMaxRoundKeys = 19;

/// A Kalyna key schedule: round key r is words rk[r * nb .. r * nb + nb), and also
/// `sliced[r]`, the same key repeated over a 256-octet batch in the portable path's
/// bitsliced form. Wiped when destroyed.
struct KalynaSchedule {
  Geometry geometry = Geometry::kalyna128;
  int nb = 0;  ///< block columns (2, 4, 8)
  int nk = 0;  ///< key columns (2, 4, 8)
  int nr = 0;  ///< rounds (10, 14, 18)
  alignas(64) std::uint64_t rk[kMaxRoundKeys * 8] = {};
  alignas(64) std::uint64_t sliced[kMaxRoundKeys][32] = {};

  KalynaSchedule() = default;
  KalynaSchedule(const KalynaSchedule&) = default;
  KalynaSchedule& operator=(const KalynaSchedule&) = default;
  ~KalynaSchedule();
  const std::uint64_t* round_key(int r) const { return rk + r * nb; }
};

/// Expands `key` (16, 32 or 64 octets; 2 * nb columns at most) for block geometry g
/// (kalyna128/256/512) by DSTU 7624:2014's key schedule. The caller checks the sizes.
void kalyna_expand_key(KalynaSchedule& ks, Geometry g, std::span<const std::uint8_t> key);

/// ECB over `blocks` whole blocks; out may equal in.
void kalyna_encrypt(const KalynaSchedule& ks, std::uint8_t* out, const std::uint8_t* in, std::size_t blocks);
void kalyna_decrypt(const KalynaSchedule& ks, std::uint8_t* out, const std::uint8_t* in, std::size_t blocks);

/// Kupyna's compression function (DSTU 7564:2014 §7) on chaining state h (8 or 16 words
/// for g = kupyna512 / kupyna1024): h <- T_xor(h ^ M) ^ T_plus(M) ^ h for n blocks.
void kupyna_compress(Geometry g, std::uint64_t* h, const std::uint8_t* blocks, std::size_t n);
/// The output transformation h <- T_xor(h) ^ h.
void kupyna_output(Geometry g, std::uint64_t* h);

namespace detail {

/// The kernels of one CPU path (kalyna_spn_<path>.cpp), as the entry points above.
struct Kernels {
  void (*encrypt)(const KalynaSchedule& ks, std::uint8_t* out, const std::uint8_t* in, std::size_t blocks);
  void (*decrypt)(const KalynaSchedule& ks, std::uint8_t* out, const std::uint8_t* in, std::size_t blocks);
  /// One round without key, SubBytes then row shift then MixColumns, on `n` states of
  /// geometry g in place (the key schedule's building block).
  void (*rounds)(Geometry g, std::uint8_t* states, std::size_t n);
  void (*kupyna_compress)(Geometry g, std::uint64_t* h, const std::uint8_t* blocks, std::size_t n);
  void (*kupyna_output)(Geometry g, std::uint64_t* h);
};

/// The kernels of path p.
const Kernels& kernels(Path p);

// Each path's table; `gfni` selects the GF2P8AFFINEQB MixColumns of a vector path.
const Kernels& kernels_portable();
const Kernels& kernels_avx2(bool gfni);
const Kernels& kernels_avx512(bool gfni);

/// The bitsliced round keys of the portable path (ks.sliced) from ks.rk.
void slice_round_keys(KalynaSchedule& ks);

}  // namespace detail
}  // namespace dstu::cipher::spn
