// CLI transcripts with RSA keys: keygen, sign and verify in armor and raw with PSS and
// PKCS#1 v1.5, the armor's headers deciding verification, salt lengths, the options that
// belong to other keys refused, many files at once equal on one and two threads.
#include <doctest/doctest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "transcript.hpp"

using dstu::test::read;
using dstu::test::run_dstu;
using dstu::test::TempDir;
using dstu::test::write;
using Json = nlohmann::json;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("RSA keys: keygen, sign and verify in armor and raw, PSS and PKCS#1 v1.5") {
  TempDir d;
  write(d / "f", "the file to sign\n");
  write(d / "g", "another file\n");
  const std::string key = d / "r.key", pub = key + ".pub";
  auto r = run_dstu({"keygen", "--algo", "rsa", "--bits", "2048", "--no-passphrase", "-o", key, "--json"});
  INFO(r.err);
  REQUIRE(r.status == 0);
  CHECK(Json::parse(r.out)["key_id"].get<std::string>().size() == 64);
  CHECK(dstu::test::mode_of(key) == 0600);
  CHECK(read(key).rfind("-----BEGIN PRIVATE KEY-----", 0) == 0);
  CHECK(read(pub).rfind("-----BEGIN PUBLIC KEY-----", 0) == 0);

  // Armor, PSS by default: the headers name the scheme; verify needs no options.
  r = run_dstu({"sign", "-k", key, "-o", d / "f.asc", d / "f", "--json"});
  REQUIRE(r.status == 0);
  const Json signed_record = Json::parse(r.out);
  CHECK(signed_record["bits"] == 2048);
  CHECK(signed_record["padding"] == "pss");
  CHECK(signed_record["salt_length"] == 32);
  CHECK(signed_record["hash"] == "sha256");
  const std::string armor = read(d / "f.asc");
  CHECK(armor.rfind("-----BEGIN RSA SIGNATURE-----", 0) == 0);
  CHECK(contains(armor, "Padding: pss"));
  CHECK(contains(armor, "Hash: sha256"));
  CHECK(contains(armor, "Salt-Length: 32"));
  r = run_dstu({"verify", "-p", pub, "--sig", d / "f.asc", d / "f", "--json"});
  CHECK(r.status == 0);
  const Json v = Json::parse(r.out);
  CHECK(v["status"] == "valid");
  CHECK(v["bits"] == 2048);
  CHECK(v["padding"] == "pss");
  CHECK_FALSE(v.contains("curve"));
  r = run_dstu({"verify", "-p", pub, "--sig", d / "f.asc", d / "g", "--json"});
  CHECK(r.status == 1);
  CHECK(contains(Json::parse(r.out)["reason"], "with pss and hash sha256"));
  // The armor's scheme is not overridden by another.
  r = run_dstu({"verify", "-p", pub, "--padding", "pkcs1", "--sig", d / "f.asc", d / "f"});
  CHECK(r.status == 2);
  CHECK(contains(r.err, "the signature names pss"));
  r = run_dstu({"verify", "-p", pub, "--salt-length", "20", "--sig", d / "f.asc", d / "f"});
  CHECK(r.status == 2);
  CHECK(contains(r.err, "the signature names 32"));

  // PKCS#1 v1.5 is deterministic: two signatures of one file are equal.
  REQUIRE(run_dstu({"sign", "-k", key, "--padding", "pkcs1", "-o", d / "p1.asc", d / "f"}).status == 0);
  REQUIRE(run_dstu({"sign", "-k", key, "--padding", "pkcs1", "-o", d / "p2.asc", d / "f"}).status == 0);
  CHECK(read(d / "p1.asc") == read(d / "p2.asc"));
  CHECK(contains(read(d / "p1.asc"), "Padding: pkcs1"));
  CHECK_FALSE(contains(read(d / "p1.asc"), "Salt-Length"));
  CHECK(run_dstu({"verify", "-p", pub, "--sig", d / "p1.asc", d / "f"}).status == 0);
  r = run_dstu({"verify", "-p", pub, "--salt-length", "20", "--sig", d / "p1.asc", d / "f"});
  CHECK(r.status == 2);
  CHECK(contains(r.err, "--salt-length is for PSS signatures"));
  r = run_dstu({"verify", "-p", pub, "--salt-length", "18446744073709551614", "--sig", d / "f.asc", d / "f"});
  CHECK(r.status == 2);
  CHECK(contains(r.err, "a number of octets, digest or auto"));

  // Raw: k octets; verification needs its padding named, and its form.
  REQUIRE(run_dstu({"sign", "-k", key, "--sig-format", "raw", "--salt-length", "max", "--hash", "sha384", "-o",
                    d / "f.raw", d / "f"})
              .status == 0);
  CHECK(read(d / "f.raw").size() == 256);
  r = run_dstu({"verify", "-p", pub, "--sig", d / "f.raw", d / "f"});
  CHECK(r.status == 2);
  CHECK(contains(r.err, "--sig-format raw"));
  r = run_dstu({"verify", "-p", pub, "--sig-format", "raw", "--sig", d / "f.raw", d / "f"});
  CHECK(r.status == 2);
  CHECK(contains(r.err, "give --padding pss or pkcs1"));
  CHECK(run_dstu({"verify", "-p", pub, "--sig-format", "raw", "--padding", "pss", "--hash", "sha384", "--sig",
                  d / "f.raw", d / "f"})
            .status == 0);
  // The salt held to a length: max is 256 - 48 - 2 = 206 octets with SHA-384.
  CHECK(run_dstu({"verify", "-p", pub, "--sig-format", "raw", "--padding", "pss", "--hash", "sha384", "--salt-length",
                  "206", "--sig", d / "f.raw", d / "f"})
            .status == 0);
  CHECK(run_dstu({"verify", "-p", pub, "--sig-format", "raw", "--padding", "pss", "--hash", "sha384", "--salt-length",
                  "digest", "--sig", d / "f.raw", d / "f"})
            .status == 1);
  // Armored with the longest salt: --salt-length digest names another length.
  REQUIRE(run_dstu({"sign", "-k", key, "--salt-length", "max", "-o", d / "max.asc", d / "f"}).status == 0);
  CHECK(contains(read(d / "max.asc"), "Salt-Length: 222"));
  r = run_dstu({"verify", "-p", pub, "--salt-length", "digest", "--sig", d / "max.asc", d / "f"});
  CHECK(r.status == 2);
  CHECK(contains(r.err, "--salt-length digest but the signature names 222"));
  CHECK(run_dstu({"verify", "-p", pub, "--salt-length", "222", "--sig", d / "max.asc", d / "f"}).status == 0);
  // Another hash than the signer's: invalid, and the reason says a raw file names none.
  r = run_dstu({"verify", "-p", pub, "--sig-format", "raw", "--padding", "pss", "--sig", d / "f.raw", d / "f", "--json"});
  CHECK(r.status == 1);
  CHECK(contains(Json::parse(r.out)["reason"], "names no hash"));
  // A truncated signature is invalid, with its length as the reason.
  write(d / "short.raw", read(d / "f.raw").substr(1));
  r = run_dstu({"verify", "-p", pub, "--sig-format", "raw", "--padding", "pss", "--hash", "sha384", "--sig",
                d / "short.raw", d / "f", "--json"});
  CHECK(r.status == 1);
  CHECK(contains(Json::parse(r.out)["reason"], "255 octets"));
}

