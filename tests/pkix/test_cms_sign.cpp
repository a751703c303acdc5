// CMS SignedData written (dstu/pkix/cms_sign.hpp): signatures by jkurwa's DSTU 4145 test key
// (PRIV1.cer, the key of SELF_SIGNED1.cer) with GOST 34.311 and Kupyna-256, and by the
// OpenSSL ECDSA P-256 test key, attached and detached, read back by read_signed_data and
// verified by verify_signer; the DSTU 4145 SignedData is jkurwa's message.p7 (same
// certificate and time) but for the attributes' order and the signature; the signed
// attributes are a DER-sorted SET OF; extra certificates follow the signer's; a
// certificate of another key, a hash the key does not take and an ECGDSA key are refused.
#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "cms_fixture.hpp"
#include "dstu/base/der.hpp"
#include "dstu/base/error.hpp"
#include "dstu/pkix/cms.hpp"
#include "dstu/pkix/cms_sign.hpp"
#include "dstu/pkix/key.hpp"
#include "dstu/pkix/key_file.hpp"
#include "dstu/rng/random.hpp"

using dstu::Bytes;
namespace der = dstu::der;
namespace pkix = dstu::pkix;
using dstu::test::cert_file;
using dstu::test::cms_file;
using dstu::test::dstu_cert;
using dstu::test::dstu_key;
using dstu::test::ecdsa_cert;
using dstu::test::ecdsa_key;
using dstu::test::text;

namespace {

constexpr std::int64_t kTime = 1540236305;  // message.p7's signingTime

Bytes sign(const pkix::AnyPrivateKey& key, const pkix::Certificate& cert, const Bytes& content, bool attached,
           const std::string& hash = {}) {
  dstu::rng::ChaCha20Drbg rng(29, 1);
  pkix::CmsSignOptions options;
  options.attached = attached;
  options.hash = hash;
  options.signing_time = kTime;
  return pkix::sign_cms(key, cert, content, options, rng);
}

std::vector<std::string> oids(const std::vector<pkix::CmsAttribute>& attrs) {
  std::vector<std::string> out;
  for (const auto& a : attrs) out.push_back(a.oid);
  return out;
}

/// The signer verifies over `content` (and, attached, over its eContent), and not over
/// other content.
void check_round_trip(const Bytes& p7, const Bytes& content, bool attached, const char* algorithm) {
  const pkix::SignedData sd = pkix::read_signed_data(p7);
  CHECK(sd.der == p7);
  REQUIRE(sd.signers.size() == 1);
  CHECK(sd.content.has_value() == attached);
  if (attached) CHECK(*sd.content == content);
  const pkix::SignerVerdict ok = pkix::verify_signer(sd, 0, content);
  CHECK_MESSAGE(ok.verdict == pkix::SignatureVerdict::valid, ok.reason);
  CHECK(ok.algorithm == algorithm);
  CHECK(ok.signing_time == kTime);
  Bytes other = content;
  other.push_back('!');
  const pkix::SignerVerdict bad = pkix::verify_signer(sd, 0, other);
  CHECK(bad.verdict == pkix::SignatureVerdict::invalid);
  CHECK(bad.reason == "messageDigest does not match the content");
}

}  // namespace

TEST_CASE("DSTU 4145 with GOST 34.311, attached and detached: read back, verified") {
  const Bytes content = text("123");
  for (bool attached : {true, false}) {
    INFO(attached);
    check_round_trip(sign(dstu_key(), dstu_cert(), content, attached), content, attached, "DSTU 4145 with GOST 34.311");
  }
}

TEST_CASE("DSTU 4145 with Kupyna-256, attached and detached: read back, verified") {
  const Bytes content = text("kupyna content");
  for (bool attached : {true, false}) {
    INFO(attached);
    const Bytes p7 = sign(dstu_key(), dstu_cert(), content, attached, "kupyna256");
    check_round_trip(p7, content, attached, "DSTU 4145 with Kupyna-256");
    const pkix::SignedData sd = pkix::read_signed_data(p7);
    CHECK(sd.digest_oids == std::vector<std::string>{"1.2.804.2.1.1.1.1.2.2.1"});
    CHECK(sd.signers[0].digest_oid == "1.2.804.2.1.1.1.1.2.2.1");
    CHECK(sd.signers[0].signature_oid == "1.2.804.2.1.1.1.1.3.6.1.1");
    REQUIRE(sd.signers[0].signing_certificate);
    CHECK(sd.signers[0].signing_certificate->hash_oid == "1.2.804.2.1.1.1.1.2.2.1");
  }
}

