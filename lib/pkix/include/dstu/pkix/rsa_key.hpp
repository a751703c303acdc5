// dstu::pkix — RSA keys (lib/rsa) in the envelopes of key_info.hpp and in PKCS#1's own
// structures, byte for byte as OpenSSL writes them:
//
//   RSAPrivateKey (RFC 8017 §A.1.2; "RSA PRIVATE KEY") ::= SEQUENCE {
//     version INTEGER (0), modulus n, publicExponent e, privateExponent d, prime1 p,
//     prime2 q, exponent1 dp, exponent2 dq, coefficient qinv }        (all INTEGER)
//   RSAPublicKey (RFC 8017 §A.1.1; "RSA PUBLIC KEY") ::= SEQUENCE { modulus, publicExponent }
//   PrivateKeyInfo (RFC 5958 §2) with AlgorithmIdentifier { rsaEncryption, NULL } and the
//     RSAPrivateKey as its privateKey
//   SubjectPublicKeyInfo (RFC 5280 §4.1.2.7) with the same AlgorithmIdentifier and the
//     RSAPublicKey as its subjectPublicKey
//
// rsaEncryption is 1.2.840.113549.1.1.1 (RFC 8017 §A.1); its parameters must be NULL
// (RFC 4055 §1.2). Only two-prime keys: version 1, multi-prime (otherPrimeInfos), is
// refused as unsupported, since lib/rsa has no multi-prime CRT. Every key read is
// checked (rsa::check_public_key, rsa::check_key): a key file is input like any other,
// and a private key whose CRT values disagree would sign wrongly or leak its primes.
// Secret: everything in a private key but n and e (read as views, into wiping keys).
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "dstu/base/bytes.hpp"
#include "dstu/base/wipe.hpp"
#include "dstu/pkix/key_info.hpp"
#include "dstu/rsa/key.hpp"

namespace dstu::pkix {

inline constexpr const char* kOidRsaEncryption = "1.2.840.113549.1.1.1";

/// PKCS#1 RSAPrivateKey (version 0) and RSAPublicKey.
SecureBytes encode_pkcs1(const rsa::PrivateKey& key);
Bytes encode_pkcs1(const rsa::PublicKey& key);
/// PrivateKeyInfo / SubjectPublicKeyInfo of rsaEncryption.
SecureBytes encode_pkcs8(const rsa::PrivateKey& key);
Bytes encode_spki(const rsa::PublicKey& key);

/// Decoders, in strict DER to the last octet: Error(invalid_input) naming what is wrong
/// (structure, version, parameters other than NULL, or what check_key/check_public_key
/// refuse); Error(unsupported) for a multi-prime key. The envelope forms take envelopes
/// under rsaEncryption (the caller chose them by that OID).
rsa::PrivateKey decode_pkcs1_private_key(std::span<const std::uint8_t> der);
rsa::PublicKey decode_pkcs1_public_key(std::span<const std::uint8_t> der);
rsa::PrivateKey rsa_private_key(const PrivateKeyInfo& info);
rsa::PublicKey rsa_public_key(const SubjectPublicKeyInfo& spki);
rsa::PrivateKey decode_rsa_pkcs8(std::span<const std::uint8_t> der);
rsa::PublicKey decode_rsa_spki(std::span<const std::uint8_t> der);

/// The key identifier dstu gives RSA keys, as for ECDSA keys: SHA-256 of the
/// SubjectPublicKeyInfo DER (32 octets).
Bytes key_id(const rsa::PublicKey& key);

/// "rsa" and the modulus' length in bits ("rsa2048"): what names an RSA key's type where
/// an EC key names its curve.
std::string rsa_key_name(const rsa::PublicKey& key);

}  // namespace dstu::pkix
