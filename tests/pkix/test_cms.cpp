// CMS SignedData (dstu/pkix/cms.hpp): jkurwa's attached and detached DSTU 4145 signatures
// over "123" read to their signer, attributes and raw little-endian signature, and verify
// under the included certificate; OpenSSL's ECDSA signatures (attached, detached, signer
// by key identifier, without signed attributes, with signingCertificateV2) verify too.
// Negative: other content, a flipped octet in the signature, the messageDigest, the
// signingCertificateV2 hash or the content, a missing certificate or attribute, each
// invalid with its reason; every truncation, a duplicated attribute, an attribute of the
// wrong shape, another PEM label refused with Error. Unsigned attributes (timestamps) are
// kept by OID as received. Kupyna-256 and GOST 34.311 signatures the test makes with
// jkurwa's test key (PRIV1.cer, the key of SELF_SIGNED1.cer) verify; ECDSA named by
// ecPublicKey verifies; a contentType other than eContentType is invalid.
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <functional>
#include <iterator>
#include <string>
#include <vector>

#include "dstu/base/der.hpp"
#include "dstu/base/error.hpp"
#include "dstu/base/pem.hpp"
#include "dstu/dstu4145/encoding.hpp"
#include "dstu/dstu4145/sign.hpp"
#include "dstu/pkix/cms.hpp"
#include "dstu/pkix/key.hpp"
#include "dstu/rng/random.hpp"

using dstu::Bytes;
namespace der = dstu::der;
namespace pkix = dstu::pkix;

namespace {

Bytes read_path(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE_MESSAGE(in.good(), "missing fixture " << path);
  return Bytes(std::istreambuf_iterator<char>(in), {});
}

Bytes read_file(const std::string& name) { return read_path(std::string(DSTU_PKI_CMS) + "/" + name); }
Bytes cert_file(const std::string& name) { return read_path(std::string(DSTU_PKI_CERTS) + "/" + name); }

Bytes text(const std::string& s) { return Bytes(s.begin(), s.end()); }

/// The position of `needle` (hex) in `hay`; the test fails when it is not there.
std::size_t find(const Bytes& hay, const std::string& needle_hex) {
  const Bytes needle = dstu::from_hex(needle_hex);
  const auto at = std::search(hay.begin(), hay.end(), needle.begin(), needle.end());
  REQUIRE(at != hay.end());
  return static_cast<std::size_t>(at - hay.begin());
}

Bytes flipped(Bytes b, std::size_t at) {
  b[at] ^= 0x01;
  return b;
}

pkix::SignerVerdict verify(const Bytes& p7, const Bytes& content) {
  const pkix::SignedData sd = pkix::read_signed_data(p7);
  return pkix::verify_signer(sd, 0, content);
}

using Edit = std::function<Bytes(std::span<const std::uint8_t>)>;

/// The SignedData with its first SignerInfo's content replaced by edit(it), every
/// enclosing length written anew.
Bytes edit_signer(const Bytes& p7, const Edit& edit) {
  der::Reader top(p7);
  der::Reader info = top.enter(der::kSequence, "ContentInfo");
  der::Writer w;
  w.begin(der::kSequence);
  w.raw(info.next().encoded);
  der::Reader explicit_content = info.enter(der::context(0), "content");
  w.begin(der::context(0));
  der::Reader body = explicit_content.enter(der::kSequence, "SignedData");
  w.begin(der::kSequence);
  std::vector<der::Element> elements;
  while (!body.empty()) elements.push_back(body.next());
  for (std::size_t i = 0; i + 1 < elements.size(); ++i) w.raw(elements[i].encoded);
  der::Reader signers(elements.back().content);
  w.begin(0x31);
  w.begin(der::kSequence);
  w.raw(edit(signers.expect(der::kSequence, "SignerInfo").content));
  for (int i = 0; i < 5; ++i) w.end();
  return w.finish();
}

/// The SignedData with its first signer's signed attributes (the SET's content) replaced
/// by edit(them).
Bytes edit_signed_attrs(const Bytes& p7, const Edit& edit) {
  return edit_signer(p7, [&](std::span<const std::uint8_t> signer_info) {
    der::Reader signer(signer_info);
    der::Writer w;
    while (!signer.empty()) {
      const der::Element e = signer.next();
      if (e.tag != der::context(0)) {
        w.raw(e.encoded);
        continue;
      }
      w.begin(der::context(0));
      w.raw(edit(e.content));
      w.end();
    }
    return w.finish();
  });
}

/// The attributes' encodings, in order.
std::vector<Bytes> attributes(std::span<const std::uint8_t> set) {
  std::vector<Bytes> out;
  der::Reader r(set);
  while (!r.empty()) {
    const der::Element e = r.next();
    out.emplace_back(e.encoded.begin(), e.encoded.end());
  }
  return out;
}

Bytes concat(const std::vector<Bytes>& parts) {
  Bytes out;
  for (const Bytes& p : parts) out.insert(out.end(), p.begin(), p.end());
  return out;
}

constexpr const char* kJkurwaSigner = "O=Very Much CA, serialNumber=UA-99999999, L=Wakanda";
// Octets of message.p7 (openssl asn1parse shows them): messageDigest, the signature's
// first octets, the ESSCertIDv2 certHash.
constexpr const char* kJkurwaDigest = "0d7638f766847f80f60525e3509ade2f1307a4d356b62a30e141d6ff0bb7b038";
constexpr const char* kJkurwaSignature = "a2f0f6927e40a651876548c53052dba0";
constexpr const char* kJkurwaCertHash = "e13fc5ddeb91446c33a95c889bcf0d7f";

}  // namespace

