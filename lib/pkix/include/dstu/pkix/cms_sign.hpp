// dstu::pkix — CMS SignedData written (RFC 5652 §5), one signer, as Ukrainian PKI writes
// a CAdES-BES ".p7s" (UAPKI, jkurwa) and, for ECDSA keys, as OpenSSL's `cms -sign` reads it:
//
//   SignedData version 1, or 3 for content other than id-data (RFC 5652 §5.1);
//   digestAlgorithms { the digest }; encapContentInfo id-data (or the options' type), with
//   eContent when attached; certificates [0] { the signer's, then the extra ones };
//   SignerInfo version 1 by issuerAndSerialNumber, signed attributes contentType,
//   signingTime, messageDigest and signingCertificateV2 (RFC 5652 §11, RFC 5035 §3) as a
//   DER SET OF (sorted by encoding, X.690 §11.6), signatureAlgorithm, signature.
//
// DSTU 4145: digest GOST 34.311 (1.2.804.2.1.1.1.1.2.1, under the key's DKE, make_hasher)
// or Kupyna (1.2.804.2.1.1.1.1.2.2.1-3), AlgorithmIdentifiers without parameters;
// signature algorithm 1.2.804.2.1.1.1.1.3.1.1 or 1.2.804.2.1.1.1.1.3.6.{1,2,3}.1 (the
// little-endian forms UAPKI and BouncyCastle name); the signature OCTET STRING holds the
// raw r_le || s_le. ECDSA: SHA-256/384/512 and ecdsa-with-SHA2, the signature a DER
// ECDSA-Sig-Value (RFC 5753 §2.1.1). RSA, as OpenSSL's `cms -sign` writes it: SHA-2
// digests (without parameters); PKCS#1 v1.5 under rsaEncryption with NULL parameters
// (RFC 3370 §3.2), or RSASSA-PSS with its parameters (RFC 4056 §2: the hash, MGF1 with the
// same hash, the salt length); the signature k octets. The ESSCertIDv2 hashes the certificate with the
// digest algorithm, as UAPKI does, and names it (SHA-256, its DEFAULT, left out).
// Secret: the private key and the nonce, used only inside the schemes' constant-time
// signing with hedged nonces (RSA: blinded CRT, rsa::sign).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "dstu/base/bytes.hpp"
#include "dstu/base/random.hpp"
#include "dstu/pkix/certificate.hpp"
#include "dstu/pkix/key.hpp"
#include "dstu/rsa/scheme.hpp"

namespace dstu::pkix {

/// How sign_cms writes its SignedData.
struct CmsSignOptions {
  bool attached = false;  ///< the content inside (eContent); detached otherwise
  /// make_hasher's name of the digest: "gost34311", "kupyna256/384/512" for DSTU 4145 keys,
  /// "sha224/256/384/512" for ECDSA and RSA keys. Empty: Kupyna of the size the certificate's own
  /// signature algorithm names when that is DSTU 4145 with Kupyna, else default_hash.
  std::string hash;
  std::vector<Certificate> extra_certificates;  ///< the chain, written after the signer's
  std::optional<std::int64_t> signing_time;     ///< seconds since the epoch; empty: now
  /// eContentType, and the contentType signed attribute with it: id-data unless the
  /// content is another type (a TSA's TSTInfo, id-ct-TSTInfo 1.2.840.113549.1.9.16.1.4).
  std::string content_type = "1.2.840.113549.1.7.1";
  /// RSA keys: the signature scheme, PKCS#1 v1.5 unless told (OpenSSL's default); PSS's
  /// salt a number of octets or rsa::kSaltHashLength.
  rsa::Scheme rsa_scheme{rsa::Padding::pkcs1v15, rsa::kSaltHashLength};
};

/// The hash sign_cms uses for `options.hash` with this certificate and key (the rule of
/// CmsSignOptions::hash). Error(invalid_input) for a hash the key's scheme does not take.
std::string cms_sign_hash(const AnyPublicKey& key, const Certificate& signer_cert, const std::string& hash);

/// A DER ContentInfo holding a SignedData over `content` by `key`, whose certificate is
/// `signer_cert` (module comment). Nonces hedged with fresh octets from `rng` (DSTU 4145:
/// dstu4145::HedgedNonces; ECDSA: RFC 6979 §3.6; RSA: the blinding and PSS's salt). Error(invalid_input) when the
/// certificate's key is not the key's (certificate_has_key), for a hash the key does not
/// take, or a signing time before 1950; Error(unsupported) for an ECGDSA key, which CMS
/// names no algorithm for.
Bytes sign_cms(const AnyPrivateKey& key, const Certificate& signer_cert, std::span<const std::uint8_t> content,
               const CmsSignOptions& options, RandomSource& rng);

/// `signed_data` (a SignedData, DER or PEM) with one more signer, `key` under
/// `signer_cert`, over its content: the attached one, or `detached_content` for a
/// detached signature (Error(invalid_input) when it is missing, or given for an attached
/// one). Every element already there is kept as it was, so the signers already there stay
/// valid; the new signer's digest algorithm joins digestAlgorithms and its certificate
/// (and options.extra_certificates) the certificates unless carried already; its signed
/// attributes are sign_cms's, contentType the file's eContentType. options.attached and
/// options.content_type are not used. The existing signers are not checked here.
Bytes add_cms_signer(std::span<const std::uint8_t> signed_data, const AnyPrivateKey& key, const Certificate& signer_cert,
                     std::optional<std::span<const std::uint8_t>> detached_content, const CmsSignOptions& options,
                     RandomSource& rng);

}  // namespace dstu::pkix
