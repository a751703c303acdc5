// The bench context: which machine, build and settings produced the numbers.
#include <fmt/chrono.h>
#include <fmt/core.h>

#include <ctime>
#include <fstream>
#include <thread>

#include "bench/bench.hpp"
#include "dstu/cpu/features.hpp"

namespace dstu::cli::bench {
namespace {

std::string cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("model name", 0) == 0) {
      const auto colon = line.find(':');
      if (colon != std::string::npos) return line.substr(line.find_first_not_of(" \t", colon + 1));
    }
  }
  return "unknown";
}

std::string utc_now() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  return fmt::format("{:%Y-%m-%dT%H:%M:%SZ}", tm);
}

}  // namespace

Json context(const Options& opt) {
  Json c;
  c["cpu_model"] = cpu_model();
  c["features"] = cpu::describe(cpu::detected());
  c["cpu_path"] = cpu::override_spec();
  c["cpu_active"] = cpu::describe(cpu::active());
  c["cores"] = std::thread::hardware_concurrency();
  c["threads"] = opt.threads;
  c["compiler"] = fmt::format("gcc {}", __VERSION__);
  c["build_type"] = DSTU_BUILD_TYPE;
  c["version"] = DSTU_VERSION;
  c["quick"] = opt.quick;
  c["date"] = utc_now();
  return c;
}

}  // namespace dstu::cli::bench
