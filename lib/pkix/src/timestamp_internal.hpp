// What the timestamp sources (timestamp.hpp) share: the hash an imprint names, by the
// names make_hasher knows, and the imprint check.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "dstu/pkix/timestamp.hpp"

namespace dstu::pkix::detail {

/// The digest of `octets` under make_hasher's `hash_name` as a messageImprint means it:
/// GOST 34.311 with the default DKE (no key names another).
Bytes imprint_digest(const std::string& hash_name, std::span<const std::uint8_t> octets);

/// Whether info's messageImprint is the hash of `stamped`; Error(unsupported) for a hash
/// dstu does not know.
bool imprint_matches(const TstInfo& info, std::span<const std::uint8_t> stamped);

}  // namespace dstu::pkix::detail
