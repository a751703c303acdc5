// RSA in CMS and X.509 (cms_sign.hpp, certificate.hpp's verify_signed): OpenSSL's RSA
// SignedData (PKCS#1 v1.5 under rsaEncryption, detached and without signed attributes;
// RSASSA-PSS with SHA-384 and the largest salt, attached) verify and fail when tampered;
// OpenSSL's self-signed certificates (sha256WithRSAEncryption, RSASSA-PSS with salt 32)
// verify under their key; RSASSA-PSS parameters that name SHA-1, another MGF1 hash, a
// trailerField other than 1 or a salt past any key are refused with the verdict and
// reason each deserves. sign_cms with the same key writes what OpenSSL writes: the
// AlgorithmIdentifiers octet for octet, PKCS#1 v1.5 unless told, PSS with the salt as
// long as the digest by default and left out at 20; add_cms_signer adds an RSA signer
// beside an ECDSA one.
#include <doctest/doctest.h>

#include <string>
#include <variant>

#include "cms_fixture.hpp"
#include "dstu/base/der.hpp"
#include "dstu/base/error.hpp"
#include "dstu/hash/hasher.hpp"
#include "dstu/pkix/cms.hpp"
#include "dstu/pkix/cms_sign.hpp"
#include "dstu/rng/random.hpp"
#include "dstu/rsa/scheme.hpp"

using dstu::Bytes;
namespace der = dstu::der;
namespace pkix = dstu::pkix;
namespace rsa = dstu::rsa;
using dstu::test::cms_file;
using dstu::test::ecdsa_cert;
using dstu::test::ecdsa_key;
using dstu::test::text;

namespace {

constexpr const char* kOidRsaEncryption = "1.2.840.113549.1.1.1";
constexpr const char* kOidPss = "1.2.840.113549.1.1.10";
constexpr const char* kOidSha256WithRsa = "1.2.840.113549.1.1.11";

pkix::AnyPrivateKey rsa_key() { return pkix::private_key(pkix::read_key_file(cms_file("rsa-key.pem"), nullptr).key); }
pkix::Certificate rsa_cert() { return pkix::read_certificate(cms_file("rsa-cert.pem")); }

pkix::SignerVerdict verify(const Bytes& p7, const Bytes& content) {
  return pkix::verify_signer(pkix::read_signed_data(p7), 0, content);
}

Bytes sign(const pkix::AnyPrivateKey& key, const pkix::Certificate& cert, const Bytes& content,
           pkix::CmsSignOptions options = {}) {
  dstu::rng::ChaCha20Drbg rng(30, 1);
  options.signing_time = 1795000000;
  return pkix::sign_cms(key, cert, content, options, rng);
}

Bytes sha(const char* name, const Bytes& octets) {
  const auto h = dstu::hash::make_hasher(name);
  h->update(octets);
  return h->final();
}

/// RSASSA-PSS-params (RFC 8017 §A.2.3) from its parts' hex encodings, in order.
Bytes pss_params(const std::string& inner_hex) {
  const Bytes inner = dstu::from_hex(inner_hex);
  der::Writer w;
  w.begin(der::kSequence);
  w.raw(inner);
  w.end();
  return w.finish();
}

// [0] sha256 with NULL; [1] mgf1 with sha256 and NULL; [1] mgf1 with sha384; [2] salt 32.
constexpr const char* kHash256 = "a00f300d06096086480165030402010500";
constexpr const char* kHash1 = "a00b300906052b0e03021a0500";
constexpr const char* kMgf256 = "a11c301a06092a864886f70d010108300d06096086480165030402010500";
constexpr const char* kMgf384 = "a11c301a06092a864886f70d010108300d06096086480165030402020500";
constexpr const char* kSalt32 = "a203020120";

}  // namespace

