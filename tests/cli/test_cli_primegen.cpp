// CLI transcripts of `dstu primegen`: sizes, counts, formats, JSON shape, --seed
// reproducibility across thread counts, --check with its exit codes, bad input.
#include <doctest/doctest.h>
#include <gmp.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "transcript.hpp"

using dstu::test::run_dstu;

namespace {

std::vector<std::string> lines(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  std::string l;
  while (std::getline(in, l)) out.push_back(l);
  return out;
}

bool gmp_prime(const std::string& text, std::size_t* bits) {
  mpz_t z;
  const bool hex = text.rfind("0x", 0) == 0;
  mpz_init_set_str(z, hex ? text.c_str() + 2 : text.c_str(), hex ? 16 : 10);
  const bool p = mpz_probab_prime_p(z, 40) != 0;
  *bits = mpz_sizeinbase(z, 2);
  mpz_clear(z);
  return p;
}

}  // namespace

TEST_CASE("primegen prints primes of exactly the requested size") {
  for (const char* bits : {"16", "64", "256", "1024"}) {
    const auto r = run_dstu({"primegen", "--bits", bits, "--count", "3"});
    REQUIRE(r.status == 0);
    const auto ls = lines(r.out);
    REQUIRE(ls.size() == 3);
    for (const auto& l : ls) {
      std::size_t got = 0;
      CHECK(gmp_prime(l, &got));
      CHECK(got == std::stoul(bits));
    }
  }
}

TEST_CASE("primegen --safe and --format hex") {
  const auto r = run_dstu({"primegen", "--bits", "128", "--safe", "--format", "hex"});
  REQUIRE(r.status == 0);
  const std::string p = lines(r.out).at(0);
  CHECK(p.rfind("0x", 0) == 0);
  std::size_t bits = 0;
  CHECK(gmp_prime(p, &bits));
  CHECK(bits == 128);
  mpz_t z, q;
  mpz_init_set_str(z, p.c_str() + 2, 16);
  mpz_init(q);
  mpz_tdiv_q_2exp(q, z, 1);
  CHECK(mpz_probab_prime_p(q, 40) != 0);
  mpz_clears(z, q, nullptr);
}

TEST_CASE("--seed makes the output the same for any thread count") {
  const auto one = run_dstu({"--threads", "1", "primegen", "--bits", "512", "--count", "4", "--seed", "99"});
  const auto two = run_dstu({"primegen", "--bits", "512", "--count", "4", "--seed", "99", "--threads", "2"});
  const auto four = run_dstu({"primegen", "--bits", "512", "--count", "4", "--seed", "99", "--threads", "4"});
  const auto single = run_dstu({"primegen", "--bits", "512", "--seed", "99", "--threads", "3"});
  REQUIRE(one.status == 0);
  CHECK(one.out == two.out);
  CHECK(one.out == four.out);
  CHECK(lines(single.out).at(0) == lines(one.out).at(0));  // request 0 is request 0
  const auto other = run_dstu({"primegen", "--bits", "512", "--count", "4", "--seed", "100"});
  CHECK(other.out != one.out);
  const auto unseeded = run_dstu({"primegen", "--bits", "512", "--count", "4"});
  CHECK(unseeded.out != one.out);
}

TEST_CASE("primegen --json shape") {
  const auto r = run_dstu({"primegen", "--bits", "256", "--count", "2", "--seed", "5", "--json"});
  REQUIRE(r.status == 0);
  CHECK(dstu::test::count_lines(r.out) == 1);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["bits"] == 256);
  CHECK(j["seed"] == 5);
  CHECK(j["rounds"].get<int>() >= 1);
  CHECK(j["seconds"].get<double>() >= 0);
  REQUIRE(j["primes"].size() == 2);
  for (const auto& p : j["primes"]) {
    CHECK(p["candidates"].get<int>() >= 1);
    CHECK(p["miller_rabin_rounds"].get<int>() >= 1);
    CHECK(p["lucas_tests"].get<int>() >= 1);
    CHECK(p["seconds"].get<double>() >= 0);
    std::size_t bits = 0;
    CHECK(gmp_prime(p["prime"].get<std::string>(), &bits));
  }
}

TEST_CASE("primegen --check: exit 0 all prime, 1 any composite, 2 malformed") {
  auto r = run_dstu({"primegen", "--check", "2", "3", "0xFFFFFFFFFFFFFFC5", "170141183460469231731687303715884105727"});
  CHECK(r.status == 0);
  CHECK(lines(r.out) == std::vector<std::string>{"2 prime", "3 prime", "0xFFFFFFFFFFFFFFC5 prime",
                                                "170141183460469231731687303715884105727 prime"});
  r = run_dstu({"primegen", "--check", "7", "561", "3215031751"});
  CHECK(r.status == 1);
  CHECK(lines(r.out) == std::vector<std::string>{"7 prime", "561 composite", "3215031751 composite"});
  r = run_dstu({"primegen", "--check", "-"}, "13\n  \n0x11\r\n1\n");
  CHECK(r.status == 1);
  CHECK(lines(r.out) == std::vector<std::string>{"13 prime", "0x11 prime", "1 composite"});
  r = run_dstu({"primegen", "--check", "-", "--json"}, "5\n6\n");
  CHECK(r.status == 1);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["results"][1]["prime"] == false);
  CHECK(j["all_prime"] == false);
  for (const std::vector<std::string>& bad :
       {std::vector<std::string>{"primegen", "--check", "12x"}, {"primegen", "--check", "7", "-5"},
        {"primegen", "--check", "0x"}, {"primegen", "--check", ""}}) {
    r = run_dstu(bad);
    CHECK(r.status == 2);
    CHECK(r.out.empty());  // nothing printed before the error
    CHECK(dstu::test::count_lines(r.err) == 1);
  }
  r = run_dstu({"primegen", "--check", "-"}, "17\nnot-a-number\n");
  CHECK(r.status == 2);
  CHECK(r.out.empty());
}

TEST_CASE("primegen rejects bad requests with exit 2") {
  for (const std::vector<std::string>& bad :
       {std::vector<std::string>{"primegen"}, {"primegen", "--bits", "15"}, {"primegen", "--bits", "16385"},
        {"primegen", "--bits", "64", "--count", "0"}, {"primegen", "--bits", "64", "--format", "oct"},
        {"primegen", "--bits", "64", "--rounds", "-1"}, {"primegen", "--bits", "64", "--check", "7"},
        {"primegen", "--bits", "64", "--seed", "abc"}}) {
    const auto r = run_dstu(bad);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(dstu::test::count_lines(r.err) == 1);
  }
}
