// The constant-time checker (house style: "constant time checked by a tool").
//
// Each case marks its secrets undefined with ct::poison, runs the code under test and
// marks the results defined again (declassifies them) before checking them. Run under
// Valgrind memcheck, any branch or memory index that depends on a poisoned byte is
// reported as a use of uninitialised data, and the run fails. Outside Valgrind the
// program still checks the results, so it can also run alone.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace dstu::ct_check {

struct Case {
  std::string name;
  std::function<bool()> run;  ///< true when the results were right
};

/// Every case; modules append theirs from their own files.
std::vector<Case>& cases();

struct Register {
  Register(const char* name, std::function<bool()> fn) { cases().push_back({name, std::move(fn)}); }
};

}  // namespace dstu::ct_check