TEST_CASE("OpenSSL's RSA SignedData verify, and fail over other content or a flipped signature") {
  const Bytes content = cms_file("content.txt");
  const struct {
    const char* file;
    const char* algorithm;
  } cases[] = {
      {"rsa-pkcs1-detached.p7s", "RSA PKCS#1 v1.5 with SHA-256"},
      {"rsa-pkcs1-noattr.p7s", "RSA PKCS#1 v1.5 with SHA-512"},
      {"rsa-pss-attached.p7s", "RSASSA-PSS with SHA-384 (salt 206)"},
  };
  for (const auto& c : cases) {
    INFO(c.file);
    const pkix::SignedData sd = pkix::read_signed_data(cms_file(c.file));
    REQUIRE(sd.signers.size() == 1);
    const pkix::SignerVerdict ok = pkix::verify_signer(sd, 0, content);
    CHECK_MESSAGE(ok.verdict == pkix::SignatureVerdict::valid, ok.reason);
    CHECK(ok.algorithm == c.algorithm);
    CHECK(pkix::signer_algorithm_name(sd.signers[0]) == c.algorithm);
    Bytes other = content;
    other.back() ^= 0x01;
    CHECK(pkix::verify_signer(sd, 0, other).verdict == pkix::SignatureVerdict::invalid);
    pkix::SignedData broken = sd;
    broken.signers[0].signature[100] ^= 0x01;
    const pkix::SignerVerdict bad = pkix::verify_signer(broken, 0, content);
    CHECK(bad.verdict == pkix::SignatureVerdict::invalid);
    CHECK(bad.reason == "the signature does not verify under the signer's key");
  }
  // rsaEncryption takes its hash from digestAlgorithm: one it does not know is unsupported.
  pkix::SignedData sd = pkix::read_signed_data(cms_file("rsa-pkcs1-noattr.p7s"));
  CHECK(sd.signers[0].signature_oid == kOidRsaEncryption);
  sd.signers[0].digest_oid = "1.3.14.3.2.26";  // SHA-1
  const pkix::SignerVerdict sha1 = pkix::verify_signer(sd, 0, content);
  CHECK(sha1.verdict == pkix::SignatureVerdict::unsupported);
  CHECK(sha1.reason == "RSA PKCS#1 v1.5 named rsaEncryption takes a SHA-2 digest algorithm's hash");
}

TEST_CASE("a 512-bit key too short for PKCS#1 v1.5 with SHA-512: invalid, not an exception") {
  const Bytes der = dstu::test::read_path(std::string(DSTU_TEST_VECTORS) + "/rsa/keys/rsa512.spki.der");
  const pkix::AnyPublicKey key = pkix::decode_spki(der);
  const Bytes tbs = {0x30, 0x00};
  const Bytes signature(64, 0x01);
  const pkix::SignatureCheck c = pkix::verify_signed("1.2.840.113549.1.1.13", tbs, signature, key);
  CHECK(c.verdict == pkix::SignatureVerdict::invalid);
  CHECK(c.reason.find("the signer's key cannot hold this signature") == 0);
  CHECK(pkix::verify_signed("1.2.840.113549.1.1.11", tbs, signature, key).reason ==
        "the signature does not verify under the signer's key");
}

TEST_CASE("OpenSSL's RSA certificates: sha256WithRSAEncryption and RSASSA-PSS verify under their key") {
  const pkix::Certificate plain = rsa_cert();
  const pkix::Certificate pss = pkix::read_certificate(cms_file("rsa-pss-cert.pem"));
  REQUIRE(plain.public_key);
  CHECK(plain.signature_oid == kOidSha256WithRsa);
  CHECK(pss.signature_oid == kOidPss);
  const pkix::SignatureCheck a = pkix::verify_signature(plain, *plain.public_key);
  CHECK_MESSAGE(a.verdict == pkix::SignatureVerdict::valid, a.reason);
  CHECK(a.algorithm == "RSA PKCS#1 v1.5 with SHA-256");
  const pkix::SignatureCheck b = pkix::verify_signature(pss, *plain.public_key);
  CHECK_MESSAGE(b.verdict == pkix::SignatureVerdict::valid, b.reason);
  CHECK(b.algorithm == "RSASSA-PSS with SHA-256 (salt 32)");
  CHECK(pkix::signature_algorithm_name(pss.signature_oid, pss.signature_parameters) == b.algorithm);
  pkix::Certificate flipped = pss;
  flipped.tbs[20] ^= 0x01;
  CHECK(pkix::verify_signature(flipped, *plain.public_key).verdict == pkix::SignatureVerdict::invalid);
  // The same signature under the other padding, or another key kind, is invalid.
  CHECK(pkix::verify_signed(kOidSha256WithRsa, pss.tbs, pss.signature, *plain.public_key).verdict ==
        pkix::SignatureVerdict::invalid);
  CHECK(pkix::verify_signed(kOidSha256WithRsa, plain.tbs, plain.signature, pkix::public_key(ecdsa_key())).reason ==
        "the signer's key is not an RSA key");
}

