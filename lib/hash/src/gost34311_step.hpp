// Internal: the GOST 34.311-95 step function chi(M, H).
//
//   keys:    K1 = P(H xor M); U <- A(U) xor C_j, V <- A(A(V)), K_j = P(U xor V)
//   encrypt: s_i = E_{K_i}(h_i), four GOST 28147 encryptions interleaved
//   mix:     chi = psi^61(H xor psi(M xor psi^12(S)))
//
// psi is GF(2)-linear on the sixteen 16-bit words, so the mix is evaluated as
// psi^61(H xor psi(M)) xor psi^74(S): closed forms (each output word the XOR of a fixed
// set of input words) derived at compile time from the feedback rule, instead of 74
// shifts. Only the psi^74(S) half waits for the encryptions.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <utility>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "gost28147_kernel.hpp"

namespace dstu::hash::detail {

/// psi^n as a matrix: entry o is the set (bit i = input word y_{i+1}) whose XOR is
/// output word o. psi(y16..y1) = (y1^y2^y3^y4^y13^y16) || y16 || ... || y2.
constexpr std::array<std::uint16_t, 16> psi_matrix(int n) {
  std::array<std::uint16_t, 16> st{};
  for (int i = 0; i < 16; ++i) st[i] = static_cast<std::uint16_t>(1u << i);
  for (int r = 0; r < n; ++r) {
    const std::uint16_t f = st[0] ^ st[1] ^ st[2] ^ st[3] ^ st[12] ^ st[15];
    for (int i = 0; i < 15; ++i) st[i] = st[i + 1];
    st[15] = f;
  }
  return st;
}

/// psi^n on 64-bit lanes: out lane g = XOR over input lanes l and rotations d of
/// (ROL(lane l, 16 d) & mask[g][l][d]). Word q of lane g takes input word
/// 4l + (q - d mod 4) when the matrix says so. No word is unpacked; full masks and
/// zero masks fold away at compile time.
struct PsiLaneMasks {
  std::uint64_t m[4][4][4];  // [g][l][d]
};

constexpr PsiLaneMasks psi_lane_masks(int n) {
  const auto mat = psi_matrix(n);
  PsiLaneMasks pm{};
  for (int g = 0; g < 4; ++g) {
    for (int l = 0; l < 4; ++l) {
      for (int d = 0; d < 4; ++d) {
        std::uint64_t mask = 0;
        for (int q = 0; q < 4; ++q) {
          const int i = 4 * l + ((q - d) & 3);
          if ((mat[4 * g + q] >> i) & 1) mask |= std::uint64_t{0xffff} << (16 * q);
        }
        pm.m[g][l][d] = mask;
      }
    }
  }
  return pm;
}

inline std::uint64_t rotl64(std::uint64_t x, int s) { return s == 0 ? x : (x << s) | (x >> (64 - s)); }

/// out = psi^N1(x) xor psi^N2(y) on 256-bit values given as four little-endian words.
/// out may alias x or y.
template <int N1, int N2>
inline void psi_sum(std::uint64_t out[4], const std::uint64_t x[4], const std::uint64_t y[4]) {
  static constexpr PsiLaneMasks m1 = psi_lane_masks(N1), m2 = psi_lane_masks(N2);
  // Scatter order (one rotated input lane at a time into four accumulators) keeps few
  // values live, so the compiler does not spill.
  std::uint64_t a0 = 0, a1 = 0, a2 = 0, a3 = 0;
#pragma GCC unroll 4
  for (int l = 0; l < 4; ++l) {
#pragma GCC unroll 4
    for (int d = 0; d < 4; ++d) {
      const std::uint64_t rx = rotl64(x[l], 16 * d), ry = rotl64(y[l], 16 * d);
      a0 ^= (rx & m1.m[0][l][d]) ^ (ry & m2.m[0][l][d]);
      a1 ^= (rx & m1.m[1][l][d]) ^ (ry & m2.m[1][l][d]);
      a2 ^= (rx & m1.m[2][l][d]) ^ (ry & m2.m[2][l][d]);
      a3 ^= (rx & m1.m[3][l][d]) ^ (ry & m2.m[3][l][d]);
    }
  }
  out[0] = a0, out[1] = a1, out[2] = a2, out[3] = a3;
}

/// The key transposition P: key word t (of eight, little-endian) is octet t of each of
/// the four 64-bit words of w, w[0] in the low octet. out[i + 4k] = in[8i + k].
inline void key_transpose(std::uint32_t k[8], std::uint64_t w0, std::uint64_t w1, std::uint64_t w2,
                          std::uint64_t w3) {
#if defined(__SSE2__)
  const __m128i c = _mm_unpacklo_epi8(_mm_cvtsi64_si128(static_cast<long long>(w0)),
                                      _mm_cvtsi64_si128(static_cast<long long>(w1)));
  const __m128i d = _mm_unpacklo_epi8(_mm_cvtsi64_si128(static_cast<long long>(w2)),
                                      _mm_cvtsi64_si128(static_cast<long long>(w3)));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(k), _mm_unpacklo_epi16(c, d));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(k + 4), _mm_unpackhi_epi16(c, d));
