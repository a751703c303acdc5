// dstu::ecdsa — signing and verification.
//
// ECDSA (FIPS 186-5 §6.4): r = x(k G) mod n, s = k^-1 (e + r d) mod n.
// ECGDSA (ISO/IEC 14888-3, BSI TR-03111 §4.2.1.2): r = x(k G) mod n, s = (k r - e) d mod n.
// Both take e as the leftmost min(L(n), 8 |digest|) bits of the digest (FIPS 186-5's
// bits2int; TR-03111's tau-bit truncation), so any hash serves any curve.
//
// Nonces follow RFC 6979: deterministic (§3.2, k from HMAC over d and the digest), or
// hedged (§3.6, 32 octets of fresh randomness as the additional data), the default: a
// weak random source alone cannot leak d, and a repeated message still gets a fresh k.
// Signing is constant time in d and k (k^-1 is computed blinded: the variable-time
// inverse sees only k b for a secret uniform b); verification uses only public values.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "dstu/base/random.hpp"
#include "dstu/ecdsa/keys.hpp"
#include "dstu/mp/nat.hpp"

namespace dstu::ecdsa {

struct Signature {
  mp::Nat r, s;
};

enum class Nonces { hedged, deterministic };

/// Signs `digest` (the output of the hash called `hash_name`, which also keys RFC 6979's
/// HMAC: "sha224", "sha256", "sha384" or "sha512"). `entropy` is read only when hedged.
Signature sign(Scheme scheme, const PrivateKey& key, std::string_view hash_name,
               std::span<const std::uint8_t> digest, RandomSource& entropy, Nonces nonces = Nonces::hedged);

/// Signs with the nonce k given (known-answer tests): Error(invalid_input) unless
/// 1 <= k < n, and when r or s comes out 0.
Signature sign_with_nonce(Scheme scheme, const PrivateKey& key, std::span<const std::uint8_t> digest,
                          const Scalar& k);

/// The range check alone: 1 <= r < n and 1 <= s < n (what a signature that fails it can
/// be told apart by).
bool signature_in_range(const Group& group, const Signature& sig);

/// True when (r, s) is a valid signature of `digest` under `key`: 1 <= r, s < n and the
/// scheme's equation holds. Public inputs only.
bool verify(Scheme scheme, const PublicKey& key, std::span<const std::uint8_t> digest, const Signature& sig);

/// The SHA-2 hash matching n (FIPS 186-5's pairing): "sha256" up to 256 bits, "sha384" up
/// to 384, "sha512" above.
const char* default_hash(const Group& group);

/// e: the leftmost min(L(n), 8 |digest|) bits of the digest as an integer (not reduced).
mp::Nat digest_to_integer(const Group& group, std::span<const std::uint8_t> digest);

}  // namespace dstu::ecdsa
