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
  std::vector<std::string> paths{"native", "portable"};
  std::istringstream names(cpu::describe(cpu::detected()));
  std::vector<std::string> present;
  for (std::string name; names >> name;) present.push_back(name);
  for (std::string_view e : extensions) {
    if (std::find(present.begin(), present.end(), e) != present.end()) paths.push_back("native,-" + std::string(e));
  }
  return paths;
}

}  // namespace dstu::test
