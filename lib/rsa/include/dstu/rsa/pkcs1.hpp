// dstu::rsa — RSA signatures of RFC 8017: RSASSA-PKCS1-v1_5 (§8.2, EMSA-PKCS1-v1_5 §9.2)
// and RSASSA-PSS (§8.1, EMSA-PSS §9.1 with MGF1, appendix B.2.1).
//
// Depends on lib/mp (exponentiation), lib/hash (make_hasher: "sha224", "sha256",
// "sha384", "sha512"). Secret: the private key. Signing computes s = m^d by CRT with
// lib/mp's constant-time exponentiation on a blinded representative (r^e m) and checks
// s^e = m before returning, so a fault (a flipped bit in dp, a glitch in one half)
// throws instead of releasing a value that would factor n. Verification is public and
// variable time; it re-encodes the expected block and compares the whole of it, never
// parsing padding (Bleichenbacher 2006 forgeries).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "dstu/base/bytes.hpp"
#include "dstu/base/random.hpp"
#include "dstu/rsa/key.hpp"

namespace dstu::rsa {

/// The hashes the signatures take, by make_hasher name; throws Error(invalid_input)
/// for another name. Returns the digest length in octets.
std::size_t digest_size(std::string_view hash);

/// The message's digest by `hash` (make_hasher, public data).
Bytes hash_message(std::string_view hash, std::span<const std::uint8_t> message);

// ---- RSASSA-PKCS1-v1_5 ----

/// EMSA-PKCS1-v1_5 (§9.2) of a digest into em_len octets: 00 01 FF..FF 00 DigestInfo.
/// Throws Error(invalid_input) if the digest has the wrong length or em_len is too short.
Bytes emsa_pkcs1v15_encode(std::string_view hash, std::span<const std::uint8_t> digest, std::size_t em_len);

/// The signature (key.size() octets) of a digest made by `hash`. rng draws the blinding (every 32 signatures of a key; squared in between).
/// Throws Error(invalid_input) on a wrong digest length, a key too short, or a failed
/// check of the result (a fault or an inconsistent key).
Bytes sign_pkcs1v15(const PrivateKey& key, std::string_view hash, std::span<const std::uint8_t> digest,
                    RandomSource& rng);

/// True if sig is the RSASSA-PKCS1-v1_5 signature of digest under key: exactly
/// key.size() octets, s < n, and s^e mod n equal octet for octet to the encoding.
/// Public data; variable time. Throws Error(invalid_input) for a hash it does not take or a
/// digest of the wrong length (the caller's mistake, not a bad signature).
bool verify_pkcs1v15_vartime(const PublicKey& key, std::string_view hash, std::span<const std::uint8_t> digest,
                             std::span<const std::uint8_t> sig);

// ---- RSASSA-PSS ----

/// Salt length meaning "as long as the hash" (sign) — RFC 8017's usual choice.
inline constexpr std::size_t kSaltHashLength = static_cast<std::size_t>(-1);
/// Salt length meaning "whatever the signature has" (verify only; RFC 8017 §9.1.2 lets the
/// parameters fix it, which callers should prefer).
inline constexpr std::size_t kSaltAny = static_cast<std::size_t>(-2);

/// EMSA-PSS-ENCODE (§9.1.1) of a digest with the given salt into ceil(em_bits / 8) octets.
Bytes emsa_pss_encode(std::string_view hash, std::span<const std::uint8_t> digest,
                      std::span<const std::uint8_t> salt, std::size_t em_bits);

/// The RSASSA-PSS signature of a digest, MGF1 with the same hash, a random salt of
/// salt_len octets (kSaltHashLength: the digest length) from rng, which also draws the
/// blinding. Throws as sign_pkcs1v15.
Bytes sign_pss(const PrivateKey& key, std::string_view hash, std::span<const std::uint8_t> digest,
               std::size_t salt_len, RandomSource& rng);

/// True if sig is a RSASSA-PSS signature of digest under key with MGF1(hash) and a salt of
/// salt_len octets (kSaltHashLength: the digest length; kSaltAny: any). Public data;
/// variable time. Throws as verify_pkcs1v15_vartime.
bool verify_pss_vartime(const PublicKey& key, std::string_view hash, std::span<const std::uint8_t> digest,
                        std::size_t salt_len, std::span<const std::uint8_t> sig);

}  // namespace dstu::rsa