TEST_CASE("RSASSA-PSS parameters: what is unsupported, what is invalid, and the salt they name") {
  const pkix::Certificate pss = pkix::read_certificate(cms_file("rsa-pss-cert.pem"));
  const pkix::AnyPublicKey key = *pss.public_key;
  const auto check = [&](const Bytes& params) { return pkix::verify_signed(kOidPss, pss.tbs, pss.signature, key, params); };
  CHECK(check(pss_params(std::string(kHash256) + kMgf256 + kSalt32)).verdict == pkix::SignatureVerdict::valid);
  // The same with the DEFAULT trailerField written out.
  CHECK(check(pss_params(std::string(kHash256) + kMgf256 + kSalt32 + "a303020101")).verdict ==
        pkix::SignatureVerdict::valid);
  // Salt 20 (the DEFAULT, left out) and 33 are not this signature's.
  CHECK(check(pss_params(std::string(kHash256) + kMgf256)).verdict == pkix::SignatureVerdict::invalid);
  CHECK(check(pss_params(std::string(kHash256) + kMgf256 + "a203020121")).verdict == pkix::SignatureVerdict::invalid);

  // RFC 4055 §3.1: the parameters are always there; empty ones are every DEFAULT (SHA-1).
  const pkix::SignatureCheck absent = check({});
  CHECK(absent.verdict == pkix::SignatureVerdict::invalid);
  CHECK(absent.reason == "its parameters are not valid: RSASSA-PSS without its parameters");
  const pkix::SignatureCheck defaults = check(pss_params(""));
  CHECK(defaults.verdict == pkix::SignatureVerdict::unsupported);
  CHECK(defaults.reason.find("SHA-1") != std::string::npos);
  // A later field only: hashAlgorithm is its DEFAULT, SHA-1.
  CHECK(check(pss_params(kSalt32)).verdict == pkix::SignatureVerdict::unsupported);
  // Not RSASSA-PSS-params: an INTEGER, a primitive [0], a field out of order or unknown.
  for (const std::string& inner : {std::string("020105"), std::string("800105"),
                                   std::string(kHash256) + "a403020101", std::string(kMgf256) + kHash256,
                                   std::string(kHash256) + kMgf256 + "a303020101" + kSalt32}) {
    INFO(inner);
    const pkix::SignatureCheck c = check(pss_params(inner));
    CHECK(c.verdict == pkix::SignatureVerdict::invalid);
    CHECK(c.reason.find("its parameters are not valid") == 0);
  }
  // The salt's bound: 2048 octets parse (and are not this signature's), 2049 do not.
  const pkix::SignatureCheck salt2048 = check(pss_params(std::string(kHash256) + kMgf256 + "a204020208" "00"));
  CHECK(salt2048.verdict == pkix::SignatureVerdict::invalid);
  CHECK(salt2048.reason == "the signature does not verify under the signer's key");
  const pkix::SignatureCheck salt2049 = check(pss_params(std::string(kHash256) + kMgf256 + "a204020208" "01"));
  CHECK(salt2049.verdict == pkix::SignatureVerdict::invalid);
  CHECK(salt2049.reason.find("its parameters are not valid") == 0);
  CHECK(check(pss_params(std::string(kHash256) + kMgf256 + "a20a0208ffffffffffffffff")).verdict ==
        pkix::SignatureVerdict::invalid);
  CHECK(check(pss_params(std::string(kHash1) + kMgf256 + kSalt32)).verdict == pkix::SignatureVerdict::unsupported);
  const pkix::SignatureCheck mgf = check(pss_params(std::string(kHash256) + kMgf384 + kSalt32));
  CHECK(mgf.verdict == pkix::SignatureVerdict::unsupported);
  CHECK(mgf.reason.find("MGF1") != std::string::npos);
  CHECK(check(pss_params(std::string(kHash256))).verdict == pkix::SignatureVerdict::unsupported);

  const pkix::SignatureCheck trailer = check(pss_params(std::string(kHash256) + kMgf256 + kSalt32 + "a303020102"));
  CHECK(trailer.verdict == pkix::SignatureVerdict::invalid);
  CHECK(trailer.reason.find("trailerField") != std::string::npos);
  CHECK(check(pss_params(std::string(kHash256) + kMgf256 + "a20602047fffffff")).verdict ==
        pkix::SignatureVerdict::invalid);
  CHECK(check(pss_params(std::string(kHash256) + kMgf256 + kSalt32 + "0500")).verdict ==
        pkix::SignatureVerdict::invalid);
  CHECK(check(dstu::from_hex("0500")).verdict == pkix::SignatureVerdict::invalid);
  // PKCS#1 v1.5: NULL or absent parameters, nothing else.
  const pkix::Certificate plain = rsa_cert();
  CHECK(pkix::verify_signed(kOidSha256WithRsa, plain.tbs, plain.signature, key).verdict ==
        pkix::SignatureVerdict::valid);
  CHECK(pkix::verify_signed(kOidSha256WithRsa, plain.tbs, plain.signature, key, dstu::from_hex("0500")).verdict ==
        pkix::SignatureVerdict::valid);
  CHECK(pkix::verify_signed(kOidSha256WithRsa, plain.tbs, plain.signature, key, dstu::from_hex("020100")).verdict ==
        pkix::SignatureVerdict::invalid);
}

