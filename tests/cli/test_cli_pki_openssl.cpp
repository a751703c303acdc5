// The CLI's PKCS#12 of an ECDSA key as OpenSSL reads it: `dstu keygen --convert --pkcs12`
// writes OpenSSL 3's profile, and `openssl pkcs12` opens it to the same key. Exit 77
// (skipped) where the openssl command is missing.
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
