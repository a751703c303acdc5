// The AVX2 path of the Kalyna/Kupyna SPN layer (GF2P8AFFINEQB on YMM registers where GFNI
// is present). States stay in natural order, 32 octets (4 columns) per YMM register.
//   SubBytes     vpshufb looks up 16 entries at a time, so four registers are regrouped
//                (an in-lane vpshufb and a 4x4 transpose of dwords) into four registers of
//                one S-box class each; a class is looked up as 16 vpshufb of its 16-entry
//                slices on the low nibble, merged by a tree of vpblendvb on bits 4 to 7;
//                then the octets go back. No memory access depends on the data.
//   row shifts   vpshufb on each register and on its lane-swapped copy, with indices that
//                zero the octets another source supplies, ORed together.
//   MixColumns   byte rotations within each column by vpshufb, products by constants by
//                GF2P8AFFINEQB or by doublings (add, sign mask, XOR of 0x1d).
// Called only where cpu::active().avx2 (and gfni for the gfni variant).
#include <immintrin.h>  // before the region: its functions carry their own targets

#include <array>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>

#include "dstu/base/bytes.hpp"
#include "dstu/base/wipe.hpp"
#include "kalyna_spn.hpp"
#include "kalyna_tables.hpp"

#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2,gfni"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx2,gfni")
#endif

#include "kalyna_spn_generic.hpp"

