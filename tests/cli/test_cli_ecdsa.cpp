// CLI transcripts with ECDSA/ECGDSA keys (GF(p), and the NIST binary curves in the second
// case): keygen (both schemes, clear and protected), sign and
// verify in every signature form, verdicts and their exit codes, the options that belong
// to one kind of key refused with the other, one file's error not stopping the others.
#include <doctest/doctest.h>
#include <sys/stat.h>

#include <algorithm>

#include <nlohmann/json.hpp>

#include "transcript.hpp"

using dstu::test::read;
using dstu::test::run_dstu;
using dstu::test::TempDir;
using dstu::test::write;

TEST_CASE("GF(p) keys: keygen, sign, verify in armor, DER and P1363, both schemes") {
  TempDir d;
  write(d / "f", "the file to sign\n");
  for (const char* scheme : {"ecdsa", "ecgdsa"}) {
    INFO(std::string(scheme));
    const std::string key = d / (std::string(scheme) + ".key");
    auto r = run_dstu({"keygen", "--curve", "brainpoolP256r1", "--scheme", scheme, "--no-passphrase", "-o", key, "--json"});
    REQUIRE(r.status == 0);
    const auto j = nlohmann::json::parse(r.out);
    CHECK(j["scheme"] == scheme);
    CHECK(j["key_id"].get<std::string>().size() == 64);
    CHECK(dstu::test::mode_of(key) == 0600);
    CHECK(read(key).rfind("-----BEGIN PRIVATE KEY-----", 0) == 0);
    CHECK(read(key + ".pub").rfind("-----BEGIN PUBLIC KEY-----", 0) == 0);
    // Armor (default): names the curve and hash; verifies; a changed file is INVALID.
    r = run_dstu({"sign", "-k", key, "-o", d / (std::string(scheme) + ".asc"), d / "f"});
    INFO(r.err);
    REQUIRE(r.status == 0);
    const std::string armor = read(d / (std::string(scheme) + ".asc"));
    CHECK(armor.find(std::string("-----BEGIN ") + (std::string(scheme) == "ecdsa" ? "ECDSA" : "ECGDSA") +
                     " SIGNATURE-----") == 0);
    CHECK(armor.find("Hash: sha256") != std::string::npos);
    r = run_dstu({"verify", "-p", key + ".pub", "--sig", d / (std::string(scheme) + ".asc"), d / "f"});
    CHECK(r.status == 0);
    CHECK(r.out.find("OK") != std::string::npos);
    write(d / "g", "another file\n");
    r = run_dstu({"verify", "-p", key + ".pub", "--sig", d / (std::string(scheme) + ".asc"), "--json", d / "g"});
    CHECK(r.status == 1);
    const auto v = nlohmann::json::parse(r.out);
    CHECK(v["status"] == "invalid");
    CHECK(v["scheme"] == scheme);
    CHECK(v["reason"].get<std::string>().find("with hash sha256") != std::string::npos);
    // DER and P1363: named on both sides, never guessed.
    for (const char* form : {"der", "p1363"}) {
      const std::string sig = d / (std::string(scheme) + "." + form);
      REQUIRE(run_dstu({"sign", "-k", key, "--sig-format", form, "-o", sig, d / "f"}).status == 0);
      CHECK(run_dstu({"verify", "-p", key + ".pub", "--sig-format", form, "--sig", sig, d / "f"}).status == 0);
      r = run_dstu({"verify", "-p", key + ".pub", "--sig", sig, d / "f"});
      CHECK(r.status == 2);
      CHECK(r.err.find("name its form with --sig-format der or p1363") != std::string::npos);
    }
    CHECK(run_dstu({"verify", "-p", key + ".pub", "--sig-format", "p1363", "--sig", d / (std::string(scheme) + ".der"), d / "f"}).status == 2);
    // The private key file verifies too.
    CHECK(run_dstu({"verify", "-p", key, "--sig", d / (std::string(scheme) + ".asc"), d / "f"}).status == 0);
  }
  // A key is of one scheme: an ECDSA signature does not verify under the ECGDSA key, and
  // --scheme naming the other is a usage error.
  CHECK(run_dstu({"verify", "-p", d / "ecgdsa.key.pub", "--sig-format", "der", "--sig", d / "ecdsa.der", d / "f"})
            .status == 1);
  auto r = run_dstu({"verify", "-p", d / "ecdsa.key.pub", "--scheme", "ecgdsa", "--sig", d / "ecdsa.asc", d / "f"});
  CHECK(r.status == 2);
  CHECK(r.err.find("the key is an ecdsa key") != std::string::npos);
  // An armored signature made with another key of the same scheme and curve names both
  // keys (its Key-Id header against this key's id).
  r = run_dstu({"keygen", "--curve", "brainpoolP256r1", "--no-passphrase", "-o", d / "other.key", "--json"});
  REQUIRE(r.status == 0);
  const std::string other_id = nlohmann::json::parse(r.out)["key_id"];
  r = run_dstu({"verify", "-p", d / "other.key.pub", "--sig", d / "ecdsa.asc", "--json", d / "f"});
  CHECK(r.status == 1);
  const std::string reason = nlohmann::json::parse(r.out)["reason"];
  CHECK(reason.find("made with another key") != std::string::npos);
  CHECK(reason.find(other_id) != std::string::npos);
}

