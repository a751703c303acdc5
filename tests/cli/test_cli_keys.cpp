// CLI transcripts of keygen, sign and verify: files, modes, refusals, stdin/stdout,
// JSON records, every exit code, and bad input of every kind.
#include <doctest/doctest.h>

#include <algorithm>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <sstream>
#include <fstream>
#include <nlohmann/json.hpp>

#include "transcript.hpp"

namespace fs = std::filesystem;
using dstu::test::mode_of;
using dstu::test::read;
using dstu::test::run_dstu;
using dstu::test::TempDir;
using dstu::test::write;

TEST_CASE("keygen writes a 0600 private key and a public key, and refuses to overwrite") {
  TempDir d;
  auto r = run_dstu({"keygen", "--no-passphrase", "-o", d / "k"});
  REQUIRE(r.status == 0);
  CHECK(r.out.rfind("key id ", 0) == 0);
  CHECK(mode_of(d / "k") == 0600);
  CHECK(fs::exists(d / "k.pub"));
  CHECK(read(d / "k").find("-----BEGIN PRIVATE KEY-----") == 0);
  CHECK(read(d / "k.pub").find("-----BEGIN PUBLIC KEY-----") == 0);
  const std::string before = read(d / "k");
  r = run_dstu({"keygen", "--no-passphrase", "-o", d / "k"});
  CHECK(r.status == 2);
  CHECK(r.err.find("already exists") != std::string::npos);
  CHECK(read(d / "k") == before);  // untouched
  r = run_dstu({"keygen", "--no-passphrase", "-o", d / "k", "--force", "--curve", "dstu163"});
  CHECK(r.status == 0);
  CHECK(read(d / "k") != before);
  CHECK(mode_of(d / "k") == 0600);
  // No temporary files left behind.
  int files = 0;
  for (const auto& e : fs::directory_iterator(d.path)) files += e.is_regular_file();
  CHECK(files == 2);
}

TEST_CASE("keygen options: curves, DER, JSON, list, convert") {
  TempDir d;
  for (const char* curve : {"dstu163", "dstu431", "1.2.804.2.1.1.1.1.3.1.1.2.5"}) {
    const auto r = run_dstu({"keygen", "--no-passphrase", "--curve", curve, "-o", d / "k", "--force", "--json"});
    REQUIRE(r.status == 0);
    const auto j = nlohmann::json::parse(r.out);
    CHECK(j["key_id"].get<std::string>().size() == 64);
    CHECK(j["public_key"] == d / "k.pub");
  }
  auto r = run_dstu({"keygen", "--no-passphrase", "-o", d / "der", "--format", "der", "--pub", d / "der.pubkey"});
  REQUIRE(r.status == 0);
  CHECK(read(d / "der")[0] == 0x30);
  r = run_dstu({"keygen", "--no-passphrase", "--list-curves", "--json"});
  const auto curves = nlohmann::json::parse(r.out)["curves"];
  CHECK(curves.size() == 10 + 19 + 10);  // DSTU 4145, NIST and Brainpool GF(p), NIST B- and K-
  CHECK(std::count_if(curves.begin(), curves.end(), [](const auto& c) { return c["family"] == "dstu4145"; }) == 10);
  CHECK(std::count_if(curves.begin(), curves.end(), [](const auto& c) { return c["family"] == "nist"; }) == 5);
  for (const char* family : {"nist-binary", "nist-koblitz"}) {
    CHECK(std::count_if(curves.begin(), curves.end(), [&](const auto& c) { return c["family"] == family; }) == 5);
  }
  r = run_dstu({"keygen", "--no-passphrase", "--list-curves"});
  CHECK(dstu::test::count_lines(r.out) == 10 + 19 + 10);
  // Convert DER -> armor and back; the key stays the same key.
  r = run_dstu({"keygen", "--no-passphrase", "--convert", d / "der", "-o", d / "pem", "--format", "armor"});
  CHECK(r.status == 0);
  CHECK(mode_of(d / "pem") == 0600);
  r = run_dstu({"keygen", "--no-passphrase", "--convert", d / "pem", "-o", d / "der2", "--format", "der"});
  CHECK(read(d / "der2") == read(d / "der"));
  r = run_dstu({"keygen", "--no-passphrase", "--convert", d / "der.pubkey", "-o", d / "pub.pem"});
  CHECK(r.status == 0);
  CHECK(read(d / "pub.pem").find("PUBLIC KEY") != std::string::npos);
  r = run_dstu({"keygen", "--no-passphrase", "--convert", d / "der", "-o", d / "bc.der", "--format", "der", "--pkcs8", "bc"});
  CHECK(r.status == 0);
  // Sign with the BouncyCastle-layout key, verify with the original public key.
  write(d / "m", "x");
  CHECK(run_dstu({"sign", "-k", d / "bc.der", d / "m"}).status == 0);
  CHECK(run_dstu({"verify", "-p", d / "der.pubkey", d / "m"}).status == 0);
}

