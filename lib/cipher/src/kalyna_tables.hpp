// Internal: the constants Kalyna (DSTU 7624:2014) and Kupyna (DSTU 7564:2014) share: the
// four S-boxes pi0..pi3 and their inverses, and the circulant MDS matrix of MixColumns
// and its inverse over GF(2^8) modulo x^8 + x^4 + x^3 + x^2 + 1 (0x11d).
//
// The S-box numbers are copied from the published reference implementations' constant
// tables: github:Roman-Oliynykov/Kupyna-reference tables.c `sboxes[4][256]` (commit
// 43513f1), identical to github:Roman-Oliynykov/Kalyna-reference tables.c `sboxes_enc`
// and to BouncyCastle's DSTU7564Digest S0..S3 / DSTU7624Engine. Only the numbers are
// taken, as 16 octets of hex per row; compile-time checks reject a malformed row or a
// table that is not four permutations, and every Kalyna and Kupyna KAT checks the values.
// Everything here is public and evaluated at compile time.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace dstu::cipher::spn {

using SBoxes = std::array<std::array<std::uint8_t, 256>, 4>;

namespace tables_detail {

inline constexpr const char* kHex[4][16] = {
    {"a8435f066b756c5971df879517f0d809", "6df31dcbc94d2caf79e097fd6f4b4539",
     "3edda34fb4b69a0e1fbf15e149d293c6", "92729e61d163faeef419d5ad58a4bba1",
     "dcf2833742e47a329cccab4a8f6e0427", "2ee7e25a9616232bc265660fbca94741",
     "3448fcb76a88a55386f95bdb387bc31e", "2233242836c7b23b8e77baf5149f0855",
     "9b4cfe605cda1846cd7d21b03f1b89ff", "eb84693a9dd7d3706740b5de5d3091b1",
     "781101e5006898a0c502a6742d0ba276", "b3becebdaee98a311cecf19994aaf626",
     "2fefe88c3503d47ffb05c15e90203d82", "f7ea0a0d7ef8501ac40757b83c62e3c8",
     "ac526410d0d9130c122951b9cfd6738d", "8154c0ed4e44a72a8525e6ca7c8b5680"},
    {"cebbeb92eacb13c1e93ad6b2d29017f8", "421556b4651c8843c55c36baf557678d",
     "31f664589ef422aa750f02b1df6d734d", "7c262ef7085d443e9f14c8ae5410d8bc",
     "1a6b69f3bd33abfad19b684e169591ee", "4c638e5bcc3c19a181497bd96f3760ca",
     "e72b48fd9645fc41120d79e5898ce320", "30dcb76c4ab53f97d4622d06a4a5835f",
     "2adac9007ea255bf11d59ccf0e0a3d51", "7d931bfec44709860b8f9d6a07b9b098",
     "1832714bef3b70a0e440ffc3a9e678f9", "8b46801e38e1b8a8e00c23761d252405",
     "f16e94289a84e8a34f77d385e252f282", "507a2f7453b361af3935decd1f99acad",
     "722cddd087be5ea6ec04c60334fbdb59", "b6c201f05aeda766217f8a27c7c029d7"},
    {"93d99ab5982245fcba6adf029fdc5159", "4a172bc294f4bba362e471d4cd7016e1",
     "493cc0d85c9bad8553a17ac82de0d172", "a62cc4e37678b7b4093b0e414cdeb290",
     "25a5d7031100c32e92ef4e129d7dcb35", "10d54f9e4da955c6d07b1897d336e648",
     "56818f77cc9cb9e2acb82f15a47cda38", "1e0b05d6146e6c7e66fdb1e560af5e33",
     "87c9f05d6d3f888dc7f71de9eced8029", "27cf99a8500f3724283095d23e5b4083",
     "b369571f071c8abc20ebce8eabee31a2", "73f9ca3a1afb0dc1fefaf26fbd96dd43",
     "52b608f3aebe19893226b0ea4b648482", "6bf579bf015f75631b233d682a65e891",
     "f6ff1358f1470a7fc5a7e7615a064644", "4204a0db398654aa8c34218bf80c7467"},
    {"688dca4d734b4e2ad45226b3541e191f", "2203463d2d4a5383138ab7d52579f5bd",
     "582f0d02ed519e11f23e555ed1163c66", "705df34540cce8945608ce1a3ad2e1df",
     "b5386e0ee5f4f986e94fd68523cf3299", "3114aeeec848d330a19241b118c42c71",
     "724415fd37be5faa9b88d8ab899cfa60", "eabc620c24a6a8ec6720db7c28ddac5b",
     "347e10f17b8f63a0059a437721bf2709", "c39fb6d729c2ebc0a48b8c1dfbffc1b2",
     "972ef865f67507044933e4d9b9d042c7", "6c90008e6f5001c5da473fcd69a2e27a",
     "a7c6930f0a06e62b96a31caf6a128439", "e7b082f7fe9d875c8135deb4a5fc80ef",
     "cbbb6b76ba5a7d780b95e3ad74983b36", "646ddcf059a94c177f91b8c9571be061"},
};

constexpr int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

constexpr SBoxes parse() {
  SBoxes s{};
  for (int b = 0; b < 4; ++b) {
    for (int row = 0; row < 16; ++row) {
      const char* h = kHex[b][row];
      for (int i = 0; i < 16; ++i) {
        const int hi = hex_digit(h[2 * i]), lo = hex_digit(h[2 * i + 1]);
        if (hi < 0 || lo < 0) throw "bad hex digit";  // a compile-time error
        s[b][16 * row + i] = static_cast<std::uint8_t>(hi << 4 | lo);
      }
      if (h[32] != '\0') throw "row longer than 16 octets";
    }
  }
  return s;
}

constexpr bool all_permutations(const SBoxes& s) {
  for (const auto& box : s) {
    bool seen[256] = {};
    for (std::uint8_t v : box) {
      if (seen[v]) return false;
      seen[v] = true;
    }
  }
  return true;
}

constexpr SBoxes invert(const SBoxes& s) {
  SBoxes inv{};
  for (int b = 0; b < 4; ++b) {
    for (int x = 0; x < 256; ++x) inv[b][s[b][x]] = static_cast<std::uint8_t>(x);
  }
  return inv;
}

}  // namespace tables_detail