TEST_CASE("sign_cms with an RSA key: PKCS#1 v1.5 under rsaEncryption unless told, as OpenSSL writes it") {
  const Bytes content = text("dstu RSA CMS\n");
  const Bytes p7 = sign(rsa_key(), rsa_cert(), content);
  const pkix::SignedData sd = pkix::read_signed_data(p7);
  const pkix::SignerInfo& si = sd.signers.at(0);
  const pkix::SignedData openssl = pkix::read_signed_data(cms_file("rsa-pkcs1-detached.p7s"));
  CHECK(si.signature_oid == kOidRsaEncryption);
  CHECK(si.signature_parameters == openssl.signers[0].signature_parameters);  // NULL
  CHECK(si.digest_oid == openssl.signers[0].digest_oid);                      // sha256
  CHECK(sd.digest_oids == openssl.digest_oids);
  CHECK(si.signature.size() == 256);
  const pkix::SignerVerdict v = verify(p7, content);
  CHECK_MESSAGE(v.verdict == pkix::SignatureVerdict::valid, v.reason);
  CHECK(v.algorithm == "RSA PKCS#1 v1.5 with SHA-256");
  // PKCS#1 v1.5 is deterministic: the same signed attributes, the same signature.
  CHECK(pkix::read_signed_data(sign(rsa_key(), rsa_cert(), content)).signers[0].signature == si.signature);
  // The signature is over the signed attributes: sha256WithRSAEncryption of them holds.
  CHECK(pkix::verify_signed(kOidSha256WithRsa, si.signed_attrs, si.signature, *rsa_cert().public_key).verdict ==
        pkix::SignatureVerdict::valid);
  CHECK(sha("sha256", content) == si.message_digest.value());
}

