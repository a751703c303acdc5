// CLI transcripts of `dstu bench`: the JSON schema and the readable table.
#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <string>
#include <tuple>

#include <nlohmann/json.hpp>

#include "transcript.hpp"

using dstu::test::run_dstu;

TEST_CASE("bench mp --quick --json follows dstu-bench/1") {
  const auto r = run_dstu({"bench", "mp", "--quick", "--json"});
  REQUIRE(r.status == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["schema"] == "dstu-bench/1");
  for (const char* key : {"cpu_model", "features", "cores", "threads", "compiler", "version", "build", "kernel",
                          "command_line", "date"}) {
    CHECK(j["context"].contains(key));
  }
  CHECK(j["context"]["command_line"].get<std::string>().find("bench mp --quick --json") != std::string::npos);
  CHECK(j["context"]["kernel"].get<std::string>().rfind("Linux ", 0) == 0);
  CHECK(j["context"]["memory_mib"].get<long>() > 0);
  // Each CPU's speed relative to the fastest: in (0, 1], the fastest exactly 1 (absent
  // only where threads may not be pinned, as in some containers).
  if (j["context"].contains("cpu_relative_speed")) {
    double fastest = 0;
    for (const auto& v : j["context"]["cpu_relative_speed"]) {
      CHECK(v.get<double>() > 0);
      CHECK(v.get<double>() <= 1.0);
      fastest = std::max(fastest, v.get<double>());
    }
    CHECK(fastest == 1.0);
  } else {
    MESSAGE("cpu_relative_speed absent: threads cannot be pinned here");
  }
  REQUIRE(j["results"].size() > 10);
  bool saw_comba = false, saw_modexp = false, saw_prime = false, saw_mont = false;
  for (const auto& rec : j["results"]) {
    for (const char* key : {"suite", "name", "params", "threads", "unit", "min", "median", "max", "iterations"}) {
      CHECK(rec.contains(key));
    }
    CHECK(rec["min"].get<double>() <= rec["median"].get<double>());
    CHECK(rec["median"].get<double>() <= rec["max"].get<double>());
    CHECK(rec["iterations"].get<long>() >= 1);
    const std::string name = rec["name"];
    saw_comba |= name == "mul_comba_mx";
    saw_modexp |= name == "powmod_parallel";
    saw_prime |= name == "random_prime";
    saw_mont |= name == "montgomery_mul";
  }
  CHECK(saw_comba);
  CHECK(saw_modexp);
  CHECK(saw_prime);
  CHECK(saw_mont);
}

TEST_CASE("bench without --json prints a table") {
  const auto r = run_dstu({"--threads", "2", "bench", "mp", "--quick"});
  REQUIRE(r.status == 0);
  CHECK(r.out.find("median") != std::string::npos);
  CHECK(r.out.find("mul_comba_2x") != std::string::npos);
}

TEST_CASE("bench field --quick --json measures each built-in field once per kernel set") {
  // Two threads, so the OpenMP variants are measured on a one-core runner too.
  const auto r = run_dstu({"--threads", "2", "bench", "field", "--quick", "--json"});
  REQUIRE(r.status == 0);
  const auto j = nlohmann::json::parse(r.out);
  REQUIRE(j["schema"] == "dstu-bench/1");
  CHECK(j["context"].contains("cpu_path"));
  std::set<std::tuple<std::string, int, std::string, std::string>> seen;
  std::set<std::pair<std::string, int>> portable_mul, fast_mul;
  std::set<int> parallel_mul;
  for (const auto& rec : j["results"]) {
    REQUIRE(rec["suite"] == "field");
    const std::string name = rec["name"], path = rec["params"]["path"], standard = rec["params"]["standard"];
    const int m = rec["params"]["m"];
    INFO(name << " m=" << m << " " << standard << " path=" << path);
    CHECK((path == "vpclmul" || path == "clmul" || path == "portable" || path == "openmp"));
    CHECK((standard == "dstu" || standard == "nist"));
    CHECK(seen.insert({name, m, standard, path}).second);  // no (operation, field, kernel set) twice
    CHECK(rec["median"].get<double>() > 0);
    if (name == "mul" && path == "portable") portable_mul.insert({standard, m});
    if (name == "mul" && (path == "clmul" || path == "vpclmul")) fast_mul.insert({standard, m});
    if (name == "mul_parallel") parallel_mul.insert(m);
  }
  std::set<std::pair<std::string, int>> builtin;
  for (int m : {163, 167, 173, 179, 191, 233, 257, 307, 367, 431}) builtin.insert({"dstu", m});
  for (int m : {233, 283, 409, 571}) builtin.insert({"nist", m});
  CHECK(portable_mul == builtin);
  CHECK(parallel_mul == std::set<int>{163, 167, 173, 179, 191, 233, 257, 307, 367, 431});
  if (j["context"]["features"].get<std::string>().find("pclmulqdq") != std::string::npos) {
    CHECK(fast_mul == builtin);
  }
}

TEST_CASE("bench hash --quick prints a summary with each hash's throughput, in the table and in JSON") {
  const auto table = run_dstu({"bench", "hash", "--quick"});
  REQUIRE(table.status == 0);
  CHECK(table.out.find("Summary: ") != std::string::npos);
  CHECK(table.out.find("hash (one thread): gost34311 ") != std::string::npos);
  const auto r = run_dstu({"bench", "hash", "--quick", "--json"});
  REQUIRE(r.status == 0);
  const auto j = nlohmann::json::parse(r.out);
  const auto& s = j["summary"];
  CHECK(s["cpu"] == j["context"]["cpu_model"]);
  CHECK(!s.contains("curves"));  // no sign suite, no curve rows
  for (const char* name : {"gost34311", "kupyna256", "kupyna384", "kupyna512"}) {
    INFO(name);
    REQUIRE(s["hash_mb_s"].contains(name));
    bool same = false;  // the summary's figure is the record's median
    for (const auto& rec : j["results"]) same |= rec["name"] == name && rec["median"] == s["hash_mb_s"][name];
    CHECK(same);
  }
}
