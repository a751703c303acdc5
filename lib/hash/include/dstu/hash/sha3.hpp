// dstu::hash — SHA-3 (FIPS 202): SHA3-224, SHA3-256, SHA3-384, SHA3-512, and the
// extendable-output functions SHAKE128 and SHAKE256 (absorb any input, then squeeze any
// number of output octets).
//
// One sponge over Keccak-f[1600]; the permutation is chosen at call time (portable C++
// with lane complementing, or the rounds compiled for BMI1/BMI2). Every path is constant
// time (no table index or branch on the data), so HMAC-SHA3 may take a key. States wipe
// themselves.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "dstu/base/bytes.hpp"

namespace dstu::hash {

namespace detail {

/// The sponge construction of FIPS 202 §4 with Keccak-f[1600], octet-oriented: `rate`
/// octets a block, and the domain bits with the first bit of pad10*1 as one octet
/// (0x06 for SHA-3, 0x1f for SHAKE: §B.2).
class KeccakSponge {
 public:
  KeccakSponge(std::size_t rate, std::uint8_t domain_and_pad);
  ~KeccakSponge();
  KeccakSponge(const KeccakSponge&) = default;
  KeccakSponge& operator=(const KeccakSponge&) = default;

  std::size_t rate() const { return rate_; }
  void reset();
  /// Absorbs data; Error(invalid_input) once squeezing has begun.
  void absorb(std::span<const std::uint8_t> data);
  /// Pads (the first call) and writes the next out.size() octets of output.
  void squeeze(std::span<std::uint8_t> out);

 private:
  void pad();

  std::uint64_t s_[25];
  std::size_t rate_;
  std::size_t pos_ = 0;  ///< octets absorbed into, or squeezed from, the current block
  std::uint8_t domain_;
  bool squeezing_ = false;
};

}  // namespace detail

/// Streaming SHA3-224/256/384/512: construct with the digest length, update any number
/// of times, final (which resets for the next message).
class Sha3 {
 public:
  /// digest_bits: 224, 256, 384 or 512 (Error(invalid_input) otherwise).
  explicit Sha3(std::size_t digest_bits = 256);

  std::size_t digest_size() const { return bits_ / 8; }
  /// The rate in octets (144, 136, 104, 72): HMAC's block (FIPS 202 §A.2 and RFC 2104's B).
  std::size_t block_size() const { return sponge_.rate(); }
  void reset() { sponge_.reset(); }
  void update(std::span<const std::uint8_t> data) { sponge_.absorb(data); }
  /// Writes exactly digest_size() octets (Error(invalid_input) otherwise) and resets.
  void final(std::span<std::uint8_t> out);
  Bytes final();

  static Bytes hash(std::size_t digest_bits, std::span<const std::uint8_t> data);

 private:
  std::size_t bits_;
  detail::KeccakSponge sponge_;
};

/// SHAKE128 or SHAKE256 (FIPS 202 §6.2): update any number of times, then squeeze as
/// many octets as wanted in any number of calls; reset starts a new message.
class Shake {
 public:
  /// security_bits: 128 or 256 (Error(invalid_input) otherwise).
  explicit Shake(std::size_t security_bits);

  /// "shake128" or "shake256".
  std::string_view name() const { return bits_ == 128 ? "shake128" : "shake256"; }
  /// The rate in octets (168, 136).
  std::size_t block_size() const { return sponge_.rate(); }
  void reset() { sponge_.reset(); }
  /// Absorbs data; Error(invalid_input) after the first squeeze (until reset).
  void update(std::span<const std::uint8_t> data) { sponge_.absorb(data); }
  /// The next out.size() octets of output; consecutive calls continue the same stream.
  void squeeze(std::span<std::uint8_t> out) { sponge_.squeeze(out); }

  /// The first `out_len` octets of SHAKE128/256(data).
  static Bytes hash(std::size_t security_bits, std::span<const std::uint8_t> data, std::size_t out_len);

 private:
  std::size_t bits_;
  detail::KeccakSponge sponge_;
};

}  // namespace dstu::hash