TEST_CASE("jkurwa's attached SignedData: structure, attributes as received, raw signature") {
  const pkix::SignedData sd = pkix::read_signed_data(read_file("message.p7"));
  CHECK(sd.version == 1);
  CHECK(sd.digest_oids == std::vector<std::string>{"1.2.804.2.1.1.1.1.2.1"});
  CHECK(sd.content_type == "1.2.840.113549.1.7.1");
  REQUIRE(sd.content);
  CHECK(*sd.content == text("123"));
  REQUIRE(sd.certificates.size() == 1);
  CHECK(sd.crls.empty());
  REQUIRE(sd.signers.size() == 1);
  const pkix::SignerInfo& si = sd.signers[0];
  CHECK(si.version == 1);
  REQUIRE(si.issuer);
  CHECK(pkix::to_string(*si.issuer) == kJkurwaSigner);
  CHECK(si.serial == dstu::from_hex("5f14f000"));
  CHECK(si.digest_oid == "1.2.804.2.1.1.1.1.2.1");
  CHECK(si.signature_oid == "1.2.804.2.1.1.1.1.3.1.1");
  CHECK(si.signature.size() == 64);
  CHECK(si.signature[0] == 0xa2);  // raw r_le first, no OCTET STRING inside
  REQUIRE(si.signed_attributes.size() == 4);
  CHECK(si.signed_attributes[0].oid == "1.2.840.113549.1.9.16.2.47");
  CHECK(si.signed_attributes[1].oid == "1.2.840.113549.1.9.3");
  CHECK(si.signed_attributes[2].oid == "1.2.840.113549.1.9.4");
  CHECK(si.signed_attributes[3].oid == "1.2.840.113549.1.9.5");
  CHECK(si.signed_attrs[0] == 0x31);
  CHECK(si.unsigned_attributes.empty());
  CHECK(si.content_type == "1.2.840.113549.1.7.1");
  CHECK(si.message_digest == dstu::from_hex(kJkurwaDigest));
  CHECK(si.signing_time == 1540236305);  // 2018-10-22 19:25:05 UTC
  REQUIRE(si.signing_certificate);
  CHECK(si.signing_certificate->v2);
  CHECK(si.signing_certificate->hash_oid == "1.2.804.2.1.1.1.1.2.1");
  REQUIRE(si.signing_certificate->issuer);
  CHECK(pkix::to_string(*si.signing_certificate->issuer) == kJkurwaSigner);
  CHECK(si.signing_certificate->serial == dstu::from_hex("5f14f000"));
}

