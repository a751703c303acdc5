// CLI transcripts of `dstu hash`: the known digests of every hash from the test vectors
// (files and standard input), sha256sum's line format both ways, --check with a damaged
// file, a missing file, a malformed line and an empty list, HMAC and Kupyna-KMAC against
// the library's own results, JSON records, and the exit status of each case.
#include <doctest/doctest.h>

#include <cctype>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "dstu/base/bytes.hpp"
#include "dstu/hash/hmac.hpp"
#include "dstu/hash/kupyna_kmac.hpp"
#include "test_random.hpp"
#include "transcript.hpp"
#include "vec.hpp"

using dstu::Bytes;
using dstu::test::read;
using dstu::test::run_dstu;
using dstu::test::TempDir;
using dstu::test::write;

namespace {

std::string text(const Bytes& b) { return std::string(b.begin(), b.end()); }

/// A vector of each hash with a non-empty message of whole octets: (name, message, digest).
struct Known {
  std::string hash;
  Bytes msg, digest;
};

std::vector<Known> known_digests() {
  std::vector<Known> out;
  for (const auto& v : dstu::test::load_vectors("hash/gost34311.vec")) {
    if (v.get("SBox") == "dke1" && v.bytes("IV") == Bytes(32, 0) && !v.bytes("Msg").empty()) {
      out.push_back({"gost34311", v.bytes("Msg"), v.bytes("Digest")});
      break;
    }
  }
  const std::vector<std::pair<std::string, std::vector<std::string>>> files = {
      {"hash/kupyna.vec", {"kupyna256", "kupyna384", "kupyna512"}},
      {"hash/sha1.vec", {"sha1"}},
      {"hash/sha2.vec", {"sha224", "sha256", "sha384", "sha512"}},
      {"hash/sha512t.vec", {"sha512-224", "sha512-256"}},
      {"hash/sha3.vec", {"sha3-224", "sha3-256", "sha3-384", "sha3-512"}}};
  for (const auto& [file, names] : files) {
    for (const std::string& name : names) {
      for (const auto& v : dstu::test::load_vectors(file, name)) {
        if (v.bytes("Msg").empty() || (v.has("MsgBits") && std::stoul(v.get("MsgBits")) % 8 != 0)) continue;
        out.push_back({name, v.bytes("Msg"), v.bytes("Digest")});
        break;
      }
    }
  }
  return out;
}

std::vector<nlohmann::json> records(const std::string& out) {
  std::istringstream lines(out);
  std::vector<nlohmann::json> recs;
  for (std::string l; std::getline(lines, l);) recs.push_back(nlohmann::json::parse(l));
  return recs;
}

bool has(const std::string& s, const std::string& what) { return s.find(what) != std::string::npos; }

}  // namespace

TEST_CASE("hash: the known digest of every hash, of a file and of standard input") {
  const std::vector<Known> known = known_digests();
  std::vector<std::string> names;
  for (const Known& k : known) names.push_back(k.hash);
  const auto listed = run_dstu({"hash", "--list-hashes"});
  REQUIRE(listed.status == 0);
  std::string all;
  for (const auto& n : names) all += n + "\n";
  CHECK(listed.out == all);  // every hash has a vector here, in the registry's order
  TempDir d;
  for (const Known& k : known) {
    INFO(k.hash);
    write(d / "m", text(k.msg));
    auto r = run_dstu({"hash", "--hash", k.hash, d / "m"});
    CHECK(r.status == 0);
    CHECK(r.err.empty());
    CHECK(r.out == dstu::to_hex(k.digest) + "  " + d / "m" + "\n");
    r = run_dstu({"hash", "--hash", k.hash}, text(k.msg));  // no FILE: standard input
    CHECK(r.status == 0);
    CHECK(r.out == dstu::to_hex(k.digest) + "  -\n");
  }
}

TEST_CASE("hash: GOST 34.311 by default, files in order, a missing one is exit 2 and the others are still hashed") {
  TempDir d;
  write(d / "a", "first\n");
  write(d / "b", std::string(3 << 20, 'b'));  // past the first read: the read-ahead thread
  write(d / "sp ace", "x");
  const auto gost = run_dstu({"hash", "--hash", "gost34311", d / "a", d / "b", d / "sp ace"});
  REQUIRE(gost.status == 0);
  auto r = run_dstu({"--threads", "2", "hash", d / "a", d / "b", d / "sp ace"});
  CHECK(r.status == 0);
  CHECK(r.out == gost.out);
  CHECK(dstu::test::count_lines(r.out) == 3);
  CHECK(has(r.out, "  " + d / "sp ace\n"));
  r = run_dstu({"hash", d / "a", d / "missing", d / "b"});
  CHECK(r.status == 2);
  CHECK(dstu::test::count_lines(r.out) == 2);
  CHECK(dstu::test::count_lines(r.err) == 1);
  CHECK(has(r.err, "dstu: error: " + d / "missing" + ": cannot open"));
  // A name with a newline or a backslash is escaped as sha256sum escapes it.
  write(d / "new\nline", "n");
  r = run_dstu({"hash", "--hash", "sha256", d / "new\nline"});
  CHECK(r.status == 0);
  CHECK(r.out.rfind("\\", 0) == 0);
  CHECK(has(r.out, "new\\nline\n"));
  write(d / "list", r.out);
  r = run_dstu({"hash", "--hash", "sha256", "--check", d / "list"});
  CHECK(r.status == 0);
  // The verdict stays on one line, its name escaped as in the list.
  CHECK(dstu::test::count_lines(r.out) == 1);
  CHECK(r.out.rfind("\\", 0) == 0);
  CHECK(has(r.out, "new\\nline: OK\n"));
}

