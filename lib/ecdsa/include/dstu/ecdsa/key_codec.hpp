// dstu::ecdsa — key encodings, byte for byte as OpenSSL writes them:
//
//   PKCS#8 PrivateKeyInfo (RFC 5208 / 5958):
//     SEQUENCE { INTEGER 0, SEQUENCE { OID alg, OID namedCurve }, OCTET STRING ECPrivateKey }
//     with the ECPrivateKey inside as SEQUENCE { INTEGER 1, OCTET STRING d, [1] BIT STRING Q }
//   SEC 1 ECPrivateKey (RFC 5915, "EC PRIVATE KEY"):
//     SEQUENCE { INTEGER 1, OCTET STRING d, [0] OID namedCurve, [1] BIT STRING Q }
//   SubjectPublicKeyInfo (RFC 5480): SEQUENCE { SEQUENCE { OID alg, OID namedCurve }, BIT STRING Q }
//
// d takes ceil(L(n)/8) octets, Q is SEC 1 uncompressed (compressed is read too). `alg` is
// id-ecPublicKey (1.2.840.10045.2.1) for ECDSA keys and TeleTrusT's ecgPublicKey
// (1.3.36.3.3.2.5.2.1, as Botan uses it) for ECGDSA keys, whose Q is d^-1 G: the scheme
// is part of the key, so a key never serves both. Only named curves (by OID).
#pragma once

#include <cstdint>
#include <optional>
#include <span>

#include "dstu/base/bytes.hpp"
#include "dstu/base/wipe.hpp"
#include "dstu/ecdsa/keys.hpp"

namespace dstu::ecdsa {

inline constexpr const char* kOidEcPublicKey = "1.2.840.10045.2.1";
inline constexpr const char* kOidEcgPublicKey = "1.3.36.3.3.2.5.2.1";

/// A private key with its scheme (from the algorithm identifier).
struct SchemeKey {
  Scheme scheme;
  PrivateKey key;
};

struct SchemePublicKey {
  Scheme scheme;
  PublicKey key;
};

SecureBytes encode_pkcs8(Scheme scheme, const PrivateKey& key);
/// SEC 1 "EC PRIVATE KEY" (ECDSA keys only: the form names no algorithm).
SecureBytes encode_sec1(const PrivateKey& key);
Bytes encode_spki(Scheme scheme, const PublicKey& key);

/// Whether `der` is a PrivateKeyInfo or SubjectPublicKeyInfo of one of the two
/// algorithms above, by its structure and OIDs (never by key octets).
bool is_ec_pkcs8(std::span<const std::uint8_t> der);
bool is_ec_spki(std::span<const std::uint8_t> der);
/// Whether `der` has the shape of a SEC 1 ECPrivateKey: a SEQUENCE beginning with
/// INTEGER 1 and an OCTET STRING (a PrivateKeyInfo begins with INTEGER 0 and a SEQUENCE).
bool is_ec_sec1(std::span<const std::uint8_t> der);

/// Decoders: Error(invalid_input) saying what is wrong (structure, unknown curve, d out of
/// range, a public key that is not d G / d^-1 G or not on the curve); Error(unsupported)
/// for explicit curve parameters.
SchemeKey decode_pkcs8(std::span<const std::uint8_t> der);
PrivateKey decode_sec1(std::span<const std::uint8_t> der);
SchemePublicKey decode_spki(std::span<const std::uint8_t> der);

}  // namespace dstu::ecdsa
