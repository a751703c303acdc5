// dstu::pkix — CMS SignedData (RFC 5652 §5), read and its signers verified, as Ukrainian
// PKI writes it (CAdES-BES, ".p7s") and as OpenSSL's `cms -sign` does:
//
//   ContentInfo ::= SEQUENCE { contentType 1.2.840.113549.1.7.2, content [0] EXPLICIT SignedData }
//   SignedData  ::= SEQUENCE { version, digestAlgorithms SET OF AlgorithmIdentifier,
//     encapContentInfo SEQUENCE { eContentType, eContent [0] EXPLICIT OCTET STRING OPTIONAL },
//     certificates [0] IMPLICIT, crls [1] IMPLICIT, signerInfos SET OF SignerInfo }
//   SignerInfo  ::= SEQUENCE { version, sid (issuerAndSerialNumber | [0] subjectKeyIdentifier),
//     digestAlgorithm, signedAttrs [0] IMPLICIT SET OF Attribute OPTIONAL, signatureAlgorithm,
//     signature OCTET STRING, unsignedAttrs [1] IMPLICIT SET OF Attribute OPTIONAL }
//
// The signed attributes are kept as received: the signature covers their encoding with
// the tag turned into SET (RFC 5652 §5.4), in the writer's order, which need not be DER's
// (jkurwa does not sort them). The attributes a verifier needs are decoded: contentType,
// messageDigest, signingTime (RFC 5652 §11), signingCertificateV2 (RFC 5035 §3) and
// signingCertificate (RFC 2634 §5.4); every attribute is also kept by OID with its
// encoding, so that timestamp tokens (RFC 3161 in CAdES, ETSI EN 319 122-1 §5.3, §5.2.8)
// can be read later. A DSTU 4145 signature in a SignerInfo is the raw r_le || s_le in the
// OCTET STRING, unlike X.509's BIT STRING wrapping an OCTET STRING (certificate.hpp).
// Nothing here is secret.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "dstu/base/bytes.hpp"
#include "dstu/pkix/certificate.hpp"
#include "dstu/pkix/crl.hpp"

namespace dstu::pkix {

/// One Attribute: its type, its values' encodings and the whole Attribute's encoding.
struct CmsAttribute {
  std::string oid;
  std::vector<Bytes> values;
  Bytes der;
};

/// The certificate a signingCertificateV2 (ESSCertIDv2) or signingCertificate (ESSCertID)
/// names: the hash of its DER under `hash_oid`, and its issuer and serial when given.
struct EssCertId {
  bool v2 = true;        ///< false: signingCertificate (RFC 2634), SHA-1
  std::string hash_oid;  ///< SHA-256 when ESSCertIDv2 leaves it out (its DEFAULT)
  Bytes hash;
  std::optional<Name> issuer;  ///< the issuerSerial's directoryName
  std::optional<Bytes> serial;
};

/// One SignerInfo as read, its known signed attributes decoded.
struct SignerInfo {
  int version = 1;  ///< 1: issuer and serial; 3: subject key identifier
  std::optional<Name> issuer;
  Bytes serial;                         ///< INTEGER content octets (version 1)
  std::optional<Bytes> subject_key_id;  ///< version 3
  std::string digest_oid;
  /// signedAttrs' encoding with the tag 0x31, as the signature covers it; empty without them.
  Bytes signed_attrs;
  std::vector<CmsAttribute> signed_attributes, unsigned_attributes;  ///< in received order
  std::string signature_oid;
  Bytes signature_parameters;  ///< encoded; empty when absent
  Bytes signature;             ///< the OCTET STRING's content
  // Decoded signed attributes.
  std::optional<std::string> content_type;
  std::optional<Bytes> message_digest;
  std::optional<std::int64_t> signing_time;  ///< seconds since the epoch
  std::optional<EssCertId> signing_certificate;
};

/// A SignedData as read: the content when attached, the certificates and CRLs it carries
/// and every signer, in file order.
struct SignedData {
  int version = 1;
  std::vector<std::string> digest_oids;
  std::string content_type;      ///< eContentType
  std::optional<Bytes> content;  ///< eContent when attached
  std::vector<Certificate> certificates;  ///< the X.509 ones, in file order
  std::vector<Crl> crls;
  std::vector<SignerInfo> signers;
  Bytes der;  ///< the whole ContentInfo
};

/// Certificates kept across many SignedData, for a run over files that carry the same
/// certificates (every file of one signer carries its certificate): each distinct
/// certificate is read (and its key checked) once, and the hash a signingCertificate
/// attribute names is taken once per certificate and hash. Thread-safe. It holds `limit`
/// certificates at most: those read beyond them are returned without being kept.
class CertificateCache {
 public:
  explicit CertificateCache(std::size_t limit = 4096) : limit_(limit) {}
  /// read_certificate(der), from the cache when it was read before.
  Certificate read(std::span<const std::uint8_t> der);
  /// The cached certificate of this DER, shared; empty when it is not in the cache.
  std::shared_ptr<const Certificate> shared(std::span<const std::uint8_t> der);
  /// The hash of cert.der called `hash_name`, as the certificate's own key uses it
  /// (make_hasher(key, hash_name): GOST 34.311 under its DKE).
  Bytes digest(const Certificate& cert, const std::string& hash_name);

