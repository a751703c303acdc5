// CLI transcripts of `dstu bench`: the JSON schema and the readable table.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

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

TEST_CASE("bench hash --quick has HMAC over every hash and Kupyna-KMAC, left out of the summary") {
  const auto r = run_dstu({"bench", "hash", "--quick", "--json"});
  REQUIRE(r.status == 0);
  const auto j = nlohmann::json::parse(r.out);
  std::set<std::string> names;
  for (const auto& rec : j["results"]) {
    names.insert(rec["name"].get<std::string>());
    if (rec["params"].contains("mac")) {
      CHECK(rec["name"] == rec["params"]["mac"].get<std::string>() + "-" + rec["params"]["hash"].get<std::string>());
      CHECK(rec["unit"] == "MB/s");
      CHECK(rec["median"].get<double>() > 0);
      CHECK_FALSE(j["summary"]["hash_mb_s"].contains(rec["name"].get<std::string>()));
    }
  }
  for (const char* h : {"gost34311", "kupyna256", "sha1", "sha256", "sha512-256", "sha3-256"}) {
    INFO(h);
    CHECK(names.count(h) == 1);
    CHECK(names.count(std::string("hmac-") + h) == 1);
  }
  for (const char* k : {"kmac-kupyna256", "kmac-kupyna384", "kmac-kupyna512"}) CHECK(names.count(k) == 1);
}

TEST_CASE("bench cipher --quick --json: every cipher in its modes; the parallel forms beside their twins") {
  const auto r = run_dstu({"--threads", "2", "bench", "cipher", "--quick", "--json"});
  REQUIRE(r.status == 0);
  const auto j = nlohmann::json::parse(r.out);
  REQUIRE(j["schema"] == "dstu-bench/1");
  std::map<std::tuple<std::string, std::string, long>, nlohmann::json> rows;  // (cipher, name, bytes)
  for (const auto& rec : j["results"]) {
    REQUIRE(rec["suite"] == "cipher");
    const std::string cipher = rec["params"]["cipher"], name = rec["name"];
    INFO(cipher << " " << name);
    CHECK(rec["median"].get<double>() > 0);
    CHECK(rec["min"].get<double>() <= rec["median"].get<double>());
    CHECK(rows.emplace(std::tuple{cipher, name, rec["params"]["bytes"].get<long>()}, rec).second);
  }
  const std::vector<std::string> ciphers{"aes128", "aes192", "aes256", "des", "tdes2", "tdes", "kalyna128-128",
                                         "kalyna128-256", "kalyna256-256", "kalyna256-512", "kalyna512-512",
                                         "gost28147"};
  for (const std::string& c : ciphers) {
    INFO(c);
    for (const char* mode : {"ecb_encrypt", "ecb_decrypt", "cbc_encrypt", "cbc_decrypt", "cfb_encrypt",
                             "cfb_decrypt", "ofb", "ctr", "mac"}) {
      CHECK(rows.count({c, mode, 16384}) == 1);
    }
    const bool aes = c.rfind("aes", 0) == 0, kalyna = c.rfind("kalyna", 0) == 0;
    for (const char* mode : {"gcm_encrypt", "gcm_decrypt", "gmac"}) CHECK(rows.count({c, mode, 16384}) == (aes || kalyna));
    for (const char* mode : {"ccm_encrypt", "xts_encrypt", "xts_decrypt"}) CHECK(rows.count({c, mode, 16384}) == kalyna);
    CHECK(rows.count({c, "kwp", 16383}) == (aes || kalyna));
    CHECK(rows.count({c, "kw", c == "gost28147" ? 32 : 16384}) == (aes || kalyna || c == "gost28147"));
    // On two threads: each split form beside its twin at 16 KiB and 256 KiB, and the ratio.
    for (const long bytes : {16384L, 262144L}) {
      for (const std::string mode : {"ecb_encrypt", "cbc_decrypt", "cfb_decrypt", "ctr"}) {
        INFO(mode << " " << bytes);
        REQUIRE(rows.count({c, mode + "_parallel", bytes}) == 1);
        REQUIRE(rows.count({c, "speedup_" + mode, bytes}) == 1);
        const auto& twin = rows.at({c, mode, bytes});
        const auto& split = rows.at({c, mode + "_parallel", bytes});
        const auto& speedup = rows.at({c, "speedup_" + mode, bytes});
        CHECK(twin["threads"] == 1);
        CHECK(split["threads"] == 2);
        CHECK(speedup["unit"] == "ratio");
        CHECK(speedup["params"]["of"] == nlohmann::json{mode + "_parallel", mode});
        CHECK(speedup["median"].get<double>() ==
              doctest::Approx(split["median"].get<double>() / twin["median"].get<double>()).epsilon(1e-12));
      }
    }
  }
}

TEST_CASE("bench rsa --rsa-bits gives keygen, sign and verify per size and thread count") {
  const auto r = run_dstu({"--threads", "2", "bench", "rsa", "--quick", "--rsa-bits", "1024", "1032", "--json"});
  REQUIRE(r.status == 0);
  const auto j = nlohmann::json::parse(r.out);
  std::set<std::tuple<std::string, std::size_t, int>> rows;
  for (const auto& rec : j["results"]) {
    REQUIRE(rec["suite"] == "rsa");
    const std::string name = rec["name"];
    CHECK(rec["unit"] == (name == "keygen" ? "ms" : "ops/s"));
    CHECK(rec["min"].get<double>() <= rec["median"].get<double>());
    CHECK(rec["median"].get<double>() <= rec["max"].get<double>());
    CHECK(rec["min"].get<double>() > 0);
    if (name == "keygen") {
      CHECK(rec["params"]["keys"] == 2);
      CHECK(rec["params"]["mean_ms"].get<double>() >= rec["min"].get<double>());
      CHECK(rec["params"]["mean_ms"].get<double>() <= rec["max"].get<double>());
      CHECK(rec["params"]["stddev_ms"].get<double>() >= 0);
    }
    rows.insert({name, rec["params"]["bits"].get<std::size_t>(), rec["threads"].get<int>()});
  }
  for (std::size_t bits : {1024u, 1032u}) {
    CHECK(rows.count({"keygen", bits, 1}) == 1);
    for (int t : {1, 2}) {
      CHECK(rows.count({"sign", bits, t}) == 1);
      CHECK(rows.count({"verify", bits, t}) == 1);
    }
  }
  CHECK(rows.size() == 10);
  // A size the library cannot generate is a usage error.
  CHECK(run_dstu({"bench", "rsa", "--rsa-bits", "512"}).status == 2);
}
