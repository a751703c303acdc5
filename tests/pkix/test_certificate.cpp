// X.509 certificates (dstu/pkix/certificate.hpp) on the certificates of Ukrainian PKI in
// test-vectors/pki/certs (README.md there gives each file's source): every certificate
// reads, with the fields `openssl x509 -inform DER -text` (OpenSSL 3.0) prints for it;
// the self-signed roots verify their own signatures (as BouncyCastle's CertTest and
// jkurwa's test-cert.js verify them), the Ministry of Justice CA verifies under the root
// its AKI names and under no other key; the SKI recomputed is the SKI extension; a flipped
// bit in the signed octets or the signature fails; every truncation and every corrupted
// octet is a clean Error; the Kupyna and ECDSA paths on signatures made here; version 1
// and 3 certificates re-signed with jkurwa's key (PRIV1.cer) for what only v3 may hold.
#include <doctest/doctest.h>

#include <fstream>
#include <iterator>
#include <string>
#include <variant>

#include "dstu/base/der.hpp"
#include "dstu/base/error.hpp"
#include "dstu/base/pem.hpp"
#include "dstu/dstu4145/encoding.hpp"
#include "dstu/dstu4145/sign.hpp"
#include "dstu/ecdsa/group.hpp"
#include "dstu/ecdsa/sign.hpp"
#include "dstu/ecdsa/signature_codec.hpp"
#include "dstu/hash/hasher.hpp"
#include "dstu/pkix/certificate.hpp"
#include "dstu/rng/random.hpp"
#include "test_random.hpp"

using dstu::Bytes;
namespace d4 = dstu::dstu4145;
namespace pkix = dstu::pkix;

namespace {

Bytes cert_file(const std::string& name) {
  std::ifstream in(std::string(DSTU_PKI_CERTS) + "/" + name, std::ios::binary);
  REQUIRE_MESSAGE(in.good(), "missing fixture " << name);
  return Bytes(std::istreambuf_iterator<char>(in), {});
}

pkix::Certificate cert(const std::string& name) { return pkix::read_certificate(cert_file(name)); }

Bytes unhex(const std::string& h) { return dstu::from_hex(h); }

const char* const kCertificates[] = {"CZOROOT.cer",      "uaczo1.cer",           "uaczo2.cer",
                                     "SFS_1.cer",        "CA-Justice.cer",       "CA-Justice-ECDSA-261217.cer",
                                     "SELF_SIGNED1.cer", "SELF_SIGNED_ENC1.cer"};

bool valid(const pkix::SignatureCheck& c) { return c.verdict == pkix::SignatureVerdict::valid; }

}  // namespace

TEST_CASE("the root of the central certification authority, as openssl x509 -text prints it") {
  const pkix::Certificate c = cert("CZOROOT.cer");
  CHECK(c.version == 3);
  CHECK(c.serial == unhex("3004751DEF2C78AE010000000100000001000000"));
  CHECK(c.signature_oid == "1.2.804.2.1.1.1.1.3.1.1");
  CHECK(c.signature_parameters.empty());
  CHECK(pkix::to_string(c.subject) ==
        "O=Міністерство юстиції України, OU=Адміністратор ІТС ЦЗО, CN=Центральний засвідчувальний орган, "
        "serialNumber=UA-00015622-2012, C=UA, L=Київ");
  CHECK(c.issuer.der == c.subject.der);
  CHECK(c.not_before == 1348861980);  // Sep 28 19:53:00 2012 GMT
  CHECK(c.not_after == 1664394780);   // Sep 28 19:53:00 2022 GMT
  REQUIRE(c.public_key);
  CHECK(pkix::curve_name(*c.public_key) == "dstu431");
  CHECK(c.subject_key_id == unhex("3004751DEF2C78AE150BABEFBEFF0DABDBF82CE5689EEB4ED310A5FB1338FB0A"));
  CHECK(c.authority_key_id == c.subject_key_id);
  CHECK(c.key_usage == (pkix::kKeyCertSign | pkix::kCrlSign));  // critical: Certificate Sign, CRL Sign
  REQUIRE(c.basic_constraints);
  CHECK(c.basic_constraints->ca);
  CHECK(c.basic_constraints->path_len == 2u);
  CHECK(c.policies == std::vector<std::string>{"1.2.804.2.1.1.1.2.2"});
  CHECK(c.crl_distribution_points == std::vector<std::string>{"http://czo.gov.ua/download/crls/CZO-Full.crl"});
  // Kept though not decoded: Freshest CRL (2.5.29.46).
  REQUIRE(c.extensions.size() == 8);
  CHECK(c.extensions[7].oid == "2.5.29.46");
  CHECK_FALSE(c.extensions[7].critical);
  CHECK(c.extensions[2].critical);  // keyUsage
}

