// The portable path of the Kalyna/Kupyna SPN layer: constant time on 64-bit words by
// bitslicing (no table is indexed by key or data, no branch depends on them).
//
// A batch is 256 octets in natural order (column after column, 8 rows per column). Octet
// p = 8m + r (column m, row r) belongs to S-box class s = r mod 4 and half h = r / 4; the
// batch is held as 32 words x[4b + s], bit plane b of class s, lane 2m + h. So each word
// holds one bit of 64 octets that all go through the same S-box, and:
//   SubBytes     evaluates pi_s (or its inverse) from its algebraic normal form: output bit
//                j = XOR over h of H_h AND (XOR of low monomials L_l), H and L being the 16
//                monomials of the high and low input nibbles; the XORs of L come from four
//                precomputed groups of 16 combinations (about 700 word operations per class);
//   row shifts   move lanes within the columns of a state by masked shifts;
//   MixColumns   output class t = XOR over s of v[s-t] * W_s ^ v[s+4-t] * swap(W_s), where
//                swap exchanges the two rows of each column in a word (lanes 2m, 2m+1) and
//                a product by a constant is XORs of planes (the constant's bit matrix).
// The conversion between octets and planes is an 8x8 bit transpose per column and a
// 32x32 transpose of 2-bit fields across the 32 words.
#include <array>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>

#include "dstu/base/wipe.hpp"
#include "kalyna_spn.hpp"
#include "kalyna_spn_generic.hpp"
#include "kalyna_tables.hpp"

