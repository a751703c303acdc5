// dstu::pkix — the two envelopes every key travels in, read and written without knowing
// its algorithm:
//
//   PrivateKeyInfo ::= SEQUENCE {                      (RFC 5958 §2, PKCS#8's OneAsymmetricKey)
//     version INTEGER (0 or 1), privateKeyAlgorithm AlgorithmIdentifier,
//     privateKey OCTET STRING, attributes [0] OPTIONAL, publicKey [1] BIT STRING OPTIONAL }
//   SubjectPublicKeyInfo ::= SEQUENCE {                (RFC 5280 §4.1.2.7)
//     algorithm AlgorithmIdentifier, subjectPublicKey BIT STRING }
//   AlgorithmIdentifier ::= SEQUENCE { algorithm OID, parameters ANY OPTIONAL }
//
// What the privateKey, the parameters and the subjectPublicKey hold is the algorithm's
// (dstu4145_key.hpp, ec_key.hpp); the algorithm OID says which, and nothing else does.
// Secret: the privateKey octets, handed on as a view into the caller's buffer (never
// copied here); every other field is public.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "dstu/base/bytes.hpp"
#include "dstu/base/wipe.hpp"

namespace dstu::pkix {

/// An AlgorithmIdentifier, its parameters left encoded for the algorithm's codec.
struct AlgorithmIdentifier {
  std::string oid;
  /// What follows the OID inside the SEQUENCE, encoded (the parameters element; empty
  /// when absent).
  std::span<const std::uint8_t> parameters;
};

/// A PrivateKeyInfo's fields: views into the DER it was read from.
struct PrivateKeyInfo {
  std::uint64_t version = 0;
  AlgorithmIdentifier algorithm;
  std::span<const std::uint8_t> private_key;  ///< the privateKey OCTET STRING's content (secret)
  std::span<const std::uint8_t> attributes;   ///< the [0] attributes' content; empty when absent
  std::span<const std::uint8_t> public_key;   ///< the [1] publicKey's content; empty when absent
};

/// Reads a PrivateKeyInfo in strict DER, to its last octet. Error(invalid_input) naming
/// what is wrong: a version other than 0 or 1, a field missing or out of order,
/// anything after it. Reads tags and lengths only, never the privateKey octets.
PrivateKeyInfo read_private_key_info(std::span<const std::uint8_t> der);

/// True when read_private_key_info accepts `der` (the framing alone).
bool is_private_key_info(std::span<const std::uint8_t> der);

/// A SubjectPublicKeyInfo's fields (the algorithm's parameters a view into the DER).
struct SubjectPublicKeyInfo {
  AlgorithmIdentifier algorithm;
  Bytes subject_public_key;  ///< the BIT STRING's octets (no unused bits)
};

/// Reads a SubjectPublicKeyInfo in strict DER, to its last octet; Error(invalid_input)
/// naming what is wrong.
SubjectPublicKeyInfo read_subject_public_key_info(std::span<const std::uint8_t> der);

/// The AlgorithmIdentifier of `oid` with encoded `parameters` (none when empty).
Bytes write_algorithm_identifier(std::string_view oid, std::span<const std::uint8_t> parameters = {});

/// PrivateKeyInfo version 0 of an encoded AlgorithmIdentifier and the privateKey octets,
/// in wiping memory.
SecureBytes write_private_key_info(std::span<const std::uint8_t> algorithm, std::span<const std::uint8_t> private_key);

/// SubjectPublicKeyInfo of an encoded AlgorithmIdentifier and the key's octets.
Bytes write_subject_public_key_info(std::span<const std::uint8_t> algorithm,
                                    std::span<const std::uint8_t> subject_public_key);

}  // namespace dstu::pkix
