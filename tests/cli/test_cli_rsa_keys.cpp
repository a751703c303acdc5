// CLI transcripts of RSA keys: keygen --algo rsa (sizes, exponent, modes, JSON, the
// AES-sealed file, refusals and no file left by a refused run), info on RSA key files
// of every form, keygen --convert of OpenSSL's PKCS#1 file; sign --cms and --cosign with
// an RSA key under OpenSSL's certificate of it (PKCS#1 v1.5 unless told, PSS on request,
// the JSON naming them) verified by verify, and the RSA options refused where they do
// not belong. OpenSSL reading the files written is tested in lib/pkix
// (pkix_rsa_key_openssl); here `openssl pkey` checks one sealed file when it is there.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "transcript.hpp"

namespace fs = std::filesystem;
using dstu::test::count_lines;
using dstu::test::mode_of;
using dstu::test::read;
using dstu::test::run_dstu;
using dstu::test::TempDir;
using dstu::test::write;

namespace {

std::string vector_path(const std::string& name) { return std::string(DSTU_TEST_VECTORS) + "/rsa/keys/" + name; }
std::string cms_path(const std::string& name) { return std::string(DSTU_TEST_VECTORS) + "/pki/cms/" + name; }

bool has_openssl() { return std::system("openssl version > /dev/null 2>&1") == 0; }

}  // namespace

TEST_CASE("keygen --algo rsa writes a 0600 PKCS#8 key and an SPKI public key; info describes them") {
  TempDir d;
  auto r = run_dstu({"keygen", "--algo", "rsa", "--bits", "1024", "--no-passphrase", "--json", "-o", d / "k"});
  REQUIRE(r.status == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["algorithm"] == "rsa");
  CHECK(j["bits"] == 1024);
  CHECK(j["e"] == "65537");
  CHECK(j["key_id"].get<std::string>().size() == 64);
  CHECK(mode_of(d / "k") == 0600);
  CHECK(read(d / "k").find("-----BEGIN PRIVATE KEY-----") == 0);
  CHECK(read(d / "k.pub").find("-----BEGIN PUBLIC KEY-----") == 0);
  r = run_dstu({"--json", "info", d / "k", d / "k.pub"});
  REQUIRE(r.status == 0);
  std::size_t records = 0;
  for (std::size_t at = 0, end; (end = r.out.find('\n', at)) != std::string::npos; at = end + 1) {
    const auto info = nlohmann::json::parse(r.out.substr(at, end - at));
    CHECK(info["algorithm"] == "rsa");
    CHECK(info["bits"] == 1024);
    CHECK(info["e"] == "65537");
    CHECK(info["key_id"] == j["key_id"]);
    ++records;
  }
  CHECK(records == 2);
  // Another exponent, DER.
  r = run_dstu({"keygen", "--algo", "rsa", "--bits", "1032", "--exponent", "0x10003", "--format", "der",
                "--no-passphrase", "--json", "-o", d / "e"});
  REQUIRE(r.status == 0);
  CHECK(nlohmann::json::parse(r.out)["e"] == "65539");
  CHECK(nlohmann::json::parse(r.out)["bits"] == 1032);
  CHECK(read(d / "e")[0] == 0x30);
}

TEST_CASE("keygen --algo rsa with a passphrase seals the key as OpenSSL does (AES-256-CBC)") {
  TempDir d;
  write(d / "pass", "correct horse\n");
  auto r = run_dstu({"keygen", "--algo", "rsa", "--bits", "1024", "--passphrase-file", d / "pass", "--iterations",
                     "1000", "-o", d / "k"});
  REQUIRE(r.status == 0);
  CHECK(read(d / "k").find("-----BEGIN ENCRYPTED PRIVATE KEY-----") == 0);
  r = run_dstu({"info", "--passphrase-file", d / "pass", d / "k"});
  CHECK(r.status == 0);
  CHECK(r.out.find("protected: true") != std::string::npos);
  CHECK(r.out.find("bits: 1024") != std::string::npos);
  if (has_openssl()) {
    CHECK(std::system(("openssl pkey -check -noout -passin 'pass:correct horse' -in '" + (d / "k") + "' > /dev/null 2>&1")
                          .c_str()) == 0);
  }
}

