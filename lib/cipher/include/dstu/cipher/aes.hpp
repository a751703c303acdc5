// dstu::cipher — AES (FIPS 197) as a BlockCipher, and its fast CTR and CBC.
//
// What it is: AES-128/192/256 ("aes128", "aes192", "aes256" in the registry) on the
// best path the CPU allows at call time (cpu::active()): VAES on ZMM or YMM registers
// (several blocks per instruction), AES-NI on XMM (eight blocks in flight), or a
// portable bitsliced implementation (four blocks in 64-bit words, the S-box as a Boolean
// circuit). aes_ctr_crypt, aes_cbc_encrypt and aes_cbc_decrypt give the results of the
// generic ctr_crypt, cbc_encrypt and cbc_decrypt of modes.hpp on an Aes, with the mode
// fused into the kernels (no per-run buffers, counters in vector registers).
// GCM and GMAC: aes_gcm.hpp; CMAC: aes_cmac.hpp; KW and KWP: aes_kw.hpp.
// Depends on: base, cpu, parallel (the parallel forms).
// Secret: the key and its schedule (wiped with the object), plaintexts, keystreams.
// Constant time on every path: no table indexed by key or data, no branch on them.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string_view>

#include "dstu/cipher/block_cipher.hpp"
#include "dstu/cipher/modes.hpp"

namespace dstu::cipher {

namespace aes_impl {
struct AesKeys;
}

/// AES under one key of 16, 24 or 32 octets.
class Aes final : public BlockCipher {
 public:
  /// Throws Error(invalid_input) for a key of another length.
  explicit Aes(std::span<const std::uint8_t> key);
  ~Aes() override;
  Aes(const Aes&) = delete;
  Aes& operator=(const Aes&) = delete;

  std::string_view name() const override;
  std::size_t block_size() const override { return 16; }
  std::size_t key_size() const override { return key_size_; }
  void encrypt_blocks(std::uint8_t* out, const std::uint8_t* in, std::size_t blocks) const override;
  void decrypt_blocks(std::uint8_t* out, const std::uint8_t* in, std::size_t blocks) const override;

  /// The expanded key, for this module's modes.
  const aes_impl::AesKeys& schedule() const { return *keys_; }

 private:
  std::unique_ptr<aes_impl::AesKeys> keys_;
  std::size_t key_size_;
};

/// The registry's factory: an Aes under `key` (16, 24 or 32 octets).
std::unique_ptr<BlockCipher> make_aes(std::span<const std::uint8_t> key);

/// ctr_crypt (modes.hpp) on AES: the same output for every Counter style, the
/// big-endian ones on the fused kernels.
void aes_ctr_crypt(const Aes& c, std::span<const std::uint8_t> counter, std::span<std::uint8_t> out,
                   std::span<const std::uint8_t> in, Counter step = Counter::big_endian);

/// cbc_encrypt (modes.hpp) on AES: whole blocks, an IV of 16 octets; out may equal in.
void aes_cbc_encrypt(const Aes& c, std::span<const std::uint8_t> iv, std::span<std::uint8_t> out,
                     std::span<const std::uint8_t> in);

/// cbc_decrypt (modes.hpp) on AES, eight or more blocks per step on the hardware paths.
void aes_cbc_decrypt(const Aes& c, std::span<const std::uint8_t> iv, std::span<std::uint8_t> out,
                     std::span<const std::uint8_t> in);

/// aes_ctr_crypt split over the team (modes.hpp's parallel forms: the same output, each
/// part on the fused kernels from its own counter).
void aes_ctr_crypt_parallel(const Aes& c, std::span<const std::uint8_t> counter, std::span<std::uint8_t> out,
                            std::span<const std::uint8_t> in, Counter step, int threads, Split split = Split::chosen);

/// aes_cbc_decrypt split over the team (each part's IV the ciphertext block before it).
void aes_cbc_decrypt_parallel(const Aes& c, std::span<const std::uint8_t> iv, std::span<std::uint8_t> out,
                              std::span<const std::uint8_t> in, int threads, Split split = Split::chosen);

/// The name of the AES path cpu::active() selects now: "vaes512", "vaes256", "aesni" or
/// "portable" (for benchmarks and test reports).
std::string_view aes_path();

}  // namespace dstu::cipher
