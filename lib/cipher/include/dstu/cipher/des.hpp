// dstu::cipher — DES and TDES (Triple DES, TDEA). LEGACY: only for reading old files.
//
// What it is: DES (FIPS 46-3, withdrawn in 2005) and TDES in its three-key and two-key
// forms (NIST SP 800-67 Rev. 2; encryption disallowed after 2023) as BlockCipher
// ("des", "tdes" with a 24-octet key K1 || K2 || K3, "tdes2" with a 16-octet key K1 || K2
// and K3 = K1), so that the generic modes (ECB, CBC, CFB, OFB, CTR) and CMAC run on
// them. They are here because old key stores are protected with them (PKCS#12's
// pbeWithSHA1And3-KeyTripleDES-CBC); do not protect anything new with them.
// Constant time on every CPU: the S-boxes are evaluated as Boolean functions (a tree
// of multiplexers over the input bits, all eight S-boxes and both halves of their
// tables in the lanes of one 64-bit word), never as tables indexed by data or key.
// Runs of blocks (ECB, CBC decryption, CTR) go four or eight at a time through AVX2 or
// AVX-512 registers, one block per 64-bit lane, where cpu::active() allows.
// Depends on: base, cpu.
// Secret: keys and their schedules (wiped with the object), the data.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string_view>

#include "dstu/cipher/block_cipher.hpp"

namespace dstu::cipher {

namespace des_impl {
struct Schedule;
}

/// DES or TDES under one key: 8 octets (DES), 16 (two-key TDES) or 24 (three-key TDES),
/// parity bits ignored.
class Tdes final : public BlockCipher {
 public:
  /// Throws Error(invalid_input) for a key of another length.
  explicit Tdes(std::span<const std::uint8_t> key);
  ~Tdes() override;
  Tdes(const Tdes&) = delete;
  Tdes& operator=(const Tdes&) = delete;

  std::string_view name() const override;
  std::size_t block_size() const override { return 8; }
  std::size_t key_size() const override { return key_size_; }
  void encrypt_blocks(std::uint8_t* out, const std::uint8_t* in, std::size_t blocks) const override;
  void decrypt_blocks(std::uint8_t* out, const std::uint8_t* in, std::size_t blocks) const override;

 private:
  std::unique_ptr<des_impl::Schedule> schedule_;
  std::size_t key_size_;
};

/// The DES path cpu::active() selects now for runs of blocks: "avx512" (eight blocks
/// per step), "avx2" (four) or "portable" (one; serial modes always run one).
std::string_view des_path();

/// The registry's factories: "des" (8 octets), "tdes2" (16), "tdes" (24).
std::unique_ptr<BlockCipher> make_des(std::span<const std::uint8_t> key);
std::unique_ptr<BlockCipher> make_tdes(std::span<const std::uint8_t> key);

}  // namespace dstu::cipher
