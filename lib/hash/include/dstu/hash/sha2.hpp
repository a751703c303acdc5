// dstu::hash — the SHA-2 family of FIPS 180-4: SHA-224 and SHA-256 (32-bit words, 64-octet
// blocks), SHA-384 and SHA-512 (64-bit words, 128-octet blocks).
//
// SHA-224/256 compress with the x86 SHA extensions (SHA-NI) where cpu::active().sha
// says so, else portably; SHA-384/512 portably (no x86 CPU of ours has SHA512 yet).
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
  /// The initial value for a digest of `bits` (224 or 256; Error(invalid_input) else).
  static void init(Word h[8], std::size_t bits);
  /// Compresses `blocks` consecutive 64-octet blocks into h (SHA-NI or portable).
  static void compress(Word h[8], const std::uint8_t* p, std::size_t blocks);
};

struct Sha512Core {
  using Word = std::uint64_t;
  static constexpr std::size_t kBlock = 128;
  static void init(Word h[8], std::size_t bits);  ///< 384 or 512
  static void compress(Word h[8], const std::uint8_t* p, std::size_t blocks);
};

}  // namespace detail

/// Streaming SHA-2 over one core: construct with the digest length, update any number of
/// times, final (which resets for the next message).
template <class Core>
class Sha2 {
 public:
  explicit Sha2(std::size_t digest_bits);
  ~Sha2();
  Sha2(const Sha2&) = default;
  Sha2& operator=(const Sha2&) = default;

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

using Sha256 = Sha2<detail::Sha256Core>;  ///< SHA-224 (bits 224) and SHA-256
using Sha512 = Sha2<detail::Sha512Core>;  ///< SHA-384 (bits 384) and SHA-512

extern template class Sha2<detail::Sha256Core>;
extern template class Sha2<detail::Sha512Core>;

}  // namespace dstu::hash
