// Kupyna permutations T_xor and T_plus with 64-bit lookup tables: each table combines
// SubBytes and MixColumns for one input row (like the AES T-tables), and ShiftBytes is
// folded into which column each row's octet is read from. The two permutations of a
// block are independent and run interleaved, round by round. Variable time: table
// indices depend on the (public) message.
#include "kupyna_compress.hpp"

#include <array>

#include "dstu/base/bytes.hpp"
#include "kalyna_spn.hpp"
#include "kalyna_tables.hpp"  // the S-boxes and MDS row Kupyna shares with Kalyna (lib/cipher)

namespace dstu::hash::detail {
namespace {

using cipher::spn::gf_mul;
using cipher::spn::kMds;

struct Tables {
  // t[i][x]: the column produced by octet x in input row i after SubBytes (pi_{i mod 4})
  // and MixColumns: output row k gets kMds[(i - k) mod 8] * pi(x).
  alignas(64) std::uint64_t t[8][256];
};

Tables build_tables() {
  Tables tb{};
  const cipher::spn::SBoxes& pi = cipher::spn::kSBoxes;
  for (int i = 0; i < 8; ++i) {
    for (int x = 0; x < 256; ++x) {
      const std::uint8_t s = pi[i & 3][x];
      std::uint64_t w = 0;
      for (int k = 0; k < 8; ++k) w |= static_cast<std::uint64_t>(gf_mul(kMds[(i - k) & 7], s)) << (8 * k);
      tb.t[i][x] = w;
    }
  }
  return tb;
}

const Tables& tables() {
  static const Tables tb = build_tables();
  return tb;
}

/// Row shift of ShiftBytes: row i moves right by i columns, row 7 by 7 or 11.
template <int C>
constexpr int row_shift(int i) {
  return i < 7 ? i : (C == 8 ? 7 : 11);
}

/// out = MixColumns(ShiftBytes(SubBytes(in))), scattered from each input column: octet i
/// of column c lands in output column c + shift(i). Eight accumulators and one column in
/// flight keep the register pressure low; the octets are peeled off with shifts.
template <int C>
inline void sub_shift_mix(const Tables& tb, std::uint64_t* out, const std::uint64_t* in) {
  std::uint64_t acc[C] = {};
#pragma GCC unroll 16
  for (int c = 0; c < C; ++c) {
    std::uint64_t w = in[c];
#pragma GCC unroll 8
    for (int i = 0; i < 8; ++i) {
      acc[(c + row_shift<C>(i)) % C] ^= tb.t[i][w & 0xff];
      w >>= 8;
    }
  }
#pragma GCC unroll 16
  for (int j = 0; j < C; ++j) out[j] = acc[j];
}

/// Round constants: kXor[r][j] for T_xor, kPlus[r][j] for T_plus.
template <int C, int R>
struct RoundConstants {
  std::uint64_t x[R][C], p[R][C];
};

template <int C, int R>
constexpr RoundConstants<C, R> make_constants() {
  RoundConstants<C, R> k{};
  for (int r = 0; r < R; ++r) {
    for (int j = 0; j < C; ++j) {
      k.x[r][j] = static_cast<std::uint64_t>((j << 4) ^ r);
      k.p[r][j] = 0x00f0f0f0f0f0f0f3ull ^ (static_cast<std::uint64_t>(((C - 1 - j) << 4) ^ r) << 56);
    }
  }
  return k;
}

/// p <- T_xor(p) and, when Both, q <- T_plus(q). The two are independent, so the
/// out-of-order core overlaps them.
template <int C, int R, bool Both>
inline void permute(const Tables& tb, std::uint64_t* p, std::uint64_t* q) {
  static constexpr RoundConstants<C, R> k = make_constants<C, R>();
  std::uint64_t t[C];
  for (int r = 0; r < R; ++r) {
#pragma GCC unroll 16
    for (int j = 0; j < C; ++j) t[j] = p[j] ^ k.x[r][j];
    sub_shift_mix<C>(tb, p, t);
    if constexpr (Both) {
#pragma GCC unroll 16
      for (int j = 0; j < C; ++j) t[j] = q[j] + k.p[r][j];
      sub_shift_mix<C>(tb, q, t);
    }
  }
}

template <int C, int R>
void compress(std::uint64_t* h, const std::uint8_t* blocks, std::size_t n) {
  const Tables& tb = tables();
  for (std::size_t b = 0; b < n; ++b, blocks += 8 * C) {
    std::uint64_t p[C], q[C];
    for (int j = 0; j < C; ++j) {
      q[j] = load_le64(blocks + 8 * j);
      p[j] = h[j] ^ q[j];
    }
    permute<C, R, true>(tb, p, q);
    for (int j = 0; j < C; ++j) h[j] ^= p[j] ^ q[j];
  }
}

template <int C, int R>
void output(std::uint64_t* h) {
  std::uint64_t p[C];
  for (int j = 0; j < C; ++j) p[j] = h[j];
  permute<C, R, false>(tables(), p, nullptr);
  for (int j = 0; j < C; ++j) h[j] ^= p[j];
}

}  // namespace

void kupyna512_compress(std::uint64_t h[8], const std::uint8_t* blocks, std::size_t n) {
  compress<8, 10>(h, blocks, n);
}
void kupyna512_output(std::uint64_t h[8]) { output<8, 10>(h); }
void kupyna1024_compress(std::uint64_t h[16], const std::uint8_t* blocks, std::size_t n) {
  compress<16, 14>(h, blocks, n);
}
void kupyna1024_output(std::uint64_t h[16]) { output<16, 14>(h); }

}  // namespace dstu::hash::detail

namespace dstu::hash::detail {

// On the AVX-512 VBMI paths the constant-time layer hashes long messages faster than the
// tables; on AVX2 and portable the tables are faster (tests/perf/perf_kalyna.cpp, Kupyna
// rows, re-measures it; the figures are in the CHANGELOG).
bool vector_faster() {
  const cipher::spn::Path p = cipher::spn::active_path();
  return p == cipher::spn::Path::avx512 || p == cipher::spn::Path::avx512_gfni;
}

}  // namespace dstu::hash::detail
