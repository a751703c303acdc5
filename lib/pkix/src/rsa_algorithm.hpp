// RSA's signature AlgorithmIdentifiers (RFC 8017 §A.2.3, §A.2.4; RFC 4055 §3.1, §5):
// sha224/256/384/512WithRSAEncryption, rsaEncryption as CMS names PKCS#1 v1.5 (RFC 3370
// §3.2, with the hash of digestAlgorithm), and id-RSASSA-PSS with its parameters. The one
// place that reads and writes them, for certificates, CRLs and CMS.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "dstu/base/bytes.hpp"
#include "dstu/rsa/scheme.hpp"

namespace dstu::pkix::detail {

inline constexpr const char* kOidRsaEncryption = "1.2.840.113549.1.1.1";
inline constexpr const char* kOidRsassaPss = "1.2.840.113549.1.1.10";

/// An RSA signature algorithm as read: the scheme (PSS's salt length as the parameters
/// give it) and the hash, make_hasher's name.
struct RsaSignatureAlgorithm {
  rsa::Scheme scheme;
  std::string hash;
};

/// The RSA algorithm `oid` with its encoded `parameters` (empty: absent) names, or
/// nothing when `oid` is not an RSA signature algorithm. Error(invalid_input) for
/// parameters that are not valid (PKCS#1 v1.5: anything but NULL or absent; PSS: absent,
/// not RSASSA-PSS-params, a trailerField other than 1, a salt past any key);
/// Error(unsupported) for a hash other than SHA-2 (PSS's default is SHA-1), a mask
/// generation other than MGF1 with the message's hash, and rsaEncryption (which names a
/// hash only by a CMS SHA-2 digest algorithm: pkcs1_signature_oid).
std::optional<RsaSignatureAlgorithm> read_rsa_signature_algorithm(std::string_view oid,
                                                                  std::span<const std::uint8_t> parameters);

/// sha<N>WithRSAEncryption for make_hasher's "sha224" ... "sha512"; nullptr for another.
const char* pkcs1_signature_oid(std::string_view hash);

/// The AlgorithmIdentifier a CMS SignerInfo names for `scheme` with `hash`, as OpenSSL's
/// `cms -sign` writes it: rsaEncryption with NULL parameters for PKCS#1 v1.5; for PSS,
/// id-RSASSA-PSS with hashAlgorithm and MGF1's hash (each with NULL parameters) and the
/// salt length, left out when it is the DEFAULT 20 (X.690 §11.5). `scheme.salt_len` is
/// a number of octets or kSaltHashLength.
Bytes cms_signature_algorithm(const rsa::Scheme& scheme, std::string_view hash);

/// "RSA PKCS#1 v1.5 with SHA-256", "RSASSA-PSS with SHA-256 (salt 32)".
std::string rsa_algorithm_name(const RsaSignatureAlgorithm& alg);

}  // namespace dstu::pkix::detail
