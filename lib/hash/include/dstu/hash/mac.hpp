// dstu::hash — a message authentication code behind the Hasher interface, so that a file
// is MACed the way it is hashed (hash_file, hash_fd: large reads, read ahead): HMAC
// (hmac.hpp) over any hash of the registry, or Kupyna-KMAC (kupyna_kmac.hpp).
//
// Which hashes a MAC takes and how long its key must be are decided here, not by callers:
// HMAC takes any key over any hash of hasher_names(); Kupyna-KMAC is defined over Kupyna
// only (kupyna256, kupyna384, kupyna512) with a key of the MAC's length.
// Secret: the key, and every state after it (both MACs run on constant-time hashes); the
// objects wipe them when destroyed.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string_view>

#include "dstu/hash/hasher.hpp"

namespace dstu::hash {

/// The MACs make_mac_hasher makes.
enum class Mac {
  hmac,  ///< HMAC (RFC 2104) over any hash of the registry
  kmac,  ///< Kupyna-KMAC (DSTU 7564:2014) over kupyna256, kupyna384 or kupyna512
};

/// "hmac" or "kmac" as a Mac, or nothing for another name.
std::optional<Mac> mac_from_name(std::string_view name);
/// "hmac" or "kmac".
std::string_view mac_name(Mac mac);

/// The hash a MAC takes when none is named: gost34311 for HMAC, kupyna256 for KMAC.
std::string_view default_mac_hash(Mac mac);

/// The octets of key the MAC over `hash_name` needs, or nothing when any length will do
/// (HMAC). Error(invalid_input) when the MAC is not defined over that hash.
std::optional<std::size_t> mac_key_size(Mac mac, std::string_view hash_name);

/// `mac` over the hash called `hash_name`, keyed with `key`, as a Hasher: name() is
/// "hmac-HASH" or "kmac-HASH", digest_size() the MAC's length, final() writes the MAC and
/// goes back to the keyed state (reset() too). It has no block_size() (0: it is no hash to
/// build HMAC on) and cannot be cloned. Error(invalid_input) for an unknown hash, KMAC over
/// a hash other than Kupyna, or a KMAC key of another length than the MAC's (the message
/// says which length); Error(unsupported) as Hmac's constructor.
std::unique_ptr<Hasher> make_mac_hasher(Mac mac, std::string_view hash_name, std::span<const std::uint8_t> key);

}  // namespace dstu::hash
