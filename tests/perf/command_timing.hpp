// What the benchmarks that time whole `dstu` commands share (verify_chain_cost,
// cms_verify_cost): a command run (the benchmark stops on its failure), its wall time,
// the median of rounds, and the CPU's name for the figures.
#pragma once

#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

namespace dstu::perf {

inline void run(const std::string& cmd) {
  if (std::system(cmd.c_str()) != 0) {
    fmt::print(stderr, "failed: {}\n", cmd);
    std::exit(1);
  }
}

inline double seconds_of(const std::string& cmd) {
  const auto t0 = std::chrono::steady_clock::now();
  run(cmd);
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

inline double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

inline std::string cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("model name", 0) == 0) return line.substr(line.find(':') + 2);
  }
  return "unknown";
}

}  // namespace dstu::perf
