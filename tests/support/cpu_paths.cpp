#include "cpu_paths.hpp"

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

}  // namespace dstu::test
