// dstu::pkix — bundles of certificates and CRLs, read by one call that says what they hold:
//
//   PKCS#7 / CMS certs-only SignedData (RFC 5652 §5; ".p7b", such as the central
//     certification authority's CACertificates.p7b): ContentInfo { 1.2.840.113549.1.7.2,
//     [0] SignedData { version, digestAlgorithms, encapContentInfo,
//     certificates [0] IMPLICIT SET OF Certificate, crls [1] IMPLICIT SET OF CRL, ... } }
//   a DER certificate alone;
//   PEM text of any number of "CERTIFICATE", "X509 CRL" and "PKCS7" blocks, with any text
//     between and after them (as bundle writers leave it), but none before the first.
//
// DER is a SignedData when its outer SEQUENCE begins with an OID (a ContentInfo), else a
// certificate; PEM blocks are what their labels say. Nothing is secret.
#pragma once

#include <span>
#include <vector>

#include "dstu/pkix/certificate.hpp"
#include "dstu/pkix/crl.hpp"

namespace dstu::pkix {

struct Bundle {
  std::vector<Certificate> certificates;
  std::vector<Crl> crls;
};

/// Reads a bundle (above), in file order; a SignedData's other certificate and revocation
/// choices (attribute certificates, other formats: not X.509) are passed over. Error(invalid_input) naming what is wrong:
/// a ContentInfo of another type, a PEM block of another label, a certificate or CRL
/// inside that does not read (with its position), no PEM block at all.
Bundle read_bundle(std::span<const std::uint8_t> data);

}  // namespace dstu::pkix