TEST_CASE("ECDSA P-256, attached and detached: SHA-256, ecdsa-with-SHA256, verified") {
  const Bytes content = cms_file("content.txt");
  for (bool attached : {true, false}) {
    INFO(attached);
    const Bytes p7 = sign(ecdsa_key(), ecdsa_cert(), content, attached);
    check_round_trip(p7, content, attached, "ECDSA with SHA-256");
    const pkix::SignedData sd = pkix::read_signed_data(p7);
    CHECK(sd.digest_oids == std::vector<std::string>{"2.16.840.1.101.3.4.2.1"});
    CHECK(sd.signers[0].signature_oid == "1.2.840.10045.4.3.2");
    CHECK(sd.signers[0].signature_parameters.empty());
    REQUIRE(sd.signers[0].signing_certificate);
    CHECK(sd.signers[0].signing_certificate->hash_oid == "2.16.840.1.101.3.4.2.1");
    // ESSCertIDv2 leaves SHA-256 out (its DEFAULT): the ESSCertIDv2 opens with certHash.
    const auto& attrs = sd.signers[0].signed_attributes;
    const auto ess = std::find_if(attrs.begin(), attrs.end(),
                                  [](const pkix::CmsAttribute& a) { return a.oid == "1.2.840.113549.1.9.16.2.47"; });
    REQUIRE(ess != attrs.end());
    der::Reader value(ess->values.at(0));
    der::Reader certs = value.enter(der::kSequence, "SigningCertificateV2").enter(der::kSequence, "certs");
    CHECK(certs.enter(der::kSequence, "ESSCertIDv2").peek() == der::kOctetString);
  }
  const Bytes p384 = sign(ecdsa_key(), ecdsa_cert(), content, false, "sha384");
  const pkix::SignedData sd = pkix::read_signed_data(p384);
  CHECK(sd.signers[0].signature_oid == "1.2.840.10045.4.3.3");
  const pkix::SignerVerdict ok = pkix::verify_signer(sd, 0, content);
  CHECK_MESSAGE(ok.verdict == pkix::SignatureVerdict::valid, ok.reason);
}

