// Test support: DSTU 4145 certificates and CRLs issued by the tests themselves (RFC 5280
// §4 and §5, signed as Ukrainian CAs sign: DSTU 4145 with GOST 34.311, the signature a
// BIT STRING wrapping an OCTET STRING of r_le || s_le), for chains whose keys the tests
// hold: valid paths, expired, revoked and wrongly constrained certificates, and a TSA's. The library
// reads certificates; only the tests write them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "dstu/base/bytes.hpp"
#include "dstu/base/random.hpp"
#include "dstu/dstu4145/keys.hpp"

namespace dstu::test {

/// A Name of one CN attribute (UTF8String), DER.
Bytes name_der(const std::string& common_name);

struct CertificateSpec {
  std::string subject;  ///< the subject's CN
  Bytes serial{1};      ///< big-endian, positive
  std::int64_t not_before = 0, not_after = 0;  ///< seconds since the epoch
  bool ca = false;
  std::optional<int> path_len;
  std::optional<std::uint16_t> key_usage;  ///< KeyUsageBit flags (certificate.hpp)
  std::vector<std::string> ext_key_usage;  ///< KeyPurposeId OIDs; a critical extension when any
};

/// The OID of id-kp-timeStamping (RFC 5280 §4.2.1.12), which a TSA's certificate names
/// alone in a critical extendedKeyUsage (RFC 3161 §2.3).
inline constexpr const char* kOidTimeStamping = "1.3.6.1.5.5.7.3.8";

/// A certificate for `subject_key` issued by `issuer_key` under the name `issuer_cn`
/// (the subject's own name and key when self-signed). SKI = the key id of the subject
/// key; AKI = the issuer key's id.
Bytes issue_certificate(const CertificateSpec& spec, const dstu4145::PublicKey& subject_key,
                        const std::string& issuer_cn, const dstu4145::PrivateKey& issuer_key, RandomSource& rng);

struct RevokedEntry {
  Bytes serial;
  std::int64_t date = 0;
  std::optional<int> reason;  ///< CRLReason
};

/// A v2 CRL by `issuer_cn` with its AKI and cRLNumber `number`.
Bytes issue_crl(const std::string& issuer_cn, const dstu4145::PrivateKey& issuer_key, std::int64_t this_update,
                std::int64_t next_update, const std::vector<RevokedEntry>& revoked, std::uint64_t number,
                RandomSource& rng);

}  // namespace dstu::test
