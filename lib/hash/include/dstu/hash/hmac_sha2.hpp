// dstu::hash — HMAC over SHA-224, SHA-256, SHA-384 and SHA-512 only: the PRF of RFC 6979's
// deterministic and hedged ECDSA/ECGDSA nonces, whose callers accept no other hash.
//
// The generic Hmac (hmac.hpp) restricted to those names. Constant time in the key and
// the data (the SHA-2 compressions are); states wiped when destroyed.
#pragma once

#include <span>
#include <string_view>

#include "dstu/hash/hmac.hpp"

namespace dstu::hash {

class HmacSha2 : public Hmac {
 public:
  /// HMAC with the SHA-2 hash called `hash_name` ("sha224", "sha256", "sha384",
  /// "sha512"; Error(invalid_input) otherwise), keyed with `key` (any length).
  HmacSha2(std::string_view hash_name, std::span<const std::uint8_t> key);

  /// Whether `hash_name` names a hash HmacSha2 takes.
  static bool supports(std::string_view hash_name);
};

}  // namespace dstu::hash