namespace dstu::cipher::spn {
namespace {

// ---------------------------------------------------------------- octets <-> planes

inline std::uint64_t delta_swap(std::uint64_t x, std::uint64_t mask, int shift) {
  const std::uint64_t t = ((x >> shift) ^ x) & mask;
  return x ^ t ^ (t << shift);
}

/// 8x8 bit transpose: bit 8r + c <-> bit 8c + r.
inline std::uint64_t transpose8(std::uint64_t x) {
  x = delta_swap(x, 0x00AA00AA00AA00AAull, 7);
  x = delta_swap(x, 0x0000CCCC0000CCCCull, 14);
  return delta_swap(x, 0x00000000F0F0F0F0ull, 28);
}

/// Octets of a column in the order of rows 0, 4, 1, 5, 2, 6, 3, 7 (and back).
inline std::uint64_t pair_rows(std::uint64_t x) {
  x = delta_swap(x, 0x00000000FFFF0000ull, 16);
  return delta_swap(x, 0x0000FF000000FF00ull, 8);
}
inline std::uint64_t unpair_rows(std::uint64_t x) {
  x = delta_swap(x, 0x0000FF000000FF00ull, 8);
  return delta_swap(x, 0x00000000FFFF0000ull, 16);
}

/// w[j] field i <-> w[i] field j for the 32 two-bit fields of 32 words.
inline void transpose_fields(std::uint64_t* w) {
  constexpr std::uint64_t kMasks[5] = {0x00000000FFFFFFFFull, 0x0000FFFF0000FFFFull, 0x00FF00FF00FF00FFull,
                                       0x0F0F0F0F0F0F0F0Full, 0x3333333333333333ull};
  int level = 0;
  for (int s = 16; s >= 1; s /= 2, ++level) {
    for (int j = 0; j < 32; ++j) {
      if (j & s) continue;
      const std::uint64_t t = ((w[j] >> (2 * s)) ^ w[j + s]) & kMasks[level];
      w[j + s] ^= t;
      w[j] ^= t << (2 * s);
    }
  }
}

/// 256 octets -> 32 plane words.
void pack(std::uint64_t* x, const std::uint8_t* bytes) {
  for (int m = 0; m < 32; ++m) x[m] = transpose8(pair_rows(generic::load_word(bytes + 8 * m)));
  transpose_fields(x);
}

/// 32 plane words -> 256 octets (x is clobbered).
void unpack(std::uint8_t* bytes, std::uint64_t* x) {
  transpose_fields(x);
  for (int m = 0; m < 32; ++m) generic::store_word(bytes + 8 * m, unpair_rows(transpose8(x[m])));
}

// ---------------------------------------------------------------- SubBytes

/// ANF of an S-box: bit l of m[j][h] is the coefficient of the monomial whose variables
/// are the set bits of (h << 4 | l), in output bit j.
struct Anf {
  std::uint16_t m[8][16];
};

constexpr Anf anf_of(const std::array<std::uint8_t, 256>& box) {
  Anf a{};
  for (int j = 0; j < 8; ++j) {
    std::uint8_t t[256] = {};
    for (int v = 0; v < 256; ++v) t[v] = (box[v] >> j) & 1;
    for (int step = 1; step < 256; step <<= 1) {
      for (int v = 0; v < 256; ++v) {
        if (v & step) t[v] ^= t[v ^ step];
      }
    }
    for (int u = 0; u < 256; ++u) {
      if (t[u]) a.m[j][u >> 4] = static_cast<std::uint16_t>(a.m[j][u >> 4] | (1u << (u & 15)));
    }
  }
  return a;
}

constexpr std::array<std::array<Anf, 4>, 2> all_anf() {
  std::array<std::array<Anf, 4>, 2> a{};
  for (int s = 0; s < 4; ++s) {
    a[0][s] = anf_of(kSBoxes[s]);
    a[1][s] = anf_of(kInvSBoxes[s]);
  }
  return a;
}

inline constexpr auto kAnf = all_anf();

/// The 16 monomials of four variables: m[n] = AND of v[i] over the set bits i of n.
inline void monomials(std::uint64_t* m, const std::uint64_t* v) {
  m[0] = ~0ull;
  generic::static_for<15>([&](auto k) __attribute__((always_inline)) {
    constexpr int n = decltype(k)::value + 1;
    constexpr int low = n & -n, bit = __builtin_ctz(n);
    m[n] = (n == low) ? v[bit] : (m[n ^ low] & v[bit]);
  });
}

/// SubBytes (Inv: its inverse) of class S: planes x[4b + S].
template <int Inv, int S>
inline void sub_class(std::uint64_t* x) {
  constexpr const Anf& A = kAnf[Inv][S];
  std::uint64_t in[8];
  for (int b = 0; b < 8; ++b) in[b] = x[4 * b + S];
  std::uint64_t low[16], high[16];
  monomials(low, in);
  monomials(high, in + 4);
  // c[g][n]: XOR of low[4g + i] over the set bits i of n.
  std::uint64_t c[4][16];
  generic::static_for<4>([&](auto g) __attribute__((always_inline)) {
    c[g][0] = 0;
    generic::static_for<15>([&](auto k) __attribute__((always_inline)) {
      constexpr int n = decltype(k)::value + 1;
      constexpr int low_bit = n & -n;
      c[g][n] = c[g][n ^ low_bit] ^ low[4 * decltype(g)::value + __builtin_ctz(n)];
    });
  });
  std::uint64_t out[8] = {};
  generic::static_for<16>([&](auto hh) __attribute__((always_inline)) {
    constexpr int h = decltype(hh)::value;
    generic::static_for<8>([&](auto jj) __attribute__((always_inline)) {
      constexpr int j = decltype(jj)::value;
      constexpr unsigned m = A.m[j][h];
      if constexpr (m != 0) {
        const std::uint64_t g = c[0][m & 15] ^ c[1][(m >> 4) & 15] ^ c[2][(m >> 8) & 15] ^ c[3][m >> 12];
        out[j] ^= (h == 0) ? g : (high[h] & g);
      }
    });
  });
  for (int b = 0; b < 8; ++b) x[4 * b + S] = out[b];
}

template <int Inv>
inline void sub_bytes(std::uint64_t* x) {
  sub_class<Inv, 0>(x);
  sub_class<Inv, 1>(x);
  sub_class<Inv, 2>(x);
  sub_class<Inv, 3>(x);
}

// ---------------------------------------------------------------- row shifts

constexpr std::uint64_t kEven = 0x5555555555555555ull;  // lanes of rows 0-3
constexpr std::uint64_t kOdd = ~kEven;                  // lanes of rows 4-7

/// Lanes of half h whose column m (within states of `cols` columns) satisfies
/// m mod cols >= from (wrap == true) or < from.
constexpr std::uint64_t column_lanes(int cols, int from, int h, bool wrap) {
  std::uint64_t mask = 0;
  for (int m = 0; m < 32; ++m) {
    if ((m % cols >= from) == wrap) mask |= 1ull << (2 * m + h);
  }
  return mask;
}

/// Moves the lanes of half h of w right by k columns within each state of `cols` columns.
template <int Cols, int K, int H>
inline std::uint64_t rotate_half(std::uint64_t w) {
  if constexpr (K == 0) {
    return 0;
  } else {
    constexpr std::uint64_t stay = column_lanes(Cols, Cols - K, H, false);
    constexpr std::uint64_t wrap = column_lanes(Cols, Cols - K, H, true);
    return ((w & stay) << (2 * K)) | ((w & wrap) >> (2 * (Cols - K)));
  }
}

/// The row shift of geometry G (Inv: back) on all 32 words.
template <Geometry G, bool Inv>
inline void shift_rows(std::uint64_t* x) {
  constexpr int cols = columns(G);
  generic::static_for<4>([&](auto ss) __attribute__((always_inline)) {
    constexpr int s = decltype(ss)::value;
    constexpr int k0 = row_shift(G, s) % cols, k1 = row_shift(G, s + 4) % cols;
    constexpr int m0 = Inv ? (cols - k0) % cols : k0, m1 = Inv ? (cols - k1) % cols : k1;
    if constexpr (m0 != 0 || m1 != 0) {
      constexpr std::uint64_t keep = (m0 ? 0 : kEven) | (m1 ? 0 : kOdd);
      for (int b = 0; b < 8; ++b) {
        const std::uint64_t w = x[4 * b + s];
        x[4 * b + s] = (w & keep) | rotate_half<cols, m0, 0>(w) | rotate_half<cols, m1, 1>(w);
      }
    }
  });
}

// ---------------------------------------------------------------- MixColumns

/// out ^= C * in on 8 planes: bit i of C * x^j says whether plane j feeds plane i.
template <std::uint8_t C>
inline void mul_acc(std::uint64_t* out, const std::uint64_t* in) {
  generic::static_for<8>([&](auto jj) __attribute__((always_inline)) {
    constexpr int j = decltype(jj)::value;
    constexpr std::uint8_t col = gf_mul(C, static_cast<std::uint8_t>(1u << j));
    generic::static_for<8>([&](auto ii) __attribute__((always_inline)) {
      constexpr int i = decltype(ii)::value;
      if constexpr ((col >> i) & 1) out[i] ^= in[j];
    });
  });
}

inline std::uint64_t swap_rows(std::uint64_t w) { return ((w & kEven) << 1) | ((w >> 1) & kEven); }

/// MixColumns with circulant first row V (kMds or kInvMds).
template <const std::uint8_t* V>
inline void mix_columns(std::uint64_t* x) {
  std::uint64_t w[4][8], sw[4][8], out[4][8] = {};
  for (int s = 0; s < 4; ++s) {
    for (int b = 0; b < 8; ++b) {
      w[s][b] = x[4 * b + s];
      sw[s][b] = swap_rows(w[s][b]);
    }
  }
  generic::static_for<4>([&](auto tt) __attribute__((always_inline)) {
    constexpr int t = decltype(tt)::value;
    generic::static_for<4>([&](auto ss) __attribute__((always_inline)) {
      constexpr int s = decltype(ss)::value;
      mul_acc<V[(s - t + 8) % 8]>(out[t], w[s]);
      mul_acc<V[(s + 4 - t + 8) % 8]>(out[t], sw[s]);
    });
  });
  for (int s = 0; s < 4; ++s) {
    for (int b = 0; b < 8; ++b) x[4 * b + s] = out[s][b];
  }
  secure_wipe(w, sizeof w);
  secure_wipe(sw, sizeof sw);
}

// ---------------------------------------------------------------- Kupyna's constants

/// Bitsliced addition modulo 2^64 per column: x += k (both in plane form).
inline void add_planes(std::uint64_t* x, const std::uint64_t* k) {
  // Rows 0-3 (even lanes) and rows 4-7 (odd lanes) are summed side by side, each with no
  // carry in; then the carry out of row 3 is propagated into rows 4-7.
  std::uint64_t c = 0;
  for (int s = 0; s < 4; ++s) {
    for (int b = 0; b < 8; ++b) {
      const std::uint64_t a = x[4 * b + s], t = a ^ k[4 * b + s];
      x[4 * b + s] = t ^ c;
      c = (a & k[4 * b + s]) | (c & t);
    }
  }
  c = (c & kEven) << 1;
  for (int s = 0; s < 4; ++s) {
    for (int b = 0; b < 8; ++b) {
      const std::uint64_t a = x[4 * b + s];
      x[4 * b + s] = a ^ c;
      c &= a;
    }
  }
}

/// Kupyna's round constants in plane form: for round r, the T_xor constants over the
/// first state of a batch and the T_plus constants over the second.
struct KupynaPlanes {
  std::uint64_t xor_[14][32];
  std::uint64_t add[14][32];
};

template <Geometry G>
const KupynaPlanes& kupyna_planes() {
  static const KupynaPlanes planes = [] {
    constexpr int cols = columns(G);
    KupynaPlanes p{};
    for (int r = 0; r < 14; ++r) {
      std::uint8_t x[256] = {}, a[256] = {};
      const generic::KupynaConstants<G> k(r);
      for (int j = 0; j < cols; ++j) {
        store_le64(x + 8 * j, k.x[j]);
        store_le64(a + 8 * cols + 8 * j, k.a[j]);
      }
      pack(p.xor_[r], x);
      pack(p.add[r], a);
    }
    return p;
  }();
  return planes;
}

// ---------------------------------------------------------------- the engine

struct Portable {
  static constexpr std::size_t kBatch = 256;
  template <std::size_t N>
  static constexpr bool fits() {
    return N == 64 || N == 128 || N == 256;
  }

