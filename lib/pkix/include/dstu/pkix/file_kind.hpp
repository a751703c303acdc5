// dstu::pkix — what a PKI file holds, told from its structure alone (no password, no
// guessing between readings): the one place that routes a file to its reader.
//
//   PEM: the first block's label ("CERTIFICATE", "X509 CRL", "PKCS7" or "CMS", a key's
//     labels); several CERTIFICATE/CRL/PKCS7 blocks make a bundle.
//   DER: a key container when container_format says so (Key-6.dat, PKCS#12, JKS);
//     SEQUENCE { OID ...} a ContentInfo: signed data when it is a SignedData with
//     signers (cms.hpp), else a PKCS#7 bundle;
//     SEQUENCE { INTEGER ...} a PrivateKeyInfo or SEC 1 key;
//     SEQUENCE { SEQUENCE { OID ...} ...} a SubjectPublicKeyInfo or an
//       EncryptedPrivateKeyInfo (a key file either way);
//     SEQUENCE { SEQUENCE { [0] or INTEGER, AlgorithmIdentifier, Name, SEQUENCE ...} ...}
//       a certificate (its validity);
//     SEQUENCE { SEQUENCE { [INTEGER,] AlgorithmIdentifier, Name, Time ...} ...} a CRL.
// Nothing is secret (the structure is read, never a key).
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace dstu::pkix {

enum class FileKind {
  key_file,     ///< a key file read_key_file reads (PEM or DER, clear or protected)
  container,    ///< Key-6.dat, PKCS#12 or JKS (container.hpp)
  certificate,  ///< one certificate (certificate.hpp)
  crl,          ///< one CRL (crl.hpp)
  bundle,       ///< a PKCS#7 bundle or PEM text of several certificates and CRLs (bundle.hpp)
  signed_data,  ///< a CMS SignedData with signers: a signed file (.p7s, cms.hpp)
  unknown,
};

/// The file's kind by its structure (above).
FileKind file_kind(std::span<const std::uint8_t> data);

/// "key file", "key container", "certificate", "CRL", "bundle", "signed data", "unknown".
std::string_view file_kind_name(FileKind kind);

}  // namespace dstu::pkix
