// Internal: the byte-sliced GOST 28147-89 kernel, written once over the operations O of
// a vector type O::V (YMM for AVX2 in gost28147_avx2.cpp, ZMM for AVX-512BW in
// gost28147_avx512bw.cpp, each file compiling it for its extension). Constant time: no
// memory index and no branch depends on the key or the data.
//
// Layout: a[j] holds octet j (0..3) of N1 of O::kBlocks = sizeof(V) blocks, b[j] octet j of N2, each
// octet biased by 0x80 so that the carries of the key addition are signed byte
// comparisons. One round b ^= ROL11(S(a + k)):
//   x = a + k     octet by octet, the carry out of octet j being (a_j > 255 - k_j) or
//                 (a_j == 255 - k_j and a carry came in): two comparisons and a mask
//   S, ROL11      octet p of S(x) is s_p = K(2p+1)[lo] | K(2p+2)[hi] << 4 and the
//                 rotation sends s_p << 3 to octet p+1 and s_p >> 5 to octet p+2: three
//                 lookups of 16 entries per octet (Gost28147CtSbox::shuf) xored into b.
// Blocks go in and out through an in-lane transposition: within each 128-bit lane,
// vpshufb pairs the octets of its two blocks, then an 8 x 8 transposition of 16-bit
// units across the eight registers makes register p hold octet p of every block.
//
// O provides: V, kBlocks (= sizeof(V)); set1_8, set1_32, table (16 octets into every
// lane), loadu, storeu; add8, sub8, gt8, eq8 (masks as vectors), and_, or_, xor_,
// carry(gt, eq, c) = gt | (eq & c), xor3; high_nibble(x, low) = (x >> 4) & low;
// shuffle8 (vpshufb); unpacklo/hi 16, 32, 64.
#pragma once

#include <cstring>

#include "dstu/base/wipe.hpp"
#include "gost28147_lanes.hpp"