TEST_CASE("the DSTU 4145 SignedData has the structure of jkurwa's message.p7") {
  const pkix::SignedData ours = pkix::read_signed_data(sign(dstu_key(), dstu_cert(), text("123"), true));
  const pkix::SignedData theirs = pkix::read_signed_data(cms_file("message.p7"));
  CHECK(ours.version == theirs.version);
  CHECK(ours.digest_oids == theirs.digest_oids);
  CHECK(ours.content_type == theirs.content_type);
  CHECK(ours.content == theirs.content);
  REQUIRE(ours.certificates.size() == 1);
  CHECK(ours.certificates[0].der == dstu_cert().der);
  CHECK(ours.crls.empty());
  const pkix::SignerInfo& a = ours.signers.at(0);
  const pkix::SignerInfo& b = theirs.signers.at(0);
  CHECK(a.version == b.version);
  CHECK(a.digest_oid == b.digest_oid);
  CHECK(a.signature_oid == b.signature_oid);
  CHECK(a.signature_parameters == b.signature_parameters);
  CHECK(a.signature.size() == b.signature.size());  // raw r_le || s_le, no inner OCTET STRING
  CHECK(a.issuer->der == ours.certificates[0].issuer.der);
  CHECK(a.serial == ours.certificates[0].serial);
  const auto a_oids = oids(a.signed_attributes), b_oids = oids(b.signed_attributes);
  CHECK(std::set(a_oids.begin(), a_oids.end()) == std::set(b_oids.begin(), b_oids.end()));
  CHECK(a.unsigned_attributes.empty());
  CHECK(a.content_type == b.content_type);
  CHECK(a.signing_time == b.signing_time);
  REQUIRE(a.signing_certificate);
  CHECK(a.signing_certificate->v2);
  CHECK(a.signing_certificate->hash_oid == b.signing_certificate->hash_oid);
  CHECK(a.signing_certificate->issuer->der == ours.certificates[0].issuer.der);
  CHECK(a.signing_certificate->serial == ours.certificates[0].serial);
  // jkurwa signed with the same certificate at the same time: every attribute is the
  // same, only their order (DER's here, jkurwa's there) and the signature differ.
  CHECK(ours.certificates[0].der == theirs.certificates.at(0).der);
  for (const pkix::CmsAttribute& attr : a.signed_attributes) {
    const auto at = std::find_if(b.signed_attributes.begin(), b.signed_attributes.end(),
                                 [&](const pkix::CmsAttribute& x) { return x.oid == attr.oid; });
    REQUIRE(at != b.signed_attributes.end());
    CHECK_MESSAGE(at->der == attr.der, attr.oid);
  }
  CHECK(ours.der.size() == theirs.der.size());
  Bytes attrs = a.signed_attrs;
  attrs[0] = der::context(0);
  const auto at = std::search(ours.der.begin(), ours.der.end(), attrs.begin(), attrs.end());
  REQUIRE(at != ours.der.end());
  const auto prefix = static_cast<std::size_t>(at - ours.der.begin());
  CHECK(Bytes(ours.der.begin(), at) == Bytes(theirs.der.begin(), theirs.der.begin() + static_cast<std::ptrdiff_t>(prefix)));
}

TEST_CASE("the signed attributes are a DER SET OF: sorted by their encodings") {
  for (const Bytes& p7 : {sign(dstu_key(), dstu_cert(), text("123"), false),
                          sign(ecdsa_key(), ecdsa_cert(), text("123"), false)}) {
    const pkix::SignerInfo si = pkix::read_signed_data(p7).signers.at(0);
    REQUIRE(si.signed_attributes.size() == 4);
    for (std::size_t i = 1; i < si.signed_attributes.size(); ++i) {
      CHECK(std::lexicographical_compare(si.signed_attributes[i - 1].der.begin(), si.signed_attributes[i - 1].der.end(),
                                         si.signed_attributes[i].der.begin(), si.signed_attributes[i].der.end()));
    }
    // messageDigest (length 0x2f) sorts after signingTime (0x1c) and contentType (0x18).
    CHECK(oids(si.signed_attributes) == std::vector<std::string>{"1.2.840.113549.1.9.3", "1.2.840.113549.1.9.5",
                                                                 "1.2.840.113549.1.9.4", "1.2.840.113549.1.9.16.2.47"});
  }
}

TEST_CASE("extra certificates follow the signer's; a signing time from 2050 is a GeneralizedTime") {
  dstu::rng::ChaCha20Drbg rng(29, 2);
  pkix::CmsSignOptions options;
  options.extra_certificates = {ecdsa_cert(), pkix::read_certificate(cert_file("CA-Justice.cer"))};
  options.signing_time = 2524608000;  // 2050-01-01 00:00:00 UTC
  const Bytes p7 = pkix::sign_cms(dstu_key(), dstu_cert(), text("x"), options, rng);
  const pkix::SignedData sd = pkix::read_signed_data(p7);
  REQUIRE(sd.certificates.size() == 3);
  CHECK(sd.certificates[0].der == dstu_cert().der);
  CHECK(sd.certificates[1].der == options.extra_certificates[0].der);
  CHECK(sd.certificates[2].der == options.extra_certificates[1].der);
  CHECK(sd.signers[0].signing_time == 2524608000);
  const Bytes& time = std::find_if(sd.signers[0].signed_attributes.begin(), sd.signers[0].signed_attributes.end(),
                                   [](const pkix::CmsAttribute& a) { return a.oid == "1.2.840.113549.1.9.5"; })
                          ->values.at(0);
  CHECK(time == text("\x18\x0f" "20500101000000Z"));
  const pkix::SignerVerdict ok = pkix::verify_signer(sd, 0, text("x"));
  CHECK_MESSAGE(ok.verdict == pkix::SignatureVerdict::valid, ok.reason);
  // Without a time given: now, as UTCTime.
  options.signing_time.reset();
  const pkix::SignedData now = pkix::read_signed_data(pkix::sign_cms(dstu_key(), dstu_cert(), text("x"), options, rng));
  REQUIRE(now.signers[0].signing_time);
  CHECK(*now.signers[0].signing_time > kTime);
}

