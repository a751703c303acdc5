// dstu::cipher — GOST 28147-89 block cipher: S-boxes, key schedule, ECB, CTR ("gamma"),
// CFB ("gamma with feedback") and the 32-bit MAC ("imitovstavka").
//
// Depends on base only. Secret: the 256-bit key and everything derived from it. The
// S-box is public (it is a domain parameter, e.g. the DKE field of a certificate).
//
// Two round-function implementations sit behind one interface (Gost28147Impl):
//   constant_time  (default) — bitsliced algebraic normal form of the eight nibble
//                  S-boxes; no memory access depends on key or data. Use it whenever
//                  the key is secret: encryption, MAC, HMAC, a random generator.
//   table_vartime  — four 256-entry 32-bit tables (adjacent S-box pairs with the
//                  rotate-by-11 folded in). Table indices depend on key and data, so
//                  use it only when both are public, as in hashing public messages.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>

namespace dstu::cipher {

namespace detail {
struct Gost28147Tables;
}

/// A GOST 28147-89 substitution box: eight rows K1..K8 of sixteen 4-bit entries.
/// Row K1 substitutes bits 0-3 of the round word, K8 bits 28-31.
class SBox {
 public:
  /// The Ukrainian default "DKE No.1" (Supplement 1 to Instruction No.114).
  static const SBox& dke1();
  /// The GOST R 34.11-94 test parameter set (RFC 4357 id-GostR3411-94-TestParamSet),
  /// used by the standards' worked examples.
  static const SBox& test_paramset();

  /// From 128 entries, row K1 first (entry 16*r + c = K(r+1)[c]); each must be < 16.
  /// Throws Error(invalid_input) on a wrong length or an entry above 15.
  static SBox from_nibbles(std::span<const std::uint8_t> nibbles);

  /// Expands the packed 64-octet DKE form: rows K1..K8 of 8 octets each, every octet
  /// giving two entries, high nibble first. Throws Error(invalid_input) unless 64 octets.
  static SBox from_packed(std::span<const std::uint8_t> packed);

  /// The packed 64-octet DKE form (inverse of from_packed).
  std::array<std::uint8_t, 64> packed() const;

  /// Entry c (0..15) of row K(r+1), r = 0..7.
  std::uint8_t at(int r, int c) const { return rows_[r][c]; }

  friend bool operator==(const SBox&, const SBox&) = default;

 private:
  std::array<std::array<std::uint8_t, 16>, 8> rows_{};
};

/// Which GOST 28147 round function to use (see the file comment).
enum class Gost28147Impl {
  constant_time,  ///< no secret-dependent memory access (default)
  table_vartime,  ///< table lookups indexed by key and data: public inputs only
};

/// GOST 28147-89 with a fixed key and S-box. Blocks are 8 octets; the key is 32 octets
/// read as eight little-endian 32-bit words. The key schedule is wiped on destruction.
class Gost28147 {
 public:
  static constexpr std::size_t block_size = 8;
  static constexpr std::size_t key_size = 32;

  /// Throws Error(invalid_input) unless key has 32 octets.
  explicit Gost28147(std::span<const std::uint8_t> key, const SBox& sbox = SBox::dke1(),
                     Gost28147Impl impl = Gost28147Impl::constant_time);
  Gost28147(const Gost28147&) = default;
  Gost28147& operator=(const Gost28147&) = default;
  ~Gost28147();

  Gost28147Impl impl() const { return impl_; }

  /// One block, 32 rounds (ECB of a single block).
  void encrypt_block(std::uint8_t out[8], const std::uint8_t in[8]) const;
  void decrypt_block(std::uint8_t out[8], const std::uint8_t in[8]) const;

  /// ECB over whole blocks; out and in have equal sizes, a multiple of 8 (may alias).
  void ecb_encrypt(std::span<std::uint8_t> out, std::span<const std::uint8_t> in) const;
  void ecb_decrypt(std::span<std::uint8_t> out, std::span<const std::uint8_t> in) const;

  /// Counter mode ("gamma", GOST 28147-89 §3): the keystream starts from E(iv) and
  /// steps by C2 = 0x01010101 and C1 = 0x01010104 (mod 2^32 - 1). Any length; a
  /// partial last block is truncated. Encryption and decryption are the same.
  void ctr_crypt(std::span<std::uint8_t> out, std::span<const std::uint8_t> in,
                 std::span<const std::uint8_t> iv) const;

  /// CFB ("gamma with feedback"): gamma_1 = E(iv), C_i = P_i xor gamma_i,
  /// gamma_{i+1} = E(C_i). Any length; a partial last block is truncated.
  void cfb_encrypt(std::span<std::uint8_t> out, std::span<const std::uint8_t> in,
                   std::span<const std::uint8_t> iv) const;
  void cfb_decrypt(std::span<std::uint8_t> out, std::span<const std::uint8_t> in,
                   std::span<const std::uint8_t> iv) const;

  /// The 32-bit MAC ("imitovstavka"): 16 rounds per block over state xor block, the
  /// last block zero-padded; the result is the low half N1 as 4 little-endian octets.
  /// An empty message gives 00000000. A one-block message is not extended (see docs).
  std::array<std::uint8_t, 4> mac(std::span<const std::uint8_t> data) const;

  /// Block primitive on a little-endian 64-bit word (N1 = low half, N2 = high half);
  /// the building block of the modes above.
  std::uint64_t encrypt_word(std::uint64_t block) const;
  std::uint64_t decrypt_word(std::uint64_t block) const;

 private:
  std::array<std::uint32_t, 8> key_{};
  Gost28147Impl impl_;
  std::array<std::uint32_t, 16> anf_{};                   // constant_time: S-box ANF masks
  std::shared_ptr<const detail::Gost28147Tables> tables_;  // table_vartime: public tables
};

}  // namespace dstu::cipher
