// PKCS#12 (RFC 7292) written (container.hpp's write_pkcs12):
//
//   PFX ::= SEQUENCE { version 3, authSafe ContentInfo { data, [0] OCTET STRING {
//     AuthenticatedSafe ::= SEQUENCE {
//       ContentInfo { data, [0] OCTET STRING { SafeContents: one pkcs8ShroudedKeyBag a key,
//         each EncryptedPrivateKeyInfo under PBES2, with its localKeyID attribute } },
//       ContentInfo { encryptedData, [0] EncryptedData { version 0, EncryptedContentInfo {
//         data, PBES2, [0] IMPLICIT the SafeContents of the certBags } } } } } },
//     macData MacData { DigestInfo { hash, NULL }, macSalt, iterations } }
//
// the second ContentInfo only when there are certificates. The layout of the key bags, the
// MAC's hash and the salt sizes follow the profile (Pkcs12Profile); the MAC key is derived
// by RFC 7292 Appendix B.2 from the password as a BMPString (Appendix B.1), the PBES2 keys
// by PBKDF2 (RFC 8018 §5.2) from its UTF-8 octets, as OpenSSL and UAPKI derive them.
// Certificates go under the PBES2 as OpenSSL writes them and as jkurwa reads them (it
// takes every bag of plain safe contents for a key).
// Secret: the password in both forms, the derived keys, the PrivateKeyInfos.
#include <string>

#include "container_internal.hpp"
#include "hash_oids.hpp"
#include "pbes2.hpp"
#include "pkcs12_pbe.hpp"
#include "dstu/base/der.hpp"
#include "dstu/base/error.hpp"
#include "dstu/hash/hasher.hpp"
#include "dstu/hash/hmac.hpp"
#include "dstu/pkix/certificate.hpp"
#include "dstu/pkix/encrypted_key.hpp"