TEST_CASE("jkurwa's signatures verify over \"123\" with the right signer, and not over other content") {
  const pkix::SignerVerdict attached = verify(read_file("message.p7"), text("123"));
  CHECK_MESSAGE(attached.verdict == pkix::SignatureVerdict::valid, attached.reason);
  CHECK(attached.algorithm == "DSTU 4145 with GOST 34.311");
  REQUIRE(attached.certificate);
  CHECK(pkix::to_string(attached.certificate->issuer) == kJkurwaSigner);
  CHECK(attached.certificate->serial == dstu::from_hex("5f14f000"));  // 1595207680
  CHECK(attached.signing_time == 1540236305);

  const pkix::SignedData detached = pkix::read_signed_data(read_file("message_detached.p7"));
  CHECK_FALSE(detached.content);
  const pkix::SignerVerdict ok = pkix::verify_signer(detached, 0, text("123"));
  CHECK_MESSAGE(ok.verdict == pkix::SignatureVerdict::valid, ok.reason);
  const pkix::SignerVerdict other = pkix::verify_signer(detached, 0, text("124"));
  CHECK(other.verdict == pkix::SignatureVerdict::invalid);
  CHECK(other.reason == "messageDigest does not match the content");
  CHECK(pkix::verify_signer(detached, 0, {}).verdict == pkix::SignatureVerdict::invalid);
  CHECK_THROWS_AS(pkix::verify_signer(detached, 1, text("123")), dstu::Error);
}

TEST_CASE("jkurwa's signature with one octet flipped: invalid, and the reason names what failed") {
  const Bytes p7 = read_file("message.p7");
  const pkix::SignerVerdict sig = verify(flipped(p7, find(p7, kJkurwaSignature) + 1), text("123"));
  CHECK(sig.verdict == pkix::SignatureVerdict::invalid);
  CHECK(sig.reason == "the signature does not verify under the signer's key");

  const pkix::SignerVerdict digest = verify(flipped(p7, find(p7, kJkurwaDigest) + 5), text("123"));
  CHECK(digest.verdict == pkix::SignatureVerdict::invalid);
  CHECK(digest.reason == "messageDigest does not match the content");

  const pkix::SignerVerdict ess = verify(flipped(p7, find(p7, kJkurwaCertHash) + 3), text("123"));
  CHECK(ess.verdict == pkix::SignatureVerdict::invalid);
  CHECK(ess.reason == "signingCertificateV2 names another certificate");

  // The content octets inside the file: "123" in eContent.
  const Bytes content = flipped(p7, find(p7, "0403313233") + 3);
  const pkix::SignedData sd = pkix::read_signed_data(content);
  const pkix::SignerVerdict changed = pkix::verify_signer(sd, 0, *sd.content);
  CHECK(changed.verdict == pkix::SignatureVerdict::invalid);
  CHECK(changed.reason == "messageDigest does not match the content");
}

TEST_CASE("a signer whose certificate is not in the SignedData is named in the reason") {
  pkix::SignedData sd = pkix::read_signed_data(read_file("message.p7"));
  const pkix::Certificate own = sd.certificates[0];
  sd.certificates.clear();
  const pkix::SignerVerdict none = pkix::verify_signer(sd, 0, text("123"));
  CHECK(none.verdict == pkix::SignatureVerdict::invalid);
  CHECK(none.reason == std::string("no certificate for the signer (issuer ") + kJkurwaSigner + ", serial 5f14f000)");
  const pkix::SignerVerdict given = pkix::verify_signer(sd, 0, text("123"), &own);
  CHECK_MESSAGE(given.verdict == pkix::SignatureVerdict::valid, given.reason);
  // Another certificate given in its place: ESSCertIDv2 no longer names it.
  const pkix::SignedData ecdsa = pkix::read_signed_data(read_file("ecdsa-attached.p7s"));
  const pkix::SignerVerdict wrong = pkix::verify_signer(sd, 0, text("123"), &ecdsa.certificates.at(0));
  CHECK(wrong.verdict == pkix::SignatureVerdict::invalid);
  CHECK(wrong.reason == "signingCertificateV2 names another certificate");
}

TEST_CASE("every truncation of a SignedData is refused with Error") {
  for (const char* name : {"message.p7", "message_detached.p7", "ecdsa-attached.p7s"}) {
    const Bytes p7 = read_file(name);
    for (std::size_t n = 0; n < p7.size(); ++n) {
      CHECK_THROWS_AS(pkix::read_signed_data(std::span<const std::uint8_t>(p7.data(), n)), dstu::Error);
    }
  }
}

