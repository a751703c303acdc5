// The AVX-512 path of the Kalyna/Kupyna SPN layer (AVX-512F, BW and VBMI; GF2P8AFFINEQB
// where GFNI is present). States stay in natural order, 64 octets (8 columns) per ZMM
// register, so additions modulo 2^64 per column are vpaddq and the row shift is one
// vpermb (two vpermi2b for Kupyna's 16-column state).
//   SubBytes     octet p goes through pi_(p mod 4): for each S-box two vpermi2b look its
//                256 entries up as two 128-entry halves held in registers, a blend on bit 7
//                picks the half, and three blends on fixed lane masks merge the four
//                S-boxes. No memory access depends on the data.
//   MixColumns   the circulant sum over j of v[j] * (column rotated by j octets): vprorq
//                rotates, a product by a constant is one GF2P8AFFINEQB with the constant's
//                bit matrix (without GFNI: XORs of doublings, each an add, a sign-bit mask
//                and a masked XOR of 0x1d).
// Called only where cpu::active() has avx512f, avx512bw and avx512vbmi (and gfni for the
// gfni variant).
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

// GCC compiles the region for the ISA by pragma; clang ignores #pragma GCC target and
// takes the same ISA as an attribute on every function of the region.
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx512f,avx512bw,avx512vbmi,gfni"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx512f,avx512bw,avx512vbmi,gfni")
#endif
// GCC 12's AVX-512 headers trip -Wuninitialized on their own "undefined" operands.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"

#include "kalyna_spn_generic.hpp"

namespace dstu::cipher::spn {
namespace {

// ---------------------------------------------------------------- SubBytes

/// The S-boxes (Inv = 1: inverses) as four 64-octet quarters each.
struct Quarters {
  alignas(64) std::uint8_t q[2][4][4][64];
};

constexpr Quarters make_quarters() {
  Quarters t{};
  for (int s = 0; s < 4; ++s) {
    for (int x = 0; x < 256; ++x) {
      t.q[0][s][x / 64][x % 64] = kSBoxes[s][x];
      t.q[1][s][x / 64][x % 64] = kInvSBoxes[s][x];
    }
  }
  return t;
}

alignas(64) constexpr Quarters kQuarters = make_quarters();

inline __m512i quarter(int inv, int s, int k) { return _mm512_load_si512(kQuarters.q[inv][s][k]); }

template <int Inv>
inline __m512i sub_bytes(__m512i x) {
  const __mmask64 high = _mm512_movepi8_mask(x);  // octets >= 0x80 take the upper half
  __m512i r[4];
  for (int s = 0; s < 4; ++s) {
    const __m512i lo = _mm512_permutex2var_epi8(quarter(Inv, s, 0), x, quarter(Inv, s, 1));
    const __m512i hi = _mm512_permutex2var_epi8(quarter(Inv, s, 2), x, quarter(Inv, s, 3));
    r[s] = _mm512_mask_blend_epi8(high, lo, hi);
  }
  const __m512i r01 = _mm512_mask_blend_epi8(0x2222222222222222ull, r[0], r[1]);
  const __m512i r012 = _mm512_mask_blend_epi8(0x4444444444444444ull, r01, r[2]);
  return _mm512_mask_blend_epi8(0x8888888888888888ull, r012, r[3]);
}

// ---------------------------------------------------------------- MixColumns

/// The vector operations of MixColumns (generic::mix_columns).
struct Ops {
  using Vec = __m512i;
  static Vec zero() { return _mm512_setzero_si512(); }
  static Vec add(Vec a, Vec b) { return _mm512_xor_si512(a, b); }
  static Vec affine(Vec x, std::uint64_t m) {
    return _mm512_gf2p8affine_epi64_epi8(x, _mm512_set1_epi64(static_cast<long long>(m)), 0);
  }
  static Vec xtime(Vec v) {
    const Vec t = _mm512_add_epi8(v, v);
    return _mm512_mask_blend_epi8(_mm512_movepi8_mask(v), t, _mm512_xor_si512(t, _mm512_set1_epi8(0x1d)));
  }
  template <int J>
  static Vec rotate(Vec v) {
    return _mm512_ror_epi64(v, 8 * J);
  }
};

// ---------------------------------------------------------------- row shifts

/// vpermb / vpermi2b indices of the row shift of G (Inv: back) for output register j of a
/// state: octet i of the output takes octet idx[i] of the state (bit 6 = second register).
struct ShiftIndex {
  alignas(64) std::uint8_t idx[2][2][64];  // [inv][output register]
};

template <Geometry G>
constexpr ShiftIndex make_shift_index() {
  constexpr int cols = columns(G), bytes = 8 * cols;
  ShiftIndex t{};
  for (int inv = 0; inv < 2; ++inv) {
    for (int q = 0; q < 128; ++q) {
      const int block = bytes >= 128 ? 0 : q / bytes * bytes, at = q - block;
      const int col = at / 8, row = at % 8, k = row_shift(G, row) % cols;
      const int src_col = inv ? (col + k) % cols : (col - k + cols) % cols;
      const int src = block + 8 * src_col + row;
      t.idx[inv][q / 64][q % 64] = static_cast<std::uint8_t>(bytes >= 128 ? src : src % 64);
    }
  }
  return t;
}

template <Geometry G>
inline constexpr ShiftIndex kShift = make_shift_index<G>();

// ---------------------------------------------------------------- the engine

template <bool Gfni>
struct Avx512 {
  static constexpr std::size_t kBatch = 256;
  template <std::size_t N>
  static constexpr bool fits() {
    return N == 64 || N == 128 || N == 256;
  }