TEST_CASE("keygen --algo rsa refusals: sizes, exponents, EC options; nothing written") {
  TempDir d;
  for (const std::vector<std::string>& bad : {
           std::vector<std::string>{"--bits", "1000"},
           {"--bits", "1028"},
           {"--bits", "16392"},
           {"--bits", "512"},
           {"--exponent", "3"},
           {"--exponent", "65538"},
           {"--exponent", "x"},
           {"--curve", "P-256"},
           {"--scheme", "ecdsa"},
           {"--pkcs8", "bc"},
       }) {
    std::vector<std::string> args = {"keygen", "--algo", "rsa", "--no-passphrase", "-o", d / "k"};
    args.insert(args.end(), bad.begin(), bad.end());
    INFO(bad.front() << " " << bad.back());
    const auto r = run_dstu(args);
    CHECK(r.status == 2);
    CHECK(count_lines(r.err) == 1);
  }
  // --bits and --exponent without --algo rsa.
  for (const char* option : {"--bits", "--exponent"}) {
    const auto r = run_dstu({"keygen", "--no-passphrase", option, "65537", "-o", d / "k"});
    CHECK(r.status == 2);
    CHECK(r.err.find("--algo rsa") != std::string::npos);
  }
  CHECK(fs::is_empty(d.path));
}

TEST_CASE("OpenSSL's RSA key files: info reads every form; --convert; every form signs or verifies; --cms refused") {
  TempDir d;
  // The fixtures are group/other readable: copied, so that the private ones are 0600.
  for (const char* form : {"pkcs8.pem", "pkcs8.der", "pkcs1.pem", "pkcs1.der", "spki.pem", "spki.der", "rsapub.pem",
                           "rsapub.der"}) {
    INFO(form);
    write(d / form, read(vector_path(std::string("rsa2048.") + form)));
    fs::permissions(d / form, fs::perms::owner_read | fs::perms::owner_write);
    const auto r = run_dstu({"info", d / form});
    CHECK(r.status == 0);
    CHECK(r.out.find("algorithm: rsa") != std::string::npos);
    CHECK(r.out.find("bits: 2048") != std::string::npos);
  }
  auto r = run_dstu({"keygen", "--convert", d / "pkcs1.pem", "--no-passphrase", "-o", d / "converted"});
  REQUIRE(r.status == 0);
  CHECK(read(d / "converted") == read(vector_path("rsa2048.pkcs8.pem")));
  write(d / "m", "a message\n");
  for (const char* form : {"pkcs8.pem", "pkcs8.der", "pkcs1.pem", "pkcs1.der"}) {
    INFO(form);
    r = run_dstu({"sign", "-k", d / form, "--force", d / "m"});
    CHECK(r.status == 0);
    for (const char* pub : {"spki.pem", "spki.der", "rsapub.pem", "rsapub.der", form}) {
      INFO(pub);
      CHECK(run_dstu({"verify", "--pub", d / pub, d / "m"}).status == 0);
    }
  }
  r = run_dstu({"sign", "--cms", "-k", d / "pkcs8.pem", d / "m"});
  CHECK(r.status == 2);
  CHECK(count_lines(r.err) == 1);
  CHECK(r.err.find("certificate") != std::string::npos);
  write(d / "m.sig", "not a signature\n");
  r = run_dstu({"verify", "--pub", d / "spki.pem", d / "m"});
  CHECK(r.status == 2);
  CHECK(count_lines(r.err) == 1);
  CHECK(r.err.find("name its form with --sig-format raw") != std::string::npos);
}

