#include "cpu_paths.hpp"

#include <algorithm>
#include <sstream>

namespace dstu::test {

std::vector<std::string> cpu_paths(bool thorough) {
  std::vector<std::string> paths{"native", "portable"};
  // Kernels that need VPCLMULQDQ (with AVX-512F) replace the PCLMULQDQ ones where the
  // CPU has them: run the PCLMULQDQ path too, so both are checked on such a machine.
  if (cpu::vpclmul_kernels(cpu::detected())) paths.push_back("native,-vpclmulqdq");
  if (!thorough) return paths;
  std::istringstream names(cpu::describe(cpu::detected()));
  std::string name;
  while (names >> name) {
    if (name != "none" && name != "vpclmulqdq") paths.push_back("native,-" + name);
  }
  return paths;
}

std::vector<std::string> cpu_paths_without(std::initializer_list<std::string_view> extensions) {
  std::vector<std::string> paths;
  for (const std::string& path : cpu_paths(/*thorough=*/true)) {
    const bool named = std::any_of(extensions.begin(), extensions.end(),
                                   [&](std::string_view e) { return path == "native,-" + std::string(e); });
    if (path == "native" || path == "portable" || named) paths.push_back(path);
  }
  // A misspelt name would leave its path out unseen: set_override refuses unknown words.
  for (std::string_view e : extensions) cpu::set_override("native,-" + std::string(e));
  cpu::set_override("native");
  return paths;
}

}  // namespace dstu::test