namespace dstu::cipher::spn {
namespace {

inline __m256i load32(const std::uint8_t* p) { return _mm256_load_si256(reinterpret_cast<const __m256i*>(p)); }

// ---------------------------------------------------------------- SubBytes

/// Each S-box as 16 slices of 16 entries, each repeated in both lanes.
struct Slices {
  alignas(32) std::uint8_t t[2][4][16][32];  // [inv][s][high nibble][octet]
};

constexpr Slices make_slices() {
  Slices s{};
  for (int box = 0; box < 4; ++box) {
    for (int x = 0; x < 256; ++x) {
      for (int lane = 0; lane < 2; ++lane) {
        s.t[0][box][x >> 4][16 * lane + (x & 15)] = kSBoxes[box][x];
        s.t[1][box][x >> 4][16 * lane + (x & 15)] = kInvSBoxes[box][x];
      }
    }
  }
  return s;
}

alignas(32) constexpr Slices kSlices = make_slices();

/// Octets of a lane grouped by S-box class (position p mod 4), and back.
alignas(32) constexpr std::uint8_t kGroup[32] = {0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15,
                                                 0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15};
alignas(32) constexpr std::uint8_t kUngroup[32] = {0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15,
                                                   0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15};

/// pi_S (Inv: its inverse) of every octet of x: the 16 slices looked up on the low nibble,
/// merged pairwise by vpblendvb on bits 4, 5, 6 and 7 (each moved to its octet's top bit
/// by a 16-bit shift), in an order that keeps few registers live.
template <int Inv, int S>
[[gnu::always_inline]] inline __m256i lookup(__m256i x) {
  const __m256i lo = _mm256_and_si256(x, _mm256_set1_epi8(0x0f));
  const __m256i m4 = _mm256_slli_epi16(x, 3), m5 = _mm256_slli_epi16(x, 2), m6 = _mm256_slli_epi16(x, 1);
  auto slice = [&](int h) __attribute__((always_inline)) { return _mm256_shuffle_epi8(load32(kSlices.t[Inv][S][h]), lo); };
  auto quarter = [&](int q) __attribute__((always_inline)) {  // high nibbles 4q .. 4q + 3
    const __m256i a = _mm256_blendv_epi8(slice(4 * q), slice(4 * q + 1), m4);
    const __m256i b = _mm256_blendv_epi8(slice(4 * q + 2), slice(4 * q + 3), m4);
    return _mm256_blendv_epi8(a, b, m5);
  };
  const __m256i low = _mm256_blendv_epi8(quarter(0), quarter(1), m6);
  const __m256i high = _mm256_blendv_epi8(quarter(2), quarter(3), m6);
  return _mm256_blendv_epi8(low, high, x);
}

/// The 4x4 transpose of dwords in each lane of four registers (an involution).
[[gnu::always_inline]] inline void transpose_dwords(__m256i* v) {
  const __m256i t0 = _mm256_unpacklo_epi32(v[0], v[1]), t1 = _mm256_unpackhi_epi32(v[0], v[1]);
  const __m256i t2 = _mm256_unpacklo_epi32(v[2], v[3]), t3 = _mm256_unpackhi_epi32(v[2], v[3]);
  v[0] = _mm256_unpacklo_epi64(t0, t2);
  v[1] = _mm256_unpackhi_epi64(t0, t2);
  v[2] = _mm256_unpacklo_epi64(t1, t3);
  v[3] = _mm256_unpackhi_epi64(t1, t3);
}

/// SubBytes on four registers.
template <int Inv>
[[gnu::always_inline]] inline void sub_bytes4(__m256i* v) {
  const __m256i group = load32(kGroup), ungroup = load32(kUngroup);
  for (int j = 0; j < 4; ++j) v[j] = _mm256_shuffle_epi8(v[j], group);
  transpose_dwords(v);  // v[s] holds class s
  v[0] = lookup<Inv, 0>(v[0]);
  v[1] = lookup<Inv, 1>(v[1]);
  v[2] = lookup<Inv, 2>(v[2]);
  v[3] = lookup<Inv, 3>(v[3]);
  transpose_dwords(v);
  for (int j = 0; j < 4; ++j) v[j] = _mm256_shuffle_epi8(v[j], ungroup);
}

// ---------------------------------------------------------------- MixColumns

/// vpshufb indices rotating each column so that row r takes row r + j.
struct Rotations {
  alignas(32) std::uint8_t idx[8][32];
};

constexpr Rotations make_rotations() {
  Rotations t{};
  for (int j = 0; j < 8; ++j) {
    for (int p = 0; p < 32; ++p) t.idx[j][p] = static_cast<std::uint8_t>((p & ~7 & 15) + ((p + j) & 7));
  }
  return t;
}

alignas(32) constexpr Rotations kRotations = make_rotations();

/// The vector operations of MixColumns (generic::mix_columns).
struct Ops {
  using Vec = __m256i;
  static Vec zero() { return _mm256_setzero_si256(); }
  static Vec add(Vec a, Vec b) { return _mm256_xor_si256(a, b); }
  static Vec affine(Vec x, std::uint64_t m) {
    return _mm256_gf2p8affine_epi64_epi8(x, _mm256_set1_epi64x(static_cast<long long>(m)), 0);
  }
  static Vec xtime(Vec v) {
    const Vec t = _mm256_add_epi8(v, v);
    const Vec sign = _mm256_cmpgt_epi8(_mm256_setzero_si256(), v);
    return _mm256_xor_si256(t, _mm256_and_si256(sign, _mm256_set1_epi8(0x1d)));
  }
  template <int J>
  static Vec rotate(Vec v) {
    return _mm256_shuffle_epi8(v, load32(kRotations.idx[J]));
  }
};

// ---------------------------------------------------------------- row shifts

/// A state of geometry G spans `regs` registers (Kalyna-128: two states per register).
template <Geometry G>
constexpr int state_regs() {
  return columns(G) <= 4 ? 1 : columns(G) / 4;
}

/// vpshufb indices: output register j of a state, from source register i, unswapped
/// (w = 0) or with its lanes swapped (w = 1); 0x80 where that source supplies nothing.
template <Geometry G>
struct ShiftIndex {
  alignas(32) std::uint8_t idx[2][4][4][2][32];  // [inv][j][i][w][octet]
  bool used[2][4][4][2];
};

template <Geometry G>
constexpr ShiftIndex<G> make_shift_index() {
  constexpr int cols = columns(G), bytes = 8 * cols, regs = state_regs<G>();
  ShiftIndex<G> t{};
  for (int inv = 0; inv < 2; ++inv) {
    for (int j = 0; j < 4; ++j) {
      for (int i = 0; i < 4; ++i) {
        for (int w = 0; w < 2; ++w) {
          for (int o = 0; o < 32; ++o) t.idx[inv][j][i][w][o] = 0x80;
        }
      }
    }
    for (int j = 0; j < regs; ++j) {
      for (int o = 0; o < 32; ++o) {
        const int q = 32 * j + o;  // octet of the (first) state in the unit
        const int block = q / bytes * bytes, at = q - block;
        const int col = at / 8, row = at % 8, k = row_shift(G, row) % cols;
        const int src = block + 8 * ((inv ? col + k : col - k + cols) % cols) + row;
        const int i = src / 32, src_lane = (src % 32) / 16, lane = o / 16;
        const int w = src_lane == lane ? 0 : 1;
        t.idx[inv][j][i][w][o] = static_cast<std::uint8_t>(src % 16);
        t.used[inv][j][i][w] = true;
      }
    }
  }
  return t;
}

template <Geometry G>
inline constexpr ShiftIndex<G> kShift = make_shift_index<G>();

/// The row shift of G on the `regs` registers of one state unit at v.
template <Geometry G, int Inv>
[[gnu::always_inline]] inline void shift_unit(__m256i* v) {
  constexpr int regs = state_regs<G>();
  // kShift<G> is named inside the lambdas, not through a reference captured by them:
  // GCC 12 with -fsanitize=undefined does not take a captured reference as constant.
  __m256i in[regs], swapped[regs];
  for (int i = 0; i < regs; ++i) {
    in[i] = v[i];
    swapped[i] = _mm256_permute2x128_si256(v[i], v[i], 0x01);
  }
  generic::static_for<regs>([&](auto jj) __attribute__((always_inline)) {
    constexpr int j = decltype(jj)::value;
    __m256i acc = _mm256_setzero_si256();
    generic::static_for<regs>([&](auto ii) __attribute__((always_inline)) {
      constexpr int i = decltype(ii)::value;
      if constexpr (kShift<G>.used[Inv][j][i][0]) {
        acc = _mm256_or_si256(acc, _mm256_shuffle_epi8(in[i], load32(kShift<G>.idx[Inv][j][i][0])));
      }
      if constexpr (kShift<G>.used[Inv][j][i][1]) {
        acc = _mm256_or_si256(acc, _mm256_shuffle_epi8(swapped[i], load32(kShift<G>.idx[Inv][j][i][1])));
      }
    });
    v[j] = acc;
  });
}

// ---------------------------------------------------------------- the engine

template <bool Gfni>
struct Avx2 {
  static constexpr std::size_t kBatch = 256;
  template <std::size_t N>
  static constexpr bool fits() {
    return N == 128 || N == 256;
  }

