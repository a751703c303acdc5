// dstu::cipher — block ciphers behind one interface, and the modes that run on it.
//
// What it is: the interface every block cipher implements (BlockCipher: ECB over whole
// blocks, several at a time where the hardware allows), a registry by name, and the
// generic modes of modes.hpp. Each family (AES, DES/TDES, GOST 28147-89, Kalyna) lives
// in files of its own and adds the modes its standard defines beyond the generic ones.
// Depends on: base, cpu, parallel (the parallel forms of the modes).
// Secret: keys, key schedules, plaintexts, keystreams and MAC keys. Every implementation
// is constant time on every CPU path: no table indexed by key or data, no branch on
// them; key schedules are wiped when the cipher object is destroyed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace dstu::cipher {

/// A block cipher under one key. Objects are immutable after construction, so one may
/// serve several threads at once.
class BlockCipher {
 public:
  virtual ~BlockCipher() = default;
  /// The registry name, e.g. "aes128", "kalyna128-256", "gost28147", "tdes".
  virtual std::string_view name() const = 0;
  /// Block length in octets (8, 16, 32 or 64).
  virtual std::size_t block_size() const = 0;
  /// Key length in octets.
  virtual std::size_t key_size() const = 0;
  /// ECB over `blocks` whole blocks: out[i] = E(in[i]). out may equal in (in place) but
  /// must not overlap it otherwise. Implementations take several blocks per step where
  /// the hardware has lanes for them (the parallel modes hand over long runs).
  virtual void encrypt_blocks(std::uint8_t* out, const std::uint8_t* in, std::size_t blocks) const = 0;
  /// out[i] = D(in[i]), as encrypt_blocks.
  virtual void decrypt_blocks(std::uint8_t* out, const std::uint8_t* in, std::size_t blocks) const = 0;
};

/// The cipher called `name` under `key` (names: block_cipher_names()). Throws
/// Error(invalid_input) naming the known ciphers for an unknown name, and naming the
/// expected length for a key of another length. GOST 28147-89 by name runs with the
/// DKE No.1 S-box; another S-box is a parameter of its own constructor.
std::unique_ptr<BlockCipher> make_block_cipher(std::string_view name, std::span<const std::uint8_t> key);

/// The names make_block_cipher accepts, in a stable order.
std::vector<std::string> block_cipher_names();

}  // namespace dstu::cipher