TEST_CASE("a tax-service certificate: EDRPOU, extKeyUsage, qcStatements, not a CA") {
  const pkix::Certificate c = cert("SFS_1.cer");
  CHECK(c.serial == unhex("33B6CB7BF721B9CE040000009162200086E34A00"));
  CHECK(pkix::to_string(c.subject) ==
        "O=Державна фіскальна служба України, CN=Державна фіскальна служба України.  ОТРИМАНО, "
        "serialNumber=2122385, C=UA, L=Київ");
  CHECK(c.not_before == 1478124000);  // Nov  2 22:00:00 2016 GMT
  CHECK(c.not_after == 1541196000);   // Nov  2 22:00:00 2018 GMT
  REQUIRE(c.public_key);
  CHECK(pkix::curve_name(*c.public_key) == "dstu257");
  CHECK(c.key_usage == (pkix::kDigitalSignature | pkix::kNonRepudiation));
  CHECK(c.ext_key_usage == std::vector<std::string>{"1.2.804.2.1.1.1.3.9"});
  REQUIRE(c.basic_constraints);
  CHECK_FALSE(c.basic_constraints->ca);
  CHECK_FALSE(c.basic_constraints->path_len);
  CHECK(c.qc_statements == std::vector<std::string>{"1.2.804.2.1.1.1.2.1", "0.4.0.1862.1.2"});
  CHECK(c.edrpou == "39292197");
  CHECK_FALSE(c.drfo);
  CHECK(c.authority_key_id == unhex("33B6CB7BF721B9CEEEE3DE2E62FEEA3B701A4B6760BC1C2FCF356516B50EBCAA"));
  CHECK(c.crl_distribution_points ==
        std::vector<std::string>{"http://acskidd.gov.ua/download/crls/ACSKIDDDFS-Full.crl"});
}

TEST_CASE("an ECDSA certificate of the Ministry of Justice centre, with English names") {
  const pkix::Certificate c = cert("CA-Justice-ECDSA-261217.cer");
  CHECK(c.signature_oid == "1.2.840.10045.4.3.2");  // ecdsa-with-SHA256
  CHECK(c.key_algorithm == "1.2.840.10045.2.1");
  REQUIRE(c.public_key);
  CHECK(pkix::curve_name(*c.public_key) == "P-256");  // ASN1 OID: prime256v1
  CHECK(pkix::to_string(c.issuer) ==
        "O=Ministry of Justice of Ukraine, OU=Administrator ITS CCA, CN=Central certification authority, "
        "serialNumber=UA-00015622-256, C=UA, L=Kyiv, organizationIdentifier=NTRUA-00015622");
  CHECK(c.subject_key_id == unhex("5358AA45490330140F405E96F6E6BF7B059CBFB6000000000000000000000000"));
  CHECK(c.qc_statements == std::vector<std::string>{"1.3.6.1.5.5.7.11.2", "1.2.804.2.1.1.1.2.1"});
  CHECK(c.basic_constraints->path_len == 0u);
  // Its issuer's key is not among the fixtures; its own key did not sign it.
  CHECK(pkix::verify_signature(c, *c.public_key).verdict == pkix::SignatureVerdict::invalid);
}

TEST_CASE("an older root: a comma in a name, cA without pathLen, two policies") {
  const pkix::Certificate c = cert("uaczo2.cer");
  CHECK(c.serial == unhex("018870"));
  CHECK(c.not_before == 1167032458);  // Dec 25 07:40:58 2006 GMT
  CHECK(pkix::to_string(c.subject).find("CN=Україна\\, ЦЗО / Ukraine\\, Central CA, ") != std::string::npos);
  CHECK(c.basic_constraints->ca);
  CHECK_FALSE(c.basic_constraints->path_len);
  CHECK(c.key_usage == (pkix::kDigitalSignature | pkix::kNonRepudiation | pkix::kKeyCertSign | pkix::kCrlSign));
  CHECK(c.policies == std::vector<std::string>{"1.2.804.2.1.1.1.2.1", "1.2.804.2.1.1.1.2.2"});
}

