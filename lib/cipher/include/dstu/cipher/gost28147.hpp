// dstu::cipher — GOST 28147-89 block cipher with any S-box (DKE), in every mode the
// standard defines: simple replacement (ECB, §2), gamma (the counter mode of §3),
// gamma with feedback (CFB, §4) and the 32-bit MAC ("imitovstavka", §5); and the key
// wrap of Ukrainian CMS. Registered as the BlockCipher "gost28147" (DKE No.1).
//
// Depends on base, cpu and parallel. Secret: the 256-bit key and everything derived
// from it, the data and the keystream. The S-box is public (a domain parameter, e.g. the
// DKE field of a certificate).
//
// Two implementations sit behind one interface (Gost28147Impl):
//   constant_time  (default) — no memory index and no branch depends on key or data.
//                  Several blocks at once in vector lanes where the CPU has them (the
//                  S-box rows as register permutes: AVX-512 VBMI, AVX-512BW, AVX2),
//                  chosen at run time; elsewhere the bitsliced algebraic normal form of
//                  the eight nibble S-boxes. Use it whenever the key or the data is
//                  secret.
//   table_vartime  — four 256-entry 32-bit tables (adjacent S-box pairs with the
//                  rotate-by-11 folded in), one block at a time. Table indices depend on
//                  key and data, so use it only when both are public, as in hashing
//                  public messages.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>

#include "dstu/cipher/block_cipher.hpp"
#include "dstu/cipher/modes.hpp"

namespace dstu::cipher {

namespace detail {
struct Gost28147Tables;
struct Gost28147CtSbox;
struct Gost28147Keys;
}  // namespace detail

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

/// Which GOST 28147 implementation to use (see the file comment).
enum class Gost28147Impl {
  constant_time,  ///< no secret-dependent memory access or branch (default)
  table_vartime,  ///< table lookups indexed by key and data: public inputs only
};

/// GOST 28147-89 with a fixed key and S-box. Blocks are 8 octets, N1 = LE32(octets
/// 0..3), N2 = LE32(octets 4..7); the key is 32 octets read as eight little-endian
/// 32-bit words K0..K7. The key schedule is wiped on destruction. Objects are immutable
/// after construction, so one may serve several threads at once.
class Gost28147 final : public BlockCipher {
 public:
  /// Throws Error(invalid_input) unless key has 32 octets.
  explicit Gost28147(std::span<const std::uint8_t> key, const SBox& sbox = SBox::dke1(),
                     Gost28147Impl impl = Gost28147Impl::constant_time);
  Gost28147(const Gost28147&);
  Gost28147& operator=(const Gost28147&);
  Gost28147(Gost28147&&) noexcept;
  Gost28147& operator=(Gost28147&&) noexcept;
  ~Gost28147() override;

  Gost28147Impl impl() const { return impl_; }

  // BlockCipher: "gost28147", 8-octet blocks, 32-octet keys; ECB over whole blocks.
  std::string_view name() const override { return "gost28147"; }
  std::size_t block_size() const override { return 8; }
  std::size_t key_size() const override { return 32; }
  void encrypt_blocks(std::uint8_t* out, const std::uint8_t* in, std::size_t blocks) const override;
  void decrypt_blocks(std::uint8_t* out, const std::uint8_t* in, std::size_t blocks) const override;

  /// One block, 32 rounds (ECB of a single block).
  void encrypt_block(std::uint8_t out[8], const std::uint8_t in[8]) const;
  void decrypt_block(std::uint8_t out[8], const std::uint8_t in[8]) const;

  /// Simple replacement (ECB, §2) over whole blocks; out and in have equal sizes, a
  /// multiple of 8 (may alias).
  void ecb_encrypt(std::span<std::uint8_t> out, std::span<const std::uint8_t> in) const;
  void ecb_decrypt(std::span<std::uint8_t> out, std::span<const std::uint8_t> in) const;

  /// Gamma (the counter mode of §3): (N3, N4) = E(iv); before each block N3 steps by
  /// C2 = 0x01010101 mod 2^32 and N4 by C1 = 0x01010104 mod 2^32 - 1, and the block's
  /// gamma is E(N3, N4). Any length; a partial last block is truncated. Encryption and
  /// decryption are the same.
  void ctr_crypt(std::span<std::uint8_t> out, std::span<const std::uint8_t> in,
                 std::span<const std::uint8_t> iv) const;

