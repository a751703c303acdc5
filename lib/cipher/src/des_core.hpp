// DES's tables, bit selections and round function (des.cpp), written once over the
// word type of a path: Ops is the scalar u64 of des.cpp (one block) or a vector of
// 64-bit lanes (des_avx2.cpp, des_avx512.cpp: one block per lane, the same constants in
// every lane). Included by those files only; everything has internal linkage.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>

namespace dstu::cipher::des_impl {

struct Schedule {
  int stages = 1;  ///< 1 (DES) or 3 (TDES: E_K1, D_K2, E_K3)
  /// Per stage and round, key bit b of each S-box's six, filling that S-box's nibble.
  std::uint32_t k[3][16][6]{};
};

/// Whole groups of Lanes blocks (out may equal in); defined where the CPU has the ISA.
void crypt_avx2(const Schedule& s, std::uint8_t* out, const std::uint8_t* in, std::size_t groups, bool decrypt);
void crypt_avx512(const Schedule& s, std::uint8_t* out, const std::uint8_t* in, std::size_t groups, bool decrypt);

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

template <class O>
struct Core {
  using W = typename O::W;

  template <int Shift>
  static W shifted(W x) {
    if constexpr (Shift >= 0) {
      return O::template srl<Shift>(x);
    } else {
      return O::template sll<-Shift>(x);
    }
  }

  template <const auto& S, std::size_t... G>
  static W select_groups(W x, std::index_sequence<G...>) {
    W r = O::set1(0);
    ((r = O::bor(r, O::band(shifted<S.shift[G]>(x), O::set1(S.mask[G])))), ...);
    return r;
  }

  /// The selection S applied to x, unrolled: one shift by a constant, AND, OR per group
  /// (a loop over the groups cost a branch and a shift by CL each: 40% of the time).
  template <const auto& S>
  static W select(W x) {
    return select_groups<S>(x, std::make_index_sequence<static_cast<std::size_t>(S.groups)>{});
  }

  /// The 32-bit value in each lane rotated right by N.
  template <int N>
  static W rotr32(W x) {
    if constexpr (N == 0) {
      return x;
    } else {
      return O::band(O::bor(O::template srl<N>(x), O::template sll<32 - N>(x)), O::set1(0xffffffff));
    }
  }

  /// Input bit B of every S-box at the bottom of its output nibble, the nibble filled
  /// (times 0xf as 16x - x), with the round key's bits.
  template <int B>
  static W input_bit(W r, u32 key) {
    const W n = O::band(rotr32<(4 - B) & 31>(r), O::set1(0x11111111));
    return O::bxor(O::sub(O::template sll<4>(n), n), O::set1(key));
  }

  static W mux(W m, W a, W b) { return O::bxor(a, O::band(m, O::bxor(a, b))); }

  /// f(R, K) of FIPS 46-3 without a table lookup.
  static W f(W r, const u32 key[6]) {
    W m[6] = {input_bit<0>(r, key[0]), input_bit<1>(r, key[1]), input_bit<2>(r, key[2]),
              input_bit<3>(r, key[3]), input_bit<4>(r, key[4]), input_bit<5>(r, key[5])};
    for (int b = 1; b < 6; ++b) m[b] = O::bor(m[b], O::template sll<32>(m[b]));  // both halves of the leaves
    W t[16];
    const u64* leaves = kLeaves.data();  // clang under UBSan calls std::array's [] out of line
    for (int j = 0; j < 16; ++j) {
      t[j] = O::bxor(O::set1(leaves[2 * j]), O::band(m[5], O::set1(leaves[2 * j] ^ leaves[2 * j + 1])));
    }
    for (int j = 0; j < 8; ++j) t[j] = mux(m[4], t[2 * j], t[2 * j + 1]);
    for (int j = 0; j < 4; ++j) t[j] = mux(m[3], t[2 * j], t[2 * j + 1]);
    for (int j = 0; j < 2; ++j) t[j] = mux(m[2], t[2 * j], t[2 * j + 1]);
    const W x = mux(m[1], t[0], t[1]);
    const W lo = O::band(x, O::set1(0xffffffff)), hi = O::template srl<32>(x);
    return select<kPSel>(mux(m[0], lo, hi));
  }

  /// Sixteen rounds on (l, r) with the final swap: encryption with the round keys in
  /// order, decryption in reverse.
  static void rounds(W& l, W& r, const u32 (*k)[6], bool decrypt) {
    for (int i = 0; i < 16; ++i) {
      const W t = O::bxor(l, f(r, k[decrypt ? 15 - i : i]));
      l = r;
      r = t;
    }
    const W t = l;
    l = r;
    r = t;
  }

  /// One word of blocks (each as the big-endian 64-bit integer of its octets) through
  /// every stage; IP^-1 then IP between the stages cancel, so there is one of each.
  static W crypt(const Schedule& s, W block, bool decrypt) {
    const W x = select<kIpSel>(block);
    W l = O::template srl<32>(x), r = O::band(x, O::set1(0xffffffff));
    for (int i = 0; i < s.stages; ++i) {
      const int stage = decrypt ? s.stages - 1 - i : i;
      rounds(l, r, s.k[stage], (stage == 1) != decrypt);
    }
    return select<kFpSel>(O::bor(O::template sll<32>(l), r));
  }
};

}  // namespace
}  // namespace dstu::cipher::des_impl