TEST_CASE("jkurwa's self-signed certificates: the AKI as a bare OCTET STRING") {
  const pkix::Certificate c = cert("SELF_SIGNED1.cer");
  CHECK(pkix::to_string(c.subject) == "O=Very Much CA, serialNumber=UA-99999999, L=Wakanda");
  CHECK(c.not_before == 1500000000);  // Jul 14 02:40:00 2017 GMT
  CHECK(c.not_after == 1700000000);   // Nov 14 22:13:20 2023 GMT
  CHECK(c.authority_key_id == c.subject_key_id);
  CHECK(c.key_usage == (pkix::kDigitalSignature | pkix::kNonRepudiation));
  CHECK(cert("SELF_SIGNED_ENC1.cer").key_usage == pkix::kKeyAgreement);
}

TEST_CASE("every DSTU 4145 certificate's SKI is GOST 34.311 of its key's octets") {
  for (const char* name : kCertificates) {
    INFO(name);
    const pkix::Certificate c = cert(name);
    REQUIRE(c.subject_key_id);
    if (c.key_algorithm != pkix::kOidDstu4145Le) continue;
    CHECK(pkix::ukrainian_key_id(c) == *c.subject_key_id);
    CHECK(pkix::key_id(*c.public_key) == *c.subject_key_id);
    CHECK(pkix::certificate_has_key(c, *c.public_key));
  }
  // The ECDSA centre does not follow the rule (SHA-1 padded with zeros, by its look).
  const pkix::Certificate ecdsa = cert("CA-Justice-ECDSA-261217.cer");
  CHECK(pkix::ukrainian_key_id(ecdsa) != *ecdsa.subject_key_id);
}

TEST_CASE("self-signed roots verify their own signatures") {
  for (const char* name : {"CZOROOT.cer", "uaczo1.cer", "uaczo2.cer", "SELF_SIGNED1.cer", "SELF_SIGNED_ENC1.cer"}) {
    INFO(name);
    const pkix::Certificate c = cert(name);
    const pkix::SignatureCheck check = pkix::verify_signature(c, *c.public_key);
    CHECK(valid(check));
    CHECK(check.algorithm == "DSTU 4145 with GOST 34.311");
  }
}

TEST_CASE("a CA certificate verifies under the root its AKI names, and under no other key") {
  const pkix::Certificate root = cert("CZOROOT.cer");
  const pkix::Certificate ca = cert("CA-Justice.cer");
  REQUIRE(ca.authority_key_id == root.subject_key_id);
  CHECK(valid(pkix::verify_signature(ca, *root.public_key)));
  CHECK(ca.issuer.der == root.subject.der);
  for (const char* other : {"uaczo2.cer", "CA-Justice.cer", "SFS_1.cer", "SELF_SIGNED1.cer"}) {
    INFO(other);
    const pkix::SignatureCheck check = pkix::verify_signature(ca, *cert(other).public_key);
    CHECK(check.verdict == pkix::SignatureVerdict::invalid);
    CHECK_FALSE(check.reason.empty());
  }
  const pkix::SignatureCheck wrong_kind = pkix::verify_signature(ca, *cert("CA-Justice-ECDSA-261217.cer").public_key);
  CHECK(wrong_kind.verdict == pkix::SignatureVerdict::invalid);
  CHECK(wrong_kind.reason == "the signer's key is not a DSTU 4145 key");
  CHECK_FALSE(pkix::certificate_has_key(ca, *root.public_key));
}

