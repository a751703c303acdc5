// GOST 28147-89, the AVX-512 VBMI kernels: 16 blocks per pair of ZMM registers, N1 of
// each block in one 32-bit lane of a and N2 in the same lane of b. Constant time: the
// S-box lookups are register permutes, no memory index and no branch depends on the key
// or the data.
//
// One round b ^= ROL11(S(a + k)): x = a + k (vpaddd, the key broadcast); the low and the
// high nibble of each octet, with the octet's position p in bits 4..5, index 64-entry
// tables of rows K(2p+1) and K(2p+2) << 4 (vpermb, Gost28147CtSbox::perm); both halves
// rotated by 11 (vprold) and xored into b in one ternary-logic instruction.
// GCC 12 warns about its own AVX-512 intrinsics (the undefined-vector idiom inside
// avx512fintrin.h, GCC bug 105593); the warning is about the header, not this code.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <immintrin.h>

#include "dstu/base/wipe.hpp"
#include "gost28147_kernel.hpp"
#include "gost28147_lanes.hpp"

#define DSTU_VBMI __attribute__((target("avx512f,avx512bw,avx512vl,avx512vbmi")))

namespace dstu::cipher::detail {
namespace {

using Z = __m512i;

/// Groups of 16 blocks in flight: one round's dependency chain (about nine cycles)
/// would leave the vector units idle with fewer; measured by tests/perf/gost28147_speed.
constexpr int kGroups = 4;

struct Consts {
  Z lo_table, hi_table, low, position;
};

DSTU_VBMI inline Consts load_consts(const Gost28147CtSbox& s) {
  return {_mm512_load_si512(s.perm[0]), _mm512_load_si512(s.perm[1]), _mm512_set1_epi8(0x0f),
          _mm512_set1_epi32(0x30201000)};
}

/// (x & low) | position: ternary-logic function 0xea.
DSTU_VBMI inline Z index_of(Z x, const Consts& c) { return _mm512_ternarylogic_epi32(x, c.low, c.position, 0xea); }

/// b ^= ROL11(S(a + k)).
DSTU_VBMI inline Z half_round(Z b, Z a, Z k, const Consts& c) {
  const Z x = _mm512_add_epi32(a, k);
  const Z sl = _mm512_permutexvar_epi8(index_of(x, c), c.lo_table);
  const Z sh = _mm512_permutexvar_epi8(index_of(_mm512_srli_epi32(x, 4), c), c.hi_table);
  return _mm512_ternarylogic_epi32(b, _mm512_rol_epi32(sl, 11), _mm512_rol_epi32(sh, 11), 0x96);
}

/// Up to 16 blocks: a = their N1, b = their N2 (masked loads: absent blocks read 0).
DSTU_VBMI inline void load16(Z& a, Z& b, const std::uint8_t* in, unsigned n) {
  const __mmask8 m0 = n >= 8 ? 0xff : static_cast<__mmask8>((1u << n) - 1);
  const __mmask8 m1 = n >= 16 ? 0xff : n > 8 ? static_cast<__mmask8>((1u << (n - 8)) - 1) : 0;
  const Z z0 = _mm512_maskz_loadu_epi64(m0, in), z1 = _mm512_maskz_loadu_epi64(m1, in + 64);
  const Z even = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
  const Z odd = _mm512_setr_epi32(1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31);
  a = _mm512_permutex2var_epi32(z0, even, z1);
  b = _mm512_permutex2var_epi32(z0, odd, z1);
}

/// The inverse of load16 with the halves exchanged: LE32(N2) || LE32(N1) per block.
DSTU_VBMI inline void store16(std::uint8_t* out, Z a, Z b, unsigned n) {
  const __mmask8 m0 = n >= 8 ? 0xff : static_cast<__mmask8>((1u << n) - 1);
  const __mmask8 m1 = n >= 16 ? 0xff : n > 8 ? static_cast<__mmask8>((1u << (n - 8)) - 1) : 0;
  const Z first = _mm512_setr_epi32(0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
  const Z second = _mm512_setr_epi32(8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31);
  _mm512_mask_storeu_epi64(out, m0, _mm512_permutex2var_epi32(b, first, a));
  _mm512_mask_storeu_epi64(out + 64, m1, _mm512_permutex2var_epi32(b, second, a));
}

/// G groups of 16 blocks (the last may hold fewer: `last` blocks).
template <int G>
DSTU_VBMI void groups(const Consts& c, const Gost28147Schedule& s, int rounds, std::uint8_t* out,
                      const std::uint8_t* in, unsigned last) {
  Z a[G], b[G];
  for (int g = 0; g < G; ++g) load16(a[g], b[g], in + 128 * g, g == G - 1 ? last : 16);
  for (int r = 0; r < rounds; r += 2) {
    const Z k0 = _mm512_set1_epi32(static_cast<int>(s.rk[r])), k1 = _mm512_set1_epi32(static_cast<int>(s.rk[r + 1]));
    for (int g = 0; g < G; ++g) b[g] = half_round(b[g], a[g], k0, c);
    for (int g = 0; g < G; ++g) a[g] = half_round(a[g], b[g], k1, c);
  }
  for (int g = 0; g < G; ++g) store16(out + 128 * g, a[g], b[g], g == G - 1 ? last : 16);
}

/// The few-block kernels: up to four blocks in the 32-bit lanes of XMM registers, the
/// 64-entry tables as pairs of YMM registers (vpermi2b). A round's dependency chain is
/// shorter than on ZMM registers, which is what the serial modes wait for.
struct YmmConsts {
  __m256i lo0, lo1, hi0, hi1;
  __m128i low, position;
};

/// b ^= ROL11(S(a + k)) on four 32-bit lanes.
DSTU_VBMI inline __m128i half_round4(__m128i b, __m128i a, __m128i k, const YmmConsts& c) {
  const __m128i x = _mm_add_epi32(a, k);
  const __m128i il = _mm_ternarylogic_epi32(x, c.low, c.position, 0xea);
  const __m128i ih = _mm_ternarylogic_epi32(_mm_srli_epi32(x, 4), c.low, c.position, 0xea);
  const __m128i sl = _mm256_castsi256_si128(_mm256_permutex2var_epi8(c.lo0, _mm256_castsi128_si256(il), c.lo1));
  const __m128i sh = _mm256_castsi256_si128(_mm256_permutex2var_epi8(c.hi0, _mm256_castsi128_si256(ih), c.hi1));
  return _mm_ternarylogic_epi32(b, _mm_rol_epi32(sl, 11), _mm_rol_epi32(sh, 11), 0x96);
}

DSTU_VBMI inline YmmConsts load_ymm_consts(const Gost28147CtSbox& sbox) {
  const auto* lo = reinterpret_cast<const __m256i*>(sbox.perm[0]);
  const auto* hi = reinterpret_cast<const __m256i*>(sbox.perm[1]);
  return {_mm256_load_si256(lo),     _mm256_load_si256(lo + 1), _mm256_load_si256(hi),
          _mm256_load_si256(hi + 1), _mm_set1_epi8(0x0f),       _mm_set1_epi32(0x30201000)};
}

/// Up to four blocks (the serial modes: one).
DSTU_VBMI void few(const YmmConsts& c, const Gost28147Schedule& s, int rounds, std::uint8_t* out,
                   const std::uint8_t* in, unsigned n) {
  const __mmask8 m = static_cast<__mmask8>((1u << n) - 1);
  const __m256i v = _mm256_maskz_loadu_epi64(m, in);
  const __m256i even = _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7);
  const __m256i ab = _mm256_permutexvar_epi32(even, v);
  __m128i a = _mm256_castsi256_si128(ab), b = _mm256_extracti128_si256(ab, 1);
  for (int r = 0; r < rounds; r += 2) {
    b = half_round4(b, a, _mm_set1_epi32(static_cast<int>(s.rk[r])), c);
    a = half_round4(a, b, _mm_set1_epi32(static_cast<int>(s.rk[r + 1])), c);
  }
  const __m256i ba = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_unpacklo_epi32(b, a)),
                                             _mm_unpackhi_epi32(b, a), 1);
  _mm256_mask_storeu_epi64(out, m, ba);
}