TEST_CASE("NIST binary curves: keygen by name, alias and OID, sign and verify, a wrong curve refused") {
  TempDir d;
  write(d / "f", "a file signed on a binary curve\n");
  // B-233 by name (ECDSA), K-283 by its SEC 2 alias (ECGDSA), B-571 by OID (deterministic).
  const struct {
    const char* curve;
    const char* name;
    const char* scheme;
    const char* hash;
  } cases[] = {{"B-233", "B-233", "ecdsa", "sha256"},
               {"sect283k1", "K-283", "ecgdsa", "sha384"},  // L(n) = 281
               {"1.3.132.0.39", "B-571", "ecdsa", "sha512"}};
  for (const auto& c : cases) {
    INFO(c.curve);
    const std::string key = d / (std::string(c.name) + ".key");
    auto r = run_dstu({"keygen", "--curve", c.curve, "--scheme", c.scheme, "--no-passphrase", "-o", key, "--json"});
    REQUIRE(r.status == 0);
    CHECK(nlohmann::json::parse(r.out)["curve"] == c.name);
    const std::string sig = d / (std::string(c.name) + ".asc");
    r = run_dstu({"sign", "-k", key, "--deterministic", "-o", sig, d / "f"});
    REQUIRE(r.status == 0);
    const std::string armor = read(sig);
    CHECK(armor.find(std::string("Curve: ") + c.name) != std::string::npos);
    CHECK(armor.find(std::string("Hash: ") + c.hash) != std::string::npos);
    CHECK(run_dstu({"verify", "-q", "-p", key + ".pub", "--sig", sig, d / "f"}).status == 0);
    // Deterministic: the same file and key give the same signature.
    REQUIRE(run_dstu({"sign", "-k", key, "--deterministic", "-o", sig + "2", d / "f"}).status == 0);
    CHECK(read(sig + "2") == armor);
    write(d / "g", "another\n");
    CHECK(run_dstu({"verify", "-q", "-p", key + ".pub", "--sig", sig, d / "g"}).status == 1);
    for (const char* form : {"der", "p1363"}) {
      const std::string raw = d / (std::string(c.name) + "." + form);
      REQUIRE(run_dstu({"sign", "-k", key, "--sig-format", form, "-o", raw, d / "f"}).status == 0);
      CHECK(run_dstu({"verify", "-q", "-p", key + ".pub", "--sig-format", form, "--sig", raw, d / "f"}).status == 0);
    }
  }
  // A B-233 signature under the B-571 key: the armor names another curve (exit 2).
  auto r = run_dstu({"verify", "-p", d / "B-571.key.pub", "--sig", d / "B-233.asc", d / "f"});
  CHECK(r.status == 2);
  CHECK(r.err.find("signature is for curve B-233") != std::string::npos);
  // Not a curve: a usage-level error naming the curve.
  for (const char* scheme : {"", "ecdsa"}) {  // an unknown curve is named before any option is judged
    std::vector<std::string> args{"keygen", "--curve", "B-234", "--no-passphrase", "-o", d / "x.key"};
    if (*scheme != 0) args.insert(args.end(), {"--scheme", scheme});
    r = run_dstu(args);
    CHECK(r.status == 2);
    CHECK(r.err.find("unknown curve 'B-234' (dstu keygen --list-curves shows them all)") != std::string::npos);
  }
}