TEST_CASE("signed attributes: a duplicate is refused, a missing one is invalid") {
  const Bytes p7 = read_file("message.p7");
  // The unchanged rewrite reads and verifies: the editor itself changes nothing.
  const Bytes same = edit_signed_attrs(p7, [](auto set) { return Bytes(set.begin(), set.end()); });
  CHECK(same == p7);
  for (std::size_t i = 0; i < 4; ++i) {
    const Bytes twice = edit_signed_attrs(p7, [i](auto set) {
      std::vector<Bytes> a = attributes(set);
      a.push_back(a[i]);
      return concat(a);
    });
    CHECK_THROWS_AS(pkix::read_signed_data(twice), dstu::Error);
  }
  const Bytes no_digest = edit_signed_attrs(p7, [](auto set) {
    std::vector<Bytes> a = attributes(set);
    a.erase(a.begin() + 2);
    return concat(a);
  });
  const pkix::SignerVerdict missing = verify(no_digest, text("123"));
  CHECK(missing.verdict == pkix::SignatureVerdict::invalid);
  CHECK(missing.reason == "no messageDigest attribute");
  // Reordered: the signature covers the order received, so it no longer verifies.
  const Bytes reordered = edit_signed_attrs(p7, [](auto set) {
    std::vector<Bytes> a = attributes(set);
    std::swap(a[0], a[3]);
    return concat(a);
  });
  const pkix::SignerVerdict sorted = verify(reordered, text("123"));
  CHECK(sorted.verdict == pkix::SignatureVerdict::invalid);
  CHECK(sorted.reason == "the signature does not verify under the signer's key");
}

TEST_CASE("PEM: \"PKCS7\" and \"CMS\" blocks read, other labels refused") {
  const Bytes p7 = read_file("message.p7");
  for (const char* label : {"PKCS7", "CMS"}) {
    const std::string armored = dstu::pem::encode({label, {}, p7});
    const pkix::SignedData sd = pkix::read_signed_data(text(armored));
    CHECK(sd.der == p7);
  }
  CHECK_THROWS_AS(pkix::read_signed_data(text(dstu::pem::encode({"CERTIFICATE", {}, p7}))), dstu::Error);
  CHECK_THROWS_AS(pkix::read_signed_data(read_file("ecdsa-cert.pem")), dstu::Error);
}

TEST_CASE("OpenSSL's ECDSA P-256 signatures verify; tampered ones do not") {
  const Bytes content = read_file("content.txt");
  for (const char* name : {"ecdsa-attached.p7s", "ecdsa-detached.p7s", "ecdsa-keyid.p7s", "ecdsa-noattr.p7s",
                           "ecdsa-cades.p7s"}) {
    INFO(name);
    const pkix::SignedData sd = pkix::read_signed_data(read_file(name));
    REQUIRE(sd.signers.size() == 1);
    if (sd.content) CHECK(*sd.content == content);
    const pkix::SignerVerdict ok = pkix::verify_signer(sd, 0, content);
    CHECK_MESSAGE(ok.verdict == pkix::SignatureVerdict::valid, ok.reason);
    CHECK(ok.algorithm == "ECDSA with SHA-256");
    Bytes other = content;
    other.back() ^= 0x01;
    const pkix::SignerVerdict bad = pkix::verify_signer(sd, 0, other);
    CHECK(bad.verdict == pkix::SignatureVerdict::invalid);
    pkix::SignedData broken = sd;
    broken.signers[0].signature[10] ^= 0x01;
    CHECK(pkix::verify_signer(broken, 0, content).verdict == pkix::SignatureVerdict::invalid);
  }
  const pkix::SignedData keyid = pkix::read_signed_data(read_file("ecdsa-keyid.p7s"));
  CHECK(keyid.signers[0].version == 3);
  CHECK(keyid.signers[0].subject_key_id == keyid.certificates.at(0).subject_key_id);
  CHECK(pkix::read_signed_data(read_file("ecdsa-noattr.p7s")).signers[0].signed_attrs.empty());
  const pkix::SignedData cades = pkix::read_signed_data(read_file("ecdsa-cades.p7s"));
  REQUIRE(cades.signers[0].signing_certificate);
  CHECK(cades.signers[0].signing_certificate->hash_oid == "2.16.840.1.101.3.4.2.1");  // the DEFAULT
}