namespace dstu::pkix {
namespace {

constexpr const char* kOidData = "1.2.840.113549.1.7.1";
constexpr const char* kOidEncryptedData = "1.2.840.113549.1.7.6";
constexpr const char* kOidShroudedKeyBag = "1.2.840.113549.1.12.10.1.2";
constexpr const char* kOidCertBag = "1.2.840.113549.1.12.10.1.3";
constexpr const char* kOidX509Certificate = "1.2.840.113549.1.9.22.1";
constexpr const char* kOidLocalKeyId = "1.2.840.113549.1.9.21";

/// What a profile fixes: the PBES2 parts, the MAC's hash, and the salt sizes.
struct Profile {
  const char* prf;
  detail::Pbes2Cipher cipher;
  std::size_t pbkdf2_salt;
  const char* mac_hash;  ///< make_hasher's name; its OID from hash_oids.hpp
  std::size_t mac_salt;
};

/// IIT's: 32-octet salts (Key-6.pfx has them). OpenSSL's: its algorithms; 16-octet salts
/// (NIST SP 800-132 §5.1 asks at least 128 bits; OpenSSL reads any size).
Profile profile(Pkcs12Profile p) {
  if (p == Pkcs12Profile::openssl) {
    return {"sha256", detail::Pbes2Cipher::aes256_cbc, 16, "sha256", 16};
  }
  return {"gost34311", detail::Pbes2Cipher::gost28147_cfb, 32, "gost34311", 32};
}

[[noreturn]] void bad(const std::string& what) { throw Error(Errc::invalid_input, "PKCS#12: " + what); }

/// One SafeBag { bagId, [0] value, localKeyID attribute when `id` is not empty }.
void write_bag(der::Writer& w, const char* bag_id, std::span<const std::uint8_t> value, const Bytes& id) {
  w.begin(der::kSequence);
  w.oid(bag_id);
  w.begin(der::context(0));
  w.raw(value);
  w.end();
  if (!id.empty()) {
    w.begin(0x31);
    w.begin(der::kSequence);
    w.oid(kOidLocalKeyId);
    w.begin(0x31);
    w.octet_string(id);
    w.end();
    w.end();
    w.end();
  }
  w.end();
}

/// EncryptedPrivateKeyInfo { PBES2, encryptedData } of one key.
Bytes shrouded_key(const AnyPrivateKey& key, std::span<const std::uint8_t> password, const Profile& pr,
                   const Pkcs12WriteOptions& options, RandomSource& rng) {
  const SecureBytes info = encode_pkcs8(key, options.form);
  const detail::Pbes2Params p = detail::new_pbes2_params(pr.prf, pr.cipher, pr.pbkdf2_salt, options.iterations, rng);
  der::Writer w;
  w.begin(der::kSequence);
  detail::write_pbes2_algorithm(w, p);
  w.octet_string(detail::pbes2_encrypt(p, info, password));
  w.end();
  return w.finish();
}

/// CertBag { x509Certificate, [0] OCTET STRING }.
Bytes cert_bag(std::span<const std::uint8_t> certificate) {
  der::Writer w;
  w.begin(der::kSequence);
  w.oid(kOidX509Certificate);
  w.begin(der::context(0));
  w.octet_string(certificate);
  w.end();
  w.end();
  return w.finish();
}

/// The localKeyID of the first key the certificate certifies; empty for none.
Bytes certificate_key_id(std::span<const std::uint8_t> certificate, std::span<const AnyPublicKey> publics) {
  const Certificate cert = read_certificate(certificate);
  for (const AnyPublicKey& pub : publics) {
    if (certificate_has_key(cert, pub)) return key_id(pub);
  }
  return {};
}

/// ContentInfo { encryptedData, [0] EncryptedData } of `safe_contents` under a fresh PBES2.
void write_encrypted_data(der::Writer& w, std::span<const std::uint8_t> safe_contents,
                          std::span<const std::uint8_t> password, const Profile& pr, std::uint64_t iterations,
                          RandomSource& rng) {
  const detail::Pbes2Params p = detail::new_pbes2_params(pr.prf, pr.cipher, pr.pbkdf2_salt, iterations, rng);
  w.begin(der::kSequence);
  w.oid(kOidEncryptedData);
  w.begin(der::context(0));
  w.begin(der::kSequence);
  w.integer(std::uint64_t{0});
  w.begin(der::kSequence);
  w.oid(kOidData);
  detail::write_pbes2_algorithm(w, p);
  w.begin(0x80);  // encryptedContent [0] IMPLICIT OCTET STRING
  w.raw(detail::pbes2_encrypt(p, safe_contents, password));
  w.end();
  w.end();
  w.end();
  w.end();
  w.end();
}

/// MacData { DigestInfo { hash, NULL }, macSalt, iterations } over the AuthenticatedSafe.
void write_mac_data(der::Writer& w, std::span<const std::uint8_t> auth_safe, std::span<const std::uint8_t> bmp,
                    const Profile& pr, std::uint64_t iterations, RandomSource& rng) {
  Bytes salt(pr.mac_salt);
  rng.fill(salt);
  const std::size_t size = hash::make_hasher(pr.mac_hash)->digest_size();
  const SecureBytes key = detail::pkcs12_kdf(pr.mac_hash, 3, size, salt, bmp, iterations);
  const SecureBytes mac = hash::Hmac::mac(pr.mac_hash, key, auth_safe);
  w.begin(der::kSequence);
  w.begin(der::kSequence);
  w.begin(der::kSequence);
  w.oid(detail::digest_oid_by_name(pr.mac_hash));
  w.null();
  w.end();
  w.octet_string(mac);
  w.end();
  w.octet_string(salt);
  w.integer(iterations);
  w.end();
}

}  // namespace

Bytes write_pkcs12(std::span<const AnyPrivateKey> keys, std::span<const Bytes> certificates,
                   std::span<const std::uint8_t> password, RandomSource& rng, const Pkcs12WriteOptions& options) {
  if (options.iterations == 0 || options.iterations > kMaxPbkdf2Iterations) {
    bad("iteration count " + std::to_string(options.iterations) + " outside 1 to " +
        std::to_string(kMaxPbkdf2Iterations));
  }
  const std::optional<SecureBytes> bmp = detail::bmp_string(password);
  if (!bmp) bad("the password is not UTF-8");
  const Profile pr = profile(options.profile);
  std::vector<AnyPublicKey> publics;
  der::Writer key_bags;
  key_bags.begin(der::kSequence);
  for (const AnyPrivateKey& key : keys) {
    publics.push_back(public_key(key));
    write_bag(key_bags, kOidShroudedKeyBag, shrouded_key(key, password, pr, options, rng), key_id(publics.back()));
  }
  key_bags.end();
  der::Writer safe;
  safe.begin(der::kSequence);
  safe.begin(der::kSequence);
  safe.oid(kOidData);
  safe.begin(der::context(0));
  safe.octet_string(key_bags.finish());
  safe.end();
  safe.end();
  if (!certificates.empty()) {
    der::Writer cert_bags;
    cert_bags.begin(der::kSequence);
    for (const Bytes& cert : certificates) {
      write_bag(cert_bags, kOidCertBag, cert_bag(cert), certificate_key_id(cert, publics));
    }
    cert_bags.end();
    write_encrypted_data(safe, cert_bags.finish(), password, pr, options.iterations, rng);
  }
  safe.end();
  const Bytes auth_safe = safe.finish();
  der::Writer pfx;
  pfx.begin(der::kSequence);
  pfx.integer(std::uint64_t{3});
  pfx.begin(der::kSequence);
  pfx.oid(kOidData);
  pfx.begin(der::context(0));
  pfx.octet_string(auth_safe);
  pfx.end();
  pfx.end();
  write_mac_data(pfx, auth_safe, *bmp, pr, options.iterations, rng);
  pfx.end();
  return pfx.finish();
}

}  // namespace dstu::pkix