  /// Any batch size is held in the 32 words of a full batch.
  template <std::size_t N>
  struct State {
    std::uint64_t x[32];
  };

  template <std::size_t N>
  static void load(State<N>& st, const std::uint8_t* in) {
    if constexpr (N == 256) {
      pack(st.x, in);
    } else {
      generic::Buffer<256> full;
      std::memcpy(full.bytes, in, N);
      std::memset(full.bytes + N, 0, 256 - N);
      pack(st.x, full.bytes);
    }
  }

  template <std::size_t N>
  static void store(std::uint8_t* out, const State<N>& st) {
    std::uint64_t x[32];
    std::memcpy(x, st.x, sizeof x);
    generic::Buffer<256> full;
    unpack(full.bytes, x);
    std::memcpy(out, full.bytes, N);
    secure_wipe(x, sizeof x);
  }

  template <std::size_t N>
  static void wipe(State<N>& st) {
    secure_wipe(st.x, sizeof st.x);
  }

  template <Geometry G, std::size_t N>
  static void round(State<N>& st) {
    sub_bytes<0>(st.x);
    shift_rows<G, false>(st.x);
    mix_columns<kMds>(st.x);
  }

  template <Geometry G, std::size_t N>
  static void inv_round(State<N>& st) {
    mix_columns<kInvMds>(st.x);
    shift_rows<G, true>(st.x);
    sub_bytes<1>(st.x);
  }

  template <Geometry G, std::size_t N>
  static void xor_round_key(State<N>& st, const KalynaSchedule& ks, int r) {
    for (int i = 0; i < 32; ++i) st.x[i] ^= ks.sliced[r][i];
  }

  template <Geometry G, std::size_t N>
  static void kupyna_constants(State<N>& st, int r) {
    const KupynaPlanes& p = kupyna_planes<G>();
    add_planes(st.x, p.add[r]);
    for (int i = 0; i < 32; ++i) st.x[i] ^= p.xor_[r][i];
  }
};

}  // namespace

namespace detail {

void slice_round_keys(KalynaSchedule& ks) {
  generic::Buffer<256> bytes;
  for (int r = 0; r <= ks.nr; ++r) {
    for (std::size_t at = 0; at < 256; at += 8) store_le64(bytes.bytes + at, ks.round_key(r)[(at / 8) % ks.nb]);
    pack(ks.sliced[r], bytes.bytes);
  }
}

const Kernels& kernels_portable() {
  static constexpr Kernels table = generic::kernels_of<Portable>();
  return table;
}

}  // namespace detail
}  // namespace dstu::cipher::spn
