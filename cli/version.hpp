// What `dstu --version` reports: version, compiler, build, OpenMP, CPU features.
#pragma once

#include "output.hpp"

namespace dstu::cli {

Json version_info();
void print_version(bool json);

}  // namespace dstu::cli