TEST_CASE("hash --check: OK, a damaged file, a missing file, a malformed line, an empty list, standard input") {
  TempDir d;
  write(d / "a", "alpha\n");
  write(d / "b", "beta\n");
  write(d / "c", "gamma\n");
  auto made = run_dstu({"hash", "--hash", "kupyna256", d / "a", d / "b", d / "c"});
  REQUIRE(made.status == 0);
  write(d / "list", made.out);
  auto r = run_dstu({"hash", "--hash", "kupyna256", "--check", d / "list"});
  CHECK(r.status == 0);
  CHECK(r.out == d / "a" + ": OK\n" + d / "b" + ": OK\n" + d / "c" + ": OK\n");
  // The same list through standard input, and with upper-case hex and the binary mark.
  CHECK(run_dstu({"hash", "--hash", "kupyna256", "-c", "-"}, made.out).status == 0);
  std::string upper = made.out.substr(0, 64);
  for (char& ch : upper) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  write(d / "upper", upper + " *" + d / "a" + "\n");
  CHECK(run_dstu({"hash", "--hash", "kupyna256", "-c", d / "upper"}).status == 0);
  // A damaged file: FAILED, exit 1; the others still OK.
  write(d / "b", "betA\n");
  r = run_dstu({"hash", "--hash", "kupyna256", "--check", d / "list"});
  CHECK(r.status == 1);
  CHECK(r.out == d / "a" + ": OK\n" + d / "b" + ": FAILED\n" + d / "c" + ": OK\n");
  CHECK(r.err.empty());
  // A missing file: an error on standard error, exit 2 (over the FAILED).
  std::filesystem::remove(d / "c");
  r = run_dstu({"hash", "--hash", "kupyna256", "--check", d / "list"});
  CHECK(r.status == 2);
  CHECK(has(r.out, d / "b" + ": FAILED\n"));
  CHECK_FALSE(has(r.out, d / "c"));
  CHECK(has(r.err, d / "c" + ": cannot open"));
  // A malformed line names the list, the line and what a line should be; exit 2.
  write(d / "c", "gamma\n");
  write(d / "b", "beta\n");
  write(d / "bad", made.out.substr(0, made.out.find('\n') + 1) + "# a comment\n\nnot a digest line\n");
  r = run_dstu({"hash", "--hash", "kupyna256", "--check", d / "bad"});
  CHECK(r.status == 2);
  CHECK(r.out == d / "a" + ": OK\n");
  CHECK(dstu::test::count_lines(r.err) == 1);
  CHECK(has(r.err, d / "bad" + ":4: not a line of kupyna256 digests (64 hex digits, two spaces, the file name)"));
  // Lines of another hash's length say so.
  r = run_dstu({"hash", "--hash", "sha512", "--check", d / "list"});
  CHECK(r.status == 2);
  CHECK(has(r.err, "its digest has 64 digits: another hash? (--hash)"));
  // An empty list checks nothing: an error, not "all match".
  write(d / "empty", "# nothing\n");
  r = run_dstu({"hash", "--check", d / "empty"});
  CHECK(r.status == 2);
  CHECK(has(r.err, "no digest lines in the list"));
  // An unreadable list; a list line naming standard input when the list is standard input.
  CHECK(run_dstu({"hash", "--check", d / "no-list"}).status == 2);
  r = run_dstu({"hash", "--check", "-"}, made.out.substr(0, 66) + "-\n");
  CHECK(r.status == 2);
  CHECK(has(r.err, "standard input is read once"));
  // -q: no reports, the exit status alone; --check takes no FILE arguments.
  write(d / "b", "betA\n");
  r = run_dstu({"hash", "-q", "--hash", "kupyna256", "--check", d / "list"});
  CHECK(r.status == 1);
  CHECK(r.out.empty());
  CHECK(run_dstu({"hash", "--check", d / "list", d / "a"}).status == 2);
}