TEST_CASE("keygen errors") {
  TempDir d;
  for (const std::vector<std::string>& bad :
       {std::vector<std::string>{"keygen", "--no-passphrase", "--curve", "p256", "-o", d / "a"},
        {"keygen", "--no-passphrase", "-o", "-"},
        {"keygen", "--no-passphrase", "-o", d / "a", "--pub", d / "a"},
        {"keygen", "--no-passphrase", "-o", d / "nodir/a"},
        {"keygen", "--no-passphrase", "--format", "pem", "-o", d / "a"},
        {"keygen", "--no-passphrase", "--convert", d / "missing", "-o", d / "b"},
        {"keygen", "--no-passphrase", "--convert", d / "a"},
        // --json records and a key cannot share standard output.
        {"keygen", "--no-passphrase", "--json", "-o", "-", "--pub", d / "a.pub"},
        {"keygen", "--no-passphrase", "--json", "--curve", "P-256", "-o", d / "a", "--pub", "-"}}) {
    const auto r = run_dstu(bad);
    CHECK(r.status == 2);
    CHECK(dstu::test::count_lines(r.err) == 1);
  }
  CHECK_FALSE(fs::exists(d / "a"));
  CHECK_FALSE(fs::exists(d / "a.pub"));
  write(d / "junk", "this is not a key");
  auto r = run_dstu({"keygen", "--no-passphrase", "--convert", d / "junk", "-o", d / "b"});
  CHECK(r.status == 2);
  CHECK(r.err.find("not a DSTU 4145 key") != std::string::npos);
  REQUIRE(run_dstu({"keygen", "--no-passphrase", "--curve", "P-256", "-o", d / "c"}).status == 0);
  r = run_dstu({"keygen", "--no-passphrase", "--json", "--convert", d / "c", "-o", "-"});
  CHECK(r.status == 2);
  CHECK(r.out.empty());
  CHECK(r.err.find("--json cannot share standard output") != std::string::npos);
  // --force with a private key file that cannot be written: the public key file it
  // would have replaced is left as it was (it was replaced, then removed).
  for (const char* curve : {"dstu257", "P-256"}) {
    write(d / "old.pub", "the old public key\n");
    r = run_dstu({"keygen", "--no-passphrase", "--force", "--curve", curve, "-o", d / "nodir/k", "--pub", d / "old.pub"});
    CHECK(r.status == 2);
    CHECK(dstu::test::count_lines(r.err) == 1);
    CHECK(read(d / "old.pub") == "the old public key\n");
  }
  // Nor when the private key file's name is a directory's: refused before any work.
  fs::create_directory(d / "dir");
  r = run_dstu({"keygen", "--no-passphrase", "--force", "-o", d / "dir", "--pub", d / "old.pub"});
  CHECK(r.status == 2);
  CHECK(r.err.find("is a directory") != std::string::npos);
  CHECK(read(d / "old.pub") == "the old public key\n");
}