  template <std::size_t N>
  struct State {
    __m256i v[N / 32];
  };

  template <std::size_t N>
  static void load(State<N>& st, const std::uint8_t* in) {
    for (std::size_t i = 0; i < N / 32; ++i) st.v[i] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in + 32 * i));
  }

  template <std::size_t N>
  static void store(std::uint8_t* out, const State<N>& st) {
    for (std::size_t i = 0; i < N / 32; ++i) _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + 32 * i), st.v[i]);
  }

  template <std::size_t N>
  static void wipe(State<N>& st) {
    secure_wipe(st.v, sizeof st.v);
  }

  template <Geometry G, int Inv, std::size_t N>
  static void shift_rows(State<N>& st) {
    constexpr int regs = state_regs<G>();
    for (std::size_t i = 0; i < N / 32; i += regs) shift_unit<G, Inv>(st.v + i);
  }

  template <Geometry G, std::size_t N>
  static void round(State<N>& st) {
    for (std::size_t i = 0; i < N / 32; i += 4) sub_bytes4<0>(st.v + i);
    shift_rows<G, 0>(st);
    for (std::size_t i = 0; i < N / 32; ++i) st.v[i] = generic::mix_columns<Ops, Gfni, kMds>(st.v[i]);
  }

  template <Geometry G, std::size_t N>
  static void inv_round(State<N>& st) {
    for (std::size_t i = 0; i < N / 32; ++i) st.v[i] = generic::mix_columns<Ops, Gfni, kInvMds>(st.v[i]);
    shift_rows<G, 1>(st);
    for (std::size_t i = 0; i < N / 32; i += 4) sub_bytes4<1>(st.v + i);
  }

  template <Geometry G, std::size_t N>
  static void xor_round_key(State<N>& st, const KalynaSchedule& ks, int r) {
    const std::uint64_t* k = ks.round_key(r);
    if constexpr (G == Geometry::kalyna512) {
      const __m256i k0 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(k));
      const __m256i k1 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(k + 4));
      for (std::size_t i = 0; i < N / 32; i += 2) {
        st.v[i] = _mm256_xor_si256(st.v[i], k0);
        st.v[i + 1] = _mm256_xor_si256(st.v[i + 1], k1);
      }
    } else {
      const __m256i key = G == Geometry::kalyna128
                              ? _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(k)))
                              : _mm256_loadu_si256(reinterpret_cast<const __m256i*>(k));
      for (std::size_t i = 0; i < N / 32; ++i) st.v[i] = _mm256_xor_si256(st.v[i], key);
    }
  }

  /// Kupyna's round constants: T_xor's on the first state, T_plus's on the second.
  template <Geometry G, std::size_t N>
  static void kupyna_constants(State<N>& st, int r) {
    constexpr int cols = columns(G), regs = cols / 4;
    static_assert(N / 32 == 2 * regs, "a batch of one T_xor and one T_plus state");
    static constexpr generic::KupynaConstants<G> k0(0);
    const __m256i rr = _mm256_set1_epi64x(r), rtop = _mm256_slli_epi64(rr, 56);
    for (int i = 0; i < regs; ++i) {
      st.v[i] = _mm256_xor_si256(st.v[i], _mm256_xor_si256(_mm256_load_si256(reinterpret_cast<const __m256i*>(k0.x + 4 * i)), rr));
      st.v[regs + i] = _mm256_add_epi64(st.v[regs + i], _mm256_xor_si256(_mm256_load_si256(reinterpret_cast<const __m256i*>(k0.a + 4 * i)), rtop));
    }
  }
};

}  // namespace

namespace detail {

const Kernels& kernels_avx2(bool gfni) {
  static constexpr Kernels with = generic::kernels_of<Avx2<true>>(), without = generic::kernels_of<Avx2<false>>();
  return gfni ? with : without;
}

}  // namespace detail
}  // namespace dstu::cipher::spn

#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif
