// CLI transcripts shared by every command: help, version, global options, exit
// codes, error format, the commands not implemented yet.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "transcript.hpp"

using dstu::test::run_dstu;

TEST_CASE("--help and --version exit 0") {
  auto r = run_dstu({"--help"});
  CHECK(r.status == 0);
  CHECK(r.out.find("primegen") != std::string::npos);
  for (const char* cmd : {"keygen", "--no-passphrase", "sign", "verify", "bench", "primegen"}) {
    INFO(cmd);
    r = run_dstu({cmd, "--help"});
    CHECK(r.status == 0);
    CHECK(r.out.find("Usage") != std::string::npos);
  }
  r = run_dstu({"--version"});
  CHECK(r.status == 0);
  CHECK(r.out.find("dstu ") == 0);
  CHECK(r.out.find("OpenMP") != std::string::npos);
  CHECK(r.out.find("CPU features") != std::string::npos);
  r = run_dstu({"--version", "--json"});
  CHECK(r.status == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j.contains("compiler"));
  CHECK(j.contains("openmp"));
  CHECK(j["cpu_path"] == "native");
}

TEST_CASE("usage errors are one line on stderr and exit 2") {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{}, {"frobnicate"}, {"primegen", "--bits"}, {"primegen", "--bits", "x"},
        {"--threads", "0", "primegen", "--bits", "64"}, {"primegen", "--no-such-option"},
        {"bench"}, {"bench", "nonsense"}}) {
    std::string joined;
    for (const auto& a : args) joined += a + " ";
    INFO("args: " << joined);
    const auto r = run_dstu(args);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    if (!args.empty()) {
      CHECK(dstu::test::count_lines(r.err) == 1);
      CHECK(r.err.rfind("dstu: error: ", 0) == 0);
    }
  }
}

TEST_CASE("the CPU path switch: --cpu and DSTU_CPU") {
  auto r = run_dstu({"--cpu", "portable", "--version", "--json"});
  CHECK(r.status == 0);
  auto j = nlohmann::json::parse(r.out);
  CHECK(j["cpu_path"] == "portable");
  CHECK(j["cpu_active"] == "none");
  r = run_dstu({"--version", "--json"}, "", {"DSTU_CPU=portable"});
  j = nlohmann::json::parse(r.out);
  CHECK(j["cpu_path"] == "portable");
  r = run_dstu({"--version"}, "", {"DSTU_CPU=bogus"});
  CHECK(r.status == 2);
  CHECK(r.err.find("DSTU_CPU") != std::string::npos);
  r = run_dstu({"--cpu", "native,-nosuchfeature", "--version"});
  CHECK(r.status == 2);
}

TEST_CASE("--threads sets the team and OMP_NUM_THREADS is respected") {
  auto r = run_dstu({"--threads", "3", "--version", "--json"});
  CHECK(nlohmann::json::parse(r.out)["threads"] == 3);
  r = run_dstu({"--version", "--json"}, "", {"OMP_NUM_THREADS=1"});
  CHECK(nlohmann::json::parse(r.out)["threads"] == 1);
}