// --force renames over its target: onto a device, a FIFO or a symbolic link that would
// replace the node or the link itself (as root, /dev/null or /dev/stdout would become
// a file). A FIFO and links stand for them here (a test must not touch /dev).
TEST_CASE("--force replaces regular files only: not a FIFO, not a symbolic link") {
  TempDir d;
  REQUIRE(run_dstu({"keygen", "--no-passphrase", "-o", d / "k"}).status == 0);
  write(d / "a.txt", "a file\n");
  write(d / "target", "a regular file\n");
  REQUIRE(mkfifo((d / "fifo").c_str(), 0600) == 0);
  fs::create_symlink(d / "target", d / "link");
  fs::create_symlink(d / "nowhere", d / "dangling");
  for (const std::string name : {"fifo", "link", "dangling"}) {
    INFO(name);
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"sign", "--force", "-k", d / "k", "-o", d / name, d / "a.txt"},
          std::vector<std::string>{"keygen", "--no-passphrase", "--force", "-o", d / name},
          std::vector<std::string>{"keygen", "--no-passphrase", "--force", "--curve", "P-256", "-o", d / "k2",
                                   "--pub", d / name}}) {
      const auto r = run_dstu(args);
      CHECK(r.status == 2);
      CHECK(dstu::test::count_lines(r.err) == 1);
      CHECK(r.err.find(d / name + ": not a regular file") != std::string::npos);
    }
    CHECK(fs::is_symlink(d / "link"));
    CHECK(fs::is_symlink(d / "dangling"));
    CHECK(fs::is_fifo(d / "fifo"));
    CHECK(read(d / "target") == "a regular file\n");
  }
  CHECK_FALSE(fs::exists(d / "k2"));
  // A regular file is still replaced.
  CHECK(run_dstu({"sign", "--force", "-k", d / "k", "-o", d / "target", d / "a.txt"}).status == 0);
  CHECK(run_dstu({"verify", "-p", d / "k.pub", "--sig", d / "target", d / "a.txt"}).status == 0);
}

TEST_CASE("sign and verify: files, default names, formats, hashes, exit codes") {
  TempDir d;
  REQUIRE(run_dstu({"keygen", "--no-passphrase", "-o", d / "k"}).status == 0);
  write(d / "a.txt", "first file\n");
  write(d / "b.bin", std::string(100000, '\x01'));
  write(d / "empty", "");
  auto r = run_dstu({"sign", "-k", d / "k", d / "a.txt", d / "b.bin", d / "empty"});
  REQUIRE(r.status == 0);
  CHECK(r.out.empty());
  for (const char* f : {"a.txt.sig", "b.bin.sig", "empty.sig"}) CHECK(fs::exists(d / f));
  CHECK(read(d / "a.txt.sig").find("Key-Id: ") != std::string::npos);
  r = run_dstu({"verify", "-p", d / "k.pub", d / "a.txt", d / "b.bin", d / "empty"});
  CHECK(r.status == 0);
  CHECK(dstu::test::count_lines(r.out) == 3);
  // Raw signatures and every hash.
  for (const char* h : {"gost34311", "kupyna256", "kupyna384", "kupyna512", "sha256", "sha512"}) {
    INFO(h);
    r = run_dstu({"sign", "-k", d / "k", "--hash", h, "--sig-format", "raw", "-o", d / "raw.sig", "--force", d / "a.txt"});
    REQUIRE(r.status == 0);
    CHECK(read(d / "raw.sig").size() == 64);
    CHECK(run_dstu({"verify", "-p", d / "k.pub", "--hash", h, "--sig", d / "raw.sig", d / "a.txt"}).status == 0);
    // A raw signature carries no hash name: verifying with another hash fails.
    const char* other = std::string(h) == "gost34311" ? "kupyna256" : "gost34311";
    CHECK(run_dstu({"verify", "-p", d / "k.pub", "--hash", other, "--sig", d / "raw.sig", d / "a.txt"}).status == 1);
  }
  // The armor's Hash header is used by default.
  REQUIRE(run_dstu({"sign", "-k", d / "k", "--hash", "kupyna512", "-o", d / "k512.sig", d / "a.txt"}).status == 0);
  CHECK(run_dstu({"verify", "-p", d / "k.pub", "--sig", d / "k512.sig", d / "a.txt"}).status == 0);
  CHECK(run_dstu({"verify", "-p", d / "k.pub", "--hash", "gost34311", "--sig", d / "k512.sig", d / "a.txt"}).status == 2);
  // A changed file, one byte: exit 1; quiet prints nothing.
  write(d / "a.txt", "first file!");
  r = run_dstu({"verify", "-q", "-p", d / "k.pub", d / "a.txt"});
  CHECK(r.status == 1);
  CHECK(r.out.empty());
  // Several files: one invalid -> 1; one missing -> 2 (error wins).
  r = run_dstu({"verify", "-p", d / "k.pub", d / "a.txt", d / "b.bin"});
  CHECK(r.status == 1);
  r = run_dstu({"verify", "-p", d / "k.pub", d / "b.bin", d / "nonexistent"});
  CHECK(r.status == 2);
  // Sign refuses to overwrite a signature unless --force.
  r = run_dstu({"sign", "-k", d / "k", d / "b.bin"});
  CHECK(r.status == 2);
  CHECK(r.err.find("already exists") != std::string::npos);
  CHECK(run_dstu({"sign", "-k", d / "k", "--force", d / "b.bin"}).status == 0);
}

