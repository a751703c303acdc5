// Test support: run a block of checks once per CPU path.
//
// for_each_cpu_path(f) calls f(name) with the override set to each path in turn
// ("native", "portable" and, where cpu::vpclmul_kernels() holds, "native,-vpclmulqdq"
// for the PCLMULQDQ kernels; plus native minus each other single extension the
// machine has when `thorough` is true), then restores "native". Every KAT runs
// through it, so the portable kernels are checked on every machine. A test whose code
// only some extensions change can name them (cpu_paths_without) and run on those paths
// (for_each_cpu_path_in).
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "dstu/cpu/features.hpp"

namespace dstu::test {

std::vector<std::string> cpu_paths(bool thorough = false);

/// Those of cpu_paths(true) that are "native", "portable" or native less one of
/// `extensions` (so only extensions the machine has, and VPCLMULQDQ only where its
/// kernels run). Throws dstu::Error on a name that is no extension.
std::vector<std::string> cpu_paths_without(std::initializer_list<std::string_view> extensions);

template <class F>
void for_each_cpu_path_in(const std::vector<std::string>& paths, F&& f) {
  for (const std::string& path : paths) {
    cpu::set_override(path);
    f(path);
  }
  cpu::set_override("native");
}

template <class F>
void for_each_cpu_path(F&& f, bool thorough = false) {
  for_each_cpu_path_in(cpu_paths(thorough), std::forward<F>(f));
}

}  // namespace dstu::test
