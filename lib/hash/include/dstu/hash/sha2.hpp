// dstu::hash — the SHA-2 family of FIPS 180-4: SHA-224 and SHA-256 (32-bit words, 64-octet
// blocks), SHA-384, SHA-512, SHA-512/224 and SHA-512/256 (64-bit words, 128-octet blocks),
// and the front end (§5.1 padding, buffering) that SHA-1 (sha1.hpp) shares with them.
//
// SHA-224/256 compress with the x86 SHA extensions (SHA-NI) where cpu::active().sha
// says so, else portably; the SHA-512 family portably (no x86 CPU of ours has SHA512 yet).
// Both paths are constant time (no table index or branch on the data), so the ECDSA
// and ECGDSA nonces derived with HMAC over a key may use them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "dstu/base/bytes.hpp"

namespace dstu::hash {

namespace detail {

struct Sha256Core {
  using Word = std::uint32_t;
  static constexpr std::size_t kBlock = 64;
  static constexpr std::size_t kDefaultBits = 256;
  /// The initial value for a digest of `bits` (224 or 256; Error(invalid_input) else).
  static void init(Word h[8], std::size_t bits);
  /// Compresses `blocks` consecutive 64-octet blocks into h (SHA-NI or portable).
  static void compress(Word h[8], const std::uint8_t* p, std::size_t blocks);
};

struct Sha512Core {
  using Word = std::uint64_t;
  static constexpr std::size_t kBlock = 128;
  static constexpr std::size_t kDefaultBits = 512;
  /// 384 or 512 (SHA-384, SHA-512), 224 or 256 (SHA-512/224, SHA-512/256: FIPS 180-4
  /// §5.3.6, the SHA-512 rounds from their own initial values).
  static void init(Word h[8], std::size_t bits);
  static void compress(Word h[8], const std::uint8_t* p, std::size_t blocks);
};

}  // namespace detail

/// Streaming FIPS 180-4 hash over one core (SHA-1 or a SHA-2 width): construct with the
/// digest length, update any number of times, final (which resets for the next message).
template <class Core>
class Fips180 {
 public:
  explicit Fips180(std::size_t digest_bits = Core::kDefaultBits);
  ~Fips180();
  Fips180(const Fips180&) = default;
  Fips180& operator=(const Fips180&) = default;

  std::size_t digest_size() const { return bits_ / 8; }
  static constexpr std::size_t block_size() { return Core::kBlock; }
  void reset();
  void update(std::span<const std::uint8_t> data);
  /// Writes exactly digest_size() octets (Error(invalid_input) otherwise) and resets.
  void final(std::span<std::uint8_t> out);
  Bytes final();

  static Bytes hash(std::size_t digest_bits, std::span<const std::uint8_t> data);

 private:
  using Word = typename Core::Word;
  std::size_t bits_;
  Word h_[8];
  std::uint8_t buf_[Core::kBlock];
  std::size_t buf_len_ = 0;
  std::uint64_t total_ = 0;  ///< octets absorbed
};

using Sha256 = Fips180<detail::Sha256Core>;  ///< SHA-224 (bits 224) and SHA-256
/// SHA-384 (bits 384), SHA-512, SHA-512/224 (bits 224) and SHA-512/256 (bits 256)
using Sha512 = Fips180<detail::Sha512Core>;

extern template class Fips180<detail::Sha256Core>;
extern template class Fips180<detail::Sha512Core>;

}  // namespace dstu::hash
