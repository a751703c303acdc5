// dstu::cipher — AES-GCM and GMAC (NIST SP 800-38D).
//
// What it is: authenticated encryption with AES in Galois/Counter Mode under one key:
// IVs of any length (96 bits is the fast, recommended case; others go through GHASH as
// §7.1 says), tags of 4, 8, 12, 13, 14, 15 or 16 octets (§5.2.1.2), GMAC as GCM with no
// plaintext. GCTR and GHASH run fused on the hardware paths (VAES/VPCLMULQDQ on ZMM or
// YMM, AES-NI/PCLMULQDQ), or on the portable path with a constant-time GHASH (integer
// multiplications, no table).
// Decryption checks the tag in constant time and releases nothing on failure: the
// output is zeroed and false returned.
// Depends on: base, cpu (through aes.hpp).
// Secret: the key, H and its powers (wiped with the object), plaintexts; the IV, the AAD
// and the lengths are public.
#pragma once

#include <cstdint>
#include <memory>
#include <span>

#include "dstu/cipher/aes.hpp"

namespace dstu::cipher {

namespace aes_impl {
struct GhashKey;
}

class AesGcm {
 public:
  /// Throws Error(invalid_input) for a key of other than 16, 24 or 32 octets.
  explicit AesGcm(std::span<const std::uint8_t> key);
  ~AesGcm();
  AesGcm(const AesGcm&) = delete;
  AesGcm& operator=(const AesGcm&) = delete;

  /// GCM-AE (§7.1): out = the ciphertext (out.size() == plaintext.size(); out may be
  /// the plaintext's memory), tag = its first tag.size() octets. Throws
  /// Error(invalid_input) for an empty IV, a tag length the standard does not allow or
  /// a plaintext over 2^36 - 32 octets.
  void encrypt(std::span<std::uint8_t> out, std::span<std::uint8_t> tag, std::span<const std::uint8_t> iv,
               std::span<const std::uint8_t> aad, std::span<const std::uint8_t> plaintext) const;

  /// GCM-AD (§7.2): true and the plaintext in out when the tag matches; false and out
  /// zeroed when it does not. out may be the ciphertext's memory. Throws as encrypt.
  [[nodiscard]] bool decrypt(std::span<std::uint8_t> out, std::span<const std::uint8_t> iv,
                             std::span<const std::uint8_t> aad, std::span<const std::uint8_t> ciphertext,
                             std::span<const std::uint8_t> tag) const;

  /// GMAC: the tag of GCM over `aad` with no plaintext.
  void gmac(std::span<std::uint8_t> tag, std::span<const std::uint8_t> iv, std::span<const std::uint8_t> aad) const;
  /// True when `tag` is GMAC's tag of `aad`, compared in constant time.
  [[nodiscard]] bool gmac_verify(std::span<const std::uint8_t> iv, std::span<const std::uint8_t> aad,
                                 std::span<const std::uint8_t> tag) const;

  const Aes& cipher() const { return aes_; }

 private:
  /// GCTR and GHASH over `in` into `out`, the full tag of the ciphertext into `tag`.
  void run(bool encrypt, std::uint8_t tag[16], std::span<std::uint8_t> out, std::span<const std::uint8_t> iv,
           std::span<const std::uint8_t> aad, std::span<const std::uint8_t> in, std::size_t tag_len) const;
  void tag_of(std::uint8_t tag[16], const std::uint8_t j0[16], std::uint64_t x[2], std::size_t aad_len,
              std::size_t text_len) const;
  void pre_counter(std::uint8_t j0[16], std::span<const std::uint8_t> iv) const;
  void hash(std::uint64_t x[2], std::span<const std::uint8_t> data) const;

  Aes aes_;
  std::unique_ptr<aes_impl::GhashKey> ghash_;
};

}  // namespace dstu::cipher
