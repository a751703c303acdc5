// dstu::pkix — DSTU 4145 keys in the envelopes of key_info.hpp, as Ukrainian PKI (UAPKI,
// IIT, jkurwa) and BouncyCastle write them (dstu-formats(5)):
//
//   AlgorithmIdentifier ::= SEQUENCE { OID ...3.1.1 | ...3.1.1.1.1, parameters }
//   parameters          ::= DSTU4145Params | named-curve OID (BouncyCastle's PKCS#8)
//   DSTU4145Params      ::= SEQUENCE { namedCurve OID | ECBinary, dke OCTET STRING OPTIONAL }
//   subjectPublicKey    ::= OCTET STRING compressed point (inside the BIT STRING)
//
// Under the little-endian OID 1.2.804.2.1.1.1.1.3.1.1 the point and d are little-endian
// (Ukrainian PKI); under the big-endian OID ...3.1.1.1.1 big-endian, and the privateKey
// is BouncyCastle's ECPrivateKey (or a bare INTEGER d). Named curves are recognised by
// OID and by explicit ECBinary parameters in either byte order. The key identifier is
// Ukrainian PKI's SubjectKeyIdentifier: GOST 34.311 of the DER OCTET STRING holding the
// little-endian compressed point.
// Secret: d, from the privateKey octets to the key (a view of them never copied outside
// wiping memory; its value never decides a branch).
#pragma once

#include <span>
#include <string_view>

#include "dstu/base/bytes.hpp"
#include "dstu/base/wipe.hpp"
#include "dstu/dstu4145/keys.hpp"
#include "dstu/pkix/key_info.hpp"

namespace dstu::pkix {

inline constexpr const char* kOidDstu4145Le = "1.2.804.2.1.1.1.1.3.1.1";
inline constexpr const char* kOidDstu4145Be = "1.2.804.2.1.1.1.1.3.1.1.1.1";

/// Whether `oid` is one of the two DSTU 4145 algorithm OIDs.
bool is_dstu4145_algorithm(std::string_view oid);

/// How a DSTU 4145 private key is laid out in its PrivateKeyInfo.
enum class Dstu4145Form {
  uapki,         ///< OID ...3.1.1, privateKey = d little-endian (Ukrainian PKI)
  bouncycastle,  ///< OID ...3.1.1.1.1, privateKey = ECPrivateKey with d big-endian
};

Bytes encode_spki(const dstu4145::PublicKey& key);
SecureBytes encode_pkcs8(const dstu4145::PrivateKey& key, Dstu4145Form form = Dstu4145Form::uapki);

/// The key of a SubjectPublicKeyInfo under a DSTU 4145 OID, validated
/// (dstu4145::valid_public_key). Error(invalid_input) saying what is wrong;
/// Error(unsupported) for explicit parameters of a curve that is not named.
dstu4145::PublicKey dstu4145_public_key(const SubjectPublicKeyInfo& spki);
/// The key of a PrivateKeyInfo under a DSTU 4145 OID. d is taken mod n, as the peers that
/// write d >= n (jkurwa) sign with it; d = 0 mod n is refused naming the key.
dstu4145::PrivateKey dstu4145_private_key(const PrivateKeyInfo& info);

/// The same from DER.
dstu4145::PublicKey decode_dstu4145_spki(std::span<const std::uint8_t> der);
dstu4145::PrivateKey decode_dstu4145_pkcs8(std::span<const std::uint8_t> der);

/// The key identifier of Ukrainian PKI (32 octets).
Bytes key_id(const dstu4145::PublicKey& key);

}  // namespace dstu::pkix
