// dstu::hash — HMAC (RFC 2104, FIPS 198-1) over SHA-224, SHA-256, SHA-384 and SHA-512: the
// PRF of RFC 6979's deterministic and hedged ECDSA/ECGDSA nonces.
//
// Constant time in the key and the data (the SHA-2 compressions are). Contexts hold the
// keyed inner and outer states and wipe them when destroyed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>

#include "dstu/base/wipe.hpp"

namespace dstu::hash {

class HmacSha2 {
 public:
  /// HMAC with the SHA-2 hash called `hash_name` ("sha224", "sha256", "sha384",
  /// "sha512"; Error(invalid_input) otherwise), keyed with `key` (any length).
  HmacSha2(std::string_view hash_name, std::span<const std::uint8_t> key);
  ~HmacSha2();
  HmacSha2(const HmacSha2&) = delete;
  HmacSha2& operator=(const HmacSha2&) = delete;

  /// Octets of a MAC (the hash's digest length).
  std::size_t mac_size() const;
  void update(std::span<const std::uint8_t> data);
  /// Writes exactly mac_size() octets (Error(invalid_input) otherwise) and goes back to
  /// the keyed state for the next message.
  void final(std::span<std::uint8_t> out);
  SecureBytes final();

  /// Whether `hash_name` names a hash HmacSha2 takes.
  static bool supports(std::string_view hash_name);

  struct State;  ///< the keyed contexts of one SHA-2 width (hmac_sha2.cpp)

 private:
  std::unique_ptr<State> s_;
};

}  // namespace dstu::hash
