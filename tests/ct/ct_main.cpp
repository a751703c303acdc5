#include <cstdio>

#include "ct_check.hpp"
#include "dstu/base/ctgrind.hpp"

namespace dstu::ct_check {

std::vector<Case>& cases() {
  static std::vector<Case> all;
  return all;
}

}  // namespace dstu::ct_check

int main() {
  int failed = 0;
  for (const auto& c : dstu::ct_check::cases()) {
    const bool ok = c.run();
    std::printf("%-44s %s\n", c.name.c_str(), ok ? "ok" : "WRONG RESULT");
    failed += !ok;
  }
  std::printf("%zu cases, %d wrong%s\n", dstu::ct_check::cases().size(), failed,
              dstu::ct::running_under_valgrind() ? " (under valgrind)" : "");
  return failed ? 1 : 0;
}