TEST_CASE("unsigned attributes are kept by OID as received, and do not touch the signature") {
  const Bytes p7 = read_file("message.p7");
  // A signature timestamp attribute (RFC 3161 token in CAdES) twice, its token a stand-in:
  // Attribute { 1.2.840.113549.1.9.16.2.14, SET { SEQUENCE { INTEGER 7 } } }.
  const Bytes stamp = dstu::from_hex("3014060b2a864886f70d010910020e31053003020107");
  const Bytes with_stamps = edit_signer(p7, [&](std::span<const std::uint8_t> signer_info) {
    der::Writer w;
    w.raw(signer_info);
    w.begin(der::context(1));
    w.raw(stamp);
    w.raw(stamp);
    w.end();
    return w.finish();
  });
  const pkix::SignedData sd = pkix::read_signed_data(with_stamps);
  const pkix::SignerInfo& si = sd.signers.at(0);
  REQUIRE(si.unsigned_attributes.size() == 2);
  CHECK(si.unsigned_attributes[0].oid == "1.2.840.113549.1.9.16.2.14");
  CHECK(si.unsigned_attributes[0].der == stamp);
  REQUIRE(si.unsigned_attributes[0].values.size() == 1);
  CHECK(si.unsigned_attributes[0].values[0] == dstu::from_hex("3003020107"));
  const pkix::SignerVerdict ok = pkix::verify_signer(sd, 0, *sd.content);
  CHECK_MESSAGE(ok.verdict == pkix::SignatureVerdict::valid, ok.reason);
}

TEST_CASE("the signed attributes' values: one each, of their types") {
  const Bytes p7 = read_file("message.p7");
  // messageDigest with a second value; signingTime that is not a time; contentType empty.
  const std::vector<Bytes> bad = {
      dstu::from_hex("301506092a864886f70d01090431080402aabb0402ccdd"),
      dstu::from_hex("301306092a864886f70d01090531060404aabbccdd"),
      dstu::from_hex("300d06092a864886f70d0109033100"),
  };
  for (std::size_t k = 0; k < bad.size(); ++k) {
    INFO(k);
    const Bytes edited = edit_signed_attrs(p7, [&](auto set) {
      std::vector<Bytes> a = attributes(set);
      a[k == 0 ? 2 : k == 1 ? 3 : 1] = bad[k];
      return concat(a);
    });
    CHECK_THROWS_AS(pkix::read_signed_data(edited), dstu::Error);
  }
}

namespace {

Bytes digest(const pkix::AnyPublicKey& key, const std::string& hash, std::span<const std::uint8_t> data) {
  const auto hasher = pkix::make_hasher(key, hash);
  hasher->update(data);
  return hasher->final();
}

/// An attached SignedData over `content` by `key` under `cert`, as Ukrainian PKI writes
/// it: SignerInfo version 1, signed contentType and messageDigest, the raw r_le || s_le.
Bytes make_signed_data(const dstu::dstu4145::PrivateKey& key, const pkix::Certificate& cert, const std::string& hash,
                       const char* digest_oid, const char* signature_oid, const Bytes& content) {
  const pkix::AnyPublicKey pub = key.public_key();
  der::Writer attrs;
  attrs.begin(0x31);
  attrs.begin(der::kSequence);
  attrs.oid("1.2.840.113549.1.9.3");
  attrs.begin(0x31);
  attrs.oid("1.2.840.113549.1.7.1");
  attrs.end();
  attrs.end();
  attrs.begin(der::kSequence);
  attrs.oid("1.2.840.113549.1.9.4");
  attrs.begin(0x31);
  attrs.octet_string(digest(pub, hash, content));
  attrs.end();
  attrs.end();
  attrs.end();
  Bytes signed_attrs = attrs.finish();
  dstu::rng::ChaCha20Drbg nonces(29, 0);
  const auto sig = dstu::dstu4145::sign_digest(key, digest(pub, hash, signed_attrs), nonces);
  signed_attrs[0] = der::context(0);

  der::Writer w;
  w.begin(der::kSequence);
  w.oid("1.2.840.113549.1.7.2");
  w.begin(der::context(0));
  w.begin(der::kSequence);
  w.integer(1);
  w.begin(0x31);
  w.begin(der::kSequence);
  w.oid(digest_oid);
  w.end();
  w.end();
  w.begin(der::kSequence);
  w.oid("1.2.840.113549.1.7.1");
  w.begin(der::context(0));
  w.octet_string(content);
  w.end();
  w.end();
  w.begin(der::context(0));
  w.raw(cert.der);
  w.end();
  w.begin(0x31);
  w.begin(der::kSequence);
  w.integer(1);
  w.begin(der::kSequence);
  w.raw(cert.issuer.der);
  Bytes serial{der::kInteger, static_cast<std::uint8_t>(cert.serial.size())};
  serial.insert(serial.end(), cert.serial.begin(), cert.serial.end());
  w.raw(serial);
  w.end();
  w.begin(der::kSequence);
  w.oid(digest_oid);
  w.end();
  w.raw(signed_attrs);
  w.begin(der::kSequence);
  w.oid(signature_oid);
  w.end();
  w.octet_string(dstu::dstu4145::encode_signature_le(key.curve(), sig));
  for (int i = 0; i < 5; ++i) w.end();
  return w.finish();
}

}  // namespace