DSTU_VBMI void blocks_avx512vbmi(const Gost28147CtSbox& sbox, const Gost28147Schedule& s, int rounds,
                                 std::uint8_t* out, const std::uint8_t* in, std::size_t n) {
  if (n <= 4) {
    if (n > 0) few(load_ymm_consts(sbox), s, rounds, out, in, static_cast<unsigned>(n));
    return;
  }
  const Consts c = load_consts(sbox);
  std::size_t i = 0;
  for (; i + 16 * kGroups <= n; i += 16 * kGroups) groups<kGroups>(c, s, rounds, out + 8 * i, in + 8 * i, 16);
  if (i == n) return;
  // The rest in as many groups as it needs, the last one partial.
  const std::size_t rest = n - i, g = (rest + 15) / 16;
  const unsigned last = static_cast<unsigned>(rest - 16 * (g - 1));
  out += 8 * i;
  in += 8 * i;
  switch (g) {
    case 1: return groups<1>(c, s, rounds, out, in, last);
    case 2: return groups<2>(c, s, rounds, out, in, last);
    case 3: return groups<3>(c, s, rounds, out, in, last);
    case 4: return groups<4>(c, s, rounds, out, in, last);
    case 5: return groups<5>(c, s, rounds, out, in, last);
    case 6: return groups<6>(c, s, rounds, out, in, last);
    default: return groups<7>(c, s, rounds, out, in, last);
  }
}

