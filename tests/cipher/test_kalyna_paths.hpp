// Test support for Kalyna and the constant-time Kupyna: the CPU overrides that select each
// path of the SPN layer this machine can run (avx512vbmi with and without GFNI, avx2
// with and without GFNI, portable), and a loop over them that restores "native".
#pragma once

#include <set>
#include <string>
#include <vector>

#include "dstu/cipher/kalyna.hpp"
#include "dstu/cpu/features.hpp"

namespace dstu::test {

inline std::vector<std::string> kalyna_paths() {
  std::vector<std::string> out;
  std::set<std::string> seen;
  for (const char* spec : {"native", "native,-gfni", "native,-avx512f", "native,-avx512f,-gfni", "portable"}) {
    cpu::set_override(spec);
    if (seen.insert(cipher::kalyna_cpu_path()).second) out.emplace_back(spec);
  }
  cpu::set_override("native");
  return out;
}

/// Calls f(spec) with the override set to each path of kalyna_paths(), then "native".
template <class F>
void for_each_kalyna_path(F&& f) {
  for (const std::string& spec : kalyna_paths()) {
    cpu::set_override(spec);
    f(spec);
  }
  cpu::set_override("native");
}

}  // namespace dstu::test
