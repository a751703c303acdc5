// What `dstu --version` reports: version, build (git describe), compiler, OpenMP, CPU features.
#pragma once

#include "output.hpp"

namespace dstu::cli {

/// `git describe --always --dirty --tags` of the source tree at build time, or "unknown".
const char* git_describe();

Json version_info();
void print_version(bool json);

}  // namespace dstu::cli
