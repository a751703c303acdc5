#include "cpu_paths.hpp"

#include <sstream>

namespace dstu::test {

std::vector<std::string> cpu_paths(bool thorough) {
  std::vector<std::string> paths{"native", "portable"};
  if (!thorough) return paths;
  std::istringstream names(cpu::describe(cpu::detected()));
  std::string name;
  while (names >> name) {
    if (name != "none") paths.push_back("native,-" + name);
  }
  return paths;
}

}  // namespace dstu::test
