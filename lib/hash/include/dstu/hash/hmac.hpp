// dstu::hash — HMAC (RFC 2104, FIPS 198-1) over any hash of the registry, and PBKDF2
// (RFC 8018 §5.2) with HMAC as its PRF.
//
// Written once over the Hasher interface: B is the hasher's block_size() (32 octets for
// GOST 34.311, 64 for SHA-1/SHA-256/Kupyna-256, 128 for SHA-384/512/Kupyna-384/512, the
// rate for SHA-3), ipad 0x36, opad 0x5c, keys longer than B hashed first. The hash is
// made for Use::keyed, so it is constant time in the key and the data. The keyed inner and outer states
// are kept and restored per message; every state is wiped when destroyed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>

#include "dstu/base/wipe.hpp"
#include "dstu/hash/hasher.hpp"

namespace dstu::hash {

class Hmac {
 public:
  /// HMAC with make_hasher(hash_name, Use::keyed), keyed with `key` (any length).
  /// Error(invalid_input) for an unknown name, Error(unsupported) for a hash that cannot
  /// take a key in this build.
  Hmac(std::string_view hash_name, std::span<const std::uint8_t> key);
  /// HMAC over `hash` (its absorbed data is dropped): for a hash with parameters of its
  /// own (make_gost34311_hasher with a key's S-box). The caller vouches that it is made
  /// for keyed use (constant time). Error(invalid_input) if it is null or has no block
  /// size, Error(unsupported) if it cannot be copied.
  Hmac(std::unique_ptr<Hasher> hash, std::span<const std::uint8_t> key);
  ~Hmac();
  Hmac(const Hmac&) = delete;
  Hmac& operator=(const Hmac&) = delete;
  Hmac(Hmac&&) noexcept;
  Hmac& operator=(Hmac&&) noexcept;

  /// The hash's registry name, e.g. "sha256".
  std::string_view hash_name() const { return inner_->name(); }
  /// Octets of a MAC (the hash's digest length).
  std::size_t mac_size() const { return inner_->digest_size(); }
  /// Back to the keyed state, forgetting message data.
  void reset();
  void update(std::span<const std::uint8_t> data) { inner_->update(data); }
  /// Writes exactly mac_size() octets (Error(invalid_input) otherwise) and goes back to
  /// the keyed state for the next message.
  void final(std::span<std::uint8_t> out);
  SecureBytes final();
  /// Whether the MAC of the data so far begins with `tag` (compared in constant time),
  /// then back to the keyed state. A tag shorter than 10 octets or half the MAC (RFC
  /// 2104 §5), or longer than the MAC, is Error(invalid_input).
  bool verify(std::span<const std::uint8_t> tag);

  /// One-shot MAC.
  static SecureBytes mac(std::string_view hash_name, std::span<const std::uint8_t> key,
                         std::span<const std::uint8_t> data);

 private:
  std::unique_ptr<Hasher> inner_, outer_;              // running contexts
  std::unique_ptr<Hasher> inner_keyed_, outer_keyed_;  // after key ^ ipad / key ^ opad
};

/// PBKDF2 (RFC 8018 §5.2): out.size() octets from the password that `prf` is keyed with
/// and `salt`, in `iterations` rounds of prf. Constant time in the password. Leaves prf in
/// its keyed state. Error(invalid_input) if iterations is 0 or out is empty.
void pbkdf2(std::span<std::uint8_t> out, Hmac& prf, std::span<const std::uint8_t> salt, std::uint64_t iterations);

/// PBKDF2 with HMAC over the hash called `hash_name` (make_hasher's names; Hmac's errors).
void pbkdf2(std::span<std::uint8_t> out, std::string_view hash_name, std::span<const std::uint8_t> password,
            std::span<const std::uint8_t> salt, std::uint64_t iterations);

}  // namespace dstu::hash