TEST_CASE("RSA: options of other keys and impossible salts refused before anything is written") {
  TempDir d;
  write(d / "f", "x\n");
  const std::string key = d / "r.key";
  REQUIRE(run_dstu({"keygen", "--algo", "rsa", "--bits", "1024", "--no-passphrase", "-o", key}).status == 0);
  const struct {
    std::vector<std::string> extra;
    const char* message;
  } cases[] = {
      {{"--hash", "gost34311"}, "does not go with an RSA key"},
      {{"--sig-format", "der"}, "not for RSA keys"},
      {{"--sig-format", "raw-be"}, "not for RSA keys"},
      {{"--scheme", "ecdsa"}, "--scheme"},
      {{"--deterministic"}, "--deterministic"},
      {{"--padding", "pkcs1", "--salt-length", "20"}, "--salt-length is for --padding pss"},
      {{"--salt-length", "auto"}, "a number of octets, digest or max"},
      // 1024 bits with SHA-512: at most 128 - 64 - 2 = 62 octets of salt.
      {{"--hash", "sha512", "--salt-length", "63"}, "at most 62 octets"},
  };
  for (const auto& c : cases) {
    std::vector<std::string> args = {"sign", "-k", key, "-o", d / "out.sig"};
    args.insert(args.end(), c.extra.begin(), c.extra.end());
    args.push_back(d / "f");
    const auto r = run_dstu(args);
    CAPTURE(r.err);
    CHECK(r.status == 2);
    CHECK(contains(r.err, c.message));
    CHECK(read(d / "out.sig").empty());
  }
  // --padding on another kind of key.
  REQUIRE(run_dstu({"keygen", "--curve", "dstu257", "--no-passphrase", "-o", d / "e.key"}).status == 0);
  const auto r = run_dstu({"sign", "-k", d / "e.key", "--padding", "pss", d / "f"});
  CHECK(r.status == 2);
  CHECK(contains(r.err, "--padding"));
}

TEST_CASE("RSA: many files signed on one and two threads give the same PKCS#1 v1.5 signatures") {
  TempDir d;
  const std::string key = d / "r.key";
  REQUIRE(run_dstu({"keygen", "--algo", "rsa", "--bits", "1024", "--no-passphrase", "-o", key}).status == 0);
  std::vector<std::string> files;
  for (int i = 0; i < 40; ++i) {
    files.push_back(d / ("f" + std::to_string(i)));
    write(files.back(), "file " + std::to_string(i) + "\n");
  }
  std::vector<std::string> args = {"sign", "-k", key, "--padding", "pkcs1"};
  args.insert(args.end(), files.begin(), files.end());
  auto one = args;
  one.insert(one.begin(), {"--threads", "1"});
  REQUIRE(run_dstu(one).status == 0);
  std::vector<std::string> first;
  for (const auto& f : files) first.push_back(read(f + ".sig"));
  auto two = args;
  two.insert(two.begin(), {"--threads", "2"});
  two.push_back("--force");
  REQUIRE(run_dstu(two).status == 0);
  for (std::size_t i = 0; i < files.size(); ++i) CHECK(read(files[i] + ".sig") == first[i]);
  std::vector<std::string> verify = {"verify", "-p", key + ".pub"};
  verify.insert(verify.end(), files.begin(), files.end());
  write(files[7], "changed\n");
  const auto r = run_dstu(verify);
  CHECK(r.status == 1);
  CHECK(dstu::test::count_lines(r.out) == files.size());
  CHECK(contains(r.out, files[7] + ": INVALID"));
}