TEST_CASE("a flipped bit in the signed octets or in the signature fails verification") {
  const pkix::Certificate c = cert("SELF_SIGNED1.cer");
  const pkix::AnyPublicKey key = *c.public_key;
  REQUIRE(valid(pkix::verify_signature(c, key)));
  for (std::size_t bit = 0; bit < c.signature.size() * 8; ++bit) {
    pkix::Certificate bad = c;
    bad.signature[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
    INFO("signature bit " << bit);
    CHECK(pkix::verify_signature(bad, key).verdict == pkix::SignatureVerdict::invalid);
  }
  for (std::size_t bit = 0; bit < c.tbs.size() * 8; bit += 5) {
    pkix::Certificate bad = c;
    bad.tbs[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
    INFO("tbs bit " << bit);
    CHECK(pkix::verify_signature(bad, key).verdict == pkix::SignatureVerdict::invalid);
  }
}

TEST_CASE("every truncation and every corrupted octet is a clean Error or a certificate") {
  for (const char* name : {"SELF_SIGNED1.cer", "CZOROOT.cer", "SFS_1.cer", "CA-Justice-ECDSA-261217.cer"}) {
    INFO(name);
    const Bytes der = cert_file(name);
    for (std::size_t n = 0; n < der.size(); ++n) {
      CHECK_THROWS_AS(pkix::read_certificate(std::span(der).first(n)), dstu::Error);
    }
    Bytes longer = der;
    longer.push_back(0);
    CHECK_THROWS_WITH_AS(pkix::read_certificate(longer), doctest::Contains("certificate: "), dstu::Error);
    for (std::size_t i = 0; i < der.size(); ++i) {
      Bytes bad = der;
      bad[i] ^= 0xff;
      try {
        (void)pkix::read_certificate(bad);
      } catch (const dstu::Error& e) {
        CHECK(std::string(e.what()).rfind("certificate: ", 0) == 0);
      }
    }
  }
}

TEST_CASE("what is not a certificate is refused naming the problem") {
  // jkurwa's PRIV1.cer, Key6929.cer and KeyE54B.cer hold PKCS#8 private keys.
  for (const char* name : {"PRIV1.cer", "Key6929.cer", "KeyE54B.cer", "CAList.cer"}) {
    INFO(name);
    CHECK_THROWS_AS(cert(name), dstu::Error);
  }
  const Bytes der = cert_file("SELF_SIGNED1.cer");
  const std::string key_pem = dstu::pem::encode({"PUBLIC KEY", {}, der});
  CHECK_THROWS_WITH_AS(pkix::read_certificate(Bytes(key_pem.begin(), key_pem.end())),
                       "certificate: a PEM block labelled \"PUBLIC KEY\"", dstu::Error);
  const std::string pem = dstu::pem::encode({"CERTIFICATE", {}, der});
  CHECK(pkix::read_certificate(Bytes(pem.begin(), pem.end())).tbs == pkix::read_certificate(der).tbs);
}

TEST_CASE("the private keys jkurwa keeps beside its certificates match them") {
  const pkix::AnyPublicKey priv1 = pkix::public_key(pkix::decode_pkcs8(cert_file("PRIV1.cer")));
  CHECK(pkix::certificate_has_key(cert("SELF_SIGNED1.cer"), priv1));
  CHECK_FALSE(pkix::certificate_has_key(cert("SELF_SIGNED_ENC1.cer"), priv1));
}

TEST_CASE("times: UTCTime's century, GeneralizedTime, and what is refused") {
  const auto t = [](std::uint8_t tag, const std::string& s) {
    return pkix::read_time(tag, std::span(reinterpret_cast<const std::uint8_t*>(s.data()), s.size()));
  };
  CHECK(t(0x17, "491231235959Z") == 2524607999);  // 2049-12-31
  CHECK(t(0x17, "500101000000Z") == -631152000);  // 1950-01-01
  CHECK(t(0x18, "20240229120000Z") == 1709208000);
  CHECK(t(0x18, "19700101000000Z") == 0);
  for (const char* bad : {"20230229120000Z", "20241301000000Z", "20240101240000Z", "2024010100000Z",
                          "20240101000000+", "2024o101000000Z"}) {
    INFO(bad);
    CHECK_THROWS_AS(t(0x18, bad), dstu::Error);
  }
  CHECK_THROWS_AS(t(0x04, "491231235959Z"), dstu::Error);
}

TEST_CASE("DSTU 4145 with Kupyna and ECDSA with SHA-256, on signatures made here") {
  dstu::rng::ChaCha20Drbg rng(dstu::test::seed(), 28);
  const Bytes tbs = {0x30, 0x03, 0x02, 0x01, 0x05};

  const d4::PrivateKey key = d4::generate_key(dstu::ec2m::Curve::named("dstu257"), rng);
  const pkix::AnyPublicKey pub = key.public_key();
  const auto hasher = dstu::hash::make_hasher("kupyna256");
  hasher->update(tbs);
  const d4::Signature sig = d4::sign_digest(key, hasher->final(), rng, 1);
  dstu::der::Writer w;
  w.octet_string(d4::encode_signature_le(key.curve(), sig));
  const Bytes octets = w.finish();
  for (const char* oid : {"1.2.804.2.1.1.1.1.3.6.1", "1.2.804.2.1.1.1.1.3.6.1.1"}) {
    const pkix::SignatureCheck check = pkix::verify_signed(oid, tbs, octets, pub);
    CHECK(valid(check));
    CHECK(check.algorithm == "DSTU 4145 with Kupyna-256");
  }
  CHECK(pkix::verify_signed("1.2.804.2.1.1.1.1.3.6.2", tbs, octets, pub).verdict ==
        pkix::SignatureVerdict::invalid);
  CHECK(pkix::verify_signed(pkix::kOidDstu4145Le, tbs, octets, pub).verdict == pkix::SignatureVerdict::invalid);

  const dstu::ecdsa::Group& p256 = dstu::ecdsa::Group::named("P-256");
  const auto ec_key = dstu::ecdsa::PrivateKey::generate(p256, rng);
  const pkix::AnyPublicKey ec_pub =
      dstu::ecdsa::SchemePublicKey{dstu::ecdsa::Scheme::ecdsa, dstu::ecdsa::public_key(dstu::ecdsa::Scheme::ecdsa, ec_key)};
  const auto sha = dstu::hash::make_hasher("sha256");
  sha->update(tbs);
  const Bytes ec_sig = dstu::ecdsa::encode_der(
      dstu::ecdsa::sign(dstu::ecdsa::Scheme::ecdsa, ec_key, "sha256", sha->final(), rng));
  CHECK(valid(pkix::verify_signed("1.2.840.10045.4.3.2", tbs, ec_sig, ec_pub)));
  CHECK(pkix::verify_signed("1.2.840.10045.4.3.3", tbs, ec_sig, ec_pub).verdict == pkix::SignatureVerdict::invalid);
  CHECK(pkix::verify_signed("1.2.840.10045.4.3.2", tbs, ec_sig, pub).reason == "the signer's key is not an ECDSA key");

  const pkix::SignatureCheck ed25519 = pkix::verify_signed("1.3.101.112", tbs, ec_sig, ec_pub);
  CHECK(ed25519.verdict == pkix::SignatureVerdict::unsupported);
  CHECK(ed25519.reason == "signature algorithm 1.3.101.112 is not one dstu verifies");
  const pkix::SignatureCheck rsa = pkix::verify_signed("1.2.840.113549.1.1.11", tbs, ec_sig, ec_pub);
  CHECK(rsa.verdict == pkix::SignatureVerdict::invalid);
  CHECK(rsa.reason == "the signer's key is not an RSA key");
}

namespace {

/// A certificate of SELF_SIGNED1.cer's names, validity and key, version 1 (no version
/// field) or 3 with `extensions`, signed again by its own private key (PRIV1.cer).
Bytes resigned(bool v3, const Bytes& extensions, dstu::RandomSource& rng) {
  const pkix::Certificate c = cert("SELF_SIGNED1.cer");
  dstu::der::Reader outer(c.tbs);
  dstu::der::Reader tbs = outer.enter(dstu::der::kSequence, "tbs");
  (void)tbs.next();  // version [0]
  (void)tbs.next();  // serial
  const dstu::der::Element algorithm_element = tbs.next();
  const Bytes algorithm(algorithm_element.encoded.begin(), algorithm_element.encoded.end());
  (void)tbs.next();  // issuer
  const dstu::der::Element validity = tbs.next();

  dstu::der::Writer w;
  w.begin(dstu::der::kSequence);
  if (v3) {
    w.begin(dstu::der::context(0));
    w.integer(std::uint64_t{2});
    w.end();
  }
  w.integer(std::uint64_t{7});
  w.raw(algorithm);
  w.raw(c.issuer.der);
  w.raw(validity.encoded);
  w.raw(c.subject.der);
  w.raw(c.spki);
  w.raw(extensions);
  w.end();
  const Bytes new_tbs = w.finish();

  const auto priv = std::get<d4::PrivateKey>(pkix::decode_pkcs8(cert_file("PRIV1.cer")));
  const auto hasher = pkix::make_hasher(*c.public_key, "gost34311");
  hasher->update(new_tbs);
  const d4::Signature sig = d4::sign_digest(priv, hasher->final(), rng, 1);
  dstu::der::Writer octets;
  octets.octet_string(d4::encode_signature_le(priv.curve(), sig));
  dstu::der::Writer out;
  out.begin(dstu::der::kSequence);
  out.raw(new_tbs);
  out.raw(algorithm);
  out.bit_string(octets.finish());
  out.end();
  return out.finish();
}

}  // namespace

TEST_CASE("version 1 certificates, and what only version 3 may hold") {
  dstu::rng::ChaCha20Drbg rng(dstu::test::seed(), 509);
  const pkix::Certificate root = cert("SELF_SIGNED1.cer");
  const pkix::Certificate v1 = pkix::read_certificate(resigned(false, {}, rng));
  CHECK(v1.version == 1);
  CHECK(v1.serial == Bytes{0x07});
  CHECK(v1.extensions.empty());
  CHECK_FALSE(v1.subject_key_id);
  CHECK(valid(pkix::verify_signature(v1, *root.public_key)));

  const Bytes key_usage = dstu::from_hex("A3123010300E0603551D0F0101FF040403020780");
  const pkix::Certificate v3 = pkix::read_certificate(resigned(true, key_usage, rng));
  CHECK(v3.version == 3);
  CHECK(v3.key_usage == pkix::kDigitalSignature);
  CHECK(valid(pkix::verify_signature(v3, *root.public_key)));
  // All nine named bits, decipherOnly in the second octet.
  const Bytes all_bits = dstu::from_hex("A3133011300F0603551D0F0101FF0405030307FF80");
  CHECK(pkix::read_certificate(resigned(true, all_bits, rng)).key_usage == 0x1ff);
  CHECK_THROWS_WITH_AS(pkix::read_certificate(resigned(false, key_usage, rng)),
                       "certificate: extensions in a version 1 certificate", dstu::Error);
  const Bytes twice = dstu::from_hex("A3223020300E0603551D0F0101FF040403020780300E0603551D0F0101FF040403020780");
  CHECK_THROWS_WITH_AS(pkix::read_certificate(resigned(true, twice, rng)),
                       "certificate: extension 2.5.29.15 appears twice", dstu::Error);
  const Bytes empty = dstu::from_hex("A3023000");
  CHECK_THROWS_WITH_AS(pkix::read_certificate(resigned(true, empty, rng)),
                       "certificate: extensions: an empty SEQUENCE", dstu::Error);
  // subjectDirectoryAttributes with a person's DRFO code and an organisation's EDRPOU.
  dstu::der::Writer sda;
  sda.begin(dstu::der::kSequence);
  for (const auto& [oid, code] : {std::pair{"1.2.804.2.1.1.1.11.1.4.1.1", "1234567890"},
                                  std::pair{"1.2.804.2.1.1.1.11.1.4.2.1", "12345678"}}) {
    sda.begin(dstu::der::kSequence);
    sda.oid(oid);
    sda.begin(0x31);
    sda.begin(0x13);  // PrintableString
    sda.raw(Bytes(code, code + std::char_traits<char>::length(code)));
    sda.end();
    sda.end();
    sda.end();
  }
  sda.end();
  dstu::der::Writer ext;
  ext.begin(dstu::der::context(3));
  ext.begin(dstu::der::kSequence);
  ext.begin(dstu::der::kSequence);
  ext.oid("2.5.29.9");
  ext.octet_string(sda.finish());
  ext.end();
  ext.end();
  ext.end();
  const pkix::Certificate person = pkix::read_certificate(resigned(true, ext.finish(), rng));
  CHECK(person.drfo == "1234567890");
  CHECK(person.edrpou == "12345678");

  const Bytes bad_bool = dstu::from_hex("A3123010300E0603551D0F010101040403020780");
  CHECK_THROWS_WITH_AS(pkix::read_certificate(resigned(true, bad_bool, rng)),
                       "certificate: Extension critical: a BOOLEAN that is not DER", dstu::Error);
}