TEST_CASE("hedged nonces: the same request twice gives two different signatures, both valid") {
  dstu::rng::ChaCha20Drbg rng(29, 3);
  pkix::CmsSignOptions options;
  options.signing_time = kTime;
  const Bytes one = pkix::sign_cms(dstu_key(), dstu_cert(), text("123"), options, rng);
  const Bytes two = pkix::sign_cms(dstu_key(), dstu_cert(), text("123"), options, rng);
  CHECK(one != two);
  CHECK(pkix::read_signed_data(one).signers[0].signed_attrs == pkix::read_signed_data(two).signers[0].signed_attrs);
}

TEST_CASE("refused: another key's certificate, a hash the key does not take, an ECGDSA key") {
  dstu::rng::ChaCha20Drbg rng(29, 4);
  const pkix::CmsSignOptions options;
  for (const auto& [key, cert] : {std::pair{dstu_key(), ecdsa_cert()}, std::pair{ecdsa_key(), dstu_cert()},
                                  std::pair{dstu_key(), pkix::read_certificate(cert_file("SELF_SIGNED_ENC1.cer"))}}) {
    try {
      pkix::sign_cms(key, cert, text("123"), options, rng);
      FAIL("signed under another key's certificate");
    } catch (const dstu::Error& e) {
      CHECK(e.code() == dstu::Errc::invalid_input);
      CHECK(std::string(e.what()) == "the signer's certificate is not the key's");
    }
  }
  pkix::CmsSignOptions sha;
  sha.hash = "sha256";
  CHECK_THROWS_AS(pkix::sign_cms(dstu_key(), dstu_cert(), text("123"), sha, rng), dstu::Error);
  pkix::CmsSignOptions gost;
  gost.hash = "gost34311";
  CHECK_THROWS_AS(pkix::sign_cms(ecdsa_key(), ecdsa_cert(), text("123"), gost, rng), dstu::Error);
  const pkix::AnyPrivateKey ec_any = ecdsa_key();
  const auto& ec = std::get<dstu::ecdsa::SchemeKey>(ec_any);
  const pkix::AnyPrivateKey ecgdsa = dstu::ecdsa::SchemeKey{dstu::ecdsa::Scheme::ecgdsa, ec.key};
  try {
    pkix::sign_cms(ecgdsa, ecdsa_cert(), text("123"), options, rng);
    FAIL("signed with ECGDSA");
  } catch (const dstu::Error& e) {
    CHECK(e.code() == dstu::Errc::unsupported);
  }
}

TEST_CASE("the default hash: GOST 34.311 for DSTU 4145, SHA-2 by the size of n for ECDSA") {
  CHECK(pkix::cms_sign_hash(pkix::public_key(dstu_key()), dstu_cert(), "") == "gost34311");
  CHECK(pkix::cms_sign_hash(pkix::public_key(dstu_key()), dstu_cert(), "kupyna512") == "kupyna512");
  CHECK(pkix::cms_sign_hash(pkix::public_key(ecdsa_key()), ecdsa_cert(), "") == "sha256");
  // A certificate signed with DSTU 4145 and Kupyna-384 makes Kupyna-384 the default.
  pkix::Certificate kupyna = dstu_cert();
  kupyna.signature_oid = "1.2.804.2.1.1.1.1.3.6.2.1";
  CHECK(pkix::cms_sign_hash(pkix::public_key(dstu_key()), kupyna, "") == "kupyna384");
  CHECK_THROWS_AS(pkix::cms_sign_hash(pkix::public_key(dstu_key()), dstu_cert(), "md5"), dstu::Error);
}