TEST_CASE("GF(p) keys: nonces, hashes, refused options") {
  TempDir d;
  write(d / "f", "data\n");
  const std::string key = d / "k";
  REQUIRE(run_dstu({"keygen", "--curve", "P-384", "--no-passphrase", "-o", key}).status == 0);
  // Deterministic: the same signature twice; hedged: two different ones.
  REQUIRE(run_dstu({"sign", "-k", key, "--deterministic", "--sig-format", "p1363", "-o", d / "a", d / "f"}).status == 0);
  REQUIRE(run_dstu({"sign", "-k", key, "--deterministic", "--sig-format", "p1363", "-o", d / "b", d / "f"}).status == 0);
  CHECK(read(d / "a") == read(d / "b"));
  CHECK(read(d / "a").size() == 96);
  REQUIRE(run_dstu({"sign", "-k", key, "--sig-format", "p1363", "-o", d / "c", d / "f"}).status == 0);
  REQUIRE(run_dstu({"sign", "-k", key, "--sig-format", "p1363", "-o", d / "e", d / "f"}).status == 0);
  CHECK(read(d / "c") != read(d / "e"));
  // P-384 signs with SHA-384 by default; a P1363 signature verified with another hash is
  // INVALID with the hint that it names no hash.
  auto r = run_dstu({"verify", "-p", key + ".pub", "--sig-format", "p1363", "--sig", d / "a", "--json", d / "f"});
  CHECK(r.status == 0);
  CHECK(nlohmann::json::parse(r.out)["hash"] == "sha384");
  REQUIRE(run_dstu({"sign", "-k", key, "--hash", "sha256", "--sig-format", "p1363", "-o", d / "s256", d / "f"}).status ==
          0);
  r = run_dstu({"verify", "-p", key + ".pub", "--sig-format", "p1363", "--sig", d / "s256", d / "f"});
  CHECK(r.status == 1);
  CHECK(r.out.find("names no hash") != std::string::npos);
  CHECK(run_dstu({"verify", "-p", key + ".pub", "--hash", "sha256", "--sig-format", "p1363", "--sig", d / "s256", d / "f"})
            .status == 0);
  // Options of the other kind of key.
  CHECK(run_dstu({"sign", "-k", key, "--hash", "kupyna256", "-o", d / "x", d / "f"}).status == 2);
  CHECK(run_dstu({"sign", "-k", key, "--sig-format", "raw", "-o", d / "x", d / "f"}).status == 2);
  CHECK(run_dstu({"verify", "-p", key + ".pub", "--be", "--sig", d / "a", d / "f"}).status == 2);
  REQUIRE(run_dstu({"keygen", "--no-passphrase", "-o", d / "dstu.key"}).status == 0);
  CHECK(run_dstu({"sign", "-k", d / "dstu.key", "--sig-format", "der", "-o", d / "x", d / "f"}).status == 2);
  CHECK(run_dstu({"sign", "-k", d / "dstu.key", "--deterministic", "-o", d / "x", d / "f"}).status == 2);
  CHECK(run_dstu({"keygen", "--curve", "dstu163", "--scheme", "ecdsa", "--no-passphrase", "-o", d / "y"}).status == 2);
  CHECK(read(d / "x").empty());
  CHECK(run_dstu({"keygen", "--curve", "P-256", "--pkcs8", "bc", "--no-passphrase", "-o", d / "y"}).status == 2);
  CHECK(run_dstu({"keygen", "--convert", key, "--scheme", "ecgdsa", "--no-passphrase", "-o", d / "y"}).status == 2);
  // An armored signature naming a hash that is not SHA-2 is an error, not a verdict.
  REQUIRE(run_dstu({"sign", "-k", key, "-o", d / "armor", d / "f"}).status == 0);
  std::string armor = read(d / "armor");
  armor.replace(armor.find("Hash: sha384"), 12, "Hash: kupyna256");
  write(d / "armor", armor);
  r = run_dstu({"verify", "-p", key + ".pub", "--sig", d / "armor", d / "f"});
  CHECK(r.status == 2);
  CHECK(r.err.find("hash kupyna256") != std::string::npos);
}

TEST_CASE("GF(p) keys: protected files, several files with one error") {
  TempDir d;
  write(d / "pass", "correct horse\n");
  write(d / "wrong", "battery staple\n");
  const std::string key = d / "k";
  REQUIRE(run_dstu({"keygen", "--curve", "P-256", "--passphrase-file", d / "pass", "--iterations", "1000", "-o", key})
              .status == 0);
  CHECK(read(key).rfind("-----BEGIN ENCRYPTED PRIVATE KEY-----", 0) == 0);
  write(d / "a", "a\n");
  write(d / "b", "b\n");
  write(d / "c", "c\n");
  write(d / "b.sig", "in the way\n");
  auto r = run_dstu({"sign", "-k", key, "--passphrase-file", d / "wrong", d / "a"});
  CHECK(r.status == 2);
  CHECK(r.err.find("wrong passphrase") != std::string::npos);
  r = run_dstu({"sign", "-k", key, "--passphrase-file", d / "pass", "--json", d / "a", d / "b", d / "c"});
  CHECK(r.status == 2);
  CHECK(dstu::test::count_lines(r.out) == 3);
  CHECK(read(d / "b.sig") == "in the way\n");
  r = run_dstu({"verify", "-p", key + ".pub", d / "a", d / "c"});
  CHECK(r.status == 0);
  // Converting to a clear key gives what OpenSSL reads (the PKCS#8 of RFC 5915 keys).
  r = run_dstu({"keygen", "--convert", key, "--passphrase-file", d / "pass", "--no-passphrase", "-o", d / "clear"});
  CHECK(r.status == 0);
  CHECK(read(d / "clear").rfind("-----BEGIN PRIVATE KEY-----", 0) == 0);
  CHECK(run_dstu({"verify", "-p", d / "clear", d / "a"}).status == 0);
}

