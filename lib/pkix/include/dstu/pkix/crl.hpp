// dstu::pkix — X.509 certificate revocation lists, read (RFC 5280 §5), full and delta:
//
//   CertificateList ::= SEQUENCE { tbsCertList, signatureAlgorithm, signatureValue }
//   TBSCertList ::= SEQUENCE { version INTEGER OPTIONAL (v2), signature AlgorithmIdentifier,
//     issuer Name, thisUpdate Time, nextUpdate Time OPTIONAL,
//     revokedCertificates SEQUENCE OF SEQUENCE { userCertificate INTEGER,
//       revocationDate Time, crlEntryExtensions Extensions OPTIONAL } OPTIONAL,
//     crlExtensions [0] Extensions OPTIONAL }
//
// The CRL's own extensions decoded: cRLNumber, deltaCRLIndicator (a delta CRL names the
// number of its base), authorityKeyIdentifier; each entry's reasonCode and
// invalidityDate. Signatures as for certificates (certificate.hpp). Nothing is secret.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "dstu/base/bytes.hpp"
#include "dstu/pkix/certificate.hpp"

namespace dstu::pkix {

/// One revoked certificate. Times are seconds since the epoch.
struct RevokedCertificate {
  Bytes serial;  ///< userCertificate's content octets, as in the file
  std::int64_t date = 0;
  std::optional<int> reason;  ///< CRLReason (RFC 5280 §5.3.1), when the entry says
  std::optional<std::int64_t> invalidity_date;
  std::vector<Extension> extensions;
};

/// A CRL's fields.
struct Crl {
  Bytes der;
  Bytes tbs;        ///< tbsCertList's encoding, as in the file
  int version = 1;  ///< 1 or 2
  std::string signature_oid;
  Bytes signature_parameters;
  Bytes signature;
  Name issuer;
  std::int64_t this_update = 0;
  std::optional<std::int64_t> next_update;
  std::vector<RevokedCertificate> revoked;
  std::vector<Extension> extensions;
  std::optional<Bytes> crl_number;      ///< cRLNumber's content octets
  std::optional<Bytes> delta_base;      ///< deltaCRLIndicator: the base CRL's number
  std::optional<Bytes> authority_key_id;

  bool is_delta() const { return delta_base.has_value(); }
};

/// Reads a CRL: DER, or PEM text of one "X509 CRL" block. Error(invalid_input) naming
/// what is wrong, prefixed "CRL: ".
Crl read_crl(std::span<const std::uint8_t> data);

/// The CRL's signature under its issuer's key (verify_signed of certificate.hpp).
SignatureCheck verify_signature(const Crl& crl, const AnyPublicKey& issuer_key);

/// The entry of the certificate with this serial (serialNumber's content octets), or null.
const RevokedCertificate* find_revoked(const Crl& crl, std::span<const std::uint8_t> serial);

/// The name RFC 5280 §5.3.1 gives a CRLReason ("keyCompromise", ...), or "" when unknown.
std::string_view reason_name(int reason);

}  // namespace dstu::pkix