TEST_CASE("verify --json records") {
  TempDir d;
  REQUIRE(run_dstu({"keygen", "--no-passphrase", "-o", d / "k"}).status == 0);
  write(d / "good", "g");
  write(d / "bad", "b");
  REQUIRE(run_dstu({"sign", "-k", d / "k", d / "good", d / "bad"}).status == 0);
  write(d / "bad", "B");
  const auto r = run_dstu({"verify", "--json", "-p", d / "k.pub", d / "good", d / "bad", d / "none"});
  CHECK(r.status == 2);
  std::istringstream lines(r.out);
  std::vector<nlohmann::json> recs;
  for (std::string l; std::getline(lines, l);) recs.push_back(nlohmann::json::parse(l));
  REQUIRE(recs.size() == 3);
  CHECK(recs[0]["status"] == "valid");
  CHECK(recs[1]["status"] == "invalid");
  CHECK(recs[2]["status"] == "error");
  for (const auto& rec : recs) {
    CHECK(rec["curve"] == "dstu257");
    CHECK(rec.contains("key_id"));
    CHECK(rec.contains("hash"));
  }
  CHECK(recs[0]["hash"] == "gost34311");
  CHECK(recs[2]["hash"].is_null());  // the error came before any hash was chosen
  CHECK(recs[2].contains("reason"));
}

TEST_CASE("standard input and output") {
  TempDir d;
  REQUIRE(run_dstu({"keygen", "--no-passphrase", "-o", d / "k"}).status == 0);
  auto r = run_dstu({"sign", "-k", d / "k", "-"}, "from stdin");
  REQUIRE(r.status == 0);
  write(d / "stdin.sig", r.out);
  write(d / "copy", "from stdin");
  CHECK(run_dstu({"verify", "-p", d / "k.pub", "--sig", d / "stdin.sig", d / "copy"}).status == 0);
  CHECK(run_dstu({"verify", "-p", d / "k.pub", "--sig", d / "stdin.sig", "-"}, "from stdin").status == 0);
  CHECK(run_dstu({"verify", "-p", d / "k.pub", "--sig", d / "stdin.sig", "-"}, "from stdin.").status == 1);
  // The key from stdin.
  CHECK(run_dstu({"sign", "-k", "-", "-o", d / "c.sig", d / "copy"}, read(d / "k")).status == 0);
  // Private key to stdout when asked.
  r = run_dstu({"keygen", "--no-passphrase", "-o", "-", "--pub", d / "p2"});
  CHECK(r.status == 0);
  CHECK(r.out.find("-----BEGIN PRIVATE KEY-----") == 0);
  CHECK(r.err.find("key id") == 0);
}

TEST_CASE("bad keys and signatures are errors (exit 2), never crashes") {
  TempDir d;
  REQUIRE(run_dstu({"keygen", "--no-passphrase", "-o", d / "k"}).status == 0);
  REQUIRE(run_dstu({"keygen", "--no-passphrase", "-o", d / "k163", "--curve", "dstu163"}).status == 0);
  write(d / "m", "message");
  REQUIRE(run_dstu({"sign", "-k", d / "k", d / "m"}).status == 0);
  const std::string sig = read(d / "m.sig");
  const std::string pub = read(d / "k.pub");
  // Wrong curve.
  auto r = run_dstu({"verify", "-p", d / "k163.pub", d / "m"});
  CHECK(r.status == 2);
  CHECK(r.err.find("curve") != std::string::npos);
  // Truncated, oversized and garbage signature files.
  for (const std::string& bad : {sig.substr(0, sig.size() / 2), sig + sig, std::string("garbage"), std::string(),
                                 std::string(63, 'x'), std::string(2000, 'A')}) {
    write(d / "bad.sig", bad);
    r = run_dstu({"verify", "-p", d / "k.pub", "--sig", d / "bad.sig", d / "m"});
    CHECK((r.status == 2 || r.status == 1));
    CHECK(r.status != 0);
  }
  write(d / "odd.sig", std::string(63, '\x01'));
  CHECK(run_dstu({"verify", "-p", d / "k.pub", "--sig", d / "odd.sig", d / "m"}).status == 2);
  write(d / "zero.sig", std::string(64, '\0'));  // r = s = 0
  CHECK(run_dstu({"verify", "-p", d / "k.pub", "--sig", d / "zero.sig", d / "m"}).status == 1);
  // Truncated, garbage and wrong-kind key files.
  for (const std::string& bad : {pub.substr(0, pub.size() / 2), std::string("garbage"), std::string(),
                                 std::string(100000, '0')}) {
    write(d / "bad.pub", bad);
    r = run_dstu({"verify", "-p", d / "bad.pub", d / "m"});
    CHECK(r.status == 2);
    CHECK(dstu::test::count_lines(r.err) == 1);
  }
  CHECK(run_dstu({"sign", "-k", d / "k.pub", d / "m"}).status == 2);  // a public key cannot sign
  CHECK(run_dstu({"sign", "-k", d / "k", d / "nofile"}).status == 2);
  CHECK_FALSE(fs::exists(d / "nofile.sig"));
  CHECK(run_dstu({"sign", "-k", d / "k", "-o", d / "x.sig", d / "m", d / "m"}).status == 2);
  CHECK(run_dstu({"verify", "-p", d / "k.pub"}).status == 2);
}

TEST_CASE("armor headers: ignored in a public key file, refused in a private one") {
  TempDir d;
  REQUIRE(run_dstu({"keygen", "--no-passphrase", "-o", d / "k"}).status == 0);
  write(d / "a.txt", "text\n");
  auto with_header = [](const std::string& pem, const std::string& header) {
    const auto eol = pem.find('\n');
    return pem.substr(0, eol + 1) + header + "\n\n" + pem.substr(eol + 1);
  };
  write(d / "h.pub", with_header(read(d / "k.pub"), "Comment: a public key"));
  write(d / "h.key", with_header(read(d / "k"), "Proc-Type: 4,ENCRYPTED"));
  ::chmod((d / "h.key").c_str(), 0600);
  REQUIRE(run_dstu({"sign", "-k", d / "k", d / "a.txt"}).status == 0);
  CHECK(run_dstu({"verify", "-p", d / "h.pub", d / "a.txt"}).status == 0);
  const auto r = run_dstu({"sign", "-k", d / "h.key", "-o", d / "b.sig", d / "a.txt"});
  CHECK(r.status == 2);
  CHECK(r.err.find("armor headers ('Proc-Type: ...') in a private key") != std::string::npos);
  CHECK_FALSE(fs::exists(d / "b.sig"));
}
