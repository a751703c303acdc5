// dstu sign of many files (more than one window of 256), with DSTU 4145 and ECDSA keys
// through the one pipeline: one JSON record per file in input order, a file that cannot
// be read is an error for itself only, and every signature made in the batch verifies;
// deterministic ECDSA signatures made many at once are those of one file at a time;
// with --threads 1 and 2.
#include <doctest/doctest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>

#include "transcript.hpp"

using dstu::test::run_dstu;
using dstu::test::TempDir;
using dstu::test::read;
using dstu::test::write;

TEST_CASE("300 files signed in order; a missing file is its own error; all signatures verify") {
  for (const char* curve : {"dstu257", "P-256"}) {
    for (const char* threads : {"1", "2"}) {
      INFO(curve << " threads " << threads);
      TempDir d;
      REQUIRE(run_dstu({"keygen", "--no-passphrase", "--curve", curve, "-o", d / "k"}).status == 0);
      std::vector<std::string> args{"--threads", threads, "--json", "sign", "-k", d / "k"};
      std::string list;
      for (int i = 0; i < 300; ++i) {
        const std::string f = d / ("f" + std::to_string(i));
        if (i != 150) write(f, "file " + std::to_string(i) + "\n");  // f150 does not exist
        args.push_back(f);
        if (i != 150) list += f + "\n";
      }
      const auto r = run_dstu(args);
      CHECK(r.status == 2);
      std::istringstream out(r.out);
      int n = 0;
      for (std::string line; std::getline(out, line); ++n) {
        const auto rec = nlohmann::json::parse(line);
        CHECK(rec["file"] == d / ("f" + std::to_string(n)));
        CHECK(rec["status"] == (n == 150 ? "error" : "signed"));
      }
      CHECK(n == 300);
      CHECK(dstu::test::count_lines(r.err) == 1);
      write(d / "list", list);
      const auto v = run_dstu({"verify", "-q", "-p", d / "k.pub", "--batch", d / "list"});
      CHECK(v.status == 0);
    }
  }
}

TEST_CASE("windows of large files: each file signed, verified and reported in input order") {
  // 33 MiB sparse files: a window closes at two per thread once it holds 64 MiB, and
  // such a window finishes its files one by one (cli/window.hpp: InOrder).
  for (const char* curve : {"dstu257", "P-256"}) {
    for (const char* threads : {"1", "2"}) {
      INFO(curve << " threads " << threads);
      TempDir d;
      REQUIRE(run_dstu({"keygen", "--no-passphrase", "--curve", curve, "-o", d / "k"}).status == 0);
      std::vector<std::string> sign{"--threads", threads, "--json", "sign", "-k", d / "k"};
      std::vector<std::string> verify{"--threads", threads, "--json", "verify", "-p", d / "k.pub"};
      for (int i = 0; i < 5; ++i) {
        const std::string f = d / ("big" + std::to_string(i));
        if (i != 2) {
          write(f, "");
          std::filesystem::resize_file(f, 33u << 20);
        }
        sign.push_back(f);
        verify.push_back(f);
      }
      const auto statuses = [&](const std::string& out) {
        std::vector<std::string> got;
        std::istringstream lines(out);
        for (std::string line; std::getline(lines, line);) {
          const auto rec = nlohmann::json::parse(line);
          CHECK(rec["file"] == d / ("big" + std::to_string(got.size())));
          got.push_back(rec["status"]);
        }
        return got;
      };
      const auto s = run_dstu(sign);
      CHECK(s.status == 2);
      CHECK(statuses(s.out) == std::vector<std::string>{"signed", "signed", "error", "signed", "signed"});
      write(d / "big4", std::string(1000, 'x'));  // changed after signing
      const auto v = run_dstu(verify);
      CHECK(v.status == 2);
      CHECK(statuses(v.out) == std::vector<std::string>{"valid", "valid", "error", "valid", "invalid"});
    }
  }
}

TEST_CASE("deterministic ECDSA: files signed many at once get the signatures of one at a time") {
  TempDir d;
  REQUIRE(run_dstu({"keygen", "--no-passphrase", "--curve", "brainpoolP384r1", "-o", d / "k"}).status == 0);
  // 20 small files (one window), and 3 large ones (signed one by one as they are hashed).
  std::vector<std::string> files;
  for (int i = 0; i < 20; ++i) {
    files.push_back(d / ("f" + std::to_string(i)));
    write(files.back(), "file " + std::to_string(i) + "\n");
  }
  for (int i = 0; i < 3; ++i) {
    files.push_back(d / ("big" + std::to_string(i)));
    write(files.back(), "big " + std::to_string(i));
    std::filesystem::resize_file(files.back(), 33u << 20);
  }
  for (const std::string& f : files) {
    REQUIRE(run_dstu({"sign", "-k", d / "k", "--deterministic", "-o", f + ".one", f}).status == 0);
  }
  for (const char* threads : {"1", "2"}) {
    INFO("threads " << threads);
    std::vector<std::string> args{"--threads", threads, "sign", "-k", d / "k", "--deterministic", "--force"};
    args.insert(args.end(), files.begin(), files.end());
    REQUIRE(run_dstu(args).status == 0);
    for (const std::string& f : files) CHECK(read(f + ".sig") == read(f + ".one"));
  }
}