TEST_CASE("sign_cms with RSASSA-PSS: OpenSSL's parameters octet for octet, the salt by default the digest's length") {
  const Bytes content = text("dstu RSA-PSS CMS\n");
  const pkix::SignedData openssl = pkix::read_signed_data(cms_file("rsa-pss-attached.p7s"));
  pkix::CmsSignOptions options;
  options.hash = "sha384";
  options.attached = true;
  options.rsa_scheme = {rsa::Padding::pss, 206};  // OpenSSL's salt for SHA-384 and this key
  const pkix::SignedData same = pkix::read_signed_data(sign(rsa_key(), rsa_cert(), content, options));
  CHECK(same.signers[0].signature_oid == kOidPss);
  CHECK(same.signers[0].signature_parameters == openssl.signers[0].signature_parameters);
  CHECK(same.signers[0].digest_oid == openssl.signers[0].digest_oid);
  CHECK(pkix::verify_signer(same, 0, content).verdict == pkix::SignatureVerdict::valid);

  const struct {
    const char* hash;
    std::size_t salt;
    const char* algorithm;
  } cases[] = {
      {"sha256", rsa::kSaltHashLength, "RSASSA-PSS with SHA-256 (salt 32)"},
      {"sha512", rsa::kSaltHashLength, "RSASSA-PSS with SHA-512 (salt 64)"},
      {"sha224", 20, "RSASSA-PSS with SHA-224 (salt 20)"},
      {"sha256", 0, "RSASSA-PSS with SHA-256 (salt 0)"},
  };
  for (const auto& c : cases) {
    INFO(c.algorithm);
    options.hash = c.hash;
    options.rsa_scheme = {rsa::Padding::pss, c.salt};
    const Bytes p7 = sign(rsa_key(), rsa_cert(), content, options);
    const pkix::SignerVerdict v = verify(p7, content);
    CHECK_MESSAGE(v.verdict == pkix::SignatureVerdict::valid, v.reason);
    CHECK(v.algorithm == c.algorithm);
    const Bytes params = pkix::read_signed_data(p7).signers[0].signature_parameters;
    const bool salt_written = std::string(c.algorithm).find("(salt 20)") == std::string::npos;
    CHECK((dstu::to_hex(params).find("a203") != std::string::npos) == salt_written);  // 20 is the DEFAULT
  }
  options.rsa_scheme = {rsa::Padding::pss, rsa::kSaltAny};
  dstu::rng::ChaCha20Drbg rng(30, 2);
  CHECK_THROWS_AS(pkix::sign_cms(rsa_key(), rsa_cert(), content, options, rng), dstu::Error);
  options.rsa_scheme = {rsa::Padding::pss, 250};  // longer than a 2048-bit key's block holds
  CHECK_THROWS_AS(pkix::sign_cms(rsa_key(), rsa_cert(), content, options, rng), dstu::Error);
}

TEST_CASE("RSA keys sign CMS with SHA-2 only; the certificate must be the key's; a co-signer beside ECDSA") {
  dstu::rng::ChaCha20Drbg rng(30, 3);
  pkix::CmsSignOptions options;
  options.hash = "gost34311";
  CHECK_THROWS_AS(pkix::sign_cms(rsa_key(), rsa_cert(), text("x"), options, rng), dstu::Error);
  CHECK(pkix::cms_sign_hash(*rsa_cert().public_key, rsa_cert(), "") == "sha256");
  CHECK_THROWS_AS(pkix::sign_cms(rsa_key(), ecdsa_cert(), text("x"), {}, rng), dstu::Error);
  CHECK_THROWS_AS(pkix::sign_cms(ecdsa_key(), rsa_cert(), text("x"), {}, rng), dstu::Error);

  const Bytes content = cms_file("content.txt");
  pkix::CmsSignOptions pss;
  pss.rsa_scheme = {rsa::Padding::pss, rsa::kSaltHashLength};
  const Bytes both = pkix::add_cms_signer(cms_file("ecdsa-detached.p7s"), rsa_key(), rsa_cert(), content, pss, rng);
  const pkix::SignedData sd = pkix::read_signed_data(both);
  REQUIRE(sd.signers.size() == 2);
  for (std::size_t i = 0; i < 2; ++i) {
    const pkix::SignerVerdict v = pkix::verify_signer(sd, i, content);
    CHECK_MESSAGE(v.verdict == pkix::SignatureVerdict::valid, v.reason);
  }
  CHECK(pkix::verify_signer(sd, 1, content).algorithm == "RSASSA-PSS with SHA-256 (salt 32)");
}
