// lib/cpu's override (DSTU_CPU, --cpu) and its test hook assume_for_testing: features
// switched off stay off, the portable path stays portable, an assumed feature joins the
// active ones otherwise, and the canonical spelling of each override.
#include <doctest/doctest.h>

#include <string>

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
