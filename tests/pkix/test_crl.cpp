// X.509 CRLs (dstu/pkix/crl.hpp): a CRL OpenSSL wrote (test-vectors/pki/crl, README.md
// there gives the commands) reads with the fields `openssl crl -text` prints and verifies
// under its CA's key; a v2 delta CRL with every field the reader decodes, built here and
// signed with DSTU 4145, reads back field for field and verifies; flipped bits, every
// truncation and every corrupted octet fail cleanly.
#include <doctest/doctest.h>

#include <fstream>
#include <iterator>
#include <string>

#include "dstu/base/der.hpp"
#include "dstu/base/error.hpp"
#include "dstu/dstu4145/encoding.hpp"
#include "dstu/dstu4145/sign.hpp"
#include "dstu/hash/gost34311.hpp"
#include "dstu/pkix/crl.hpp"
#include "dstu/rng/random.hpp"
#include "test_random.hpp"

using dstu::Bytes;
namespace d4 = dstu::dstu4145;
namespace der = dstu::der;
namespace pkix = dstu::pkix;

namespace {

Bytes crl_file(const std::string& name) {
  std::ifstream in(std::string(DSTU_PKI_CRL) + "/" + name, std::ios::binary);
  REQUIRE_MESSAGE(in.good(), "missing fixture " << name);
  return Bytes(std::istreambuf_iterator<char>(in), {});
}

void time(der::Writer& w, std::uint8_t tag, const std::string& text) {
  w.begin(tag);  // a primitive tag: begin/end writes tag, length and the raw content
  w.raw(Bytes(text.begin(), text.end()));
  w.end();
}

void extension(der::Writer& w, const char* oid, const Bytes& value, bool critical = false) {
  w.begin(der::kSequence);
  w.oid(oid);
  if (critical) w.raw(Bytes{0x01, 0x01, 0xff});
  w.octet_string(value);
  w.end();
}

Bytes element(std::uint8_t tag, const Bytes& content) {
  der::Writer w;
  w.begin(tag);
  w.raw(content);
  w.end();
  return w.finish();
}

/// A v2 delta CRL of two entries signed by `key` with DSTU 4145 and GOST 34.311.
Bytes dstu_delta_crl(const d4::PrivateKey& key, dstu::RandomSource& rng) {
  der::Writer tbs;
  tbs.begin(der::kSequence);
  tbs.integer(std::uint64_t{1});
  tbs.raw(Bytes{0x30, 0x0d, 0x06, 0x0b, 0x2a, 0x86, 0x24, 0x02, 0x01, 0x01, 0x01, 0x01, 0x03, 0x01, 0x01});
  tbs.begin(der::kSequence);  // issuer: CN=Test
  tbs.begin(0x31);
  tbs.begin(der::kSequence);
  tbs.oid("2.5.4.3");
  tbs.raw(element(0x0c, Bytes{'T', 'e', 's', 't'}));
  tbs.end();
  tbs.end();
  tbs.end();
  time(tbs, 0x17, "260101000000Z");
  time(tbs, 0x18, "20260102000000Z");
  tbs.begin(der::kSequence);
  tbs.begin(der::kSequence);  // serial 0x00ff, keyCompromise, invalid since 2025-12-31
  tbs.integer(Bytes{0xff});
  time(tbs, 0x17, "251231120000Z");
  tbs.begin(der::kSequence);
  extension(tbs, "2.5.29.21", element(0x0a, Bytes{0x01}));
  extension(tbs, "2.5.29.24", element(0x18, Bytes{'2', '0', '2', '5', '1', '2', '3', '1', '0', '0', '0', '0', '0', '0', 'Z'}));
  tbs.end();
  tbs.end();
  tbs.begin(der::kSequence);  // serial 5, no reason
  tbs.integer(std::uint64_t{5});
  time(tbs, 0x17, "251231130000Z");
  tbs.end();
  tbs.end();
  tbs.begin(der::context(0));
  tbs.begin(der::kSequence);
  extension(tbs, "2.5.29.20", element(der::kInteger, Bytes{0x2a}));
  extension(tbs, "2.5.29.27", element(der::kInteger, Bytes{0x28}), true);
  tbs.end();
  tbs.end();
  tbs.end();
  const Bytes tbs_der = tbs.finish();

  const auto digest = dstu::hash::Gost34311::hash(tbs_der);
  const d4::Signature sig = d4::sign_digest(key, digest, rng, 1);
  der::Writer octets;
  octets.octet_string(d4::encode_signature_le(key.curve(), sig));
  der::Writer w;
  w.begin(der::kSequence);
  w.raw(tbs_der);
  w.raw(Bytes{0x30, 0x0d, 0x06, 0x0b, 0x2a, 0x86, 0x24, 0x02, 0x01, 0x01, 0x01, 0x01, 0x03, 0x01, 0x01});
  w.bit_string(octets.finish());
  w.end();
  return w.finish();
}

}  // namespace

