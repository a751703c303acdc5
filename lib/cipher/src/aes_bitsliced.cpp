// The portable AES path: bitsliced over 64-bit words, four blocks at a time, with no
// table at all (constant time: every operation is a logical one or a fixed shift).
//
// Layout: eight words q[0..7]; q[j] holds bit j of all 64 state octets. The octet in
// row r, column c of block b (state index 4c + r, FIPS 197 §3.4) sits at bit position
// 16r + 4c + b, so each row fills 16 bits: MixColumns' "next row" is a rotation of the
// word by 16, and ShiftRows rotates each 16-bit row by a multiple of 4.
// SubBytes is the S-box circuit of J. Boyar and R. Peralta, "A new combinational logic
// minimization technique with applications to cryptology" (SEA 2010) / "A small
// depth-16 circuit for the AES S-box" (2012): a linear layer, 32 AND gates computing
// the inversion in GF(2^8) over a tower of subfields, and a linear layer that folds in
// FIPS 197's affine map (113 gates). The inverse S-box is L o S o L with
// L(z) = A^-1(z) + 0x05, A the affine map's matrix: S(y) = A(y^-1) + 0x63 gives
// InvS(x) = (A^-1(x + 0x63))^-1 = L(S(L(x))).
#include <cstring>

#include "aes_internal.hpp"
#include "dstu/base/wipe.hpp"

