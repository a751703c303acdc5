// RSA with the openssl command, both ways, at 512 (read only), 1024, 1536, 2048, 3072 and 4096
// bits: keys from `openssl genpkey` sign in dstu and `openssl dgst -verify` accepts the
// signatures with the same padding options; `openssl dgst -sign` signatures verify in
// dstu (PSS with the salt lengths OpenSSL writes: digest, max, 0); keys dstu makes are
// read by `openssl pkey -check` and sign for OpenSSL; an RSA key in OpenSSL's PKCS#12
// signs CMS in dstu that `openssl cms -verify` accepts (PKCS#1 v1.5 and PSS), and
// OpenSSL's PSS CMS file verifies in dstu with its chain. Exit 77 (skipped) where openssl
// is missing.
#include <doctest/doctest.h>

#include <cstdlib>
#include <string>

#include "transcript.hpp"

using dstu::test::run_dstu;
using dstu::test::TempDir;
using dstu::test::write;

namespace {

bool sh(const std::string& command) { return std::system(("(" + command + ") > /dev/null 2>&1").c_str()) == 0; }

std::string q(const std::string& path) { return "'" + path + "'"; }

/// openssl dgst's -sigopt for a scheme; `salt` is PSS's rsa_pss_saltlen ("" = none).
std::string sigopts(const std::string& padding, const std::string& salt) {
  if (padding == "pkcs1") return " -sigopt rsa_padding_mode:pkcs1";
  return " -sigopt rsa_padding_mode:pss" + (salt.empty() ? std::string() : " -sigopt rsa_pss_saltlen:" + salt);
}

void require_openssl() {
  if (!sh("openssl version")) {
    MESSAGE("no openssl here: skipped");
    std::exit(77);
  }
}

}  // namespace

TEST_CASE("OpenSSL's keys sign in dstu and its signatures verify in dstu, both paddings, 1024-4096 bits") {
  require_openssl();
  TempDir d;
  write(d / "f", "a file signed with RSA\n");
  write(d / "g", "another file\n");
  for (const int bits : {1024, 1536, 2048, 3072, 4096}) {
    CAPTURE(bits);
    const std::string key = d / ("o" + std::to_string(bits) + ".pem"), pub = key + ".pub";
    REQUIRE(sh("openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:" + std::to_string(bits) + " -out " + q(key) +
               " && openssl pkey -in " + q(key) + " -pubout -out " + q(pub)));
    for (const std::string padding : {"pss", "pkcs1"}) {
      // SHA-512 and a salt as long leave no room in a 1024-bit PSS block (emLen 128 < 2 * 64 + 2).
      for (const std::string hash : {"sha256", bits > 1024 ? "sha512" : "sha384"}) {
        CAPTURE(padding);
        CAPTURE(hash);
        // dstu signs, openssl verifies (its default PSS salt check on verifying: auto).
        const std::string ours = d / "ours.sig";
        auto r = run_dstu({"sign", "-k", key, "--padding", padding, "--hash", hash, "--sig-format", "raw", "--force",
                           "-o", ours, d / "f"});
        INFO(r.err);
        REQUIRE(r.status == 0);
        CHECK(sh("openssl dgst -" + hash + " -verify " + q(pub) + sigopts(padding, "") + " -signature " + q(ours) + " " +
                 q(d / "f")));
        CHECK_FALSE(sh("openssl dgst -" + hash + " -verify " + q(pub) + sigopts(padding, "") + " -signature " +
                       q(ours) + " " + q(d / "g")));
        // openssl signs, dstu verifies; PSS with each salt length OpenSSL writes.
        for (const std::string& salt : padding == "pss" ? std::vector<std::string>{"digest", "max", "0"}
                                                        : std::vector<std::string>{""}) {
          CAPTURE(salt);
          const std::string theirs = d / "theirs.sig";
          REQUIRE(sh("openssl dgst -" + hash + " -sign " + q(key) + sigopts(padding, salt) + " -out " + q(theirs) + " " +
                     q(d / "f")));
          r = run_dstu({"verify", "-p", pub, "--sig-format", "raw", "--padding", padding, "--hash", hash, "--sig",
                        theirs, d / "f"});
          INFO(r.err);
          CHECK(r.status == 0);
          CHECK(run_dstu({"verify", "-p", pub, "--sig-format", "raw", "--padding", padding, "--hash", hash, "--sig",
                          theirs, d / "g"})
                    .status == 1);
          // The other padding does not accept it.
          CHECK(run_dstu({"verify", "-p", pub, "--sig-format", "raw", "--padding", padding == "pss" ? "pkcs1" : "pss",
                          "--hash", hash, "--sig", theirs, d / "f"})
                    .status == 1);
        }
      }
    }
  }
}

