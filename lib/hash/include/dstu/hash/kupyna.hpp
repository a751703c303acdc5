// dstu::hash — DSTU 7564:2014 "Kupyna" hash, every output length from 8 to 512 bits
// in steps of 8 (256, 384 and 512 are the standard sizes).
//
// Depends on base, cpu and cipher. Two implementations (KupynaImpl): for public messages
// the fastest this CPU has (the variable-time 64-bit T-tables, or the constant-time vector
// layer where it is faster); for keyed use (Kupyna-KMAC, kupyna_kmac.hpp) the constant-time
// layer Kupyna shares with Kalyna (lib/cipher), on every CPU path.
// Lengths up to 256 bits use the 512-bit state (10 rounds), longer ones the 1024-bit
// state (14 rounds); the digest is the last n/8 octets of the final state, so
// Kupyna-384(M) is the last 48 octets of Kupyna-512(M).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "dstu/base/bytes.hpp"

namespace dstu::hash {

/// Which Kupyna permutation to run.
enum class KupynaImpl {
  vartime,        ///< public messages (default): the fastest path, table lookups indexed by data allowed
  constant_time,  ///< secret data (keys): the constant-time S-box layer on every CPU path
};

/// Streaming Kupyna: construct, update any number of times (optionally ending with
/// update_bits for a message that is not a whole number of octets), final.
/// final resets the object for a new message.
class Kupyna {
 public:
  /// digest_bits: 8..512, a multiple of 8. Throws Error(invalid_input) otherwise.
  explicit Kupyna(std::size_t digest_bits = 256, KupynaImpl impl = KupynaImpl::vartime);
  ~Kupyna();  // wipes the state and the buffer
  Kupyna(const Kupyna&) = default;
  Kupyna& operator=(const Kupyna&) = default;

  std::size_t digest_size() const { return digest_bits_ / 8; }
  KupynaImpl impl() const { return impl_; }
  std::size_t block_size() const { return state_bytes_; }

  /// Forgets any data absorbed so far.
  void reset();
  /// Absorbs whole octets. Throws Error(invalid_input) after update_bits.
  void update(std::span<const std::uint8_t> data);
  /// Absorbs the first bit_count bits of data (octets in order, bits of an octet
  /// most significant first); data must hold exactly ceil(bit_count / 8) octets. When
  /// bit_count is not a multiple of 8, no further update is allowed before final.
  void update_bits(std::span<const std::uint8_t> data, std::uint64_t bit_count);
  /// Writes the digest (exactly digest_size() octets) and resets.
  void final(std::span<std::uint8_t> out);
  Bytes final();

  /// One-shot digest of whole octets.
  static Bytes hash(std::size_t digest_bits, std::span<const std::uint8_t> data);
  /// One-shot digest of the first bit_count bits of data.
  static Bytes hash_bits(std::size_t digest_bits, std::span<const std::uint8_t> data,
                         std::uint64_t bit_count);

 private:
  void absorb_blocks(const std::uint8_t* p, std::size_t nblocks);

  std::size_t digest_bits_;
  KupynaImpl impl_;
  std::size_t state_bytes_;                // 64 or 128
  std::array<std::uint64_t, 16> h_{};       // chaining state, column j = word j
  std::array<std::uint8_t, 128> buf_{};
  std::size_t buf_len_ = 0;
  std::uint64_t total_bytes_ = 0;          // whole octets absorbed
  unsigned tail_bits_ = 0;                 // 1..7 after a partial-octet update_bits
  std::uint8_t tail_ = 0;                  // those bits, at the top of the octet
};

}  // namespace dstu::hash
