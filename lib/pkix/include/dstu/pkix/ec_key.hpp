// dstu::pkix — ECDSA and ECGDSA keys (lib/ecdsa) in the envelopes of key_info.hpp, byte
// for byte as OpenSSL writes them:
//
//   PrivateKeyInfo (RFC 5958 §2) with AlgorithmIdentifier SEQUENCE { OID alg, OID
//     namedCurve } (RFC 5480 §2.1.1) and, as the privateKey, an ECPrivateKey without
//     its [0] curve: SEQUENCE { INTEGER 1, OCTET STRING d, [1] BIT STRING Q }
//   SEC 1 ECPrivateKey (SEC 1 §C.4, RFC 5915 §3; "EC PRIVATE KEY"):
//     SEQUENCE { INTEGER 1, OCTET STRING d, [0] OID namedCurve, [1] BIT STRING Q }
//   SubjectPublicKeyInfo (RFC 5480 §2): the AlgorithmIdentifier above and BIT STRING Q
//
// d takes ceil(L(n)/8) octets, Q is SEC 1 uncompressed (compressed is read too). `alg` is
// id-ecPublicKey (1.2.840.10045.2.1) for ECDSA keys and TeleTrusT's ecgPublicKey
// (1.3.36.3.3.2.5.2.1, as Botan uses it) for ECGDSA keys, whose Q is d^-1 G: the scheme
// is part of the key, so a key never serves both. Only named curves (by OID).
// Secret: d (read into wiping memory, checked in constant time).
#pragma once

#include <optional>
#include <span>
#include <string_view>

#include "dstu/base/bytes.hpp"
#include "dstu/base/wipe.hpp"
#include "dstu/ecdsa/keys.hpp"
#include "dstu/pkix/key_info.hpp"

namespace dstu::pkix {

inline constexpr const char* kOidEcPublicKey = "1.2.840.10045.2.1";
inline constexpr const char* kOidEcgPublicKey = "1.3.36.3.3.2.5.2.1";

/// The scheme an algorithm OID names, if it is one of the two above.
std::optional<ecdsa::Scheme> ec_scheme_of(std::string_view oid);

SecureBytes encode_pkcs8(const ecdsa::SchemeKey& key);
/// SEC 1 "EC PRIVATE KEY" (ECDSA keys only: the form names no algorithm).
SecureBytes encode_sec1(const ecdsa::PrivateKey& key);
Bytes encode_spki(const ecdsa::SchemePublicKey& key);

/// Decoders: Error(invalid_input) saying what is wrong (structure, unknown curve, d out of
/// range, a public key that is not d G / d^-1 G or not on the curve); Error(unsupported)
/// for explicit curve parameters. The first two take envelopes under one of the OIDs
/// above.
ecdsa::SchemeKey ec_private_key(const PrivateKeyInfo& info);
ecdsa::SchemePublicKey ec_public_key(const SubjectPublicKeyInfo& spki);
ecdsa::SchemeKey decode_ec_pkcs8(std::span<const std::uint8_t> der);
ecdsa::SchemePublicKey decode_ec_spki(std::span<const std::uint8_t> der);
ecdsa::PrivateKey decode_sec1(std::span<const std::uint8_t> der);

/// The key identifier dstu gives ECDSA/ECGDSA keys: SHA-256 of the SubjectPublicKeyInfo
/// DER (32 octets, as long as a DSTU 4145 key's).
Bytes key_id(const ecdsa::SchemePublicKey& key);

}  // namespace dstu::pkix