/// GOST 34.311's four encryptions under four keys: four 32-bit lanes of XMM registers.
DSTU_VBMI void encrypt4_avx512vbmi(const Gost28147CtSbox& sbox, const std::uint32_t (*k)[8],
                                   const std::uint64_t* in, std::uint64_t* out) {
  const YmmConsts c = load_ymm_consts(sbox);
  // Key word i of the four keys: lane l = k[l][i].
  const Z k01 = _mm512_loadu_si512(k[0]), k23 = _mm512_loadu_si512(k[2]);
  const Z first = _mm512_setr_epi32(0, 8, 16, 24, 1, 9, 17, 25, 2, 10, 18, 26, 3, 11, 19, 27);
  const Z second = _mm512_setr_epi32(4, 12, 20, 28, 5, 13, 21, 29, 6, 14, 22, 30, 7, 15, 23, 31);
  alignas(64) __m128i kv[8];
  _mm512_store_si512(kv, _mm512_permutex2var_epi32(k01, first, k23));
  _mm512_store_si512(kv + 4, _mm512_permutex2var_epi32(k01, second, k23));
  const __m128i v0 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in));
  const __m128i v1 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in + 2));
  __m128i a = _mm_castps_si128(_mm_shuffle_ps(_mm_castsi128_ps(v0), _mm_castsi128_ps(v1), 0x88));  // N1s
  __m128i b = _mm_castps_si128(_mm_shuffle_ps(_mm_castsi128_ps(v0), _mm_castsi128_ps(v1), 0xdd));  // N2s
#pragma GCC unroll 16
  for (int r = 0; r < 32; r += 2) {
    b = half_round4(b, a, kv[enc_key_index(r)], c);
    a = half_round4(a, b, kv[enc_key_index(r + 1)], c);
  }
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out), _mm_unpacklo_epi32(b, a));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 2), _mm_unpackhi_epi32(b, a));
  secure_wipe(kv, sizeof kv);
}

}  // namespace

// encrypt4 beats the table rounds on GOST 34.311 (tests/perf/gost28147_speed
// re-measures it).
const Gost28147Kernels kGost28147Avx512Vbmi{"avx512vbmi", blocks_avx512vbmi, encrypt4_avx512vbmi, true};

}  // namespace dstu::cipher::detail

#pragma GCC diagnostic pop
