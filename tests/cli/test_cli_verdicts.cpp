// Verdicts that tell the truth (issue "trust in scripts and CI", item 2): exit 1 only
// for a well-formed signature that does not verify, saying which key and hash were
// used; one file's error never stops the others in sign or verify; -q on every
// subcommand; every subcommand's --help lists the global options; usage errors point
// at the subcommand's help.
#include <doctest/doctest.h>

#include <filesystem>
#include <sstream>
#include <nlohmann/json.hpp>

#include "transcript.hpp"

namespace fs = std::filesystem;
using dstu::test::read;
using dstu::test::run_dstu;
using dstu::test::TempDir;
using dstu::test::write;

namespace {

std::vector<nlohmann::json> records(const std::string& out) {
  std::istringstream lines(out);
  std::vector<nlohmann::json> recs;
  for (std::string l; std::getline(lines, l);) recs.push_back(nlohmann::json::parse(l));
  return recs;
}

/// The key id keygen printed ("key id HEX").
std::string key_id_of(const dstu::test::Run& keygen) {
  const auto at = keygen.out.find("key id ");
  REQUIRE(at != std::string::npos);
  return keygen.out.substr(at + 7, 64);
}

}  // namespace

TEST_CASE("sign: a signature file in the way is that file's error; the others are signed") {
  TempDir d;
  REQUIRE(run_dstu({"keygen", "--no-passphrase", "-o", d / "k"}).status == 0);
  for (const char* f : {"a", "b", "c"}) write(d / f, f);
  write(d / "b.sig", "keep me");
  auto r = run_dstu({"--json", "sign", "-k", d / "k", d / "a", d / "b", d / "c"});
  CHECK(r.status == 2);
  const auto recs = records(r.out);
  REQUIRE(recs.size() == 3);
  CHECK(recs[0]["status"] == "signed");
  CHECK(recs[1]["status"] == "error");
  CHECK(recs[1]["reason"].get<std::string>().find("already exists") != std::string::npos);
  CHECK(recs[2]["status"] == "signed");
  CHECK(read(d / "b.sig") == "keep me");
  CHECK(run_dstu({"verify", "-p", d / "k.pub", d / "a", d / "c"}).status == 0);
  // Without --json the error is one line on stderr, and the others are still signed.
  fs::remove(d / "a.sig");
  fs::remove(d / "c.sig");
  r = run_dstu({"sign", "-k", d / "k", d / "a", d / "b", d / "c", d / "missing"});
  CHECK(r.status == 2);
  CHECK(dstu::test::count_lines(r.err) == 2);
  CHECK(fs::exists(d / "a.sig"));
  CHECK(fs::exists(d / "c.sig"));
  CHECK_FALSE(fs::exists(d / "missing.sig"));
}

TEST_CASE("INVALID says which key and hash were used, and that a raw signature names no hash") {
  TempDir d;
  const auto kg = run_dstu({"keygen", "--no-passphrase", "-o", d / "k"});
  REQUIRE(kg.status == 0);
  const std::string id = key_id_of(kg);
  const std::string other_id = key_id_of(run_dstu({"keygen", "--no-passphrase", "-o", d / "other"}));
  write(d / "m", "message");
  REQUIRE(run_dstu({"sign", "-k", d / "k", "--hash", "kupyna256", "--sig-format", "raw", "-o", d / "m.raw", d / "m"})
              .status == 0);
  // Made with Kupyna-256, verified with the assumed GOST 34.311: INVALID with the hint.
  auto r = run_dstu({"verify", "-p", d / "k.pub", "--sig", d / "m.raw", d / "m"});
  CHECK(r.status == 1);
  CHECK(r.out.find("key " + id) != std::string::npos);
  CHECK(r.out.find("with hash gost34311") != std::string::npos);
  CHECK(r.out.find("a raw signature names no hash") != std::string::npos);
  CHECK(run_dstu({"verify", "-p", d / "k.pub", "--hash", "kupyna256", "--sig", d / "m.raw", d / "m"}).status == 0);
  // With --hash given, no hint: the hash was chosen, not assumed.
  r = run_dstu({"verify", "-p", d / "k.pub", "--hash", "kupyna384", "--sig", d / "m.raw", d / "m"});
  CHECK(r.status == 1);
  CHECK(r.out.find("with hash kupyna384") != std::string::npos);
  CHECK(r.out.find("names no hash") == std::string::npos);
  // An armored signature made with another key names both keys.
  REQUIRE(run_dstu({"sign", "-k", d / "k", d / "m"}).status == 0);
  r = run_dstu({"--json", "verify", "-p", d / "other.pub", d / "m"});
  CHECK(r.status == 1);
  const auto recs = records(r.out);
  REQUIRE(recs.size() == 1);
  CHECK(recs[0]["status"] == "invalid");
  CHECK(recs[0]["key_id"] == other_id);
  const std::string reason = recs[0]["reason"];
  CHECK(reason.find(id) != std::string::npos);
  CHECK(reason.find(other_id) != std::string::npos);
}

