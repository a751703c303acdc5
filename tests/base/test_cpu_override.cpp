// lib/cpu's override (DSTU_CPU, --cpu) and its test hook assume_for_testing: features
// switched off stay off, the portable path stays portable, an assumed feature joins the
// active ones otherwise, and the canonical spelling of each override. Also the names
// is_extension knows, and the test helper cpu_paths_without that relies on it.
#include <doctest/doctest.h>

#include <algorithm>
#include <sstream>
#include <string>

#include "cpu_paths.hpp"
#include "dstu/base/error.hpp"
#include "dstu/cpu/features.hpp"

namespace cpu = dstu::cpu;

TEST_CASE("overrides switch features off, assume_for_testing switches them on within the override") {
  const std::string before = cpu::override_spec();
  cpu::Features adx;
  adx.adx = true;
  adx.bmi2 = true;

  cpu::set_override("portable");
  CHECK(cpu::override_spec() == "portable");
  cpu::assume_for_testing(adx);
  CHECK(cpu::portable());
  CHECK_FALSE(cpu::active().adx);

  cpu::set_override("native,-adx");
  CHECK(cpu::override_spec() == "native,-adx");
  cpu::assume_for_testing(adx);
  CHECK_FALSE(cpu::active().adx);
  CHECK(cpu::active().bmi2);

  cpu::set_override("native");
  cpu::assume_for_testing(adx);
  CHECK(cpu::active().adx);
  CHECK(cpu::active().bmi2);
  CHECK(cpu::active().pclmulqdq == cpu::detected().pclmulqdq);  // the others as detected

  CHECK_THROWS_AS(cpu::set_override("native,+adx"), dstu::Error);  // no way on from outside
  cpu::set_override(before);
  CHECK(cpu::active().adx == (cpu::detected().adx && before.find("-adx") == std::string::npos &&
                              before != "portable"));
}

TEST_CASE("is_extension knows every name describe prints and nothing else") {
  cpu::Features all;
  all.pclmulqdq = all.vpclmulqdq = all.avx2 = all.avx512f = all.avx512vl = all.avx512bw = true;
  all.avx512ifma = all.avx512vbmi = all.bmi2 = all.adx = all.aesni = all.sha = true;
  all.gfni = all.vaes = true;
  std::istringstream names(cpu::describe(all));
  int count = 0;
  for (std::string name; names >> name; ++count) CHECK(cpu::is_extension(name));
  CHECK(count == 14);  // Features' 14 flags, each named once
  for (const char* word : {"", "native", "portable", "-adx", "ADX", "avx", "avx512"}) {
    CHECK_FALSE(cpu::is_extension(word));
  }
}

TEST_CASE("cpu_paths_without refuses a misspelt name before touching the override") {
  const std::string before = cpu::override_spec();
  cpu::set_override("native,-aesni");
  CHECK_THROWS_AS(dstu::test::cpu_paths_without({"avx2", "avx-2"}), dstu::Error);
  CHECK(cpu::override_spec() == "native,-aesni");
  cpu::set_override(before);

  const auto paths = dstu::test::cpu_paths_without({"adx"});
  CHECK(paths.front() == "native");
  CHECK(paths[1] == "portable");
  const bool has_adx_path = std::find(paths.begin(), paths.end(), "native,-adx") != paths.end();
  CHECK(has_adx_path == cpu::detected().adx);
  CHECK(paths.size() == 2 + (cpu::detected().adx ? 1 : 0));
}