TEST_CASE("--pkcs1 writes PKCS#1 files, clear only, for RSA keys only") {
  TempDir d;
  auto r = run_dstu({"keygen", "--algo", "rsa", "--bits", "1024", "--pkcs1", "--no-passphrase", "-o", d / "k"});
  REQUIRE(r.status == 0);
  CHECK(mode_of(d / "k") == 0600);
  CHECK(read(d / "k").find("-----BEGIN RSA PRIVATE KEY-----") == 0);
  CHECK(read(d / "k.pub").find("-----BEGIN RSA PUBLIC KEY-----") == 0);
  CHECK(run_dstu({"info", d / "k", d / "k.pub"}).status == 0);
  // OpenSSL's PKCS#8 file converted to PKCS#1: OpenSSL's own PKCS#1 file, PEM and DER.
  write(d / "in", read(vector_path("rsa3072.pkcs8.pem")));
  fs::permissions(d / "in", fs::perms::owner_read | fs::perms::owner_write);
  REQUIRE(run_dstu({"keygen", "--convert", d / "in", "--pkcs1", "--no-passphrase", "-o", d / "p1"}).status == 0);
  CHECK(read(d / "p1") == read(vector_path("rsa3072.pkcs1.pem")));
  REQUIRE(run_dstu({"keygen", "--convert", d / "in", "--pkcs1", "--no-passphrase", "--format", "der", "-o",
                    d / "p1.der"}).status == 0);
  CHECK(read(d / "p1.der") == read(vector_path("rsa3072.pkcs1.der")));
  write(d / "pub", read(vector_path("rsa3072.spki.pem")));
  REQUIRE(run_dstu({"keygen", "--convert", d / "pub", "--pkcs1", "-o", d / "rsapub"}).status == 0);
  CHECK(read(d / "rsapub") == read(vector_path("rsa3072.rsapub.pem")));
  // Refusals: with a passphrase, for an EC key, for a PKCS#12 output.
  write(d / "pass", "pw\n");
  for (const std::vector<std::string>& bad : {
           std::vector<std::string>{"keygen", "--algo", "rsa", "--bits", "1024", "--pkcs1", "--passphrase-file",
                                    d / "pass", "-o", d / "x"},
           {"keygen", "--pkcs1", "--no-passphrase", "-o", d / "x"},
           {"keygen", "--convert", d / "in", "--pkcs1", "--passphrase-file", d / "pass", "-o", d / "x"},
           {"keygen", "--convert", d / "in", "--pkcs1", "--pkcs12", "--passphrase-file", d / "pass", "-o", d / "x"},
       }) {
    r = run_dstu(bad);
    CHECK(r.status == 2);
    CHECK(r.err.find("--pkcs1") != std::string::npos);
    CHECK_FALSE(fs::exists(d / "x"));
    CHECK_FALSE(fs::exists(d / "x.pub"));
  }
}

TEST_CASE("--key-encryption chooses the sealing of any kind of key; each reads back") {
  TempDir d;
  write(d / "pass", "pw\n");
  const std::vector<std::vector<std::string>> kinds = {{"--algo", "rsa", "--bits", "1024"},
                                                       {"--curve", "P-256"},
                                                       {"--curve", "dstu257"}};
  for (const auto& kind : kinds) {
    for (const char* sealing : {"gost", "aes"}) {
      INFO(kind.back() << " " << sealing);
      std::vector<std::string> args = {"keygen", "--key-encryption", sealing, "--passphrase-file", d / "pass",
                                       "--iterations", "1000", "--force", "-o", d / "k"};
      args.insert(args.end(), kind.begin(), kind.end());
      REQUIRE(run_dstu(args).status == 0);
      const auto r = run_dstu({"info", "--passphrase-file", d / "pass", d / "k"});
      CHECK(r.status == 0);
      CHECK(r.out.find("protected: true") != std::string::npos);
      // OpenSSL opens the AES-sealed RSA and ECDSA keys (it knows no DSTU 4145 key).
      if (std::string(sealing) == "aes" && kind.back() != "dstu257" && has_openssl()) {
        CHECK(std::system(("openssl pkey -noout -passin pass:pw -in '" + (d / "k") + "' > /dev/null 2>&1").c_str()) ==
              0);
      }
    }
  }
  auto r = run_dstu({"keygen", "--key-encryption", "aes", "--no-passphrase", "-o", d / "x"});
  CHECK(r.status == 2);
  CHECK(r.err.find("--key-encryption") != std::string::npos);
  CHECK_FALSE(fs::exists(d / "x"));
}

