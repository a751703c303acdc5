// Internal: the GOST 28147-89 round function in its two forms, and the 32-round
// schedule shared by the cipher and by GOST 34.311 (which runs four encryptions with
// four keys side by side for instruction-level parallelism).
//
// Round (N1, N2) <- (N2 xor f(N1 + K), N1), f(x) = ROL11(S(x)). The code never swaps:
// it updates the two halves alternately, so after an even number of rounds a = N1 and
// b = N2. The 32-round output LE32(N2) || LE32(N1) is therefore b | a << 32.
#pragma once

#include <array>
#include <cstdint>

#include "dstu/cipher/gost28147.hpp"

namespace dstu::cipher::detail {

/// Four tables t[k][v] = ROL11(substitution of byte k of the word when it equals v),
/// i.e. rows K(2k+1) (low nibble) and K(2k+2) (high nibble). Public data.
struct Gost28147Tables {
  alignas(64) std::uint32_t t[4][256];
};

/// The gamma's counters N3 | N4 << 32 (§3) after k steps (N3 += C2 mod 2^32, N4 += C1
/// mod 2^32 - 1 with an end-around carry) in one step, equal to k single steps: where the
/// parallel gamma starts each part. Constant time in the counters (they are secret).
std::uint64_t gamma_advance(std::uint64_t n3_n4, std::uint64_t k);

/// Builds the four tables of an S-box.
void build_tables(Gost28147Tables& out, const SBox& sbox);

/// The 16 ANF masks of an S-box for the constant-time round: bit 4j+b of anf[m] is the
/// coefficient of monomial m (a subset of the four input bits) in output bit b of row
/// K(j+1).
std::array<std::uint32_t, 16> build_anf(const SBox& sbox);

/// f(x) by table lookup: indices depend on x (variable time).
inline std::uint32_t f_vartime(const Gost28147Tables& T, std::uint32_t x) {
  return T.t[0][x & 0xff] ^ T.t[1][(x >> 8) & 0xff] ^ T.t[2][(x >> 16) & 0xff] ^ T.t[3][x >> 24];
}

/// Hides v from the optimiser, so it cannot regroup the XORs around it.
inline void opaque(std::uint32_t& v) { __asm__("" : "+r"(v)); }

/// b xor f(x) by table lookup, grouped for latency: octets 0 and 2 go into b while
/// octets 1 and 3 are combined apart, so that the slowest lookup (octet 2 needs two
/// instructions to extract) is followed by a single XOR, shorter than a serial chain.
inline std::uint32_t xor_f_vartime(const Gost28147Tables& T, std::uint32_t b, std::uint32_t x) {
  std::uint32_t u = T.t[1][(x >> 8) & 0xff] ^ T.t[3][x >> 24];
  opaque(u);
  std::uint32_t v = b ^ T.t[0][x & 0xff];
  v ^= T.t[2][(x >> 16) & 0xff];
  opaque(v);
  return u ^ v;
}

/// f(x) in constant time: evaluates the eight S-boxes' ANF bitsliced across nibbles.
/// W is std::uint32_t (one round word) or a GCC vector of them (one word per lane: the
/// portable kernel over several blocks).
///
/// The sixteen monomials are grouped by their factor in x2, x3: S = G0 ^ x2 G1 ^ x3 G2 ^
/// x2 x3 G3 with Gq = anf[4q] ^ x0 anf[4q+1] ^ x1 anf[4q+2] ^ x0 x1 anf[4q+3], 32
/// operations where the sum of sixteen products takes 41, in a shallower tree.
template <class W>
inline W f_ct(const std::uint32_t* anf, W x) {
  // Plane k holds input bit k of every nibble, spread to the whole nibble (0 or 0xf).
  const W x0 = (x & 0x11111111u) * 15u;
  const W x1 = ((x >> 1) & 0x11111111u) * 15u;
  const W x2 = ((x >> 2) & 0x11111111u) * 15u;
  const W x3 = ((x >> 3) & 0x11111111u) * 15u;
  const W x01 = x0 & x1, x23 = x2 & x3;
  W g[4];
  for (int q = 0; q < 4; ++q) {
    g[q] = ((x0 & anf[4 * q + 1]) ^ anf[4 * q]) ^ ((x1 & anf[4 * q + 2]) ^ (x01 & anf[4 * q + 3]));
  }
  const W s = (g[0] ^ (x2 & g[1])) ^ ((x3 & g[2]) ^ (x23 & g[3]));
  return (s << 11) | (s >> 21);
}

/// Round functions as small callables, so one schedule serves both.
/// One table round b <- b xor f(a + k) in x86-64 assembly (baseline instructions only):
/// the compiler's register allocation of the C++ form adds a move or two per round,
/// and this loop is latency- and issue-bound. Same grouping as xor_f_vartime.
#if defined(__x86_64__) && !defined(DSTU_NO_ASM)
#define DSTU_GOST_ROUND_ASM 1
inline std::uint32_t round_vartime_asm(const Gost28147Tables& T, std::uint32_t b, std::uint32_t a,
                                       const std::uint32_t& k) {
  std::uint64_t x, i, u;
  __asm__(
      "movl %k[a], %k[x]\n\t"
      "addl %[k], %k[x]\n\t"
      "movzbl %b[x], %k[i]\n\t"
      "xorl (%[T],%[i],4), %k[b]\n\t"
      "movzbl %h[x], %k[i]\n\t"
      "movl 0x400(%[T],%[i],4), %k[u]\n\t"
      "movl %k[x], %k[i]\n\t"
      "shrl $16, %k[i]\n\t"
      "movzbl %b[i], %k[i]\n\t"
      "xorl 0x800(%[T],%[i],4), %k[b]\n\t"
      "shrl $24, %k[x]\n\t"
      "xorl 0xc00(%[T],%[x],4), %k[u]\n\t"
      "xorl %k[u], %k[b]"
      : [b] "+r"(b), [x] "=&Q"(x), [i] "=&Q"(i), [u] "=&r"(u)
      : [a] "r"(a), [k] "m"(k), [T] "r"(T.t));
  return b;
}
#endif

/// Each has f(b, a, k) = b xor f(a + k): one round of the schedule.
struct RoundVartime {
  const Gost28147Tables& T;
  std::uint32_t operator()(std::uint32_t b, std::uint32_t a, const std::uint32_t& k) const {
#if defined(DSTU_GOST_ROUND_ASM)
    return round_vartime_asm(T, b, a, k);
#else
    return xor_f_vartime(T, b, a + k);
#endif
  }
};
struct RoundCt {
  const std::uint32_t* anf;
  std::uint32_t operator()(std::uint32_t b, std::uint32_t a, const std::uint32_t& k) const {
    return b ^ f_ct(anf, a + k);
  }
};

/// Key-word index of round r (0..31) for encryption: K0..K7 three times, then K7..K0.
constexpr int enc_key_index(int r) { return r < 24 ? (r & 7) : 7 - (r & 7); }
/// For decryption: K0..K7 once, then K7..K0 three times.
constexpr int dec_key_index(int r) { return r < 8 ? r : 7 - (r & 7); }

/// `Rounds` rounds on one block with key-word order given by KeyIndex; returns the
/// halves (a, b) in the non-swapping convention of the file comment.
template <int Rounds, class F, class KeyIndex>
inline void rounds(const F& f, const std::uint32_t* k, KeyIndex key_index, std::uint32_t& a,
                   std::uint32_t& b) {
#pragma GCC unroll 32
  for (int r = 0; r < Rounds; r += 2) {
    b = f(b, a, k[key_index(r)]);
    a = f(a, b, k[key_index(r + 1)]);
  }
}

/// 32-round encryption of a little-endian block word.
template <class F>
inline std::uint64_t encrypt_word(const F& f, const std::uint32_t* k, std::uint64_t in) {
  std::uint32_t a = static_cast<std::uint32_t>(in), b = static_cast<std::uint32_t>(in >> 32);
  rounds<32>(f, k, enc_key_index, a, b);
  return static_cast<std::uint64_t>(b) | static_cast<std::uint64_t>(a) << 32;
}

/// 32-round decryption of a little-endian block word.
template <class F>
inline std::uint64_t decrypt_word(const F& f, const std::uint32_t* k, std::uint64_t in) {
  std::uint32_t a = static_cast<std::uint32_t>(in), b = static_cast<std::uint32_t>(in >> 32);
  rounds<32>(f, k, dec_key_index, a, b);
  return static_cast<std::uint64_t>(b) | static_cast<std::uint64_t>(a) << 32;
}

/// Four independent 32-round encryptions, block i under key k[i], interleaved round by
/// round so that the four dependency chains overlap (GOST 34.311 step function).
template <class F>
inline void encrypt4(const F& f, const std::uint32_t (*k)[8], const std::uint64_t* in,
                     std::uint64_t* out) {
  std::uint32_t a0 = static_cast<std::uint32_t>(in[0]), b0 = static_cast<std::uint32_t>(in[0] >> 32);
  std::uint32_t a1 = static_cast<std::uint32_t>(in[1]), b1 = static_cast<std::uint32_t>(in[1] >> 32);
  std::uint32_t a2 = static_cast<std::uint32_t>(in[2]), b2 = static_cast<std::uint32_t>(in[2] >> 32);
  std::uint32_t a3 = static_cast<std::uint32_t>(in[3]), b3 = static_cast<std::uint32_t>(in[3] >> 32);
#pragma GCC unroll 32
  for (int r = 0; r < 32; r += 2) {
    const int i = enc_key_index(r), j = enc_key_index(r + 1);
    b0 = f(b0, a0, k[0][i]);
    b1 = f(b1, a1, k[1][i]);
    b2 = f(b2, a2, k[2][i]);
    b3 = f(b3, a3, k[3][i]);
    a0 = f(a0, b0, k[0][j]);
    a1 = f(a1, b1, k[1][j]);
    a2 = f(a2, b2, k[2][j]);
    a3 = f(a3, b3, k[3][j]);
  }
  out[0] = static_cast<std::uint64_t>(b0) | static_cast<std::uint64_t>(a0) << 32;
  out[1] = static_cast<std::uint64_t>(b1) | static_cast<std::uint64_t>(a1) << 32;
  out[2] = static_cast<std::uint64_t>(b2) | static_cast<std::uint64_t>(a2) << 32;
  out[3] = static_cast<std::uint64_t>(b3) | static_cast<std::uint64_t>(a3) << 32;
}

}  // namespace dstu::cipher::detail