#else
  for (int t = 0; t < 8; ++t) {
    k[t] = static_cast<std::uint32_t>((w0 >> (8 * t)) & 0xff) |
           static_cast<std::uint32_t>((w1 >> (8 * t)) & 0xff) << 8 |
           static_cast<std::uint32_t>((w2 >> (8 * t)) & 0xff) << 16 |
           static_cast<std::uint32_t>((w3 >> (8 * t)) & 0xff) << 24;
  }
#endif
}

/// C3 = ff00ffff000000ffff0000ff00ffff0000ff00ff00ff00ffff00ff00ff00ff00 (big-endian
/// hex), as four little-endian words, low word first. C2 = C4 = 0.
inline constexpr std::uint64_t kC3[4] = {0xff00ff00ff00ff00ull, 0x00ff00ff00ff00ffull,
                                         0xff0000ff00ffff00ull, 0xff00ffff000000ffull};

/// H <- chi(M, H), the four GOST 28147 encryptions by encrypt4(k, in, out).
template <class Encrypt4>
inline void step(const Encrypt4& encrypt4, std::uint64_t h[4], const std::uint64_t m[4]) {
  alignas(16) std::uint32_t k[4][8];
  // U = H, V = M; A(y4||y3||y2||y1) = (y1^y2)||y4||y3||y2.
  std::uint64_t u0 = h[0], u1 = h[1], u2 = h[2], u3 = h[3];
  std::uint64_t v0 = m[0], v1 = m[1], v2 = m[2], v3 = m[3];
  key_transpose(k[0], u0 ^ v0, u1 ^ v1, u2 ^ v2, u3 ^ v3);
  for (int j = 1; j < 4; ++j) {
    const std::uint64_t a0 = u1, a1 = u2, a2 = u3, a3 = u0 ^ u1;  // U <- A(U)
    u0 = a0, u1 = a1, u2 = a2, u3 = a3;
    if (j == 2) u0 ^= kC3[0], u1 ^= kC3[1], u2 ^= kC3[2], u3 ^= kC3[3];
    const std::uint64_t b0 = v2, b1 = v3, b2 = v0 ^ v1, b3 = v1 ^ v2;  // V <- A(A(V))
    v0 = b0, v1 = b1, v2 = b2, v3 = b3;
    key_transpose(k[j], u0 ^ v0, u1 ^ v1, u2 ^ v2, u3 ^ v3);
  }
  // Make the compiler read the round keys from memory as instruction operands instead
  // of extracting them from vector registers (fewer instructions per round).
  __asm__("" : : "r"(k) : "memory");
  // x = H xor psi(M): psi^61(x) does not depend on the encryptions.
  std::uint64_t x[4];
  const std::uint64_t fb = (m[0] ^ (m[0] >> 16) ^ (m[0] >> 32) ^ (m[0] >> 48) ^ m[3] ^ (m[3] >> 48)) & 0xffff;
  x[0] = h[0] ^ ((m[0] >> 16) | (m[1] << 48));
  x[1] = h[1] ^ ((m[1] >> 16) | (m[2] << 48));
  x[2] = h[2] ^ ((m[2] >> 16) | (m[3] << 48));
  x[3] = h[3] ^ ((m[3] >> 16) | (fb << 48));
  std::uint64_t s[4];
  encrypt4(k, h, s);
  psi_sum<61, 74>(h, x, s);
}

/// Sigma <- Sigma + M mod 2^256.
inline void add256(std::uint64_t sigma[4], const std::uint64_t m[4]) {
  unsigned long long carry = 0;
  for (int i = 0; i < 4; ++i) {
    unsigned long long r;
    const bool c1 = __builtin_uaddll_overflow(sigma[i], m[i], &r);
    const bool c2 = __builtin_uaddll_overflow(r, carry, &r);
    sigma[i] = r;
    carry = static_cast<unsigned long long>(c1) | static_cast<unsigned long long>(c2);
  }
}

}  // namespace dstu::hash::detail
