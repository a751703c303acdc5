// Test support: run a block of checks once per CPU path.
//
// for_each_cpu_path(f) calls f(name) with the override set to each path in turn
// ("native", "portable" and, where cpu::vpclmul_kernels() holds, "native,-vpclmulqdq"
// for the PCLMULQDQ kernels; plus native minus each other single extension the
// machine has when `thorough` is true), then restores "native". Every KAT runs
// through it, so the portable kernels are checked on every machine.
#pragma once

#include <string>
#include <vector>

#include "dstu/cpu/features.hpp"

namespace dstu::test {

std::vector<std::string> cpu_paths(bool thorough = false);

template <class F>
void for_each_cpu_path(F&& f, bool thorough = false) {
  for (const std::string& path : cpu_paths(thorough)) {
    cpu::set_override(path);
    f(path);
  }
  cpu::set_override("native");
}

}  // namespace dstu::test