TEST_CASE("EC keys after an EC PARAMETERS block (openssl ecparam -genkey): read when the curves agree") {
  // The blocks as `openssl ecparam -name prime256v1` and `-name secp384r1` write them (DER:
  // the named curve's OID), and one of explicit parameters cut short (a SEQUENCE).
  const std::string p256 = "-----BEGIN EC PARAMETERS-----\nBggqhkjOPQMBBw==\n-----END EC PARAMETERS-----\n";
  const std::string p384 = "-----BEGIN EC PARAMETERS-----\nBgUrgQQAIg==\n-----END EC PARAMETERS-----\n";
  const std::string explicit_params = "-----BEGIN EC PARAMETERS-----\nMAMCAQE=\n-----END EC PARAMETERS-----\n";
  TempDir d;
  write(d / "f", "the file to sign\n");
  REQUIRE(run_dstu({"keygen", "--curve", "P-256", "--no-passphrase", "-o", d / "k"}).status == 0);
  const std::string key = read(d / "k");
  const auto sign_with = [&](const std::string& text) {
    write(d / "both", text);
    ::chmod((d / "both").c_str(), 0600);  // a clear private key
    return run_dstu({"sign", "-k", d / "both", "--force", "-o", d / "f.sig", d / "f"});
  };
  auto r = sign_with(p256 + key);
  INFO(r.err);
  CHECK(r.status == 0);
  CHECK(run_dstu({"verify", "-p", d / "k.pub", "--sig", d / "f.sig", d / "f"}).status == 0);
  r = sign_with(p384 + key);
  CHECK(r.status == 2);
  CHECK(r.err.find("EC PARAMETERS name curve 1.3.132.0.34, the key is on 1.2.840.10045.3.1.7") != std::string::npos);
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  r = sign_with(explicit_params + key);
  CHECK(r.status == 2);
  CHECK(r.err.find("only named curves are read") != std::string::npos);
  r = sign_with(p256);
  CHECK(r.status == 2);
  CHECK(r.err.find("EC PARAMETERS without a key after them") != std::string::npos);
  // The public key file after the same block verifies too.
  write(d / "pub", p256 + read(d / "k.pub"));
  CHECK(run_dstu({"verify", "-p", d / "pub", "--sig", d / "f.sig", d / "f"}).status == 0);
  // A protected key is checked against the block once decrypted.
  write(d / "pass", "a passphrase\n");
  REQUIRE(run_dstu({"keygen", "--convert", d / "k", "-o", d / "k.enc", "--passphrase-file", d / "pass",
                    "--iterations", "1000"}).status == 0);
  const std::string enc = read(d / "k.enc");
  for (const auto& [params, status] : {std::pair{p256, 0}, std::pair{p384, 2}}) {
    write(d / "both.enc", params + enc);
    r = run_dstu({"sign", "-k", d / "both.enc", "--passphrase-file", d / "pass", "--force", "-o", d / "f.sig", d / "f"});
    INFO(r.err);
    CHECK(r.status == status);
  }
  CHECK(r.err.find("EC PARAMETERS name curve 1.3.132.0.34") != std::string::npos);
  // Only a whole END line ends the block; a second block, or one before a DSTU 4145 key, is refused.
  std::string joined = p256;
  joined.pop_back();
  r = sign_with(joined + key);
  CHECK(r.status == 2);
  CHECK(r.err.find("on the same line") != std::string::npos);
  r = sign_with(p256 + p256 + key);
  CHECK(r.status == 2);
  REQUIRE(run_dstu({"keygen", "--no-passphrase", "-o", d / "dstu.key"}).status == 0);
  r = sign_with(p256 + read(d / "dstu.key"));
  CHECK(r.status == 2);
  CHECK(r.err.find("EC PARAMETERS before a key that is not an EC key") != std::string::npos);
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
}