TEST_CASE("-q on every subcommand prints no reports, with or without --json; errors still go to stderr") {
  TempDir d;
  auto r = run_dstu({"keygen", "--no-passphrase", "-q", "-o", d / "k"});
  CHECK(r.status == 0);
  CHECK(r.out.empty());
  CHECK(r.err.empty());
  CHECK(fs::exists(d / "k"));
  CHECK(run_dstu({"-q", "--json", "keygen", "--no-passphrase", "-o", d / "k2"}).out.empty());
  write(d / "m", "m");
  r = run_dstu({"sign", "--json", "-q", "-k", d / "k", d / "m", d / "missing"});
  CHECK(r.status == 2);
  CHECK(r.out.empty());
  CHECK(r.err.find("missing") != std::string::npos);
  r = run_dstu({"verify", "--json", "-q", "-p", d / "k.pub", d / "m", d / "missing"});
  CHECK(r.status == 2);
  CHECK(r.out.empty());
  CHECK(r.err.find("missing") != std::string::npos);
  CHECK(run_dstu({"verify", "-q", "-p", d / "k.pub", d / "m"}).out.empty());
  r = run_dstu({"primegen", "-q", "--check", "7", "9"});
  CHECK(r.status == 1);
  CHECK(r.out.empty());
  r = run_dstu({"primegen", "-q", "--json", "--check", "7"});
  CHECK(r.status == 0);
  CHECK(r.out.empty());
  // Data asked for is still written: primes, and a signature to standard output.
  r = run_dstu({"primegen", "-q", "--bits", "64"});
  CHECK(r.status == 0);
  CHECK(dstu::test::count_lines(r.out) == 1);
  r = run_dstu({"sign", "-q", "-k", d / "k", "-"}, "data");
  CHECK(r.status == 0);
  CHECK(r.out.find("-----BEGIN") == 0);
}

TEST_CASE("every subcommand's --help lists the global options; usage errors point at it") {
  for (const char* cmd : {"keygen", "--no-passphrase", "sign", "verify", "hash", "bench", "primegen"}) {
    INFO(cmd);
    const auto r = run_dstu({cmd, "--help"});
    CHECK(r.status == 0);
    for (const char* opt : {"--json", "--threads", "--cpu", "--quiet"}) {
      INFO(opt);
      CHECK(r.out.find(opt) != std::string::npos);
    }
    CHECK(r.out.find("NDJSON") != std::string::npos);
  }
  auto r = run_dstu({"verify", "--no-such-option"});
  CHECK(r.status == 2);
  CHECK(r.err.find("dstu verify --help") != std::string::npos);
  r = run_dstu({"sign", "-k", "k", "-o", "x", "a", "b"});  // an error found by the command
  CHECK(r.status == 2);
  CHECK(r.err.find("dstu sign --help") != std::string::npos);
  r = run_dstu({"frobnicate"});
  CHECK(r.err.find("dstu --help") != std::string::npos);
  // Global options work after the subcommand's name as before it.
  CHECK(run_dstu({"primegen", "--threads", "1", "--bits", "32"}).status == 0);
  CHECK(run_dstu({"--threads", "1", "primegen", "--bits", "32"}).status == 0);
}