namespace dstu::cipher::detail::sliced {

/// The twelve lookup tables, each repeated in every 128-bit lane.
template <class O>
struct Tables {
  typename O::V t[4][3];
  explicit Tables(const Gost28147CtSbox& s) {
    for (int p = 0; p < 4; ++p) {
      for (int q = 0; q < 3; ++q) t[p][q] = O::table(s.shuf[p][q]);
    }
  }
};

/// b ^= ROL11(S(a + k)); c = the round's constants (biased key octets k_j ^ 0x80, then
/// the carry thresholds k_j ^ 0x7f, j = 0..2), each broadcast to every octet.
template <class O, class V = typename O::V>
inline void half_round(V (&b)[4], const V (&a)[4], const V (&c)[7], const Tables<O>& T) {
  const V c0 = O::gt8(a[0], c[4]);
  const V x1 = O::sub8(O::add8(a[1], c[1]), c0);
  const V c1 = O::carry(O::gt8(a[1], c[5]), O::eq8(a[1], c[5]), c0);
  const V x2 = O::sub8(O::add8(a[2], c[2]), c1);
  const V c2 = O::carry(O::gt8(a[2], c[6]), O::eq8(a[2], c[6]), c1);
  const V x[4] = {O::add8(a[0], c[0]), x1, x2, O::sub8(O::add8(a[3], c[3]), c2)};
  const V low = O::set1_8(0x0f);
#pragma GCC unroll 4
  for (int p = 0; p < 4; ++p) {
    const V lo = O::and_(x[p], low);
    const V hi = O::high_nibble(x[p], low);
    b[(p + 1) & 3] = O::xor3(b[(p + 1) & 3], O::shuffle8(T.t[p][0], lo), O::shuffle8(T.t[p][1], hi));
    b[(p + 2) & 3] = O::xor_(b[(p + 2) & 3], O::shuffle8(T.t[p][2], hi));
  }
}

/// The constants of a round from the schedule: 32-bit broadcasts from memory.
template <class O, class V = typename O::V>
inline void round_constants(V (&c)[7], const std::uint32_t* sliced) {
  for (int j = 0; j < 7; ++j) c[j] = O::set1_32(sliced[j]);
}

/// Transposes the 8 x 8 matrix of 16-bit units in each 128-bit lane of x[0..7]: unit p
/// of x[r] becomes unit r of x[p]. Its own inverse.
template <class O, class V = typename O::V>
inline void transpose_units(V (&x)[8]) {
  V s[8], u[8];
  for (int i = 0; i < 4; ++i) {
    s[2 * i] = O::unpacklo16(x[2 * i], x[2 * i + 1]);
    s[2 * i + 1] = O::unpackhi16(x[2 * i], x[2 * i + 1]);
  }
  for (int h = 0; h < 2; ++h) {
    for (int i = 0; i < 2; ++i) {
      u[4 * h + 2 * i] = O::unpacklo32(s[4 * h + i], s[4 * h + i + 2]);
      u[4 * h + 2 * i + 1] = O::unpackhi32(s[4 * h + i], s[4 * h + i + 2]);
    }
  }
  for (int i = 0; i < 4; ++i) {
    x[2 * i] = O::unpacklo64(u[i], u[i + 4]);
    x[2 * i + 1] = O::unpackhi64(u[i], u[i + 4]);
  }
}

/// Within a lane of two blocks, unit p = octet p of both; and back.
inline constexpr std::uint8_t kPair[16] = {0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15};
inline constexpr std::uint8_t kUnpair[16] = {0, 2, 4, 6, 8, 10, 12, 14, 1, 3, 5, 7, 9, 11, 13, 15};

/// kBlocks blocks into byte-sliced, biased form.
template <class O, class V = typename O::V>
inline void load(V (&a)[4], V (&b)[4], const std::uint8_t* in) {
  const V pair = O::table(kPair);
  V x[8];
  for (int r = 0; r < 8; ++r) x[r] = O::shuffle8(O::loadu(in + sizeof(V) * r), pair);
  transpose_units<O>(x);
  const V bias = O::set1_8(static_cast<char>(0x80));
  for (int j = 0; j < 4; ++j) {
    a[j] = O::xor_(x[j], bias);
    b[j] = O::xor_(x[4 + j], bias);
  }
}

/// The inverse of load, with the halves exchanged: LE32(N2) || LE32(N1) per block.
template <class O, class V = typename O::V>
inline void store(std::uint8_t* out, const V (&a)[4], const V (&b)[4]) {
  const V bias = O::set1_8(static_cast<char>(0x80));
  V x[8];
  for (int j = 0; j < 4; ++j) {
    x[j] = O::xor_(b[j], bias);
    x[4 + j] = O::xor_(a[j], bias);
  }
  transpose_units<O>(x);
  const V unpair = O::table(kUnpair);
  for (int r = 0; r < 8; ++r) O::storeu(out + sizeof(V) * r, O::shuffle8(x[r], unpair));
}

/// O::kBlocks blocks, `rounds` rounds of schedule s.
template <class O>
inline void group(const Tables<O>& T, const Gost28147Schedule& s, int rounds, std::uint8_t* out,
                  const std::uint8_t* in) {
  typename O::V a[4], b[4], c[7];
  load<O>(a, b, in);
  for (int r = 0; r < rounds; r += 2) {
    round_constants<O>(c, s.sliced[r]);
    half_round<O>(b, a, c, T);
    round_constants<O>(c, s.sliced[r + 1]);
    half_round<O>(a, b, c, T);
  }
  store<O>(out, a, b);
}

/// n blocks in groups, the last one padded in a buffer that is wiped.
template <class O>
inline void blocks(const Gost28147CtSbox& sbox, const Gost28147Schedule& s, int rounds, std::uint8_t* out,
                   const std::uint8_t* in, std::size_t n) {
  constexpr std::size_t kBlocks = O::kBlocks;
  const Tables<O> T(sbox);
  std::size_t i = 0;
  for (; i + kBlocks <= n; i += kBlocks) group<O>(T, s, rounds, out + 8 * i, in + 8 * i);
  if (i < n) {
    alignas(64) std::uint8_t buf[8 * kBlocks] = {};
    std::memcpy(buf, in + 8 * i, 8 * (n - i));
    group<O>(T, s, rounds, buf, buf);
    std::memcpy(out + 8 * i, buf, 8 * (n - i));
    secure_wipe(buf, sizeof buf);
  }
}

}  // namespace dstu::cipher::detail::sliced