TEST_CASE("hash --key-file: HMAC and Kupyna-KMAC equal the library's; the key is never printed") {
  TempDir d;
  dstu::test::TestRng rng(0x68617368);
  Bytes data(100000), key32(32), key64(64), long_key(300);
  rng.fill(data.data(), data.size());
  rng.fill(key32.data(), key32.size());
  rng.fill(key64.data(), key64.size());
  rng.fill(long_key.data(), long_key.size());
  write(d / "data", text(data));
  write(d / "k32", text(key32));
  write(d / "k64", text(key64));
  write(d / "klong", text(long_key));
  for (const char* h : {"gost34311", "kupyna256", "sha1", "sha256", "sha512", "sha3-256"}) {
    INFO(h);
    for (const char* k : {"k32", "klong"}) {
      const Bytes& key = std::string(k) == "k32" ? key32 : long_key;
      const auto r = run_dstu({"hash", "--hash", h, "--key-file", d / k, d / "data"});
      CHECK(r.status == 0);
      CHECK(r.out == dstu::to_hex(dstu::hash::Hmac::mac(h, key, data)) + "  " + d / "data\n");
      CHECK_FALSE(has(r.out + r.err, dstu::to_hex(key)));
    }
  }
  // HMAC is the default MAC; GOST 34.311 its default hash.
  CHECK(run_dstu({"hash", "--mac", "hmac", "--key-file", d / "k32", d / "data"}).out ==
        run_dstu({"hash", "--key-file", d / "k32", "--hash", "gost34311", d / "data"}).out);
  // KMAC: kupyna256 by default, a key of the MAC's length.
  auto r = run_dstu({"hash", "--mac", "kmac", "--key-file", d / "k32", d / "data"});
  CHECK(r.status == 0);
  CHECK(r.out == dstu::to_hex(dstu::hash::KupynaKmac::mac(256, key32, data)) + "  " + d / "data\n");
  r = run_dstu({"hash", "--mac", "kmac", "--hash", "kupyna512", "--key-file", d / "k64", "-"}, text(data));
  CHECK(r.status == 0);
  CHECK(r.out == dstu::to_hex(dstu::hash::KupynaKmac::mac(512, key64, data)) + "  -\n");
  // The list it writes checks, and fails under another key.
  write(d / "macs", r.out.substr(0, r.out.size() - 2) + d / "data\n");
  CHECK(run_dstu({"hash", "--mac", "kmac", "--hash", "kupyna512", "--key-file", d / "k64", "-c", d / "macs"}).status ==
        0);
  Bytes other = key64;
  other[0] ^= 1;
  write(d / "k64b", text(other));
  CHECK(run_dstu({"hash", "--mac", "kmac", "--hash", "kupyna512", "--key-file", d / "k64b", "-c", d / "macs"}).status ==
        1);
  // Refusals, one line each, exit 2.
  write(d / "k32nl", text(key32) + "\n");
  r = run_dstu({"hash", "--mac", "kmac", "--key-file", d / "k32nl", d / "data"});
  CHECK(r.status == 2);
  CHECK(has(r.err, "a key of 33 octets; KMAC over kupyna256 takes 32 (the newline at its end counts)"));
  r = run_dstu({"hash", "--mac", "kmac", "--hash", "sha256", "--key-file", d / "k32", d / "data"});
  CHECK(r.status == 2);
  CHECK(has(r.err, "KMAC is Kupyna's MAC"));
  r = run_dstu({"hash", "--mac", "kmac", d / "data"});
  CHECK(r.status == 2);
  CHECK(has(r.err, "--mac needs the key: --key-file FILE"));
  write(d / "k0", "");
  CHECK(has(run_dstu({"hash", "--key-file", d / "k0", d / "data"}).err, "an empty key file"));
  CHECK(run_dstu({"hash", "--key-file", "-", "-"}, "k").status == 2);  // standard input once
}

TEST_CASE("hash --json: one record per file, and per checked file") {
  TempDir d;
  write(d / "a", "a");
  auto r = run_dstu({"hash", "--json", "--hash", "sha256", d / "a", d / "missing"});
  CHECK(r.status == 2);
  auto recs = records(r.out);
  REQUIRE(recs.size() == 2);
  CHECK(recs[0]["file"] == d / "a");
  CHECK(recs[0]["status"] == "hashed");
  CHECK(recs[0]["hash"] == "sha256");
  CHECK(recs[0]["digest"] == "ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bb");
  CHECK_FALSE(recs[0].contains("mac"));
  CHECK(recs[1]["status"] == "error");
  CHECK(has(recs[1]["reason"].get<std::string>(), "cannot open"));
  write(d / "k", "key");
  r = run_dstu({"hash", "--json", "--key-file", d / "k", d / "a"});
  recs = records(r.out);
  REQUIRE(recs.size() == 1);
  CHECK(recs[0]["mac"] == "hmac");
  CHECK(recs[0]["hash"] == "gost34311");
  write(d / "list", "ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bb  " + d / "a\n" +
                        std::string(64, '0') + "  " + d / "a\n");
  r = run_dstu({"hash", "--json", "--hash", "sha256", "-c", d / "list"});
  CHECK(r.status == 1);
  recs = records(r.out);
  REQUIRE(recs.size() == 2);
  CHECK(recs[0]["status"] == "ok");
  CHECK(recs[1]["status"] == "failed");
}
