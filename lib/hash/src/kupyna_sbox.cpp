// DSTU 7564:2014 (Kupyna) S-boxes pi0..pi3.
//
// Numbers copied from the published reference implementation's constant table:
// github:Roman-Oliynykov/Kupyna-reference tables.c `sboxes[4][256]` (commit 43513f1),
// the same values as BouncyCastle DSTU7564Digest S0..S3. Only the numbers are taken,
// written here as 16 octets of hex per row. A compile-time check below rejects a row of
// the wrong length or a table that is not a permutation; every Kupyna KAT checks the
// values.
#include "kupyna_sbox.hpp"

namespace dstu::hash::detail {
namespace {

constexpr const char* kHex[4][16] = {
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

constexpr KupynaSBoxes parse() {
  KupynaSBoxes s{};
  for (int b = 0; b < 4; ++b) {
    for (int row = 0; row < 16; ++row) {
      const char* h = kHex[b][row];
      for (int i = 0; i < 16; ++i) {
        const int hi = hex_digit(h[2 * i]), lo = hex_digit(h[2 * i + 1]);
        if (hi < 0 || lo < 0) throw "bad hex digit";  // compile-time error
        s[b][16 * row + i] = static_cast<std::uint8_t>(hi << 4 | lo);
      }
      if (h[32] != '\0') throw "row longer than 16 octets";
    }
  }
  return s;
}

constexpr bool all_permutations(const KupynaSBoxes& s) {
  for (const auto& box : s) {
    bool seen[256] = {};
    for (std::uint8_t v : box) {
      if (seen[v]) return false;
      seen[v] = true;
    }
  }
  return true;
}

constexpr KupynaSBoxes kSBoxes = parse();
static_assert(all_permutations(kSBoxes), "Kupyna S-box table is not four permutations");
static_assert(kSBoxes[0][0] == 0xa8 && kSBoxes[0][7] == 0x59, "pi0 fingerprint a8 43 5f 06 6b 75 6c 59");

}  // namespace

const KupynaSBoxes& kupyna_sboxes() { return kSBoxes; }

}  // namespace dstu::hash::detail