/// pi0..pi3: row i of a state goes through pi_(i mod 4).
inline constexpr SBoxes kSBoxes = tables_detail::parse();
static_assert(tables_detail::all_permutations(kSBoxes), "the S-box table is not four permutations");
static_assert(kSBoxes[0][0] == 0xa8 && kSBoxes[0][7] == 0x59, "pi0 fingerprint a8 43 5f 06 6b 75 6c 59");

/// The inverses, for Kalyna decryption.
inline constexpr SBoxes kInvSBoxes = tables_detail::invert(kSBoxes);

/// Multiplication in GF(2^8) modulo x^8 + x^4 + x^3 + x^2 + 1.
constexpr std::uint8_t gf_mul(std::uint8_t a, std::uint8_t b) {
  std::uint8_t r = 0;
  while (b) {
    if (b & 1) r ^= a;
    a = static_cast<std::uint8_t>((a << 1) ^ ((a & 0x80) ? 0x1d : 0));
    b >>= 1;
  }
  return r;
}

/// First row v of the circulant MixColumns matrix: output row r of a column is
/// sum over k of v[(k - r) mod 8] * (input row k).
inline constexpr std::uint8_t kMds[8] = {0x01, 0x01, 0x05, 0x01, 0x08, 0x06, 0x07, 0x04};
/// The same for the inverse matrix (Kalyna decryption).
inline constexpr std::uint8_t kInvMds[8] = {0xad, 0x95, 0x76, 0xa8, 0x2f, 0x49, 0xd7, 0xca};

namespace tables_detail {
constexpr bool inverse_circulants() {
  // (M * M^-1)[0][c] = sum_k v[k] * w[(c - k) mod 8] must be the identity's first row.
  for (int c = 0; c < 8; ++c) {
    std::uint8_t s = 0;
    for (int k = 0; k < 8; ++k) s ^= gf_mul(kMds[k], kInvMds[(c - k + 8) % 8]);
    if (s != (c == 0 ? 1 : 0)) return false;
  }
  return true;
}
}  // namespace tables_detail
static_assert(tables_detail::inverse_circulants(), "kInvMds is not the inverse of kMds");

/// The 8x8 bit matrix of multiplication by c in the polynomial basis: bit j of row i is
/// bit i of c * x^j. As a GF2P8AFFINEQB operand, row i sits in octet 7 - i.
constexpr std::uint64_t gf_mul_affine_matrix(std::uint8_t c) {
  std::uint64_t m = 0;
  for (int i = 0; i < 8; ++i) {
    std::uint64_t row = 0;
    for (int j = 0; j < 8; ++j) row |= static_cast<std::uint64_t>((gf_mul(c, static_cast<std::uint8_t>(1u << j)) >> i) & 1) << j;
    m |= row << (8 * (7 - i));
  }
  return m;
}

}  // namespace dstu::cipher::spn
