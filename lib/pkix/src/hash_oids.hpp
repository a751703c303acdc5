// The hashes dstu names in CMS, certificates and timestamps, by name (make_hasher's) and by
// OID, and the SHA-2 ones with the signature algorithms over them: ECDSA (RFC 5758 §3.2)
// and RSA PKCS#1 v1.5 (RFC 8017 §A.2.4). The one table the readers and writers share.
#pragma once

#include <cstddef>
#include <string_view>

namespace dstu::pkix::detail {

// The SHA-2 digest OIDs (RFC 5754 §2), named once for both tables below.
inline constexpr const char* kSha224Oid = "2.16.840.1.101.3.4.2.4";
inline constexpr const char* kSha256Oid = "2.16.840.1.101.3.4.2.1";
inline constexpr const char* kSha384Oid = "2.16.840.1.101.3.4.2.2";
inline constexpr const char* kSha512Oid = "2.16.840.1.101.3.4.2.3";

struct DigestOid {
  const char* name;
  const char* oid;
};

inline constexpr DigestOid kDigestOids[] = {
    {"gost34311", "1.2.804.2.1.1.1.1.2.1"},    // GOST 34.311-95
    {"kupyna256", "1.2.804.2.1.1.1.1.2.2.1"},  // DSTU 7564 (Kupyna)
    {"kupyna384", "1.2.804.2.1.1.1.1.2.2.2"},
    {"kupyna512", "1.2.804.2.1.1.1.1.2.2.3"},
    {"sha1", "1.3.14.3.2.26"},
    {"sha224", kSha224Oid},
    {"sha256", kSha256Oid},
    {"sha384", kSha384Oid},
    {"sha512", kSha512Oid},
};

/// The hash whose digest OID is `oid` ("sha256"), or nullptr.
inline const char* digest_name_by_oid(std::string_view oid) {
  for (const DigestOid& d : kDigestOids) {
    if (oid == d.oid) return d.name;
  }
  return nullptr;
}

/// The digest OID of the hash `name`, or nullptr.
inline const char* digest_oid_by_name(std::string_view name) {
  for (const DigestOid& d : kDigestOids) {
    if (name == d.name) return d.oid;
  }
  return nullptr;
}

struct Sha2 {
  const char* name;        ///< make_hasher's name: "sha256"
  const char* digest_oid;  ///< id-sha256 (as in kDigestOids)
  const char* ecdsa_oid;   ///< ecdsa-with-SHA256
  const char* pkcs1_oid;   ///< sha256WithRSAEncryption
  const char* label;       ///< "SHA-256", for names shown to people
  std::size_t size;        ///< the digest's length in octets
};

inline constexpr Sha2 kSha2[] = {
    {"sha224", kSha224Oid, "1.2.840.10045.4.3.1", "1.2.840.113549.1.1.14", "SHA-224", 28},
    {"sha256", kSha256Oid, "1.2.840.10045.4.3.2", "1.2.840.113549.1.1.11", "SHA-256", 32},
    {"sha384", kSha384Oid, "1.2.840.10045.4.3.3", "1.2.840.113549.1.1.12", "SHA-384", 48},
    {"sha512", kSha512Oid, "1.2.840.10045.4.3.4", "1.2.840.113549.1.1.13", "SHA-512", 64},
};

/// The entry named `name` ("sha256"), or nullptr for another hash.
inline const Sha2* sha2_by_name(std::string_view name) {
  for (const Sha2& h : kSha2) {
    if (name == h.name) return &h;
  }
  return nullptr;
}

/// The entry whose digest OID is `oid`, or nullptr.
inline const Sha2* sha2_by_digest_oid(std::string_view oid) {
  for (const Sha2& h : kSha2) {
    if (oid == h.digest_oid) return &h;
  }
  return nullptr;
}

}  // namespace dstu::pkix::detail
