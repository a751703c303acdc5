// What a PKI file is, from its structure (dstu/pkix/file_kind.hpp), on every fixture of
// test-vectors/pki and the peers' key files; and which key of a container signs
// (dstu/pkix/key_choice.hpp) on the three containers.
#include <doctest/doctest.h>

#include <fstream>
#include <iterator>
#include <string>

#include "dstu/base/error.hpp"
#include "dstu/pkix/container.hpp"
#include "dstu/pkix/file_kind.hpp"
#include "dstu/pkix/key_choice.hpp"

using namespace dstu;
using pkix::FileKind;

namespace {

Bytes load(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE_MESSAGE(in.good(), "missing fixture " << path);
  return Bytes(std::istreambuf_iterator<char>(in), {});
}

FileKind kind_of(const std::string& path) { return pkix::file_kind(load(path)); }

Bytes text(const std::string& s) { return Bytes(s.begin(), s.end()); }

const std::string kPki = DSTU_PKI;

}  // namespace

TEST_CASE("file_kind: certificates, CRLs, bundles, containers and key files, DER and PEM") {
  for (const char* c : {"CZOROOT.cer", "SFS_1.cer", "CA-Justice.cer", "CA-Justice-ECDSA-261217.cer", "uaczo2.cer",
                        "SELF_SIGNED1.cer", "SELF_SIGNED_ENC1.cer"}) {
    CAPTURE(c);
    CHECK(kind_of(kPki + "/certs/" + c) == FileKind::certificate);
  }
  CHECK(kind_of(kPki + "/crl/ecdsa-user1.pem") == FileKind::certificate);
  CHECK(kind_of(kPki + "/crl/ecdsa-ca.cer") == FileKind::certificate);
  CHECK(kind_of(kPki + "/crl/ecdsa.crl") == FileKind::crl);
  CHECK(kind_of(kPki + "/crl/ecdsa-crl.pem") == FileKind::crl);
  CHECK(kind_of(kPki + "/crl/bundle-p7.pem") == FileKind::bundle);
  CHECK(kind_of(kPki + "/certs/CAList.cer") == FileKind::bundle);
  // A SignedData with signers is a signed file, attached or detached, DER or PEM.
  CHECK(kind_of(kPki + "/cms/message.p7") == FileKind::signed_data);
  CHECK(kind_of(kPki + "/cms/message_detached.p7") == FileKind::signed_data);
  CHECK(pkix::file_kind_name(FileKind::signed_data) == "signed data");
  // jkurwa's ".cer" files that are PKCS#8 keys are key files, whatever their names.
  for (const char* k : {"PRIV1.cer", "Key6929.cer", "KeyE54B.cer"}) {
    CAPTURE(k);
    CHECK(kind_of(kPki + "/certs/" + k) == FileKind::key_file);
  }
  for (const char* c : {"Key-6.dat", "Key-6.pfx", "key.jks", "openssl-p256-tdes-sha1.p12"}) {
    CAPTURE(c);
    CHECK(kind_of(kPki + "/containers/" + c) == FileKind::container);
  }
  const std::string fixtures = DSTU_INTEROP_FIXTURES;
  CHECK(kind_of(fixtures + "/cert-userfiz.cer") == FileKind::certificate);
  CHECK(kind_of(fixtures + "/cert-userfiz.priv.der") == FileKind::key_file);
  CHECK(kind_of(fixtures + "/cert-userfiz.spki.der") == FileKind::key_file);
  CHECK(kind_of(fixtures + "/cert-userfiz.tbs") == FileKind::unknown);  // a bare TBSCertificate
  CHECK(pkix::file_kind(text("-----BEGIN PUBLIC KEY-----\nAA==\n-----END PUBLIC KEY-----\n")) == FileKind::key_file);
  CHECK(pkix::file_kind(text("-----BEGIN PKCS7-----\nAA==\n-----END PKCS7-----\n")) == FileKind::bundle);
  CHECK(pkix::file_kind(text("hello")) == FileKind::unknown);
  CHECK(pkix::file_kind({}) == FileKind::unknown);
  CHECK(pkix::file_kind(Bytes{0x30, 0x80}) == FileKind::unknown);
  CHECK(pkix::file_kind_name(FileKind::crl) == "CRL");
}

TEST_CASE("choose_signing_key: the key a certificate lets sign, else the first without one; by key id") {
  // Key-6.dat and the PKCS#12 hold no certificates: the first key (the signing key,
  // dstu257) is chosen; the JKS holds the key-agreement key's certificate only, so the
  // other key is chosen.
  const auto key6 = pkix::read_container(load(kPki + "/containers/Key-6.dat"), text("tect4"));
  CHECK(pkix::choose_signing_key(key6, {}) == 0);
  CHECK(!pkix::key_certificate(key6, 0));
  const auto jks = pkix::read_container(load(kPki + "/containers/key.jks"), text("123456"), text("qwerty"));
  REQUIRE(jks.keys.size() == 2);
  const auto ka_cert = pkix::key_certificate(jks, 1);
  REQUIRE(ka_cert);
  CHECK(!pkix::allows_signing(*ka_cert));
  CHECK(pkix::choose_signing_key(jks, {}) == 0);
  // By key id, and by the certificate's SKI (the same for Ukrainian CAs).
  CHECK(pkix::choose_signing_key(jks, pkix::key_id(jks.keys[1].public_key)) == 1);
  CHECK(pkix::choose_signing_key(jks, *ka_cert->subject_key_id) == 1);
  CHECK_THROWS_WITH_AS(pkix::choose_signing_key(jks, Bytes{1, 2, 3}),
                       doctest::Contains("no key of the container has the key id 010203"), Error);
  // With the certificates of both keys allowing signing, the choice is ambiguous.
  pkix::Container two = jks;
  pkix::Certificate signing = *ka_cert;
  signing.key_usage = pkix::kDigitalSignature;
  CHECK(pkix::allows_signing(signing));
  signing.public_key = jks.keys[0].public_key;
  // key_certificate matches by key: give the first key a certificate that allows signing
  // (its key swapped in memory), and the key-agreement key's own keeps it from signing.
  CHECK(pkix::key_certificate(two, 0, std::span(&signing, 1)).has_value());
  CHECK(pkix::choose_signing_key(two, {}, std::span(&signing, 1)) == 0);
  pkix::Certificate also = *ka_cert;
  also.key_usage = pkix::kNonRepudiation;
  two.keys[1].chain.clear();
  two.certificates.clear();
  const pkix::Certificate extra[] = {signing, also};
  CHECK_THROWS_WITH_AS(pkix::choose_signing_key(two, {}, extra), doctest::Contains("2 signing keys"), Error);
}
