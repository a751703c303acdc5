// The constant-time checker's driver. `ct_check [SUBSTRING]` runs every case (or those
// whose name holds SUBSTRING); `ct_check --canary` runs one deliberately secret-dependent
// branch, which memcheck must report: the test that runs it wants Valgrind's error exit
// code, so a checker that cannot see secrets fails instead of passing silently.
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>

#include "ct_check.hpp"
#include "dstu/base/ctgrind.hpp"
#include "dstu/cpu/features.hpp"
#include "dstu/gfp/internal/kernels.hpp"

#ifndef DSTU_HAVE_MEMCHECK
#error "the constant-time checker needs valgrind/memcheck.h (Debian: valgrind) to mark secrets"
#endif

namespace dstu::ct_check {

std::vector<Case>& cases() {
  static std::vector<Case> all;
  return all;
}

}  // namespace dstu::ct_check

namespace {

/// A branch on a secret byte; returns 0 if memcheck counted it as an error, 3 if not
/// (run outside Valgrind, or poisoning that does not work).
[[gnu::noinline]] int canary() {
  volatile unsigned char secret = 0x5a;
  dstu::ct::poison(const_cast<unsigned char*>(&secret), 1);
  const unsigned before = VALGRIND_COUNT_ERRORS;
  int branch = 0;
  if (secret & 1) {  // the deliberate leak
    branch = 1;
  }
  const unsigned after = VALGRIND_COUNT_ERRORS;
  std::printf("canary: secret-dependent branch (taken: %d); memcheck errors %u -> %u\n", branch, before, after);
  if (!dstu::ct::running_under_valgrind() || after == before) {
    std::printf("canary: NOT REPORTED: the checker cannot see secrets\n");
    return 3;
  }
  return 0;
}

/// Valgrind 3.19 reports BMI2 but not ADX through CPUID, so the GF(p) kernels of the
/// ADX path (mont_adx.hpp ... p521_adx.S) would never be checked: where the host's
/// /proc/cpuinfo (read as it is, not emulated) lists adx and bmi2, the features are
/// assumed (cpu::assume_for_testing; Valgrind runs ADCX and ADOX). The override still
/// applies: the portable run stays portable.
void assume_host_adx() {
  std::ifstream in("/proc/cpuinfo");
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("flags", 0) != 0) continue;
    std::istringstream words(line);
    bool adx = false, bmi2 = false;
    for (std::string w; words >> w;) {
      adx = adx || w == "adx";
      bmi2 = bmi2 || w == "bmi2";
    }
    dstu::cpu::Features extra;
    extra.adx = adx;
    extra.bmi2 = bmi2;
    if (adx && bmi2) dstu::cpu::assume_for_testing(extra);
    return;
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1 && std::strcmp(argv[1], "--canary") == 0) return canary();
  assume_host_adx();
  std::printf("CPU path: %s; GF(p) kernels on %s\n", dstu::cpu::describe(dstu::cpu::active()).c_str(),
              dstu::gfp::adx_allowed() ? "the BMI2 + ADX path" : "the portable path");
  const std::string only = argc > 1 ? argv[1] : "";
  int failed = 0, ran = 0;
  for (const auto& c : dstu::ct_check::cases()) {
    if (!only.empty() && c.name.find(only) == std::string::npos) continue;
    const bool ok = c.run();
    std::printf("%-52s %s\n", c.name.c_str(), ok ? "ok" : "WRONG RESULT");
    failed += !ok;
    ++ran;
  }
  std::printf("%d cases, %d wrong%s\n", ran, failed, dstu::ct::running_under_valgrind() ? " (under valgrind)" : "");
  if (ran == 0) return 2;  // a filter that matches nothing is a mistake, not a pass
  return failed ? 1 : 0;
}