namespace dstu::cipher::aes_impl {
namespace {

using u64 = std::uint64_t;

inline u64 rotr(u64 x, int n) { return (x >> n) | (x << (64 - n)); }

// The round steps are forced inline: called out of line, GCC vectorises each over two
// 64-bit lanes and the state goes through memory between them; inline, the portable CTR
// is faster (tests/perf/aes_vs_openssl re-measures it).

/// Exchanges the bits of a at positions p + n with those of b at p, for p in mask.
inline void swap_move(u64& a, u64& b, u64 mask, int n) {
  const u64 t = ((a >> n) ^ b) & mask;
  b ^= t;
  a ^= t << n;
}

/// Transposes the 8 x 8 bit matrix at each octet position k: afterwards bit i of octet k
/// of w[j] is what bit j of octet k of w[i] was. Its own inverse.
void transpose(u64 w[8]) {
  for (int i = 0; i < 8; i += 2) swap_move(w[i], w[i + 1], 0x5555555555555555ULL, 1);
  for (int i : {0, 1, 4, 5}) swap_move(w[i], w[i + 2], 0x3333333333333333ULL, 2);
  for (int i = 0; i < 4; ++i) swap_move(w[i], w[i + 4], 0x0f0f0f0f0f0f0f0fULL, 4);
}

// Position 16r + 4c + b = 8k + i with k = 2r + (c >> 1), i = 4(c & 1) + b: word w[i]
// before the transposition gathers, in its octet k, state octet 4c + r of block b.
inline std::size_t source_octet(int i, int k) {
  const int b = i & 3, r = k >> 1, c = 2 * (k & 1) + (i >> 2);
  return static_cast<std::size_t>(16 * b + 4 * c + r);
}

void load_sliced(u64 q[8], const std::uint8_t* in) {  // 4 blocks, 64 octets
  for (int i = 0; i < 8; ++i) {
    u64 w = 0;
    for (int k = 0; k < 8; ++k) w |= static_cast<u64>(in[source_octet(i, k)]) << (8 * k);
    q[i] = w;
  }
  transpose(q);
}

void store_sliced(std::uint8_t* out, u64 q[8]) {
  transpose(q);
  for (int i = 0; i < 8; ++i) {
    for (int k = 0; k < 8; ++k) out[source_octet(i, k)] = static_cast<std::uint8_t>(q[i] >> (8 * k));
  }
}

[[gnu::always_inline]] inline void shift_rows(u64 q[8]) {
  for (int j = 0; j < 8; ++j) {
    const u64 x = q[j];
    q[j] = (x & 0x000000000000ffffULL) |                                               // row 0
           ((x >> 4) & 0x000000000fff0000ULL) | ((x << 12) & 0x00000000f0000000ULL) |   // row 1: c <- c+1
           ((x >> 8) & 0x000000ff00000000ULL) | ((x << 8) & 0x0000ff0000000000ULL) |    // row 2: c <- c+2
           ((x >> 12) & 0x000f000000000000ULL) | ((x << 4) & 0xfff0000000000000ULL);    // row 3: c <- c+3
  }
}

[[gnu::always_inline]] inline void inv_shift_rows(u64 q[8]) {
  for (int j = 0; j < 8; ++j) {
    const u64 x = q[j];
    q[j] = (x & 0x000000000000ffffULL) |
           ((x << 4) & 0x00000000fff00000ULL) | ((x >> 12) & 0x00000000000f0000ULL) |
           ((x >> 8) & 0x000000ff00000000ULL) | ((x << 8) & 0x0000ff0000000000ULL) |
           ((x << 12) & 0xf000000000000000ULL) | ((x >> 4) & 0x0fff000000000000ULL);
  }
}

/// r = 2 * t in GF(2^8) with x^8 = x^4 + x^3 + x + 1, bitsliced.
inline void xtime(u64 r[8], const u64 t[8]) {
  const u64 hi = t[7];
  r[7] = t[6];
  r[6] = t[5];
  r[5] = t[4];
  r[4] = t[3] ^ hi;
  r[3] = t[2] ^ hi;
  r[2] = t[1];
  r[1] = t[0] ^ hi;
  r[0] = hi;
}

/// Row r becomes 2 a_r + 3 a_r+1 + a_r+2 + a_r+3 = 2 (a_r + a_r+1) + (sum of all four) + a_r.
[[gnu::always_inline]] inline void mix_columns(u64 q[8]) {
  u64 t[8], t2[8];
  for (int j = 0; j < 8; ++j) t[j] = q[j] ^ rotr(q[j], 16);
  xtime(t2, t);
  for (int j = 0; j < 8; ++j) q[j] ^= t2[j] ^ t[j] ^ rotr(t[j], 32);
}

/// InvMixColumns = MixColumns after the circulant (05 00 04 00): a_r + 4 (a_r + a_r+2).
[[gnu::always_inline]] inline void inv_mix_columns(u64 q[8]) {
  u64 t[8], t2[8], t4[8];
  for (int j = 0; j < 8; ++j) t[j] = q[j] ^ rotr(q[j], 32);
  xtime(t2, t);
  xtime(t4, t2);
  for (int j = 0; j < 8; ++j) q[j] ^= t4[j];
  mix_columns(q);
}

/// L(z) = A^-1 z + 0x05: bit i of the result is z_(i+2) + z_(i+5) + z_(i+7) (FIPS 197
/// §5.3.2), bits 0 and 2 complemented.
[[gnu::always_inline]] inline void inverse_affine(u64 q[8]) {
  u64 z[8];
  std::memcpy(z, q, sizeof z);
  for (int i = 0; i < 8; ++i) q[i] = z[(i + 2) & 7] ^ z[(i + 5) & 7] ^ z[(i + 7) & 7];
  q[0] = ~q[0];
  q[2] = ~q[2];
}

[[gnu::always_inline]] inline void add_round_key(u64 q[8], const u64 rk[8]) {
  for (int j = 0; j < 8; ++j) q[j] ^= rk[j];
}

void encrypt4(const AesKeys& k, u64 q[8]) {
  add_round_key(q, k.sliced[0]);
  for (int r = 1; r < k.rounds; ++r) {
    sub_bytes_sliced(q);
    shift_rows(q);
    mix_columns(q);
    add_round_key(q, k.sliced[r]);
  }
  sub_bytes_sliced(q);
  shift_rows(q);
  add_round_key(q, k.sliced[k.rounds]);
}

void inv_sub_bytes(u64 q[8]) {
  inverse_affine(q);
  sub_bytes_sliced(q);
  inverse_affine(q);
}

void decrypt4(const AesKeys& k, u64 q[8]) {
  add_round_key(q, k.sliced[k.rounds]);
  for (int r = k.rounds - 1; r > 0; --r) {
    inv_shift_rows(q);
    inv_sub_bytes(q);
    add_round_key(q, k.sliced[r]);
    inv_mix_columns(q);
  }
  inv_shift_rows(q);
  inv_sub_bytes(q);
  add_round_key(q, k.sliced[0]);
}

template <void (*Op)(const AesKeys&, u64*)>
void run_sliced(const AesKeys& k, std::uint8_t* out, const std::uint8_t* in, std::size_t blocks) {
  u64 q[8];
  std::uint8_t buf[16 * kSlicedBlocks];
  while (blocks > 0) {
    const std::size_t n = blocks < kSlicedBlocks ? blocks : kSlicedBlocks;
    if (n == kSlicedBlocks) {
      load_sliced(q, in);
    } else {  // a short last group: the missing blocks are zeros, never stored
      std::memset(buf, 0, sizeof buf);
      std::memcpy(buf, in, 16 * n);
      load_sliced(q, buf);
    }
    Op(k, q);
    if (n == kSlicedBlocks) {
      store_sliced(out, q);
    } else {
      store_sliced(buf, q);
      std::memcpy(out, buf, 16 * n);
    }
    in += 16 * n;
    out += 16 * n;
    blocks -= n;
  }
  secure_wipe(q, sizeof q);
  secure_wipe(buf, sizeof buf);
}

}  // namespace

// Boyar–Peralta: inputs U0..U7 (U0 the octet's most significant bit), outputs S0..S7
// (S0 most significant); "+" is XOR, "x" AND, "#" XNOR. A straight-line circuit:
// exempt from the function-length rule.
void sub_bytes_sliced(u64 q[8]) {
  const u64 U0 = q[7], U1 = q[6], U2 = q[5], U3 = q[4], U4 = q[3], U5 = q[2], U6 = q[1], U7 = q[0];
  // Top linear layer.
  const u64 T1 = U0 ^ U3, T2 = U0 ^ U5, T3 = U0 ^ U6, T4 = U3 ^ U5, T5 = U4 ^ U6, T6 = T1 ^ T5;
  const u64 T7 = U1 ^ U2, T8 = U7 ^ T6, T9 = U7 ^ T7, T10 = T6 ^ T7, T11 = U1 ^ U5, T12 = U2 ^ U5;
  const u64 T13 = T3 ^ T4, T14 = T6 ^ T11, T15 = T5 ^ T11, T16 = T5 ^ T12, T17 = T9 ^ T16;
  const u64 T18 = U3 ^ U7, T19 = T7 ^ T18, T20 = T1 ^ T19, T21 = U6 ^ U7, T22 = T7 ^ T21;
  const u64 T23 = T2 ^ T22, T24 = T2 ^ T10, T25 = T20 ^ T17, T26 = T3 ^ T16, T27 = T1 ^ T12;
  // Non-linear middle: the inversion.
  const u64 M1 = T13 & T6, M2 = T23 & T8, M3 = T14 ^ M1, M4 = T19 & U7, M5 = M4 ^ M1;
  const u64 M6 = T3 & T16, M7 = T22 & T9, M8 = T26 ^ M6, M9 = T20 & T17, M10 = M9 ^ M6;
  const u64 M11 = T1 & T15, M12 = T4 & T27, M13 = M12 ^ M11, M14 = T2 & T10, M15 = M14 ^ M11;
  const u64 M16 = M3 ^ M2, M17 = M5 ^ T24, M18 = M8 ^ M7, M19 = M10 ^ M15, M20 = M16 ^ M13;
  const u64 M21 = M17 ^ M15, M22 = M18 ^ M13, M23 = M19 ^ T25, M24 = M22 ^ M23, M25 = M22 & M20;
  const u64 M26 = M21 ^ M25, M27 = M20 ^ M21, M28 = M23 ^ M25, M29 = M28 & M27, M30 = M26 & M24;
  const u64 M31 = M20 & M23, M32 = M27 & M31, M33 = M27 ^ M25, M34 = M21 & M22, M35 = M24 & M34;
  const u64 M36 = M24 ^ M25, M37 = M21 ^ M29, M38 = M32 ^ M33, M39 = M23 ^ M30, M40 = M35 ^ M36;
  const u64 M41 = M38 ^ M40, M42 = M37 ^ M39, M43 = M37 ^ M38, M44 = M39 ^ M40, M45 = M42 ^ M41;
  const u64 M46 = M44 & T6, M47 = M40 & T8, M48 = M39 & U7, M49 = M43 & T16, M50 = M38 & T9;
  const u64 M51 = M37 & T17, M52 = M42 & T15, M53 = M45 & T27, M54 = M41 & T10, M55 = M44 & T13;
  const u64 M56 = M40 & T23, M57 = M39 & T19, M58 = M43 & T3, M59 = M38 & T22, M60 = M37 & T20;
  const u64 M61 = M42 & T1, M62 = M45 & T4, M63 = M41 & T2;
  // Bottom linear layer, with the affine map.
  const u64 L0 = M61 ^ M62, L1 = M50 ^ M56, L2 = M46 ^ M48, L3 = M47 ^ M55, L4 = M54 ^ M58;
  const u64 L5 = M49 ^ M61, L6 = M62 ^ L5, L7 = M46 ^ L3, L8 = M51 ^ M59, L9 = M52 ^ M53;
  const u64 L10 = M53 ^ L4, L11 = M60 ^ L2, L12 = M48 ^ M51, L13 = M50 ^ L0, L14 = M52 ^ M61;
  const u64 L15 = M55 ^ L1, L16 = M56 ^ L0, L17 = M57 ^ L1, L18 = M58 ^ L8, L19 = M63 ^ L4;
  const u64 L20 = L0 ^ L1, L21 = L1 ^ L7, L22 = L3 ^ L12, L23 = L18 ^ L2, L24 = L15 ^ L9;
  const u64 L25 = L6 ^ L10, L26 = L7 ^ L9, L27 = L8 ^ L10, L28 = L11 ^ L14, L29 = L11 ^ L17;
  q[7] = L6 ^ L24;     // S0
  q[6] = ~(L16 ^ L26); // S1
  q[5] = ~(L19 ^ L28); // S2
  q[4] = L6 ^ L21;     // S3
  q[3] = L20 ^ L22;    // S4
  q[2] = L25 ^ L29;    // S5
  q[1] = ~(L13 ^ L27); // S6
  q[0] = ~(L6 ^ L23);  // S7
}

void encrypt_portable(const AesKeys& k, std::uint8_t* out, const std::uint8_t* in, std::size_t blocks) {
  run_sliced<encrypt4>(k, out, in, blocks);
}

void decrypt_portable(const AesKeys& k, std::uint8_t* out, const std::uint8_t* in, std::size_t blocks) {
  run_sliced<decrypt4>(k, out, in, blocks);
}

/// Round key i in four copies, bitsliced (for AesKeys::sliced).
void slice_round_key(u64 out[8], const std::uint8_t rk[16]) {
  std::uint8_t four[16 * kSlicedBlocks];
  for (std::size_t b = 0; b < kSlicedBlocks; ++b) std::memcpy(four + 16 * b, rk, 16);
  load_sliced(out, four);
  secure_wipe(four, sizeof four);
}

}  // namespace dstu::cipher::aes_impl
