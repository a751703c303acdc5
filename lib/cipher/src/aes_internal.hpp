// AES internals: the key schedule in the forms each CPU path uses, the GHASH key, and
// the kernels of each path behind one table per operation, chosen by cpu::active() at
// call time (aes_dispatch.cpp). Not a public header.
//
// Paths: portable (bitsliced over 64-bit words, aes_bitsliced.cpp; GHASH by integer
// multiplication with holes, aes_ghash_portable.cpp), AES-NI + PCLMULQDQ on XMM
// registers, VAES + VPCLMULQDQ on YMM (AVX2) and on ZMM (AVX-512) registers: the three
// hardware paths are one template (aes_simd.hpp) over the register width.
// Secret: every field of AesKeys and GhashKey, the counters' keystream, the GHASH state.
#pragma once

#include <cstddef>
#include <cstdint>

namespace dstu::cipher::aes_impl {

/// The round keys of one AES key, in every form a path needs.
struct AesKeys {
  int rounds = 0;  ///< Nr: 10, 12 or 14
  /// FIPS 197 §5.2 round keys w[4i .. 4i+3] as 16 octets each.
  alignas(64) std::uint8_t enc[15][16]{};
  /// The equivalent inverse cipher's round keys (FIPS 197 §5.3.5) for AESDEC:
  /// dec[0] = enc[Nr], dec[i] = InvMixColumns(enc[Nr - i]), dec[Nr] = enc[0].
  alignas(64) std::uint8_t dec[15][16]{};
  /// enc[i] bitsliced over four copies (aes_bitsliced.cpp's layout).
  std::uint64_t sliced[15][8]{};
};

/// Expands `key` (16, 24 or 32 octets) into every form; constant time.
void expand_key(AesKeys& k, const std::uint8_t* key, std::size_t key_len);

/// The GHASH key H = E_K(0^128) (SP 800-38D §6.4) with its powers, in the "register"
/// form every path shares: a block B is the 128-bit integer of its octets reversed
/// (B[15] lowest), so that bit j holds the coefficient of x^(127-j); a product of two
/// such values divided by y^128 (y = 1/x, a Montgomery reduction by 64-bit folds) is
/// the register form of the field product when one factor is stored times y. Each
/// entry here is so stored: pow[kMaxPowers - k] = H^k * y, k = 1 .. kMaxPowers.
struct GhashKey {
  static constexpr int kMaxPowers = 32;
  alignas(64) std::uint64_t pow[kMaxPowers][2]{};  ///< {low, high} 64-bit halves
  /// low ^ high of each power, twice: the middle product of Karatsuba's three.
  alignas(64) std::uint64_t pow_mid[kMaxPowers][2]{};
  /// The portable path's H * y split for its Karatsuba product, with bit reversals.
  std::uint64_t h[2]{}, h_rev[2]{}, h_mid = 0, h_mid_rev = 0;
};

/// Fills every power from H (the 16 octets E_K(0)); constant time.
void ghash_key_init(GhashKey& g, const std::uint8_t h_block[16]);

// ---- the portable path -------------------------------------------------------------

/// Blocks at a time in the bitsliced kernels.
inline constexpr std::size_t kSlicedBlocks = 4;

void encrypt_portable(const AesKeys& k, std::uint8_t* out, const std::uint8_t* in, std::size_t blocks);
void decrypt_portable(const AesKeys& k, std::uint8_t* out, const std::uint8_t* in, std::size_t blocks);
/// The S-box on every one of 64 bit positions of q[0..7] (q[j] = bit j of each octet):
/// the circuit of Boyar and Peralta; the key schedule and the tests use it too.
void sub_bytes_sliced(std::uint64_t q[8]);
/// A round key in four copies, bitsliced (for AesKeys::sliced).
void slice_round_key(std::uint64_t out[8], const std::uint8_t rk[16]);

/// X = (X ^ B_1) * H ... over `blocks` blocks; X in register form {low, high}.
void ghash_portable(const GhashKey& g, std::uint64_t x[2], const std::uint8_t* data, std::size_t blocks);
/// a * b / y^128 in register form (the product of GhashKey), constant time.
void ghash_mul_portable(std::uint64_t r[2], const std::uint64_t a[2], const std::uint64_t b[2]);

// ---- the kernels of one path ---------------------------------------------------------

/// ECB over whole blocks (out may equal in).
using BlocksFn = void (*)(const AesKeys&, std::uint8_t* out, const std::uint8_t* in, std::size_t blocks);
/// CTR over whole blocks: block i of keystream is E(ctr + i), the addition on the last
/// 32 bits of the counter block, big-endian, modulo 2^32 (SP 800-38D's inc32); the
/// caller splits runs where a wider counter carries. out may equal in.
using CtrFn = void (*)(const AesKeys&, const std::uint8_t ctr[16], std::uint8_t* out, const std::uint8_t* in,
                       std::size_t blocks);
/// CBC over whole blocks; iv is updated to the last ciphertext block. out may equal in.
using CbcFn = void (*)(const AesKeys&, std::uint8_t iv[16], std::uint8_t* out, const std::uint8_t* in,
                       std::size_t blocks);
/// GHASH over whole blocks, X in register form.
using GhashFn = void (*)(const GhashKey&, std::uint64_t x[2], const std::uint8_t* data, std::size_t blocks);
/// GCM's GCTR and GHASH over whole blocks at once: encryption hashes `out`, decryption
/// hashes `in`; ctr is the counter of the first block (inc32 as CtrFn). out may equal in.
using GcmFn = void (*)(const AesKeys&, const GhashKey&, const std::uint8_t ctr[16], std::uint64_t x[2],
                       std::uint8_t* out, const std::uint8_t* in, std::size_t blocks);

struct Kernels {
  const char* name;
  BlocksFn encrypt, decrypt;
  CtrFn ctr;
  CbcFn cbc_encrypt, cbc_decrypt;
  GhashFn ghash;
  GcmFn gcm_encrypt, gcm_decrypt;
};

/// The kernels of the path cpu::active() allows now.
const Kernels& kernels();

/// Each hardware path's table (defined in its own file, compiled for its ISA); the
/// dispatcher calls them only where the CPU has the ISA.
const Kernels& kernels_aesni();   ///< AES-NI, PCLMULQDQ, SSE4.1 (XMM)
const Kernels& kernels_vaes256(); ///< VAES, VPCLMULQDQ, AVX2 (YMM)
const Kernels& kernels_vaes512(); ///< VAES, VPCLMULQDQ, AVX-512F/BW/VL (ZMM)

}  // namespace dstu::cipher::aes_impl
