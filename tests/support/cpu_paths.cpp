#include "cpu_paths.hpp"

#include <algorithm>
#include <sstream>

#include "dstu/base/error.hpp"

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
  // A misspelt name would leave its path out unseen.
  for (std::string_view e : extensions) {
    if (!cpu::is_extension(e)) throw_invalid("unknown CPU extension '" + std::string(e) + "'");
  }
  std::vector<std::string> paths;
  for (const std::string& path : cpu_paths(/*thorough=*/true)) {
    const bool named = std::any_of(extensions.begin(), extensions.end(),
                                   [&](std::string_view e) { return path == "native,-" + std::string(e); });
    if (path == "native" || path == "portable" || named) paths.push_back(path);
  }
  return paths;
}

}  // namespace dstu::test
