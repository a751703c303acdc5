// Internal: the constant-time GOST 28147-89 kernels over many blocks at once, one per
// CPU path, and the forms of the S-box and of the key schedule that they read.
//
// Paths (chosen at call time by gost28147_kernels(), from cpu::active()):
//   avx512vbmi  16 blocks per ZMM register pair (one 32-bit half per lane); the eight
//               nibble S-boxes as two 64-entry byte permutes (vpermb) indexed by nibble
//               and byte position; the rotation by 11 with vprold. Up to four blocks
//               (the serial modes) in XMM lanes with two-register permutes (vpermi2b),
//               whose dependency chain is shorter.
//   avx512bw    64 blocks byte-sliced (gost28147_sliced.hpp) on ZMM registers, for
//               AVX-512 without VBMI; up to 32 blocks take the AVX2 kernel.
//   avx2        32 blocks byte-sliced: one YMM register per byte position of each half;
//               the S-box rows as in-register lookups (vpshufb), the rotation by 11 as a
//               renaming of byte positions folded into the lookup tables, the addition
//               of the round key with the carries computed by byte comparisons.
//   portable    the bitsliced ANF round (f_ct) on GCC vectors of four words (SSE2 on
//               x86-64, scalar elsewhere), one word per block; a few blocks take the
//               scalar round.
// None indexes memory or branches on the key or the data: the lookups are register
// permutes, whose timing does not depend on their indices.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "dstu/cipher/gost28147.hpp"

namespace dstu::cipher::detail {

/// The S-box in the forms the constant-time kernels read. Public data (a domain
/// parameter), derived once per S-box.
struct Gost28147CtSbox {
  /// The portable and scalar round (f_ct): ANF masks, see build_anf().
  std::array<std::uint32_t, 16> anf{};
  /// avx512vbmi: perm[0][16 p + v] = K(2p+1)[v] and perm[1][16 p + v] = K(2p+2)[v] << 4,
  /// the substitution of the low and of the high nibble of byte p (0..3) of a word.
  alignas(64) std::uint8_t perm[2][64]{};
  /// Byte-sliced kernels: byte p of S(x) is s_p = K(2p+1)[lo] | K(2p+2)[hi] << 4 and
  /// ROL11 sends s_p << 3 to byte p+1 and s_p >> 5 to byte p+2 (mod 4). Hence
  /// shuf[p][0][v] = K(2p+1)[v] << 3 and shuf[p][1][v] = (K(2p+2)[v] & 1) << 7 (both
  /// into byte p+1), shuf[p][2][v] = K(2p+2)[v] >> 1 (into byte p+2).
  alignas(16) std::uint8_t shuf[4][3][16]{};
};

/// Builds every form of an S-box.
void build_ct_sbox(Gost28147CtSbox& out, const SBox& sbox);

/// A key schedule in the order the rounds use it, for one direction. Secret: wiped by
/// its owner.
struct Gost28147Schedule {
  /// Round keys, round 0 first (encryption: K0..K7 three times then K7..K0;
  /// decryption: K0..K7 then K7..K0 three times; the MAC runs the first 16 of
  /// encryption's).
  alignas(64) std::uint32_t rk[32];
  /// The byte-sliced kernels' constants of round r, each octet repeated four times so
  /// that a 32-bit broadcast from memory fills a register: [j] = k_j ^ 0x80 (octet j of
  /// rk[r], biased, j = 0..3) and [4 + j] = k_j ^ 0x7f (the signed threshold above which
  /// a biased octet plus k_j carries, j = 0..2); [7] is 0.
  alignas(32) std::uint32_t sliced[32][8];
};

/// The schedule of key words k[0..7] for encryption, or for decryption.
void build_schedule(Gost28147Schedule& out, const std::uint32_t k[8], bool decrypt);

/// One CPU path's kernels.
struct Gost28147Kernels {
  const char* name;
  /// n blocks from in to out (which may be the same buffer, not otherwise overlapping):
  /// `rounds` rounds (32, or 16 for the MAC) with the round keys of s. Each block is
  /// LE32(N1) || LE32(N2) in and LE32(N2) || LE32(N1) out (the last swap undone after
  /// 32 rounds, i.e. ECB; after 16 rounds the MAC state with its halves exchanged).
  void (*blocks)(const Gost28147CtSbox& sbox, const Gost28147Schedule& s, int rounds, std::uint8_t* out,
                 const std::uint8_t* in, std::size_t n);
  /// Four independent 32-round encryptions, block i (a little-endian word) under key
  /// words k[i][0..7]: GOST 34.311's step function.
  void (*encrypt4)(const Gost28147CtSbox& sbox, const std::uint32_t (*k)[8], const std::uint64_t* in,
                   std::uint64_t* out);
  /// True when encrypt4 is faster than the table rounds (gost28147_kernel.hpp), so that
  /// hashing public data takes it too.
  bool encrypt4_beats_tables;
};

extern const Gost28147Kernels kGost28147Portable;
/// The portable kernels' encrypt4 (four lanes of f_ct), which the AVX2 and AVX-512BW
/// paths share.
void encrypt4_portable(const Gost28147CtSbox& sbox, const std::uint32_t (*k)[8], const std::uint64_t* in,
                       std::uint64_t* out);
extern const Gost28147Kernels kGost28147Avx2;
extern const Gost28147Kernels kGost28147Avx512Bw;
extern const Gost28147Kernels kGost28147Avx512Vbmi;

/// The kernels of the fastest path cpu::active() allows.
const Gost28147Kernels& gost28147_kernels();

}  // namespace dstu::cipher::detail
