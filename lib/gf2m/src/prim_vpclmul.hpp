// Internal: VPCLMULQDQ on ZMM registers — the primitives of the *_vpclmul kernels.
// Include only after `#pragma GCC target("vpclmulqdq,avx512f,pclmul")` (see
// mul_vpclmul.cpp).
//
// A ZMM register holds four 128-bit lanes; VPCLMULQDQ multiplies, in every lane, one
// 64-bit word of each operand (chosen by the immediate, the same in all lanes) into a
// 128-bit product. Two layouts are used:
//  - halves (fields of up to 4 words): two elements side by side, the first in
//    qwords 0-3, the second in qwords 4-7, so one instruction works on both operands
//    of a mul2/sqr2;
//  - halves with a one-bit top word (m = 257, 5 words of which the last holds one bit):
//    words 0-3 of each element in its half as above, word 4 apart (loaded as a mask,
//    stored from qword 0 of each half of a second register);
//  - wide (5 to 7 words, m = 307 ... 431): one element in a register, one
//    double-length product in two.
//
// Port budget (Intel's AVX-512 cores): VPCLMULQDQ and every lane-crossing
// permute share port 5; 512-bit logic runs on ports 0 and 5; loads and stores run
// elsewhere. Hence the habits below: constants come from memory (a vpbroadcastq from a
// general register would be one more port-5 uop, and so would a kmovw from one: masks
// are loaded too), zeroing permutes take a zero register as second source instead of
// a mask, and operands are loaded 16
// bytes at a time, which store-to-load forwarding serves from the 16- or 32-byte stores
// that wrote them (a 32- or 64-byte load of an element written by two 16-byte stores
// would stall until the stores commit).
//
// Constant time: only loads, stores, carry-less products, fixed permutes, shifts by
// constants, masked broadcasts of masks made from element bits, and logic; no branch
// or address depends on element values.
//
// Unnamed namespace: see words.hpp.
#pragma once

#include <immintrin.h>

#include <array>

#include "dstu/gf2m/field.hpp"
#include "reduce_clmul.hpp"

