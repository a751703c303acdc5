// dstu verify --batch LIST: requests from a list file or standard input, results in
// input order (NDJSON with --json), each line's problem reported on its own line
// without stopping the others; more requests than one window (256) in one run.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "transcript.hpp"

using dstu::test::run_dstu;
using dstu::test::TempDir;
using dstu::test::write;

namespace {

/// Signs `count` files f0..f{count-1} in d with key k; returns their paths.
std::vector<std::string> signed_files(const TempDir& d, int count) {
  std::vector<std::string> files;
  std::vector<std::string> args{"sign", "-k", d / "k"};
  for (int i = 0; i < count; ++i) {
    files.push_back(d / ("f" + std::to_string(i)));
    write(files.back(), "file number " + std::to_string(i) + "\n");
    args.push_back(files.back());
  }
  REQUIRE(run_dstu({"keygen", "--no-passphrase", "-o", d / "k"}).status == 0);
  REQUIRE(run_dstu(args).status == 0);
  return files;
}

std::vector<nlohmann::json> records(const std::string& out) {
  std::vector<nlohmann::json> r;
  std::istringstream in(out);
  for (std::string line; std::getline(in, line);) r.push_back(nlohmann::json::parse(line));
  return r;
}

}  // namespace

TEST_CASE("a list of 300 requests with good, damaged and malformed lines, in order") {
  TempDir d;
  const std::vector<std::string> files = signed_files(d, 300);
  write(files[7], "changed after signing\n");
  std::string list = "# requests\n\n";
  for (int i = 0; i < 300; ++i) {
    if (i == 100) list += files[i] + "\t" + files[101] + ".sig\n";  // another file's signature
    else if (i == 200) list += files[i] + " " + files[i] + ".sig extra\n";  // malformed
    else if (i % 2) list += files[i] + " " + files[i] + ".sig\n";
    else list += files[i] + "\n";
  }
  list += d / "missing" + "\n";
  write(d / "list", list);

  const auto r = run_dstu({"--json", "verify", "-p", d / "k.pub", "--batch", d / "list"});
  CHECK(r.status == 2);  // errors outrank invalid
  const auto recs = records(r.out);
  REQUIRE(recs.size() == 301);
  for (int i = 0; i < 300; ++i) {
    INFO("request " << i);
    CHECK(recs[i]["file"] == files[i]);
    const std::string want = i == 7 || i == 100 ? "invalid" : i == 200 ? "error" : "valid";
    CHECK(recs[i]["status"] == want);
  }
  CHECK(recs[300]["status"] == "error");
  CHECK(recs[200]["reason"].get<std::string>().find(":203: more than two fields") != std::string::npos);

  // The same list on standard input, one thread: the same verdicts.
  const auto one = run_dstu({"--threads", "1", "--json", "verify", "-p", d / "k.pub", "--batch", "-"}, list);
  CHECK(one.status == 2);
  const auto recs1 = records(one.out);
  REQUIRE(recs1.size() == recs.size());
  for (std::size_t i = 0; i < recs.size(); ++i) CHECK(recs1[i]["status"] == recs[i]["status"]);
}

TEST_CASE("list and file arguments together; exit 0 when all are valid; usage errors") {
  TempDir d;
  const std::vector<std::string> files = signed_files(d, 4);
  write(d / "list", files[2] + "\n" + files[3] + "\n");
  const auto r = run_dstu({"verify", "-p", d / "k.pub", files[0], files[1], "--batch", d / "list"});
  CHECK(r.status == 0);
  CHECK(dstu::test::count_lines(r.out) == 4);
  CHECK(r.out.find(files[3] + ": OK") != std::string::npos);
  // Usage: nothing to verify; --sig with a list; stdin twice; a list that cannot be read.
  CHECK(run_dstu({"verify", "-p", d / "k.pub"}).status == 2);
  CHECK(run_dstu({"verify", "-p", d / "k.pub", "--sig", files[0] + ".sig", files[0], "--batch", d / "list"}).status == 2);
  CHECK(run_dstu({"verify", "-p", d / "k.pub", "-", "--batch", "-"}).status == 2);
  const auto missing = run_dstu({"verify", "-p", d / "k.pub", "--batch", d / "nope"});
  CHECK(missing.status == 2);
  CHECK(dstu::test::count_lines(missing.err) == 1);
}

