// CLI transcripts of what Ukrainian signers hold: `dstu info` on certificates, CRLs,
// bundles, key files and key containers (text and --json); `dstu sign -k` with a
// Key-6.dat, a PKCS#12 and a JKS store (the signing key chosen, --key-id); `dstu keygen
// --convert` of a container to key files and certificates; `dstu verify -p` with a
// certificate, and its chain by --trust/--untrusted/--crl/--at. The fixtures: the
// containers of dstucrypt/dstu-engine's tests and the certificates of jkurwa's and
// BouncyCastle's (the README.md files of test-vectors/pki name them and their passwords).
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>

#include "transcript.hpp"

namespace fs = std::filesystem;
using dstu::test::mode_of;
using dstu::test::read;
using dstu::test::run_dstu;
using dstu::test::TempDir;
using dstu::test::write;
using Json = nlohmann::json;

namespace {

const std::string kPki = DSTU_PKI;
const std::string kCerts = kPki + "/certs/", kContainers = kPki + "/containers/", kCrl = kPki + "/crl/";

std::vector<Json> records(const std::string& out) {
  std::vector<Json> r;
  std::istringstream in(out);
  for (std::string line; std::getline(in, line);) r.push_back(Json::parse(line));
  return r;
}

/// The three containers, each with the files of its passphrases in `d`.
struct Fixture {
  std::string file;
  std::vector<std::string> pass;  // the passphrase options
};

std::vector<Fixture> containers(const TempDir& d) {
  write(d / "pw6", "tect4\n");
  write(d / "pwp", "testplat2021\n");
  write(d / "pwj", "123456\n");
  write(d / "pwk", "qwerty\n");
  return {{kContainers + "Key-6.dat", {"--passphrase-file", d / "pw6"}},
          {kContainers + "Key-6.pfx", {"--passphrase-file", d / "pwp"}},
          {kContainers + "key.jks", {"--passphrase-file", d / "pwj", "--key-passphrase-file", d / "pwk"}}};
}

std::vector<std::string> cat(std::vector<std::string> a, const std::vector<std::string>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

}  // namespace

TEST_CASE("info: a certificate, as text and as JSON") {
  auto r = run_dstu({"info", kCerts + "CZOROOT.cer"});
  REQUIRE(r.status == 0);
  CHECK(r.out.rfind(kCerts + "CZOROOT.cer: certificate\n", 0) == 0);
  CHECK(r.out.find("  signature: DSTU 4145 with GOST 34.311\n") != std::string::npos);
  CHECK(r.out.find("  key_usage: keyCertSign, cRLSign\n") != std::string::npos);
  r = run_dstu({"--json", "info", kCerts + "CZOROOT.cer"});
  REQUIRE(r.status == 0);
  const Json j = Json::parse(r.out);
  CHECK(j["kind"] == "certificate");
  CHECK(j["ca"] == true);
  CHECK(j["path_length"] == 2);
  CHECK(j["self_issued"] == true);
  CHECK(j["key"]["curve"] == "dstu431");
  // Ukrainian CAs' SKI is the key id (GOST 34.311 of the public key octets).
  CHECK(j["key"]["key_id"] == j["subject_key_id"]);
  CHECK(j["subject"].get<std::string>().find("CN=Центральний засвідчувальний орган") != std::string::npos);
  CHECK(j["not_before"] == "2012-09-28 19:53:00 UTC");
}

TEST_CASE("info: a CRL, a bundle and an ECDSA certificate") {
  auto r = run_dstu({"--json", "info", kCrl + "ecdsa.crl", kCerts + "CAList.cer", kCrl + "ecdsa-user1.pem"});
  REQUIRE(r.status == 0);
  const auto recs = records(r.out);
  REQUIRE(recs.size() == 3);
  CHECK(recs[0]["kind"] == "CRL");
  REQUIRE(recs[0]["revoked"].size() == 2);
  CHECK(recs[0]["revoked"][0]["reason"] == "keyCompromise");
  CHECK(recs[0]["signature"] == "ECDSA with SHA-256");
  CHECK(recs[1]["kind"] == "bundle");
  CHECK(recs[1]["certificates"].size() == 4);
  CHECK(recs[2]["kind"] == "certificate");
  CHECK(recs[2]["key"]["algorithm"] == "ecdsa");
}

TEST_CASE("info: a CMS signed file lists its signers; verify says it does not check them yet") {
  auto r = run_dstu({"--json", "info", kPki + "/cms/message.p7", kPki + "/cms/message_detached.p7"});
  REQUIRE(r.status == 0);
  const auto recs = records(r.out);
  REQUIRE(recs.size() == 2);
  CHECK(recs[0]["kind"] == "signed data");
  CHECK(recs[0]["attached"] == true);
  CHECK(recs[0]["content_octets"] == 3);
  CHECK(recs[1]["attached"] == false);
  REQUIRE(recs[0]["signers"].size() == 1);
  const Json& s = recs[0]["signers"][0];
  CHECK(s["serial"] == "5f14f000");
  CHECK(s["issuer"] == "O=Very Much CA, serialNumber=UA-99999999, L=Wakanda");
  CHECK(s["digest"] == "gost34311");
  CHECK(s["signing_time"] == "2018-10-22 19:25:05 UTC");
  CHECK(s["signing_certificate"] == true);
  CHECK(recs[0]["certificates"].size() == 1);
  TempDir d;
  write(d / "doc", "123");
  r = run_dstu({"verify", "-p", kPki + "/cms/message.p7", d / "doc"});
  CHECK(r.status == 2);
  CHECK(r.err.find("a CMS signed file (.p7s): dstu verify does not check CMS signatures yet") != std::string::npos);
}

TEST_CASE("info: every key of every container, the signing key marked; wrong passwords and junk refused") {
  TempDir d;
  const auto fixtures = containers(d);
  for (const Fixture& f : fixtures) {
    CAPTURE(f.file);
    auto r = run_dstu(cat({"--json", "info"}, cat(f.pass, {f.file})));
    REQUIRE(r.status == 0);
    const Json j = Json::parse(r.out);
    CHECK(j["kind"] == "key container");
    REQUIRE(j["keys"].size() == 2);
    CHECK(j["keys"][0]["curve"] == "dstu257");
    CHECK(j["keys"][1]["curve"] == "dstu431");
    CHECK(j["keys"][0]["signs"] == true);
    CHECK(j["keys"][1]["signs"] == false);
  }
  // The JKS key entry's chain: the key-agreement key's certificate and two CAs.
  auto r = run_dstu(cat({"--json", "info"}, cat(fixtures[2].pass, {fixtures[2].file})));
  const Json jks = Json::parse(r.out);
  CHECK(jks["certificates"].size() == 3);
  CHECK(jks["keys"][1]["certificate"]["key_usage"] == Json::array({"keyAgreement"}));
  // The legacy Key-6.dat's MAC tells a wrong password from damage.
  write(d / "bad", "tect5\n");
  r = run_dstu({"info", "--passphrase-file", d / "bad", fixtures[0].file});
  CHECK(r.status == 2);
  CHECK(r.err.find("Key-6.dat") != std::string::npos);
  CHECK(r.err.find("wrong password") != std::string::npos);
  // The JKS key entries need their own passphrase here.
  r = run_dstu({"info", "--passphrase-file", d / "pwj", fixtures[2].file});
  CHECK(r.status == 2);
  CHECK(r.err.find("wrong key password") != std::string::npos);
  // Junk is named as such, and the other files are still listed.
  write(d / "junk", "not a key at all\n");
  r = run_dstu({"info", d / "junk", kCerts + "SFS_1.cer"});
  CHECK(r.status == 2);
  CHECK(r.err.find("junk: not a key, key container, certificate, CRL or bundle") != std::string::npos);
  CHECK(r.out.find("SFS_1.cer: certificate") != std::string::npos);
}

TEST_CASE("sign -k: each container signs with its signing key; --key-id chooses; the signature verifies") {
  TempDir d;
  const auto fixtures = containers(d);
  write(d / "doc", "a document\n");
  for (const Fixture& f : fixtures) {
    CAPTURE(f.file);
    auto info = run_dstu(cat({"--json", "info"}, cat(f.pass, {f.file})));
    const Json j = Json::parse(info.out);
    auto r = run_dstu(cat({"--json", "sign", "--force", "-k", f.file, d / "doc"}, f.pass));
    REQUIRE(r.status == 0);
    const Json s = Json::parse(r.out);
    CHECK(s["key_id"] == j["keys"][0]["key_id"]);
    CHECK(s["curve"] == "dstu257");
    // The public keys come out of keygen --convert; each signature checks under its key only.
    fs::remove_all(d / "out");
    fs::create_directory(d / "out");
    r = run_dstu(cat({"keygen", "--convert", f.file, "-o", d / "out/k", "--no-passphrase"}, f.pass));
    REQUIRE(r.status == 0);
    CHECK(run_dstu({"verify", "-p", d / "out/k-1.key.pub", d / "doc"}).status == 0);
    r = run_dstu({"verify", "-p", d / "out/k-2.key.pub", d / "doc"});
    CHECK(r.status == 2);  // the armor names the signing key's curve
    CHECK(r.err.find("signature is for curve dstu257, the key is on dstu431") != std::string::npos);
    // The key-agreement key by its id.
    const std::string ka = j["keys"][1]["key_id"];
    r = run_dstu(cat({"sign", "--force", "--key-id", ka, "-k", f.file, d / "doc"}, f.pass));
    REQUIRE(r.status == 0);
    CHECK(run_dstu({"verify", "-p", d / "out/k-2.key.pub", d / "doc"}).status == 0);
  }
  auto r = run_dstu(cat({"sign", "--force", "--key-id", "00ff", "-k", fixtures[0].file, d / "doc"}, fixtures[0].pass));
  CHECK(r.status == 2);
  CHECK(r.err.find("no key of the container has the key id 00ff") != std::string::npos);
  r = run_dstu(cat({"sign", "--force", "--key-id", "zz", "-k", fixtures[0].file, d / "doc"}, fixtures[0].pass));
  CHECK(r.status == 2);
  CHECK(r.err.find("--key-id must be hex") != std::string::npos);
  // A container is not a public key.
  r = run_dstu({"verify", "-p", fixtures[0].file, d / "doc"});
  CHECK(r.status == 2);
  CHECK(r.err.find("a key container (Key-6.dat)") != std::string::npos);
}

TEST_CASE("keygen --convert: a container's keys, certificates and CAs as files; refusals") {
  TempDir d;
  const auto fixtures = containers(d);
  auto r = run_dstu(cat({"--json", "keygen", "--convert", fixtures[2].file, "-o", d / "jk"}, fixtures[2].pass));
  REQUIRE(r.status == 0);
  const Json j = Json::parse(r.out);
  CHECK(j["container"] == "JKS");
  REQUIRE(j["keys"].size() == 2);
  CHECK(j["certificates"].size() == 2);
  CHECK(mode_of(d / "jk-1.key") == 0600);
  CHECK(mode_of(d / "jk-2.key") == 0600);
  // Protected with the container's passphrase (given by file): it opens them again.
  CHECK(read(d / "jk-1.key").find("-----BEGIN ENCRYPTED PRIVATE KEY-----") == 0);
  r = run_dstu({"--json", "info", "--passphrase-file", d / "pwj", d / "jk-1.key", d / "jk-2.cer", d / "jk-ca-1.cer"});
  REQUIRE(r.status == 0);
  const auto recs = records(r.out);
  CHECK(recs[0]["protected"] == true);
  CHECK(recs[0]["key_id"] == j["keys"][0]["key_id"]);
  CHECK(recs[1]["key"]["key_id"] == j["keys"][1]["key_id"]);
  CHECK(recs[2]["ca"] == true);
  // Nothing is replaced without --force; one prefix for several files.
  const std::string before = read(d / "jk-1.key");
  r = run_dstu(cat({"keygen", "--convert", fixtures[2].file, "-o", d / "jk"}, fixtures[2].pass));
  CHECK(r.status == 2);
  CHECK(r.err.find("already exists") != std::string::npos);
  CHECK(read(d / "jk-1.key") == before);
  r = run_dstu(cat({"keygen", "--convert", fixtures[0].file, "-o", "-"}, fixtures[0].pass));
  CHECK(r.status == 2);
  CHECK(r.err.find("-o gives their prefix") != std::string::npos);
  // Options that would be passed over are refused.
  r = run_dstu(cat({"keygen", "--convert", fixtures[0].file, "-o", d / "k6", "--key-passphrase-file", d / "pwk"},
                   fixtures[0].pass));
  CHECK(r.status == 2);
  CHECK(r.err.find("--key-passphrase-file is for Java key stores") != std::string::npos);
  r = run_dstu({"keygen", "--no-passphrase", "-o", d / "new", "--key-passphrase-file", d / "pwk"});
  CHECK(r.status == 2);
  CHECK(r.err.find("go with --convert") != std::string::npos);
  r = run_dstu(cat({"keygen", "--convert", fixtures[0].file, "--pkcs12", "-o", d / "x.p12", "--format", "der"},
                   fixtures[0].pass));
  CHECK(r.status == 2);
  CHECK(r.err.find("--pub and --format do not apply") != std::string::npos);
  CHECK(!fs::exists(d / "x.p12"));
}

TEST_CASE("verify -p: a certificate's key; a chain needs --trust, and --trust a certificate") {
  TempDir d;
  // Cryptonite's example user certificate and its private key.
  const std::string key = std::string(DSTU_INTEROP_FIXTURES) + "/cert-userfiz.priv.der";
  const std::string cert = std::string(DSTU_INTEROP_FIXTURES) + "/cert-userfiz.cer";
  write(d / "doc", "signed under a certificate\n");
  REQUIRE(run_dstu({"sign", "-k", key, "--allow-insecure-key", d / "doc"}).status == 0);
  auto r = run_dstu({"--json", "verify", "-p", cert, d / "doc"});
  REQUIRE(r.status == 0);
  const Json j = Json::parse(r.out);
  CHECK(j["status"] == "valid");
  CHECK(j["chain"] == nullptr);  // not checked: no --trust
  CHECK(!j["certificate"]["subject"].get<std::string>().empty());
  // Under a certificate of another curve's key: the armored signature says so (exit 2).
  r = run_dstu({"verify", "-p", kCerts + "CZOROOT.cer", d / "doc"});
  CHECK(r.status == 2);
  CHECK(r.err.find("signature is for curve dstu257, the key is on dstu431") != std::string::npos);
  // Without --trust a note says what was not checked.
  r = run_dstu({"verify", "-p", cert, d / "doc"});
  CHECK(r.status == 0);
  CHECK(r.err.find("not checked (give --trust)") != std::string::npos);
  // Chain options need --trust, and --trust needs a certificate as -p.
  r = run_dstu({"verify", "-p", cert, "--crl", kCrl + "ecdsa.crl", d / "doc"});
  CHECK(r.status == 2);
  CHECK(r.err.find("need --trust") != std::string::npos);
  r = run_dstu({"verify", "-p", key, "--allow-insecure-key", "--trust", kCerts + "CZOROOT.cer", d / "doc"});
  CHECK(r.status == 2);
  CHECK(r.err.find("give the signer's certificate as -p") != std::string::npos);
  // A chain to an anchor that did not issue it: invalid (exit 1), the reason given.
  r = run_dstu({"--json", "verify", "-p", cert, "--trust", kCerts + "CZOROOT.cer", d / "doc"});
  CHECK(r.status == 1);
  const Json bad = Json::parse(r.out);
  CHECK(bad["status"] == "invalid");
  CHECK(bad["chain"] == "no_path");
  CHECK(bad["reason"].get<std::string>().find("the certificate's chain: ") == 0);
  r = run_dstu({"verify", "-p", cert, "--trust", d / "doc", d / "doc"});
  CHECK(r.status == 2);
  CHECK(r.err.find("doc: not a certificate, CRL or bundle") != std::string::npos);
  for (const char* when : {"yesterday", "2025-07-15T-1:-5:-9Z", "2025-7-15", "2025-02-30", "2025-07-15T24:00:00Z"}) {
    CAPTURE(when);
    r = run_dstu({"verify", "-p", cert, "--trust", kCerts + "CZOROOT.cer", "--at", when, d / "doc"});
    CHECK(r.status == 2);
    CHECK(r.err.find(std::string("--at ") + when) != std::string::npos);
  }
  // Standard input once, --trust included.
  r = run_dstu({"verify", "-p", "-", "--trust", "-", d / "doc"}, read(cert));
  CHECK(r.status == 2);
  CHECK(r.err.find("standard input can be read once") != std::string::npos);
}

namespace {

/// A PKI of the tests' own in `d` (make_test_pki: root, CA, signers, CRL).
void make_pki(const TempDir& d) {
  const std::string cmd = std::string(DSTU_MAKE_TEST_PKI) + " '" + d.path.string() + "'";
  REQUIRE(std::system(cmd.c_str()) == 0);
}

Json verify_json(const std::vector<std::string>& args, int want_status) {
  auto r = run_dstu(cat({"--json", "verify"}, args));
  CAPTURE(r.err);
  CHECK(r.status == want_status);
  return r.out.empty() ? Json() : Json::parse(r.out);
}

}  // namespace

TEST_CASE("verify --trust: a DSTU 4145 chain of three, valid; no path; revoked; expired; key usage") {
  TempDir d;
  make_pki(d);
  write(d / "doc", "a contract\n");
  for (const char* who : {"user", "revoked", "expired", "agree"}) {
    REQUIRE(run_dstu({"sign", "-k", d / (std::string(who) + ".key"), "-o", d / (std::string(who) + ".sig"), d / "doc"})
                .status == 0);
  }
  const auto with = [&](const char* who, std::vector<std::string> more) {
    std::vector<std::string> a{"-p", d / (std::string(who) + ".cer"), "--sig", d / (std::string(who) + ".sig")};
    a = cat(a, more);
    a.push_back(d / "doc");
    return a;
  };
  // A fixed time (2030) where "now" is meant: the test PKI is valid from 2024 to 2036.
  const std::vector<std::string> path{"--trust", d / "root.cer", "--untrusted", d / "ca.cer"};
  const std::vector<std::string> chain = cat(path, {"--at", "2030-01-01"});
  Json j = verify_json(with("user", chain), 0);
  CHECK(j["status"] == "valid");
  CHECK(j["chain"] == "valid");
  CHECK(j["certificate"]["subject"] == "CN=Test Signer");
  // The text report names the path on stderr.
  auto r = run_dstu(cat({"verify"}, with("user", chain)));
  CHECK(r.status == 0);
  CHECK(r.err.find(": valid: CN=Test Signer <- CN=Test CA <- CN=Test Root") != std::string::npos);
  // A directory of anchors; a bundle of both as anchors.
  fs::create_directory(d / "anchors");
  fs::copy_file(d / "root.cer", d / "anchors/root.cer");
  fs::copy_file(d / "ca.cer", d / "anchors/ca.cer");
  CHECK(verify_json(with("user", {"--trust", d / "anchors", "--at", "2030-01-01"}), 0)["chain"] == "valid");
  // No path: the intermediate missing, or another root.
  j = verify_json(with("user", {"--trust", d / "root.cer", "--at", "2030-01-01"}), 1);
  CHECK(j["chain"] == "no_path");
  CHECK(j["status"] == "invalid");
  j = verify_json(with("user", {"--trust", d / "other-root.cer", "--untrusted", d / "ca.cer", "--at", "2030-01-01"}), 1);
  CHECK(j["chain"] == "no_path");
  // Revoked by the CA's CRL (keyCompromise), at a time after the CRL; no CRL: not checked.
  j = verify_json(with("revoked", cat(chain, {"--crl", d / "ca.crl"})), 1);
  CHECK(j["chain"] == "invalid");
  CHECK(j["reason"].get<std::string>().find("revoked") != std::string::npos);
  CHECK(j["reason"].get<std::string>().find("keyCompromise") != std::string::npos);
  CHECK(verify_json(with("revoked", chain), 0)["chain"] == "valid");
  j = verify_json(with("revoked", cat(chain, {"--require-crl"})), 1);
  CHECK(j["chain"] == "invalid");
  // The user is covered by the CA's CRL and not on it; --require-crl also wants one from
  // the root for the CA, which there is not.
  CHECK(verify_json(with("user", cat(path, {"--crl", d / "ca.crl", "--at", "2030-01-01"})), 0)["chain"] == "valid");
  j = verify_json(with("user", cat(path, {"--crl", d / "ca.crl", "--require-crl", "--at", "2030-01-01"})), 1);
  CHECK(j["chain"] == "invalid");
  CHECK(j["reason"].get<std::string>().find("Test CA") != std::string::npos);
  // At a time before the revocation (a signing time checked later, with a CRL issued
  // after it) the revoked signer's chain holds.
  CHECK(verify_json(with("revoked", cat(path, {"--crl", d / "ca.crl", "--at", "2025-01-01"})), 0)["chain"] == "valid");
  // Expired (valid in 2020 only); out of the CA's validity before 2024.
  j = verify_json(with("expired", chain), 1);
  CHECK(j["chain"] == "invalid");
  CHECK(j["reason"].get<std::string>().find("expired on 2021-01-01") != std::string::npos);
  CHECK(verify_json(with("user", cat(path, {"--at", "2023-12-31"})), 1)["chain"] == "invalid");
  // A key-agreement certificate does not sign.
  j = verify_json(with("agree", chain), 1);
  CHECK(j["chain"] == "invalid");
  // A signature that does not verify stays invalid for its own reason, whatever the chain.
  j = verify_json({"-p", d / "user.cer", "--sig", d / "revoked.sig", "--trust", d / "root.cer", "--untrusted",
                   d / "ca.cer", "--at", "2030-01-01", d / "doc"},
                  1);
  CHECK(j["reason"].get<std::string>().find("made with another key") != std::string::npos);
}

TEST_CASE("keygen --convert --pkcs12: a container or a key file into a PKCS#12 that reads back and signs") {
  TempDir d;
  const auto fixtures = containers(d);
  // The JKS store's two keys and three certificates, under the store's passphrase (given by file).
  auto r = run_dstu(cat({"--json", "keygen", "--convert", fixtures[2].file, "--pkcs12", "-o", d / "jks.p12"},
                        fixtures[2].pass));
  REQUIRE(r.status == 0);
  const Json w = Json::parse(r.out);
  CHECK(w["profile"] == "iit");
  CHECK(w["certificates"] == 3);
  CHECK(mode_of(d / "jks.p12") == 0600);
  r = run_dstu({"--json", "info", "--passphrase-file", d / "pwj", d / "jks.p12"});
  REQUIRE(r.status == 0);
  const Json j = Json::parse(r.out);
  CHECK(j["format"] == "PKCS#12");
  REQUIRE(j["keys"].size() == 2);
  CHECK(j["keys"][0]["key_id"] == w["keys"][0]);
  CHECK(j["keys"][1]["key_id"] == w["keys"][1]);
  CHECK(j["keys"][1]["local_key_id"] == w["keys"][1]);
  CHECK(j["keys"][1]["certificate"]["key_usage"] == Json::array({"keyAgreement"}));
  CHECK(j["certificates"].size() == 3);
  // It signs as the store did: the same key.
  write(d / "doc", "x\n");
  r = run_dstu({"--json", "sign", "-k", d / "jks.p12", "--passphrase-file", d / "pwj", d / "doc"});
  REQUIRE(r.status == 0);
  CHECK(Json::parse(r.out)["key_id"] == w["keys"][0]);
  // A key file with a certificate given; refusals.
  r = run_dstu({"keygen", "--no-passphrase", "-o", d / "k"});
  REQUIRE(r.status == 0);
  r = run_dstu({"keygen", "--convert", d / "k", "--pkcs12", "-o", d / "k.p12", "--no-passphrase"});
  CHECK(r.status == 2);
  CHECK(r.err.find("always protected") != std::string::npos);
  r = run_dstu({"keygen", "--convert", d / "k", "--pkcs12", "-o", d / "k.p12", "--passphrase-file", d / "pwp", "--cert",
                d / "doc"});
  CHECK(r.status == 2);
  CHECK(!fs::exists(d / "k.p12"));
  r = run_dstu({"keygen", "--convert", d / "k", "--pkcs12", "-o", d / "k.p12", "--passphrase-file", d / "pwp", "--cert",
                kCerts + "CZOROOT.cer"});
  REQUIRE(r.status == 0);
  r = run_dstu({"--json", "info", "--passphrase-file", d / "pwp", d / "k.p12"});
  REQUIRE(r.status == 0);
  CHECK(Json::parse(r.out)["certificates"].size() == 1);
  r = run_dstu({"keygen", "--convert", d / "k", "--cert", kCerts + "CZOROOT.cer", "-o", d / "k2"});
  CHECK(r.status == 2);
  CHECK(r.err.find("go with --pkcs12") != std::string::npos);
}