TEST_CASE("DSTU 4145 with Kupyna-256 and with GOST 34.311 under jkurwa's test key verify") {
  const pkix::AnyPrivateKey any = pkix::decode_pkcs8(cert_file("PRIV1.cer"));
  const auto& key = std::get<dstu::dstu4145::PrivateKey>(any);
  const pkix::Certificate cert = pkix::read_certificate(cert_file("SELF_SIGNED1.cer"));
  struct Case {
    const char* hash;
    const char* digest_oid;
    const char* signature_oid;
    const char* algorithm;
  };
  for (const Case& c : {Case{"kupyna256", "1.2.804.2.1.1.1.1.2.2.1", "1.2.804.2.1.1.1.1.3.6.1.1", "DSTU 4145 with Kupyna-256"},
                        Case{"gost34311", "1.2.804.2.1.1.1.1.2.1", "1.2.804.2.1.1.1.1.3.1.1", "DSTU 4145 with GOST 34.311"}}) {
    INFO(c.hash);
    const Bytes p7 = make_signed_data(key, cert, c.hash, c.digest_oid, c.signature_oid, text("kupyna content"));
    const pkix::SignedData sd = pkix::read_signed_data(p7);
    const pkix::SignerVerdict ok = pkix::verify_signer(sd, 0, *sd.content);
    CHECK_MESSAGE(ok.verdict == pkix::SignatureVerdict::valid, ok.reason);
    CHECK(ok.algorithm == c.algorithm);
    const pkix::SignerVerdict other = pkix::verify_signer(sd, 0, text("other content"));
    CHECK(other.reason == "messageDigest does not match the content");
  }
}

TEST_CASE("ECDSA named by the key's OID (ecPublicKey) takes the digest algorithm's hash") {
  const Bytes p7 = read_file("ecdsa-attached.p7s");
  // signatureAlgorithm is not signed: rename it in place of ecdsa-with-SHA256.
  const Bytes renamed = edit_signer(p7, [](std::span<const std::uint8_t> signer_info) {
    der::Reader signer(signer_info);
    der::Writer w;
    while (!signer.empty()) {
      const der::Element e = signer.next();
      if (e.encoded.size() == 12 && e.tag == der::kSequence && e.encoded[4] == 0x2a) {
        w.begin(der::kSequence);
        w.oid("1.2.840.10045.2.1");
        w.end();
      } else {
        w.raw(e.encoded);
      }
    }
    return w.finish();
  });
  const pkix::SignedData sd = pkix::read_signed_data(renamed);
  CHECK(sd.signers.at(0).signature_oid == "1.2.840.10045.2.1");
  const pkix::SignerVerdict ok = pkix::verify_signer(sd, 0, read_file("content.txt"));
  CHECK_MESSAGE(ok.verdict == pkix::SignatureVerdict::valid, ok.reason);
  CHECK(ok.algorithm == "ECDSA with SHA-256");
}

TEST_CASE("a contentType attribute other than eContentType is invalid") {
  const Bytes other_type = edit_signed_attrs(read_file("message.p7"), [](auto set) {
    std::vector<Bytes> a = attributes(set);
    a[1] = dstu::from_hex("301806092a864886f70d010903310b06092a864886f70d010702");
    return concat(a);
  });
  const pkix::SignerVerdict v = verify(other_type, text("123"));
  CHECK(v.verdict == pkix::SignatureVerdict::invalid);
  CHECK(v.reason == "contentType 1.2.840.113549.1.7.2 differs from eContentType 1.2.840.113549.1.7.1");
}