  template <std::size_t N>
  struct State {
    __m512i v[N / 64];
  };

  template <std::size_t N>
  static void load(State<N>& st, const std::uint8_t* in) {
    for (std::size_t i = 0; i < N / 64; ++i) st.v[i] = _mm512_loadu_si512(in + 64 * i);
  }

  template <std::size_t N>
  static void store(std::uint8_t* out, const State<N>& st) {
    for (std::size_t i = 0; i < N / 64; ++i) _mm512_storeu_si512(out + 64 * i, st.v[i]);
  }

  template <std::size_t N>
  static void wipe(State<N>& st) {
    secure_wipe(st.v, sizeof st.v);
  }

  template <Geometry G, int Inv, std::size_t N>
  static void shift_rows(State<N>& st) {
    const ShiftIndex& t = kShift<G>;
    if constexpr (G == Geometry::kupyna1024) {
      const __m512i i0 = _mm512_load_si512(t.idx[Inv][0]), i1 = _mm512_load_si512(t.idx[Inv][1]);
      for (std::size_t i = 0; i < N / 64; i += 2) {
        const __m512i a = st.v[i], b = st.v[i + 1];
        st.v[i] = _mm512_permutex2var_epi8(a, i0, b);
        st.v[i + 1] = _mm512_permutex2var_epi8(a, i1, b);
      }
    } else {
      const __m512i idx = _mm512_load_si512(t.idx[Inv][0]);
      for (std::size_t i = 0; i < N / 64; ++i) st.v[i] = _mm512_permutexvar_epi8(idx, st.v[i]);
    }
  }

  template <Geometry G, std::size_t N>
  static void round(State<N>& st) {
    for (std::size_t i = 0; i < N / 64; ++i) st.v[i] = sub_bytes<0>(st.v[i]);
    shift_rows<G, 0>(st);
    for (std::size_t i = 0; i < N / 64; ++i) st.v[i] = generic::mix_columns<Ops, Gfni, kMds>(st.v[i]);
  }

  template <Geometry G, std::size_t N>
  static void inv_round(State<N>& st) {
    for (std::size_t i = 0; i < N / 64; ++i) st.v[i] = generic::mix_columns<Ops, Gfni, kInvMds>(st.v[i]);
    shift_rows<G, 1>(st);
    for (std::size_t i = 0; i < N / 64; ++i) st.v[i] = sub_bytes<1>(st.v[i]);
  }

  template <Geometry G>
  static __m512i round_key(const KalynaSchedule& ks, int r) {
    const std::uint64_t* k = ks.round_key(r);
    if constexpr (G == Geometry::kalyna128) {
      return _mm512_broadcast_i32x4(_mm_loadu_si128(reinterpret_cast<const __m128i*>(k)));
    } else if constexpr (G == Geometry::kalyna256) {
      return _mm512_broadcast_i64x4(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(k)));
    } else {
      return _mm512_loadu_si512(k);
    }
  }

  template <Geometry G, std::size_t N>
  static void xor_round_key(State<N>& st, const KalynaSchedule& ks, int r) {
    const __m512i k = round_key<G>(ks, r);
    for (std::size_t i = 0; i < N / 64; ++i) st.v[i] = _mm512_xor_si512(st.v[i], k);
  }

  /// Kupyna's round constants: T_xor's on the first state, T_plus's on the second.
  template <Geometry G, std::size_t N>
  static void kupyna_constants(State<N>& st, int r) {
    constexpr int cols = columns(G), regs = cols / 8;
    static_assert(N / 64 == 2 * regs, "a batch of one T_xor and one T_plus state");
    static constexpr generic::KupynaConstants<G> k0(0);
    const __m512i rr = _mm512_set1_epi64(r), rtop = _mm512_slli_epi64(rr, 56);
    for (int i = 0; i < regs; ++i) {
      st.v[i] = _mm512_xor_si512(st.v[i], _mm512_xor_si512(_mm512_load_si512(k0.x + 8 * i), rr));
      st.v[regs + i] = _mm512_add_epi64(st.v[regs + i], _mm512_xor_si512(_mm512_load_si512(k0.a + 8 * i), rtop));
    }
  }
};

}  // namespace

namespace detail {

const Kernels& kernels_avx512(bool gfni) {
  static constexpr Kernels with = generic::kernels_of<Avx512<true>>(), without = generic::kernels_of<Avx512<false>>();
  return gfni ? with : without;
}

}  // namespace detail
}  // namespace dstu::cipher::spn

#pragma GCC diagnostic pop
#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif
