// dstu::pkix — X.509 certificates, read (RFC 5280 §4), as Ukrainian PKI issues them:
//
//   Certificate  ::= SEQUENCE { tbsCertificate, signatureAlgorithm AlgorithmIdentifier,
//                               signatureValue BIT STRING }
//   TBSCertificate ::= SEQUENCE { version [0] INTEGER DEFAULT v1, serialNumber INTEGER,
//     signature AlgorithmIdentifier, issuer Name, validity SEQUENCE { Time, Time },
//     subject Name, subjectPublicKeyInfo, issuerUniqueID [1], subjectUniqueID [2],
//     extensions [3] SEQUENCE OF Extension }                                  (v3 only)
//
// The to-be-signed octets are kept exactly as the file has them, for the signature. The
// subject's key is decoded by the key layer's decoders (key.hpp) when its algorithm is
// DSTU 4145 or ECDSA/ECGDSA; any other key (RSA) is kept as its SubjectPublicKeyInfo
// with the reason it was not decoded. The extensions a chain needs are decoded (below),
// and every extension is kept as read. A DSTU 4145 signature is a BIT STRING wrapping an
// OCTET STRING of r_le || s_le (the JCA form of dstu4145/encoding.hpp); its hash is
// GOST 34.311 under the issuer key's DKE (key.hpp's make_hasher) or Kupyna.
// Nothing here is secret.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "dstu/base/bytes.hpp"
#include "dstu/dstu4145/sign.hpp"
#include "dstu/pkix/key.hpp"

namespace dstu::pkix {

/// One AttributeTypeAndValue of a Name: its type, the string type's tag and its octets,
/// and the value as UTF-8 text (UTF8String, PrintableString, IA5String, BMPString,
/// UniversalString, TeletexString read as Latin-1; other types as hex).
struct NameAttribute {
  std::string oid;
  std::uint8_t tag = 0;
  Bytes value;
  std::string text;
};

/// A Name (RFC 5280 §4.1.2.4): its RDNs in file order, each a SET of attributes, and the
/// DER it was read from (names are matched by these octets).
struct Name {
  std::vector<std::vector<NameAttribute>> rdns;
  Bytes der;
};

/// The short name of an attribute type ("CN", "O", "serialNumber", ...), or its dotted
/// OID for types without one.
std::string attribute_name(std::string_view oid);

/// The name on one line in file order, as `openssl x509 -subject` prints it: "O=..., OU=...,
/// CN=..., serialNumber=UA-..." (',', '+', '=' and '\' inside values escaped by '\').
std::string to_string(const Name& name);

/// An extension as read: its OID, criticality and the extnValue octets.
struct Extension {
  std::string oid;
  bool critical = false;
  Bytes value;
};

/// keyUsage bits (RFC 5280 §4.2.1.3), bit 0 = digitalSignature.
enum KeyUsageBit : std::uint16_t {
  kDigitalSignature = 1u << 0,
  kNonRepudiation = 1u << 1,
  kKeyEncipherment = 1u << 2,
  kDataEncipherment = 1u << 3,
  kKeyAgreement = 1u << 4,
  kKeyCertSign = 1u << 5,
  kCrlSign = 1u << 6,
  kEncipherOnly = 1u << 7,
  kDecipherOnly = 1u << 8,
};

/// The names RFC 5280 §4.2.1.3 gives the bits set in `key_usage`, in bit order
/// ("digitalSignature", "nonRepudiation", ...).
std::vector<std::string> key_usage_names(std::uint16_t key_usage);

/// The name of an extended key usage purpose (RFC 5280 §4.2.1.12: "serverAuth", ...,
/// "timeStamping", "OCSPSigning"), or its dotted OID for others.
std::string key_purpose_name(std::string_view oid);

struct BasicConstraints {
  bool ca = false;
  std::optional<std::uint64_t> path_len;
};

/// A certificate's fields. Times are seconds since 1970-01-01 00:00:00 UTC.
struct Certificate {
  Bytes der;                    ///< the whole certificate
  Bytes tbs;                    ///< tbsCertificate's encoding, as in the file
  int version = 1;              ///< 1, 2 or 3
  Bytes serial;                 ///< serialNumber's content octets (big-endian, as in the file)
  std::string signature_oid;    ///< signatureAlgorithm
  Bytes signature_parameters;   ///< its parameters, encoded; empty when absent
  Bytes signature;              ///< signatureValue's octets
  Name issuer, subject;
  std::int64_t not_before = 0, not_after = 0;

  Bytes spki;                   ///< subjectPublicKeyInfo's encoding
  std::string key_algorithm;    ///< its algorithm OID
  Bytes subject_public_key;     ///< its BIT STRING's octets
  /// The key, when its algorithm is one the key layer reads; otherwise empty and
  /// key_error says why (another algorithm, such as Ed25519, or a key the decoder refused).
  std::optional<AnyPublicKey> public_key;
  std::string key_error;

  std::vector<Extension> extensions;  ///< all of them, in file order
  std::optional<std::uint16_t> key_usage;  ///< KeyUsageBit flags
  std::vector<std::string> ext_key_usage;  ///< KeyPurposeId OIDs
  std::optional<BasicConstraints> basic_constraints;
  std::optional<Bytes> subject_key_id;
  std::optional<Bytes> authority_key_id;   ///< AKI's keyIdentifier
  std::vector<std::string> crl_distribution_points;  ///< the URIs of its fullNames
  std::vector<std::string> qc_statements;            ///< statementId OIDs
  std::vector<std::string> policies;                 ///< policyIdentifier OIDs
  /// From subjectDirectoryAttributes: the DRFO (1.2.804.2.1.1.1.11.1.4.1.1, a person's
  /// tax number) and EDRPOU (...4.2.1, an organisation's register code).
  std::optional<std::string> drfo, edrpou;
};

/// Reads a certificate: DER, or PEM text of one "CERTIFICATE" block. Error(invalid_input)
/// naming what is wrong (structure, a version the fields contradict, a time, a known
/// extension that does not decode, a repeated extension, anything after the end).
/// A key the key layer refuses does not fail the certificate: see key_error.
Certificate read_certificate(std::span<const std::uint8_t> data);

/// "YYMMDDHHMMSSZ" (UTCTime, years 1950-2049) or "YYYYMMDDHHMMSSZ" (GeneralizedTime),
/// as `tag` says, to seconds since the epoch (RFC 5280 §4.1.2.5).
std::int64_t read_time(std::uint8_t tag, std::span<const std::uint8_t> content);

/// What verify_signature found.
enum class SignatureVerdict { valid, invalid, unsupported };

struct SignatureCheck {
  SignatureVerdict verdict = SignatureVerdict::unsupported;
  std::string algorithm;  ///< e.g. "DSTU 4145 with GOST 34.311", "ECDSA with SHA-256"
  std::string reason;     ///< for invalid and unsupported, one line
};

/// Checks `signature` over `signed_octets` under `signer`, by `algorithm_oid`: DSTU 4145
/// with GOST 34.311 (1.2.804.2.1.1.1.1.3.1.1, BE 1.2.804.2.1.1.1.1.3.1.1.1.1) or with
/// Kupyna-256/384/512 (1.2.804.2.1.1.1.1.3.6.1/2/3, with or without a trailing .1), ECDSA
/// with SHA-224/256/384/512 (1.2.840.10045.4.3.1-4), RSA PKCS#1 v1.5 with SHA-224/256/
/// 384/512 (1.2.840.113549.1.1.14, .11, .12, .13) and RSASSA-PSS with SHA-2 and MGF1 over
/// the same hash (1.2.840.113549.1.1.10, as its encoded `parameters` say). A signature
/// that does not decode, parameters that do not, or a key of the wrong kind is invalid;
/// an unknown algorithm, or parameters naming what dstu does not take (SHA-1),
/// unsupported. CRLs reuse it.
SignatureCheck verify_signed(std::string_view algorithm_oid, std::span<const std::uint8_t> signed_octets,
                             std::span<const std::uint8_t> signature, const AnyPublicKey& signer,
                             std::span<const std::uint8_t> parameters = {});

/// verify_signed in two steps, so that many DSTU 4145 signatures share one
/// dstu4145::verify_batch: prepare_signed decides every case but a DSTU 4145 signature
/// that decodes under a DSTU 4145 key, which it leaves `pending` with the digest and the
/// signature verify_digest must accept; finish_signed gives verify_signed's answer from
/// that verification's result. verify_signed(...) is finish_signed(prepare_signed(...),
/// verify_digest(...)).
struct PreparedSignature {
  SignatureCheck check;  ///< the answer, unless pending
  bool pending = false;
  Bytes digest;
  dstu4145::Signature signature;
};
PreparedSignature prepare_signed(std::string_view algorithm_oid, std::span<const std::uint8_t> signed_octets,
                                 std::span<const std::uint8_t> signature, const AnyPublicKey& signer,
                                 std::span<const std::uint8_t> parameters = {});
SignatureCheck finish_signed(PreparedSignature prepared, bool signature_valid);

/// The name of a signature algorithm OID as verify_signed reports it ("DSTU 4145 with
/// GOST 34.311", "ECDSA with SHA-256", "RSASSA-PSS with SHA-256 (salt 32)"), or its
/// dotted OID when unknown.
std::string signature_algorithm_name(std::string_view algorithm_oid, std::span<const std::uint8_t> parameters = {});

/// The certificate's signature under its issuer's key.
SignatureCheck verify_signature(const Certificate& cert, const AnyPublicKey& issuer_key);

/// The SubjectKeyIdentifier Ukrainian CAs write: GOST 34.311 (the default S-box, zero IV)
/// of the subjectPublicKey BIT STRING's octets, which for a DSTU 4145 key are the DER
/// OCTET STRING of its little-endian compressed point (the same as key_id of the key).
Bytes ukrainian_key_id(const Certificate& cert);

/// Whether `key` is the certificate's subject key (same kind, curve and point).
bool certificate_has_key(const Certificate& cert, const AnyPublicKey& key);

}  // namespace dstu::pkix
