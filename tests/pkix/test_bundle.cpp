// Bundles (dstu/pkix/bundle.hpp): jkurwa's PKCS#7 certs-only bundle (CAList.cer) reads
// to its four self-signed certificates, two of them the fixtures' own, each verifying
// under its own key; OpenSSL's PKCS7 PEM (crl2pkcs7) to its CA certificate and CRL; PEM
// text of several blocks with text between them, in file order; a DER certificate
// alone. Refusals: another ContentInfo type, another PEM label, a damaged member named by
// its position, text without a block, every truncation of the bundle.
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <string>

#include "dstu/base/der.hpp"
#include "dstu/base/error.hpp"
#include "dstu/pkix/bundle.hpp"

using dstu::Bytes;
namespace pkix = dstu::pkix;

namespace {

Bytes read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE_MESSAGE(in.good(), "missing fixture " << path);
  return Bytes(std::istreambuf_iterator<char>(in), {});
}

Bytes cert_file(const std::string& name) { return read_file(std::string(DSTU_PKI_CERTS) + "/" + name); }
Bytes crl_file(const std::string& name) { return read_file(std::string(DSTU_PKI_CRL) + "/" + name); }

Bytes text(const std::string& s) { return Bytes(s.begin(), s.end()); }
std::string str(const Bytes& b) { return std::string(b.begin(), b.end()); }

}  // namespace

TEST_CASE("jkurwa's PKCS#7 bundle: four self-signed certificates, each verifying under its own key") {
  const pkix::Bundle bundle = pkix::read_bundle(cert_file("CAList.cer"));
  CHECK(bundle.crls.empty());
  REQUIRE(bundle.certificates.size() == 4);
  CHECK(bundle.certificates[0].der == cert_file("SELF_SIGNED1.cer"));
  CHECK(bundle.certificates[3].der == cert_file("SELF_SIGNED_ENC1.cer"));
  CHECK(pkix::to_string(bundle.certificates[1].subject) == "O=Very Much CA, serialNumber=UA-99999991, L=Wakanda");
  for (const pkix::Certificate& c : bundle.certificates) {
    INFO(dstu::to_hex(c.serial));
    CHECK(c.authority_key_id == c.subject_key_id);
    CHECK(pkix::ukrainian_key_id(c) == *c.subject_key_id);
    CHECK(pkix::verify_signature(c, *c.public_key).verdict == pkix::SignatureVerdict::valid);
  }
}

TEST_CASE("OpenSSL's PKCS7 PEM: a certificate and a CRL") {
  const pkix::Bundle bundle = pkix::read_bundle(crl_file("bundle-p7.pem"));
  REQUIRE(bundle.certificates.size() == 1);
  REQUIRE(bundle.crls.size() == 1);
  CHECK(bundle.certificates[0].der == crl_file("ecdsa-ca.cer"));
  CHECK(bundle.crls[0].der == pkix::read_crl(crl_file("ecdsa.crl")).der);
}

TEST_CASE("PEM of several blocks, with text between them, read in file order") {
  const std::string pem = str(crl_file("ecdsa-user1.pem")) + "the CRL:\n" + str(crl_file("ecdsa-crl.pem")) +
                          "\n" + str(crl_file("bundle-p7.pem")) + "trailing words\n";
  const pkix::Bundle bundle = pkix::read_bundle(text(pem));
  REQUIRE(bundle.certificates.size() == 2);
  REQUIRE(bundle.crls.size() == 2);
  CHECK(pkix::to_string(bundle.certificates[0].subject) == "CN=user1");
  CHECK(bundle.certificates[1].der == crl_file("ecdsa-ca.cer"));

  const Bytes one = pkix::read_bundle(cert_file("CZOROOT.cer")).certificates.at(0).der;
  CHECK(one == cert_file("CZOROOT.cer"));
}

TEST_CASE("what a bundle reader refuses, naming it") {
  dstu::der::Writer data;  // a ContentInfo of type data
  data.begin(dstu::der::kSequence);
  data.oid("1.2.840.113549.1.7.1");
  data.end();
  CHECK_THROWS_WITH_AS(pkix::read_bundle(data.finish()), "a ContentInfo of type 1.2.840.113549.1.7.1, not SignedData",
                       dstu::Error);
  CHECK_THROWS_WITH_AS(pkix::read_bundle(text("-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n")),
                       "PEM block 1: a PEM block labelled \"PUBLIC KEY\" in a bundle", dstu::Error);
  CHECK_THROWS_WITH_AS(pkix::read_bundle(text(str(crl_file("ecdsa-user1.pem")) + "-----BEGIN CERTIFICATE-----\n")),
                       "a PEM block without its END line", dstu::Error);

  // The second certificate's outer signature algorithm OID, its last octet changed: the
  // tbs's copy no longer matches.
  Bytes damaged = cert_file("CAList.cer");
  const Bytes second = pkix::read_bundle(damaged).certificates[1].der;
  const Bytes oid = {0x06, 0x0b, 0x2a, 0x86, 0x24, 0x02, 0x01, 0x01, 0x01, 0x01, 0x03, 0x01, 0x01};
  const auto start = std::search(damaged.begin(), damaged.end(), second.begin(), second.end());
  const auto last_oid = std::find_end(start, start + static_cast<std::ptrdiff_t>(second.size()), oid.begin(), oid.end());
  last_oid[static_cast<std::ptrdiff_t>(oid.size()) - 1] ^= 0x01;
  CHECK_THROWS_WITH_AS(pkix::read_bundle(damaged), doctest::Contains("certificate 2 of the bundle: certificate: "),
                       dstu::Error);

  const Bytes bundle = cert_file("CAList.cer");
  for (std::size_t n = 0; n < bundle.size(); ++n) {
    CHECK_THROWS_AS(pkix::read_bundle(std::span(bundle).first(n)), dstu::Error);
  }
}