namespace dstu::gf2m::detail {
namespace {

using Z = __m512i;

/// Eight 64-bit values as a 64-byte aligned constant (loaded, never built in registers).
template <long long Q0, long long Q1, long long Q2, long long Q3, long long Q4, long long Q5,
          long long Q6, long long Q7>
struct ZConst {
  alignas(64) static constexpr long long v[8] = {Q0, Q1, Q2, Q3, Q4, Q5, Q6, Q7};
  [[gnu::always_inline]] static Z load() { return _mm512_load_si512(v); }
};

/// V in the low qword of every lane (the high qwords zero): the second operand of a
/// VPCLMULQDQ whose immediate picks its low qwords. (A constant with eight equal
/// qwords would be rebuilt by GCC as mov + vpbroadcastq, a port-5 uop.)
template <Word V>
[[gnu::always_inline]] inline Z lo_splat() {
  constexpr auto q = static_cast<long long>(V);
  return ZConst<q, 0, q, 0, q, 0, q, 0>::load();
}

/// A 16-bit lane mask loaded from memory (kmovw k, m16; GCC would build a constant
/// mask with mov + kmovw k, r32, a port-5 uop); as an __mmask8 for qword lanes (the
/// same instruction: AVX-512F has no kmovb).
template <unsigned M, class Mask = __mmask16>
[[gnu::always_inline]] inline Mask mask16() {
  alignas(2) static constexpr __mmask16 m = M;
  Mask k;
  asm("kmovw %1, %0" : "=k"(k) : "m"(m));
  return k;
}

/// Qword index vector for _mm512_permutex2var_epi64: each half gets the same pattern,
/// offset by 4 in the second half. Entries 0-7 pick a qword of the first source, 8-15
/// of the second; kZero picks qword 7 of the second source, which the callers pass as
/// a zero register (or a register whose qword 7 is known to be zero).
inline constexpr int kZero = 15;
template <int I0, int I1, int I2, int I3>
[[gnu::always_inline]] inline Z half_index() {
  auto hi = [](int i) { return i == kZero ? kZero : i + 4; };
  return ZConst<I0, I1, I2, I3, hi(I0), hi(I1), hi(I2), hi(I3)>::load();
}

/// Qwords selected per half by a 4-bit pattern (bit i: qword i of each half).
template <unsigned Bits>
[[gnu::always_inline]] inline Z half_mask() {
  auto q = [](unsigned i) { return (Bits >> i) & 1 ? -1LL : 0LL; };
  return ZConst<q(0), q(1), q(2), q(3), q(0), q(1), q(2), q(3)>::load();
}

/// Carry-less products of the words selected by Imm (bit 0: qword of a, bit 4: of b)
/// in every lane.
template <int Imm>
[[gnu::always_inline]] inline Z clmul(Z a, Z b) {
  return _mm512_clmulepi64_epi128(a, b, Imm);
}

[[gnu::always_inline]] inline Z zero() { return _mm512_setzero_si512(); }
[[gnu::always_inline]] inline Z xor2(Z a, Z b) { return _mm512_xor_si512(a, b); }
[[gnu::always_inline]] inline Z xor3(Z a, Z b, Z c) { return _mm512_ternarylogic_epi64(a, b, c, 0x96); }
/// a ^ (b & c).
[[gnu::always_inline]] inline Z xor_and(Z a, Z b, Z c) { return _mm512_ternarylogic_epi64(a, b, c, 0x78); }
[[gnu::always_inline]] inline Z and2(Z a, Z b) { return _mm512_and_si512(a, b); }
/// Bits of a where mask is set, of b elsewhere.
[[gnu::always_inline]] inline Z select(Z mask, Z a, Z b) { return _mm512_ternarylogic_epi64(a, b, mask, 0xE4); }
/// Qwords of a and b chosen by idx (0-7: a, 8-15: b).
[[gnu::always_inline]] inline Z perm(Z a, Z idx, Z b) { return _mm512_permutex2var_epi64(a, idx, b); }

/// The 128-bit pair at words 2j, 2j+1 of an element of W words (a missing word 2j+1,
/// for odd W, reads as zero: one 8-byte load, never past the element).
template <int W>
[[gnu::always_inline]] inline __m128i load_pair(const Word* a, int j) {
  if (2 * j + 1 < W) return _mm_loadu_si128(reinterpret_cast<const __m128i*>(a + 2 * j));
  return _mm_loadl_epi64(reinterpret_cast<const __m128i*>(a + 2 * j));
}

// ---- halves layout (W <= 4) ----

/// [Bj, Bj | Bj', Bj']: pair j of b in both lanes of the first half, of b2 in the second
/// (the layouts with one pair per lane are built from two of these by select()).
template <int W>
[[gnu::always_inline]] inline Z load_pair_halves(const Word* b, const Word* b2, int j) {
  return _mm512_mask_broadcast_i32x4(_mm512_broadcast_i32x4(load_pair<W>(b, j)), mask16<0xFF00>(),
                                     load_pair<W>(b2, j));
}

/// Stores the low W words of each half: to r (first) and r2 (second). Plain 16/32-byte
/// stores, which later 16-byte pair loads are forwarded from.
template <int W>
[[gnu::always_inline]] inline void store_halves(Word* r, Word* r2, Z v) {
  static_assert(W == 3 || W == 4);
  if constexpr (W == 4) {
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(r), _mm512_castsi512_si256(v));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(r2), _mm512_extracti64x4_epi64(v, 1));
  } else {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(r), _mm512_castsi512_si128(v));
    _mm_storel_epi64(reinterpret_cast<__m128i*>(r + 2), _mm512_extracti32x4_epi32(v, 1));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(r2), _mm512_extracti32x4_epi32(v, 2));
    _mm_storel_epi64(reinterpret_cast<__m128i*>(r2 + 2), _mm512_extracti32x4_epi32(v, 3));
  }
}

/// Stores the low W words of the first half to r (mul and sqr on one element).
template <int W>
[[gnu::always_inline]] inline void store_first_half(Word* r, Z v) {
  static_assert(W == 3 || W == 4);
  if constexpr (W == 4) {
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(r), _mm512_castsi512_si256(v));
  } else {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(r), _mm512_castsi512_si128(v));
    _mm_storel_epi64(reinterpret_cast<__m128i*>(r + 2), _mm256_extracti128_si256(_mm512_castsi512_si256(v), 1));
  }
}

