// OpenSSL's protections through the CLI: `dstu keygen --convert --pkcs12` of an ECDSA key
// writes OpenSSL 3's profile, and `openssl pkcs12` opens it to the same key; a key
// `openssl genpkey` protected with AES-256-CBC opens in dstu and signs. Exit 77 (skipped)
// where the openssl command is missing.
#include <doctest/doctest.h>

#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string>

#include "transcript.hpp"

using dstu::test::read;
using dstu::test::run_dstu;
using dstu::test::TempDir;
using dstu::test::write;
using Json = nlohmann::json;

TEST_CASE("keygen --convert --pkcs12: an ECDSA key in OpenSSL's profile, which openssl pkcs12 reads") {
  if (std::system("openssl version > /dev/null 2>&1") != 0) {
    MESSAGE("no openssl here: skipped");
    std::exit(77);
  }
  TempDir d;
  write(d / "pw", "p12 pass\n");
  REQUIRE(run_dstu({"keygen", "--curve", "P-256", "--no-passphrase", "-o", d / "p.key"}).status == 0);
  auto r = run_dstu({"--json", "keygen", "--convert", d / "p.key", "--pkcs12", "-o", d / "p.p12", "--passphrase-file",
                     d / "pw"});
  REQUIRE(r.status == 0);
  CHECK(Json::parse(r.out)["profile"] == "openssl");
  const std::string cmd = "openssl pkcs12 -in '" + (d / "p.p12") + "' -passin 'pass:p12 pass' -nocerts -nodes 2>/dev/null"
                          " | openssl pkey -pubout > '" + (d / "from-openssl.pub") + "'";
  REQUIRE(std::system(cmd.c_str()) == 0);
  REQUIRE(run_dstu({"keygen", "--convert", d / "from-openssl.pub", "-o", d / "again.pub"}).status == 0);
  CHECK(read(d / "again.pub") == read(d / "p.key.pub"));
}

TEST_CASE("a key OpenSSL protected (PBES2 with PBKDF2-HMAC-SHA-256 and AES-256-CBC) opens and signs") {
  if (std::system("openssl version > /dev/null 2>&1") != 0) {
    MESSAGE("no openssl here: skipped");
    std::exit(77);
  }
  TempDir d;
  write(d / "pw", "openssl pass\n");
  const std::string cmd = "openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -aes-256-cbc -pass "
                          "'pass:openssl pass' -out '" + (d / "k.pem") + "' 2>/dev/null && openssl pkey -in '" +
                          (d / "k.pem") + "' -passin 'pass:openssl pass' -pubout -out '" + (d / "k.pub") + "'";
  REQUIRE(std::system(cmd.c_str()) == 0);
  REQUIRE(read(d / "k.pem").find("-----BEGIN ENCRYPTED PRIVATE KEY-----") == 0);
  auto r = run_dstu({"--json", "info", "--passphrase-file", d / "pw", d / "k.pem"});
  REQUIRE(r.status == 0);
  const Json j = Json::parse(r.out);
  CHECK(j["protected"] == true);
  CHECK(j["curve"] == "P-256");
  write(d / "doc", "signed with an OpenSSL-protected key\n");
  REQUIRE(run_dstu({"sign", "-k", d / "k.pem", "--passphrase-file", d / "pw", "--sig-format", "der", "-o",
                    d / "doc.sig", d / "doc"})
              .status == 0);
  const std::string check = "openssl dgst -sha256 -verify '" + (d / "k.pub") + "' -signature '" + (d / "doc.sig") +
                            "' '" + (d / "doc") + "' > /dev/null";
  CHECK(std::system(check.c_str()) == 0);
  write(d / "bad", "wrong\n");
  r = run_dstu({"sign", "-k", d / "k.pem", "--passphrase-file", d / "bad", "-o", d / "x.sig", d / "doc"});
  CHECK(r.status == 2);
  CHECK(r.err.find("wrong passphrase") != std::string::npos);
}

TEST_CASE("sign --cms with an ECDSA key: openssl cms -verify accepts it, detached and attached") {
  if (std::system("openssl version > /dev/null 2>&1") != 0) {
    MESSAGE("no openssl here: skipped");
    std::exit(77);
  }
  const std::string cms = std::string(DSTU_PKI) + "/cms/";
  TempDir d;
  write(d / "key.pem", read(cms + "ecdsa-key.pem"));
  write(d / "doc", "signed for openssl\n");
  REQUIRE(run_dstu({"sign", "--cms", "-k", d / "key.pem", "--allow-insecure-key", "--cert", cms + "ecdsa-cert.pem",
                    d / "doc"})
              .status == 0);
  REQUIRE(run_dstu({"sign", "--cms", "--attached", "-k", d / "key.pem", "--allow-insecure-key", "--cert",
                    cms + "ecdsa-cert.pem", "-o", d / "att.p7s", d / "doc"})
              .status == 0);
  const std::string ca = " -CAfile '" + cms + "ecdsa-cert.pem' ";
  const std::string detached = "openssl cms -verify -binary -inform DER -in '" + (d / "doc.p7s") + "' -content '" +
                               (d / "doc") + "'" + ca + "-out /dev/null 2>/dev/null";
  CHECK(std::system(detached.c_str()) == 0);
  const std::string attached = "openssl cms -verify -binary -inform DER -in '" + (d / "att.p7s") + "'" + ca + "-out '" +
                               (d / "out") + "' 2>/dev/null";
  CHECK(std::system(attached.c_str()) == 0);
  CHECK(read(d / "out") == "signed for openssl\n");
}