TEST_CASE("a CRL OpenSSL wrote, as openssl crl -text prints it, verified under its CA") {
  const pkix::Crl crl = pkix::read_crl(crl_file("ecdsa.crl"));
  CHECK(crl.version == 2);
  CHECK(crl.signature_oid == "1.2.840.10045.4.3.2");
  CHECK(pkix::to_string(crl.issuer) == "CN=Test CRL CA, O=dstu");
  CHECK(crl.this_update == 1795788980);  // Nov 27 14:16:20 2026 GMT
  CHECK(crl.next_update == 1798380980);  // Dec 27 14:16:20 2026 GMT
  CHECK(crl.crl_number == Bytes{0x10, 0x00});  // 4096
  CHECK_FALSE(crl.is_delta());
  CHECK(crl.authority_key_id == dstu::from_hex("DF27A3F0167A24D24E1ABC1D7A5D36ED9E55C3C3"));
  REQUIRE(crl.revoked.size() == 2);
  CHECK(crl.revoked[0].serial == Bytes{0x01});
  CHECK(crl.revoked[0].reason == 1);
  CHECK(pkix::reason_name(*crl.revoked[0].reason) == "keyCompromise");
  CHECK(crl.revoked[1].reason == 4);
  CHECK(pkix::reason_name(4) == "superseded");
  CHECK(crl.revoked[0].date == 1795788980);
  CHECK(pkix::find_revoked(crl, Bytes{0x02}) == &crl.revoked[1]);
  CHECK(pkix::find_revoked(crl, Bytes{0x03}) == nullptr);

  const pkix::Certificate ca = pkix::read_certificate(crl_file("ecdsa-ca.cer"));
  CHECK(ca.subject.der == crl.issuer.der);
  CHECK(ca.subject_key_id == crl.authority_key_id);
  CHECK(pkix::verify_signature(crl, *ca.public_key).verdict == pkix::SignatureVerdict::valid);
  CHECK(pkix::read_crl(crl_file("ecdsa-crl.pem")).der == crl.der);
  const pkix::Certificate user = pkix::read_certificate(crl_file("ecdsa-user1.pem"));
  CHECK(pkix::verify_signature(user, *ca.public_key).verdict == pkix::SignatureVerdict::valid);
  CHECK(pkix::find_revoked(crl, user.serial) == &crl.revoked[0]);
}

TEST_CASE("a DSTU 4145 delta CRL with reasons and an invalidity date") {
  dstu::rng::ChaCha20Drbg rng(dstu::test::seed(), 5280);
  const d4::PrivateKey key = d4::generate_key(dstu::ec2m::Curve::named("dstu257"), rng);
  const pkix::AnyPublicKey pub = key.public_key();
  const Bytes der_bytes = dstu_delta_crl(key, rng);
  const pkix::Crl crl = pkix::read_crl(der_bytes);
  CHECK(pkix::to_string(crl.issuer) == "CN=Test");
  CHECK(crl.this_update == 1767225600);   // 2026-01-01
  CHECK(crl.next_update == 1767312000);   // 2026-01-02
  CHECK(crl.crl_number == Bytes{0x2a});
  REQUIRE(crl.is_delta());
  CHECK(crl.delta_base == Bytes{0x28});
  CHECK(crl.extensions.size() == 2);
  CHECK(crl.extensions[1].critical);
  REQUIRE(crl.revoked.size() == 2);
  CHECK(crl.revoked[0].serial == Bytes{0x00, 0xff});
  CHECK(crl.revoked[0].reason == 1);
  CHECK(crl.revoked[0].invalidity_date == 1767139200);  // 2025-12-31
  CHECK(crl.revoked[0].date == 1767182400);             // 2025-12-31 12:00
  CHECK_FALSE(crl.revoked[1].reason);
  CHECK(crl.revoked[1].serial == Bytes{0x05});

  const pkix::SignatureCheck check = pkix::verify_signature(crl, pub);
  CHECK(check.verdict == pkix::SignatureVerdict::valid);
  CHECK(check.algorithm == "DSTU 4145 with GOST 34.311");
  for (std::size_t bit = 0; bit < crl.tbs.size() * 8; bit += 3) {
    pkix::Crl bad = crl;
    bad.tbs[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
    INFO("tbs bit " << bit);
    CHECK(pkix::verify_signature(bad, pub).verdict == pkix::SignatureVerdict::invalid);
  }
  for (std::size_t bit = 0; bit < crl.signature.size() * 8; ++bit) {
    pkix::Crl bad = crl;
    bad.signature[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
    INFO("signature bit " << bit);
    CHECK(pkix::verify_signature(bad, pub).verdict == pkix::SignatureVerdict::invalid);
  }
}

TEST_CASE("every truncation and every corrupted octet of a CRL is a clean Error or a CRL") {
  const Bytes der_bytes = crl_file("ecdsa.crl");
  for (std::size_t n = 0; n < der_bytes.size(); ++n) {
    CHECK_THROWS_AS(pkix::read_crl(std::span(der_bytes).first(n)), dstu::Error);
  }
  for (std::size_t i = 0; i < der_bytes.size(); ++i) {
    Bytes bad = der_bytes;
    bad[i] ^= 0xff;
    try {
      (void)pkix::read_crl(bad);
    } catch (const dstu::Error& e) {
      CHECK(std::string(e.what()).rfind("CRL: ", 0) == 0);
    }
  }
  CHECK_THROWS_WITH_AS(pkix::read_crl(crl_file("ecdsa-user1.pem")), "CRL: a PEM block labelled \"CERTIFICATE\"",
                       dstu::Error);
}