TEST_CASE("sign --cms with an RSA key: PKCS#1 v1.5 unless told, PSS on request; verify reads them") {
  TempDir d;
  write(d / "k", read(cms_path("rsa-key.pem")));
  fs::permissions(d / "k", fs::perms::owner_read | fs::perms::owner_write);
  write(d / "ec", read(cms_path("ecdsa-key.pem")));
  fs::permissions(d / "ec", fs::perms::owner_read | fs::perms::owner_write);
  const std::string cert = cms_path("rsa-cert.pem");
  write(d / "m", "a message for CMS\n");
  auto r = run_dstu({"sign", "--cms", "-k", d / "k", "--cert", cert, "--json", d / "m"});
  REQUIRE(r.status == 0);
  auto j = nlohmann::json::parse(r.out);
  CHECK(j["padding"] == "pkcs1");
  CHECK(!j.contains("salt_length"));
  CHECK(j["hash"] == "sha256");
  r = run_dstu({"verify", "--trust", cert, "--json", d / "m.p7s"});
  CHECK(r.status == 0);
  CHECK(nlohmann::json::parse(r.out)["signers"][0]["algorithm"] == "RSA PKCS#1 v1.5 with SHA-256");

  const struct {
    std::vector<std::string> options;
    const char* algorithm;
    int salt;
  } cases[] = {
      {{"--padding", "pss", "--hash", "sha384"}, "RSASSA-PSS with SHA-384 (salt 48)", 48},
      {{"--salt-length", "max"}, "RSASSA-PSS with SHA-256 (salt 222)", 222},
      {{"--padding", "pss", "--salt-length", "0", "--hash", "sha512"}, "RSASSA-PSS with SHA-512 (salt 0)", 0},
  };
  for (const auto& c : cases) {
    INFO(c.algorithm);
    std::vector<std::string> args = {"sign", "--cms", "--attached", "-k", d / "k", "--cert", cert, "--json", "--force",
                                     "-o", d / "a.p7s"};
    args.insert(args.end(), c.options.begin(), c.options.end());
    args.push_back(d / "m");
    r = run_dstu(args);
    REQUIRE(r.status == 0);
    j = nlohmann::json::parse(r.out);
    CHECK(j["padding"] == "pss");
    CHECK(j["salt_length"] == c.salt);
    r = run_dstu({"verify", "--json", d / "a.p7s"});
    CHECK(r.status == 0);
    CHECK(nlohmann::json::parse(r.out)["signers"][0]["algorithm"] == c.algorithm);
  }
  // A co-signer with PKCS#1 v1.5 beside the PSS one; other content fails the detached file.
  r = run_dstu({"sign", "--cosign", "-k", d / "k", "--cert", cert, "--padding", "pkcs1", d / "a.p7s"});
  REQUIRE(r.status == 0);
  r = run_dstu({"verify", "--json", d / "a.p7s"});
  CHECK(r.status == 0);
  j = nlohmann::json::parse(r.out);
  REQUIRE(j["signers"].size() == 2);
  CHECK(j["signers"][1]["algorithm"] == "RSA PKCS#1 v1.5 with SHA-256");
  write(d / "m", "another message\n");
  CHECK(run_dstu({"verify", d / "m.p7s"}).status == 1);

  const struct {
    std::vector<std::string> args;
    const char* error;
  } refused[] = {
      {{"-k", d / "k", "--cert", cert, "--padding", "pkcs1", "--salt-length", "20"}, "--salt-length is for --padding pss"},
      {{"-k", d / "k", "--cert", cert, "--hash", "gost34311"}, "--hash gost34311 does not go with an RSA key"},
      {{"-k", d / "k", "--cert", cert, "--salt-length", "300"}, "holds a PSS salt of at most 222 octets"},
      {{"-k", d / "ec", "--cert", cms_path("ecdsa-cert.pem"), "--padding", "pss"}, "are for RSA keys"},
      {{"-k", d / "k", "--cert", cms_path("ecdsa-cert.pem")}, "not the certificate of the signing key"},
  };
  for (const auto& c : refused) {
    INFO(c.error);
    std::vector<std::string> args = {"sign", "--cms", "--force"};
    args.insert(args.end(), c.args.begin(), c.args.end());
    args.push_back(d / "m");
    r = run_dstu(args);
    CHECK(r.status == 2);
    CHECK(count_lines(r.err) == 1);
    CHECK(r.err.find(c.error) != std::string::npos);
  }
}