 private:
  std::mutex mutex_;
  std::size_t limit_;
  struct Entry {
    std::shared_ptr<const Certificate> certificate;
    std::map<std::string, Bytes, std::less<>> digests;  // by hash name
  };
  std::map<std::string, Entry, std::less<>> entries_;  // by DER
};

/// Reads a ContentInfo holding a SignedData: DER, or PEM of one "PKCS7" or "CMS" block.
/// Error(invalid_input) naming what is wrong: structure, another content type, a version
/// other than 1 or 3 for a signer, a known attribute that does not decode or appears
/// twice, a certificate that does not read, anything after the end. Other certificate
/// and revocation choices are passed over. With `cache`, certificates come from it.
SignedData read_signed_data(std::span<const std::uint8_t> data, CertificateCache* cache = nullptr);

/// The name of a digest algorithm OID as make_hasher knows it ("gost34311",
/// "kupyna256", "sha256", ...), or empty for an unknown one.
std::string cms_digest_name(std::string_view oid);

/// The name of a signer's signature algorithm as verify_signer reports it: the SignerInfo's
/// with its parameters, ecPublicKey and rsaEncryption read with the digest algorithm's hash.
std::string signer_algorithm_name(const SignerInfo& si);

/// What verify_signer found for one signer.
struct SignerVerdict {
  SignatureVerdict verdict = SignatureVerdict::unsupported;
  std::string algorithm;  ///< e.g. "DSTU 4145 with GOST 34.311"
  std::string reason;     ///< one line, for invalid and unsupported
  std::shared_ptr<const Certificate> certificate;  ///< the certificate used
  std::optional<std::int64_t> signing_time;
};

/// Verifies signer `signer` of `sd` over `content` (the detached content, or *sd.content):
/// finds its certificate among sd.certificates (or takes `signer_cert_override`), then
/// checks contentType against eContentType, messageDigest against the content's digest
/// under digestAlgorithm (GOST 34.311 under the signer key's DKE, Kupyna, SHA-2), the
/// signingCertificateV2 or signingCertificate against the certificate's DER, and the
/// signature over the signed attributes (or, without them, over the content) by
/// verify_signed. ECDSA accepts ecdsa-with-SHA2 and the key's OID (ecPublicKey) with the
/// digest algorithm's hash. Invalid with the first check that failed; unsupported for a
/// digest or signature algorithm dstu does not know. No certificate path is checked.
/// Error(invalid_input) only for a signer index out of range.
SignerVerdict verify_signer(const SignedData& sd, std::size_t signer, std::span<const std::uint8_t> content,
                            const Certificate* signer_cert_override = nullptr);

/// verify_signer in two steps, for many signers at once: prepare_signer makes every check
/// verify_signer makes but a DSTU 4145 signature's curve work, which it leaves pending
/// (pending(): the digest and r, s of `signature`, under key()) for the caller to run,
/// typically as one dstu4145::verify_batch over many files; finish_signer gives
/// verify_signer's verdict from that result. A signer not pending is decided:
/// finish_signer returns its verdict whatever `signature_valid` says.
struct PreparedSigner {
  SignerVerdict verdict;
  std::optional<PreparedSignature> signature;  ///< empty: decided before the signature
  bool pending() const { return signature && signature->pending; }
  /// The DSTU 4145 key a pending signature is verified under (in verdict.certificate).
  const dstu4145::PublicKey* key() const;
};
PreparedSigner prepare_signer(const SignedData& sd, std::size_t signer, std::span<const std::uint8_t> content,
                              const Certificate* signer_cert_override = nullptr, CertificateCache* cache = nullptr);
SignerVerdict finish_signer(PreparedSigner prepared, bool signature_valid);

}  // namespace dstu::pkix