// ---- halves layout with a one-bit top word (m = 257: 4 words in a half, word 4 apart) ----

/// All-ones qwords in the first half where bit 0 of a[W] is set, in the second half
/// where bit 0 of a2[W] is; zero elsewhere. The words are broadcast from memory (a
/// load, and a load with a merge), the bit spread by shifts: no branch, no index.
template <int W>
[[gnu::always_inline]] inline Z top_bit_halves(const Word* a, const Word* a2) {
  const __m128i t1 = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(a + W));
  const __m128i t2 = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(a2 + W));
  const __mmask8 second = mask16<0xF0, __mmask8>();
  const Z t = _mm512_mask_broadcastq_epi64(_mm512_broadcastq_epi64(t1), second, t2);
  return _mm512_srai_epi64(_mm512_slli_epi64(t, 63), 63);
}

/// Stores qword 0 of the first half to r[W]: the one-bit top word (mul and sqr).
template <int W>
[[gnu::always_inline]] inline void store_top_first_half(Word* r, Z t) {
  _mm_storel_epi64(reinterpret_cast<__m128i*>(r + W), _mm512_castsi512_si128(t));
}

/// Stores qword 0 of each half to r[W] (first) and r2[W] (second): the one-bit top words.
template <int W>
[[gnu::always_inline]] inline void store_top_halves(Word* r, Word* r2, Z t) {
  store_top_first_half<W>(r, t);
  _mm_storel_epi64(reinterpret_cast<__m128i*>(r2 + W), _mm512_extracti32x4_epi32(t, 2));
}

// ---- wide layout (5 <= W <= 8) ----

/// The pairs of a at lanes First .. First + ceil(W/2) - 1 of a lane-indexed pair of
/// registers (lo: lanes 0-3, hi: lanes 4-7); the other lanes zero. Masked 16-byte
/// broadcasts (8-byte for the half pair of an odd W).
template <int W>
[[gnu::always_inline]] inline void load_lanes(Z& lo, Z& hi, const Word* a, int first) {
  constexpr int n = (W + 1) / 2;
  lo = zero();
  hi = zero();
  for (int k = 0; k < n; ++k) {
    const int lane = first + k;
    Z& dst = lane < 4 ? lo : hi;
    const int l = lane % 4;
    if (2 * k + 1 < W) {
      dst = _mm512_mask_broadcast_i32x4(dst, static_cast<__mmask16>(0xF << (4 * l)), load_pair<W>(a, k));
    } else {
      dst = _mm512_mask_set1_epi64(dst, static_cast<__mmask8>(1 << (2 * l)), static_cast<long long>(a[2 * k]));
    }
  }
}

/// Pair j of b in all four lanes.
template <int W>
[[gnu::always_inline]] inline Z load_pair_all(const Word* b, int j) {
  return _mm512_broadcast_i32x4(load_pair<W>(b, j));
}

/// Stores words 0 .. W-1 of lo (W <= 8) with 32/16/8-byte stores.
template <int W>
[[gnu::always_inline]] inline void store_wide(Word* r, Z v) {
  static_assert(W >= 5 && W <= 8);
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(r), _mm512_castsi512_si256(v));
  const __m256i top = _mm512_extracti64x4_epi64(v, 1);
  if constexpr (W >= 6) _mm_storeu_si128(reinterpret_cast<__m128i*>(r + 4), _mm256_castsi256_si128(top));
  if constexpr (W == 5) _mm_storel_epi64(reinterpret_cast<__m128i*>(r + 4), _mm256_castsi256_si128(top));
  if constexpr (W == 7) _mm_storel_epi64(reinterpret_cast<__m128i*>(r + 6), _mm256_extracti128_si256(top, 1));
  if constexpr (W == 8) _mm_storeu_si128(reinterpret_cast<__m128i*>(r + 6), _mm256_extracti128_si256(top, 1));
}

}  // namespace
}  // namespace dstu::gf2m::detail
