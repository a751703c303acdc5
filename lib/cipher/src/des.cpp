// DES and TDES (des.hpp): FIPS 46-3 and NIST SP 800-67 Rev. 2, constant time.
//
// Bits are numbered as in FIPS 46-3: bit 1 is the most significant bit of the first
// octet. The bit permutations (IP, IP^-1, P, PC-1, PC-2) are applied as a few groups of
// "shift, then mask" computed from the standard's tables at compile time. The round
// function needs no expansion table: input bit b (0 = most significant) of S-box s is
// bit 4s + b of R (mod 32, FIPS 46-3's E), so one rotation of R puts that bit of every
// S-box at the bottom of the S-box's output nibble, and multiplying by 0xf fills the
// nibble: six such masks (with the round key's) drive a tree of multiplexers whose
// leaves are the S-box tables as constants: 32 leaves of 64 bits, one lane per S-box
// output bit for each value of the first input bit. The tree selects by the other five
// bits, the last step by the first; no table is ever indexed by data or key.
#include "dstu/cipher/des.hpp"

#include <array>
#include <cstring>
#include <string>

#include "dstu/base/error.hpp"
#include "dstu/base/wipe.hpp"

namespace dstu::cipher {
namespace des_impl {

struct Schedule {
  int stages = 1;  ///< 1 (DES) or 3 (TDES: E_K1, D_K2, E_K3)
  /// Per stage and round, key bit b of each S-box's six, filling that S-box's nibble.
  std::uint32_t k[3][16][6]{};
};

}  // namespace des_impl
namespace {

using u32 = std::uint32_t;
using u64 = std::uint64_t;

// FIPS 46-3's tables.
constexpr std::uint8_t kIp[64] = {58, 50, 42, 34, 26, 18, 10, 2, 60, 52, 44, 36, 28, 20, 12, 4,
                                  62, 54, 46, 38, 30, 22, 14, 6, 64, 56, 48, 40, 32, 24, 16, 8,
                                  57, 49, 41, 33, 25, 17, 9,  1, 59, 51, 43, 35, 27, 19, 11, 3,
                                  61, 53, 45, 37, 29, 21, 13, 5, 63, 55, 47, 39, 31, 23, 15, 7};
constexpr std::uint8_t kP[32] = {16, 7, 20, 21, 29, 12, 28, 17, 1,  15, 23, 26, 5,  18, 31, 10,
                                 2,  8, 24, 14, 32, 27, 3,  9,  19, 13, 30, 6,  22, 11, 4,  25};
constexpr std::uint8_t kPc1[56] = {57, 49, 41, 33, 25, 17, 9,  1,  58, 50, 42, 34, 26, 18,
                                   10, 2,  59, 51, 43, 35, 27, 19, 11, 3,  60, 52, 44, 36,
                                   63, 55, 47, 39, 31, 23, 15, 7,  62, 54, 46, 38, 30, 22,
                                   14, 6,  61, 53, 45, 37, 29, 21, 13, 5,  28, 20, 12, 4};
constexpr std::uint8_t kPc2[48] = {14, 17, 11, 24, 1,  5,  3,  28, 15, 6,  21, 10, 23, 19, 12, 4,
                                   26, 8,  16, 7,  27, 20, 13, 2,  41, 52, 31, 37, 47, 55, 30, 40,
                                   51, 45, 33, 48, 44, 49, 39, 56, 34, 53, 46, 42, 50, 36, 29, 32};
constexpr std::uint8_t kShifts[16] = {1, 1, 2, 2, 2, 2, 2, 2, 1, 2, 2, 2, 2, 2, 2, 1};
constexpr std::uint8_t kSbox[8][4][16] = {
    {{14, 4, 13, 1, 2, 15, 11, 8, 3, 10, 6, 12, 5, 9, 0, 7},
     {0, 15, 7, 4, 14, 2, 13, 1, 10, 6, 12, 11, 9, 5, 3, 8},
     {4, 1, 14, 8, 13, 6, 2, 11, 15, 12, 9, 7, 3, 10, 5, 0},
     {15, 12, 8, 2, 4, 9, 1, 7, 5, 11, 3, 14, 10, 0, 6, 13}},
    {{15, 1, 8, 14, 6, 11, 3, 4, 9, 7, 2, 13, 12, 0, 5, 10},
     {3, 13, 4, 7, 15, 2, 8, 14, 12, 0, 1, 10, 6, 9, 11, 5},
     {0, 14, 7, 11, 10, 4, 13, 1, 5, 8, 12, 6, 9, 3, 2, 15},
     {13, 8, 10, 1, 3, 15, 4, 2, 11, 6, 7, 12, 0, 5, 14, 9}},
    {{10, 0, 9, 14, 6, 3, 15, 5, 1, 13, 12, 7, 11, 4, 2, 8},
     {13, 7, 0, 9, 3, 4, 6, 10, 2, 8, 5, 14, 12, 11, 15, 1},
     {13, 6, 4, 9, 8, 15, 3, 0, 11, 1, 2, 12, 5, 10, 14, 7},
     {1, 10, 13, 0, 6, 9, 8, 7, 4, 15, 14, 3, 11, 5, 2, 12}},
    {{7, 13, 14, 3, 0, 6, 9, 10, 1, 2, 8, 5, 11, 12, 4, 15},
     {13, 8, 11, 5, 6, 15, 0, 3, 4, 7, 2, 12, 1, 10, 14, 9},
     {10, 6, 9, 0, 12, 11, 7, 13, 15, 1, 3, 14, 5, 2, 8, 4},
     {3, 15, 0, 6, 10, 1, 13, 8, 9, 4, 5, 11, 12, 7, 2, 14}},
    {{2, 12, 4, 1, 7, 10, 11, 6, 8, 5, 3, 15, 13, 0, 14, 9},
     {14, 11, 2, 12, 4, 7, 13, 1, 5, 0, 15, 10, 3, 9, 8, 6},
     {4, 2, 1, 11, 10, 13, 7, 8, 15, 9, 12, 5, 6, 3, 0, 14},
     {11, 8, 12, 7, 1, 14, 2, 13, 6, 15, 0, 9, 10, 4, 5, 3}},
    {{12, 1, 10, 15, 9, 2, 6, 8, 0, 13, 3, 4, 14, 7, 5, 11},
     {10, 15, 4, 2, 7, 12, 9, 5, 6, 1, 13, 14, 0, 11, 3, 8},
     {9, 14, 15, 5, 2, 8, 12, 3, 7, 0, 4, 10, 1, 13, 11, 6},
     {4, 3, 2, 12, 9, 5, 15, 10, 11, 14, 1, 7, 6, 0, 8, 13}},
    {{4, 11, 2, 14, 15, 0, 8, 13, 3, 12, 9, 7, 5, 10, 6, 1},
     {13, 0, 11, 7, 4, 9, 1, 10, 14, 3, 5, 12, 2, 15, 8, 6},
     {1, 4, 11, 13, 12, 3, 7, 14, 10, 15, 6, 8, 0, 5, 9, 2},
     {6, 11, 13, 8, 1, 4, 10, 7, 9, 5, 0, 15, 14, 2, 3, 12}},
    {{13, 2, 8, 4, 6, 15, 11, 1, 10, 9, 3, 14, 5, 0, 12, 7},
     {1, 15, 13, 8, 10, 3, 7, 4, 12, 5, 6, 11, 0, 14, 9, 2},
     {7, 11, 4, 1, 9, 12, 14, 2, 0, 6, 10, 13, 15, 3, 5, 8},
     {2, 1, 14, 7, 4, 10, 8, 13, 15, 12, 9, 0, 3, 5, 6, 11}}};

/// A bit selection (FIPS 46-3 table: output bit j takes input bit table[j - 1], both
/// numbered from 1 at the most significant end) as groups of (shift, mask): one group
/// per distance a bit travels. Shifts are by constants only.
template <std::size_t N>
struct Selection {
  int groups = 0;
  int shift[N]{};  // > 0: right shift
  u64 mask[N]{};
  constexpr Selection(const std::uint8_t* table, int in_bits) {
    for (std::size_t j = 0; j < N; ++j) {
      const int from = in_bits - table[j], to = static_cast<int>(N - 1 - j), d = from - to;
      int g = 0;
      while (g < groups && shift[g] != d) ++g;
      if (g == groups) shift[groups++] = d;
      mask[g] |= u64{1} << to;
    }
  }
  u64 operator()(u64 x) const {
    u64 r = 0;
    for (int g = 0; g < groups; ++g) r |= (shift[g] >= 0 ? x >> shift[g] : x << -shift[g]) & mask[g];
    return r;
  }
};

constexpr std::array<std::uint8_t, 64> inverse_ip() {
  std::array<std::uint8_t, 64> inv{};
  for (int j = 0; j < 64; ++j) inv[kIp[j] - 1] = static_cast<std::uint8_t>(j + 1);
  return inv;
}
constexpr auto kFpTable = inverse_ip();
constexpr Selection<64> kIpSel(kIp, 64);
constexpr Selection<64> kFpSel(kFpTable.data(), 64);
constexpr Selection<32> kPSel(kP, 32);
constexpr Selection<56> kPc1Sel(kPc1, 64);
constexpr Selection<48> kPc2Sel(kPc2, 56);

/// The leaves: leaf i (i = input bits 1..5 of every S-box, bit 5 lowest) holds, for S-box
/// s and its output bit k (0 = most significant), S_s of input (0, i) in bit 31 - 4s - k
/// and S_s of input (1, i) in bit 63 - 4s - k. Row = first and last input bits, column =
/// the four middle ones (FIPS 46-3).
constexpr std::array<u64, 32> make_leaves() {
  std::array<u64, 32> leaves{};
  for (int i = 0; i < 32; ++i) {
    for (int first = 0; first < 2; ++first) {
      for (int s = 0; s < 8; ++s) {
        const int v = kSbox[s][2 * first + (i & 1)][(i >> 1) & 15];
        for (int k = 0; k < 4; ++k) {
          if ((v >> (3 - k)) & 1) leaves[i] |= u64{1} << (32 * first + 31 - 4 * s - k);
        }
      }
    }
  }
  return leaves;
}
constexpr std::array<u64, 32> kLeaves = make_leaves();

inline u32 rotr(u32 x, int n) { return (x >> (n & 31)) | (x << ((32 - n) & 31)); }

/// f(R, K) of FIPS 46-3 §"The cipher function f" without a table lookup.
inline u32 f(u32 r, const u32 key[6]) {
  u64 m[6];
  for (int b = 0; b < 6; ++b) {
    const u32 bit = (rotr(r, 4 - b) & 0x11111111u) * 0xf ^ key[b];  // input bit b, every S-box's nibble
    m[b] = bit | u64{bit} << 32;
  }
  u64 t[16];
  for (int j = 0; j < 16; ++j) t[j] = kLeaves[2 * j] ^ (m[5] & (kLeaves[2 * j] ^ kLeaves[2 * j + 1]));
  for (int j = 0; j < 8; ++j) t[j] = t[2 * j] ^ (m[4] & (t[2 * j] ^ t[2 * j + 1]));
  for (int j = 0; j < 4; ++j) t[j] = t[2 * j] ^ (m[3] & (t[2 * j] ^ t[2 * j + 1]));
  for (int j = 0; j < 2; ++j) t[j] = t[2 * j] ^ (m[2] & (t[2 * j] ^ t[2 * j + 1]));
  const u64 x = t[0] ^ (m[1] & (t[0] ^ t[1]));
  const u32 lo = static_cast<u32>(x), hi = static_cast<u32>(x >> 32);
  return static_cast<u32>(kPSel(lo ^ (static_cast<u32>(m[0]) & (lo ^ hi))));
}

/// Sixteen rounds on (l, r) with the final swap: encryption with the round keys in order,
/// decryption in reverse.
inline void rounds(u32& l, u32& r, const u32 (*k)[6], bool decrypt) {
  for (int i = 0; i < 16; ++i) {
    const u32 t = l ^ f(r, k[decrypt ? 15 - i : i]);
    l = r;
    r = t;
  }
  const u32 t = l;
  l = r;
  r = t;
}

void key_schedule(u32 out[16][6], const std::uint8_t key[8]) {
  u64 k = 0;
  for (int i = 0; i < 8; ++i) k = k << 8 | key[i];
  const u64 cd = kPc1Sel(k);  // C in bits 55..28, D in 27..0
  u32 c = static_cast<u32>(cd >> 28), d = static_cast<u32>(cd & 0xfffffff);
  for (int round = 0; round < 16; ++round) {
    for (int s = 0; s < kShifts[round]; ++s) {
      c = ((c << 1) | (c >> 27)) & 0xfffffff;
      d = ((d << 1) | (d >> 27)) & 0xfffffff;
    }
    const u64 sub = kPc2Sel(static_cast<u64>(c) << 28 | d);  // K_i, bit 1 at bit 47
    for (int b = 0; b < 6; ++b) {
      u32 m = 0;
      for (int s = 0; s < 8; ++s) m |= static_cast<u32>((sub >> (47 - 6 * s - b)) & 1) << (28 - 4 * s);
      out[round][b] = m * 0xf;
    }
  }
}

u64 load_be64(const std::uint8_t* p) {
  u64 v = 0;
  for (int i = 0; i < 8; ++i) v = v << 8 | p[i];
  return v;
}

void store_be64(std::uint8_t* p, u64 v) {
  for (int i = 7; i >= 0; --i, v >>= 8) p[i] = static_cast<std::uint8_t>(v);
}

void crypt(const des_impl::Schedule& s, std::uint8_t* out, const std::uint8_t* in, std::size_t blocks, bool decrypt) {
  for (; blocks > 0; --blocks, in += 8, out += 8) {
    const u64 x = kIpSel(load_be64(in));
    u32 l = static_cast<u32>(x >> 32), r = static_cast<u32>(x);
    // IP^-1 then IP between the stages cancel: the stages share one IP and one IP^-1.
    for (int i = 0; i < s.stages; ++i) {
      const int stage = decrypt ? s.stages - 1 - i : i;
      rounds(l, r, s.k[stage], (stage == 1) != decrypt);
    }
    store_be64(out, kFpSel(static_cast<u64>(l) << 32 | r));
  }
}

}  // namespace

Tdes::Tdes(std::span<const std::uint8_t> key)
    : schedule_(std::make_unique<des_impl::Schedule>()), key_size_(key.size()) {
  if (key.size() != 8 && key.size() != 16 && key.size() != 24) {
    throw_invalid("TDES: a key of " + std::to_string(key.size()) + " octets (8 for DES, 16 or 24 expected)");
  }
  schedule_->stages = key.size() == 8 ? 1 : 3;
  for (int i = 0; i < schedule_->stages; ++i) {
    const std::size_t at = key.size() == 16 && i == 2 ? 0 : 8 * static_cast<std::size_t>(i);  // two keys: K3 = K1
    key_schedule(schedule_->k[i], key.data() + at);
  }
}

Tdes::~Tdes() { secure_wipe(schedule_.get(), sizeof(des_impl::Schedule)); }

std::string_view Tdes::name() const { return key_size_ == 8 ? "des" : key_size_ == 16 ? "tdes2" : "tdes"; }

void Tdes::encrypt_blocks(std::uint8_t* out, const std::uint8_t* in, std::size_t blocks) const {
  crypt(*schedule_, out, in, blocks, false);
}

void Tdes::decrypt_blocks(std::uint8_t* out, const std::uint8_t* in, std::size_t blocks) const {
  crypt(*schedule_, out, in, blocks, true);
}

std::unique_ptr<BlockCipher> make_des(std::span<const std::uint8_t> key) { return std::make_unique<Tdes>(key); }
std::unique_ptr<BlockCipher> make_tdes(std::span<const std::uint8_t> key) { return std::make_unique<Tdes>(key); }

}  // namespace dstu::cipher
