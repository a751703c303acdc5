// GOST 28147-89, the AVX2 kernels: 32 blocks byte-sliced in YMM registers, the S-box
// rows as in-register lookups (vpshufb). Constant time: no memory index and no branch
// depends on the key or the data.
//
// Layout: a[j] holds octet j (0..3) of N1 of 32 blocks, b[j] octet j of N2, each octet
// biased by 0x80 so that the carries of the key addition are signed byte comparisons.
// One round b ^= ROL11(S(a + k)):
//   x = a + k     octet by octet, the carry out of octet j being (a_j > 255 - k_j) or
//                 (a_j == 255 - k_j and a carry came in): two comparisons and two masks
//   S, ROL11      octet p of S(x) is s_p = K(2p+1)[lo] | K(2p+2)[hi] << 4 and the
//                 rotation sends s_p << 3 to octet p+1 and s_p >> 5 to octet p+2: three
//                 lookups of 16 entries per octet (Gost28147CtSbox::shuf) xored into b.
#include <immintrin.h>

#include <cstring>

#include "dstu/base/wipe.hpp"
#include "gost28147_kernel.hpp"
#include "gost28147_lanes.hpp"

#define DSTU_AVX2 __attribute__((target("avx2")))

namespace dstu::cipher::detail {
namespace {

using V = __m256i;

/// The twelve lookup tables, each repeated in both 128-bit lanes.
struct Tables {
  V t[4][3];
};

DSTU_AVX2 inline Tables load_tables(const Gost28147CtSbox& s) {
  Tables T;
  for (int p = 0; p < 4; ++p) {
    for (int q = 0; q < 3; ++q) {
      T.t[p][q] = _mm256_broadcastsi128_si256(_mm_load_si128(reinterpret_cast<const __m128i*>(s.shuf[p][q])));
    }
  }
  return T;
}

/// b ^= ROL11(S(a + k)); c = the round's constants (biased key octets k_j ^ 0x80, then
/// the carry thresholds k_j ^ 0x7f, j = 0..2), each broadcast to every octet.
DSTU_AVX2 inline void half_round(V (&b)[4], const V (&a)[4], const V (&c)[7], const Tables& T) {
  const V x0 = _mm256_add_epi8(a[0], c[0]);
  const V c0 = _mm256_cmpgt_epi8(a[0], c[4]);
  const V x1 = _mm256_sub_epi8(_mm256_add_epi8(a[1], c[1]), c0);
  const V c1 = _mm256_or_si256(_mm256_cmpgt_epi8(a[1], c[5]), _mm256_and_si256(_mm256_cmpeq_epi8(a[1], c[5]), c0));
  const V x2 = _mm256_sub_epi8(_mm256_add_epi8(a[2], c[2]), c1);
  const V c2 = _mm256_or_si256(_mm256_cmpgt_epi8(a[2], c[6]), _mm256_and_si256(_mm256_cmpeq_epi8(a[2], c[6]), c1));
  const V x3 = _mm256_sub_epi8(_mm256_add_epi8(a[3], c[3]), c2);
  const V x[4] = {x0, x1, x2, x3};
  const V low = _mm256_set1_epi8(0x0f);
#pragma GCC unroll 4
  for (int p = 0; p < 4; ++p) {
    const V lo = _mm256_and_si256(x[p], low);
    const V hi = _mm256_and_si256(_mm256_srli_epi16(x[p], 4), low);
    const V u = _mm256_xor_si256(_mm256_shuffle_epi8(T.t[p][0], lo), _mm256_shuffle_epi8(T.t[p][1], hi));
    b[(p + 1) & 3] = _mm256_xor_si256(b[(p + 1) & 3], u);
    b[(p + 2) & 3] = _mm256_xor_si256(b[(p + 2) & 3], _mm256_shuffle_epi8(T.t[p][2], hi));
  }
}

/// The constants of a round from the schedule: 32-bit broadcasts from memory.
DSTU_AVX2 inline void round_constants(V (&c)[7], const std::uint32_t* sliced) {
  for (int j = 0; j < 7; ++j) c[j] = _mm256_set1_epi32(static_cast<int>(sliced[j]));
}

/// Transposes the 8x8 matrix of 16-bit units in each 128-bit lane of x[0..7]: unit p of
/// x[r] becomes unit r of x[p]. Its own inverse.
DSTU_AVX2 inline void transpose_units(V (&x)[8]) {
  V s[8], u[8];
  for (int i = 0; i < 4; ++i) {
    s[2 * i] = _mm256_unpacklo_epi16(x[2 * i], x[2 * i + 1]);
    s[2 * i + 1] = _mm256_unpackhi_epi16(x[2 * i], x[2 * i + 1]);
  }
  for (int h = 0; h < 2; ++h) {
    for (int i = 0; i < 2; ++i) {
      u[4 * h + 2 * i] = _mm256_unpacklo_epi32(s[4 * h + i], s[4 * h + i + 2]);
      u[4 * h + 2 * i + 1] = _mm256_unpackhi_epi32(s[4 * h + i], s[4 * h + i + 2]);
    }
  }
  for (int i = 0; i < 4; ++i) {
    x[2 * i] = _mm256_unpacklo_epi64(u[i], u[i + 4]);
    x[2 * i + 1] = _mm256_unpackhi_epi64(u[i], u[i + 4]);
  }
}

/// 32 blocks (256 octets) into byte-sliced, biased form.
DSTU_AVX2 inline void load32(V (&a)[4], V (&b)[4], const std::uint8_t* in) {
  // Within a lane (two blocks), unit p = octet p of both.
  const V pair = _mm256_setr_epi8(0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15, 0, 8, 1, 9, 2, 10, 3, 11, 4,
                                  12, 5, 13, 6, 14, 7, 15);
  V x[8];
  for (int r = 0; r < 8; ++r) {
    x[r] = _mm256_shuffle_epi8(_mm256_loadu_si256(reinterpret_cast<const V*>(in + 32 * r)), pair);
  }
  transpose_units(x);
  const V bias = _mm256_set1_epi8(static_cast<char>(0x80));
  for (int j = 0; j < 4; ++j) {
    a[j] = _mm256_xor_si256(x[j], bias);
    b[j] = _mm256_xor_si256(x[4 + j], bias);
  }
}

/// The inverse of load32, with the halves exchanged: LE32(N2) || LE32(N1) per block.
DSTU_AVX2 inline void store32(std::uint8_t* out, const V (&a)[4], const V (&b)[4]) {
  const V bias = _mm256_set1_epi8(static_cast<char>(0x80));
  V x[8];
  for (int j = 0; j < 4; ++j) {
    x[j] = _mm256_xor_si256(b[j], bias);
    x[4 + j] = _mm256_xor_si256(a[j], bias);
  }
  transpose_units(x);
  const V unpair = _mm256_setr_epi8(0, 2, 4, 6, 8, 10, 12, 14, 1, 3, 5, 7, 9, 11, 13, 15, 0, 2, 4, 6, 8, 10, 12, 14,
                                    1, 3, 5, 7, 9, 11, 13, 15);
  for (int r = 0; r < 8; ++r) {
    _mm256_storeu_si256(reinterpret_cast<V*>(out + 32 * r), _mm256_shuffle_epi8(x[r], unpair));
  }
}

DSTU_AVX2 void group(const Tables& T, const Gost28147Schedule& s, int rounds, std::uint8_t* out,
                     const std::uint8_t* in) {
  V a[4], b[4], c[7];
  load32(a, b, in);
  for (int r = 0; r < rounds; r += 2) {
    round_constants(c, s.sliced[r]);
    half_round(b, a, c, T);
    round_constants(c, s.sliced[r + 1]);
    half_round(a, b, c, T);
  }
  store32(out, a, b);
}

DSTU_AVX2 void blocks_avx2(const Gost28147CtSbox& sbox, const Gost28147Schedule& s, int rounds, std::uint8_t* out,
                           const std::uint8_t* in, std::size_t n) {
  // One block (the serial modes) costs a whole group of 32 here, a little more than the
  // portable kernel's scalar round.
  if (n == 1) {
    kGost28147Portable.blocks(sbox, s, rounds, out, in, n);
    return;
  }
  const Tables T = load_tables(sbox);
  std::size_t i = 0;
  for (; i + 32 <= n; i += 32) group(T, s, rounds, out + 8 * i, in + 8 * i);
  if (i < n) {
    alignas(32) std::uint8_t buf[256] = {};
    std::memcpy(buf, in + 8 * i, 8 * (n - i));
    group(T, s, rounds, buf, buf);
    std::memcpy(out + 8 * i, buf, 8 * (n - i));
    secure_wipe(buf, sizeof buf);
  }
}

/// GOST 34.311's four encryptions under four keys: byte-sliced, four blocks would use an
/// eighth of each register for the whole cost of a round; the portable kernel's four
/// lanes of f_ct (SSE2) are faster (HMAC-GOST34.311 129 against 115 MB/s on Zen 4,
/// tests/perf/gost28147_speed).
void encrypt4_avx2(const Gost28147CtSbox& sbox, const std::uint32_t (*k)[8], const std::uint64_t* in,
                   std::uint64_t* out) {
  kGost28147Portable.encrypt4(sbox, k, in, out);
}

}  // namespace

const Gost28147Kernels kGost28147Avx2{"avx2", blocks_avx2, encrypt4_avx2, false};

}  // namespace dstu::cipher::detail
