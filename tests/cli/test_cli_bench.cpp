// CLI transcripts of `dstu bench`: the JSON schema and the readable table.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "transcript.hpp"

using dstu::test::run_dstu;

TEST_CASE("bench mp --quick --json follows dstu-bench/1") {
  const auto r = run_dstu({"bench", "mp", "--quick", "--json"});
  REQUIRE(r.status == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["schema"] == "dstu-bench/1");
  for (const char* key : {"cpu_model", "features", "cores", "threads", "compiler", "version", "date"}) {
    CHECK(j["context"].contains(key));
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