TEST_CASE("list edge cases: CRLF, spaces around a TAB, stdin named in a line, an empty list") {
  TempDir d;
  const std::vector<std::string> files = signed_files(d, 3);
  // CRLF line ends and spaces around the TAB are dropped; a '-' SIGFILE or FILE is
  // an error for its line only, and never reads standard input (which holds the list).
  const std::string list = files[0] + "\r\n" + files[1] + "  \t " + files[1] + ".sig \r\n" + files[2] + " -\n" +
                           "-\t" + files[2] + ".sig\n" + files[2] + "\n";
  const auto r = run_dstu({"--json", "verify", "-p", d / "k.pub", "--batch", "-"}, list);
  CHECK(r.status == 2);
  const auto recs = records(r.out);
  REQUIRE(recs.size() == 5);
  CHECK(recs[0]["status"] == "valid");
  CHECK(recs[1]["status"] == "valid");
  CHECK(recs[2]["status"] == "error");
  CHECK(recs[3]["status"] == "error");
  CHECK(recs[4]["status"] == "valid");  // read after the lines naming stdin: nothing was swallowed
  CHECK(recs[2]["reason"].get<std::string>().find("standard input cannot be listed") != std::string::npos);

  // A list with no request is an error, not "all valid".
  const auto empty = run_dstu({"verify", "-p", d / "k.pub", "--batch", "-"}, "# nothing\n\n");
  CHECK(empty.status == 2);
  CHECK(empty.err.find("no requests") != std::string::npos);
  // The key and the list cannot both come from standard input.
  CHECK(run_dstu({"verify", "-p", "-", "--batch", "-"}, "x\n").status == 2);
  // A directory as the list, and an empty key file, say so.
  const auto dir = run_dstu({"verify", "-p", d / "k.pub", "--batch", d / "."});
  CHECK(dir.status == 2);
  CHECK(dir.err.find("Is a directory") != std::string::npos);
  write(d / "empty.pub", "");
  const auto no_key = run_dstu({"verify", "-p", d / "empty.pub", files[0]});
  CHECK(no_key.status == 2);
  CHECK(no_key.err.find("the key file is empty") != std::string::npos);
}

TEST_CASE("a line longer than 8193 octets is an error and ends the list: /dev/zero, a long blank line") {
  TempDir d;
  const std::vector<std::string> files = signed_files(d, 2);
  // A line of exactly 8193 octets is a request (here a missing file); one more octet
  // and nothing after it is read, not even the good request on the next line.
  const std::string at_limit(8193, 'x');
  const auto limit = run_dstu({"--json", "verify", "-p", d / "k.pub", "--batch", "-"},
                              files[0] + "\n" + at_limit + "\n" + files[1] + "\n");
  CHECK(limit.status == 2);
  auto recs = records(limit.out);
  REQUIRE(recs.size() == 3);
  CHECK(recs[1]["reason"].get<std::string>().find("longer than") == std::string::npos);
  CHECK(recs[2]["status"] == "valid");
  for (const std::string& filler : {std::string(8194, 'x'), std::string(100000, ' '), std::string(100000, '\0')}) {
    const auto r = run_dstu({"--json", "verify", "-p", d / "k.pub", "--batch", "-"},
                            files[0] + "\n" + filler + "\n" + files[1] + "\n");
    CHECK(r.status == 2);
    recs = records(r.out);
    REQUIRE(recs.size() == 2);
    CHECK(recs[0]["status"] == "valid");
    CHECK(recs[1]["status"] == "error");
    const std::string want = ":2: line longer than 8193 octets; the rest of the list is not read";
    CHECK(recs[1]["reason"].get<std::string>().find(want) != std::string::npos);
  }
  // A list with no line end at all ends after 8193 octets instead of reading for ever.
  const auto zero = run_dstu({"verify", "-p", d / "k.pub", "--batch", "/dev/zero"});
  CHECK(zero.status == 2);
  CHECK(dstu::test::count_lines(zero.err) == 1);
  CHECK(zero.err.rfind("dstu: error: /dev/zero:1: line longer than 8193 octets", 0) == 0);
}
