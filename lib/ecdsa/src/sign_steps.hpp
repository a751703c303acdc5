// Internal: signing after the fresh randomness is drawn, shared by one-at-a-time signing
// (sign.cpp) and the batch (batch.cpp), so that both compute exactly the same.
#pragma once

#include <cstddef>
#include <span>
#include <string_view>

#include "dstu/ecdsa/sign.hpp"

namespace dstu::ecdsa::detail {

/// Octets of fresh randomness a hedged signature draws (RFC 6979 §3.6's additional data
/// k'). Every hedged signature made from a seeded source depends on it.
inline constexpr std::size_t kFreshOctets = 32;

/// The signature with RFC 6979 nonces from d, the digest and `extra` (empty:
/// deterministic, §3.2; else the fresh octets of a hedged signature, §3.6), drawn again
/// while r or s is 0. Constant time in d, k and `extra`.
Signature sign_rfc6979(Scheme scheme, const PrivateKey& key, std::string_view hash_name,
                       std::span<const std::uint8_t> digest, std::span<const std::uint8_t> extra);

}  // namespace dstu::ecdsa::detail