  /// ctr_crypt split over the team (modes.hpp's parallel forms: the same output, each
  /// part from the counters stepped by the blocks before it).
  void ctr_crypt_parallel(std::span<std::uint8_t> out, std::span<const std::uint8_t> in,
                          std::span<const std::uint8_t> iv, int threads, Split split = Split::chosen) const;

  /// Gamma with feedback (CFB, §4): gamma_1 = E(iv), C_i = P_i xor gamma_i,
  /// gamma_{i+1} = E(C_i). Any length; a partial last block is truncated. Encryption is
  /// serial; decryption runs in the vector lanes.
  void cfb_encrypt(std::span<std::uint8_t> out, std::span<const std::uint8_t> in,
                   std::span<const std::uint8_t> iv) const;
  void cfb_decrypt(std::span<std::uint8_t> out, std::span<const std::uint8_t> in,
                   std::span<const std::uint8_t> iv) const;

  /// cfb_decrypt split over the team (modes.hpp's parallel forms: each part's gamma starts
  /// from the ciphertext block before it).
  void cfb_decrypt_parallel(std::span<std::uint8_t> out, std::span<const std::uint8_t> in,
                            std::span<const std::uint8_t> iv, int threads, Split split = Split::chosen) const;

  /// The 32-bit MAC ("imitovstavka", §5): 16 rounds (K0..K7 twice) per block over state
  /// xor block, the last block zero-padded; the result is N1 as 4 little-endian octets.
  /// An empty message gives 00000000. A message of one block is MACed as it is, as
  /// UAPKI and Cryptonite do (jkurwa's gost89 appends a zero block to a message of
  /// exactly 8 octets).
  std::array<std::uint8_t, 4> mac(std::span<const std::uint8_t> data) const;

  /// Block primitive on a little-endian 64-bit word (N1 = low half, N2 = high half).
  std::uint64_t encrypt_word(std::uint64_t block) const;
  std::uint64_t decrypt_word(std::uint64_t block) const;

 private:
  /// n blocks through `rounds` rounds of the encryption (or decryption) schedule.
  void run(bool decrypt, int rounds, std::uint8_t* out, const std::uint8_t* in, std::size_t n) const;
  std::uint64_t run_word(bool decrypt, std::uint64_t block) const;

  Gost28147Impl impl_;
  std::unique_ptr<detail::Gost28147Keys> keys_;                // secret: wiped
  std::shared_ptr<const detail::Gost28147CtSbox> ct_;          // constant_time: public forms
  std::shared_ptr<const detail::Gost28147Tables> tables_;      // table_vartime: public tables
};

/// The registry's factory: GOST 28147-89 with the DKE No.1 S-box, constant time.
std::unique_ptr<BlockCipher> make_gost28147(std::span<const std::uint8_t> key);

/// Octets of a wrapped key: IV (8), the key (32) and its MAC (4).
inline constexpr std::size_t kGost28147WrappedSize = 44;

/// The GOST 28147-89 key wrap of Ukrainian CMS, which wraps the content-encryption key
/// of an EnvelopedData under the key a DSTU 4145 key agreement gives (OID
/// 1.2.804.2.1.1.1.1.1.1.5; "GOST28147Wrap" of the order of the Administration of the
/// State Service for Special Communications and Information Protection of 14 January
/// 2013 No. 108/22640, as UAPKI and jkurwa's gost89 implement it):
/// W = IV || CFB_iv(CEK || MAC(CEK)) (44 octets, the MAC 4 octets), and the result is W
/// with its octets reversed, encrypted by CFB under the fixed IV 4a dd a2 2c 79 e8 21 05.
/// Both CFB passes and the MAC run under `kek` (its S-box too). `iv` must be fresh random
/// octets for every wrap.
std::array<std::uint8_t, kGost28147WrappedSize> gost28147_wrap(const Gost28147& kek,
                                                               std::span<const std::uint8_t, 32> cek,
                                                               std::span<const std::uint8_t, 8> iv);

/// Undoes gost28147_wrap: true and the key in `cek` when the MAC inside matches; false
/// and `cek` all zero otherwise (the MAC is compared in constant time and nothing of a
/// failed unwrap is released). Throws Error(invalid_input) unless `wrapped` has 44
/// octets (a public length).
bool gost28147_unwrap(const Gost28147& kek, std::span<const std::uint8_t> wrapped,
                      std::span<std::uint8_t, 32> cek);

}  // namespace dstu::cipher