TEST_CASE("keys dstu makes: openssl pkey -check reads them, they sign for openssl dgst -verify") {
  require_openssl();
  TempDir d;
  write(d / "f", "a file signed with a dstu RSA key\n");
  for (const int bits : {1024, 1536, 2048, 3072, 4096}) {
    CAPTURE(bits);
    const std::string key = d / ("d" + std::to_string(bits) + ".key"), pub = key + ".pub";
    auto r = run_dstu({"keygen", "--algo", "rsa", "--bits", std::to_string(bits), "--no-passphrase", "-o", key});
    INFO(r.err);
    REQUIRE(r.status == 0);
    CHECK(sh("openssl pkey -in " + q(key) + " -check -noout"));
    CHECK(sh("openssl pkey -pubin -in " + q(pub) + " -noout"));
    // The same public key from both files.
    CHECK(sh("openssl pkey -in " + q(key) + " -pubout | cmp -s - " + q(pub)));
    for (const std::string padding : {"pss", "pkcs1"}) {
      CAPTURE(padding);
      r = run_dstu({"sign", "-k", key, "--padding", padding, "--sig-format", "raw", "--force", "-o", d / "s.sig", d / "f"});
      REQUIRE(r.status == 0);
      CHECK(sh("openssl dgst -sha256 -verify " + q(pub) + sigopts(padding, "") + " -signature " + q(d / "s.sig") + " " +
               q(d / "f")));
      REQUIRE(sh("openssl dgst -sha256 -sign " + q(key) + sigopts(padding, "digest") + " -out " + q(d / "o.sig") + " " +
                 q(d / "f")));
      CHECK(run_dstu({"verify", "-p", pub, "--sig-format", "raw", "--padding", padding, "--sig", d / "o.sig", d / "f"})
                .status == 0);
    }
  }
}

TEST_CASE("a 512-bit OpenSSL key is read and verifies (never generated)") {
  require_openssl();
  TempDir d;
  write(d / "f", "an old key's file\n");
  const std::string key = d / "k512.pem", pub = key + ".pub";
  REQUIRE(sh("openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:512 -out " + q(key) + " && openssl pkey -in " +
             q(key) + " -pubout -out " + q(pub) + " && openssl dgst -sha256 -sign " + q(key) + " -out " +
             q(d / "f.sig") + " " + q(d / "f")));
  CHECK(run_dstu({"verify", "-p", pub, "--sig-format", "raw", "--padding", "pkcs1", d / "f"}).status == 0);
  const auto r = run_dstu({"keygen", "--algo", "rsa", "--bits", "512", "--no-passphrase", "-o", d / "no.key"});
  CHECK(r.status == 2);
  CHECK(r.err.find("1024") != std::string::npos);
}

TEST_CASE("an RSA key in OpenSSL's PKCS#12 signs CMS in dstu for openssl cms -verify; OpenSSL's PSS files verify") {
  require_openssl();
  TempDir d;
  write(d / "f", "a contract signed with an RSA key from a .p12\n");
  write(d / "pw", "p12 passphrase");
  const std::string key = d / "k.pem", cert = d / "c.pem", p12 = d / "k.p12";
  REQUIRE(sh("openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:3072 -out " + q(key) +
             " && openssl req -x509 -new -key " + q(key) + " -sha384 -days 30 -subj '/CN=dstu p12 RSA' -out " + q(cert) +
             " && openssl pkcs12 -export -inkey " + q(key) + " -in " + q(cert) + " -passout file:" + q(d / "pw") +
             " -out " + q(p12) + " && chmod 600 " + q(p12)));
  const std::string verify = "openssl cms -verify -binary -inform DER -CAfile " + q(cert) + " -content " + q(d / "f") +
                             " -out /dev/null -in ";
  for (const std::string padding : {"pkcs1", "pss"}) {
    CAPTURE(padding);
    auto r = run_dstu({"sign", "--cms", "-k", p12, "--passphrase-file", d / "pw", "--padding", padding, "--force",
                       d / "f"});
    INFO(r.err);
    REQUIRE(r.status == 0);
    CHECK(sh(verify + q(d / "f.p7s")));
    CHECK(run_dstu({"verify", "--trust", cert, d / "f.p7s"}).status == 0);
  }
  // OpenSSL's PSS signature (its CMS salt: the largest) verifies in dstu, chain and all.
  // (-keyopt applies to the -signer before it.)
  REQUIRE(sh("openssl cms -sign -binary -md sha512 -in " + q(d / "f") + " -signer " + q(cert) + " -inkey " + q(key) +
             " -keyopt rsa_padding_mode:pss -outform DER -out " + q(d / "o.p7s")));
  const auto r = run_dstu({"verify", "--trust", cert, d / "o.p7s", "--content", d / "f"});
  CHECK(r.status == 0);
  CHECK(r.out.find("chain valid") != std::string::npos);
}
