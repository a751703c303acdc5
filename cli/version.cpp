#include "version.hpp"

#include <fmt/core.h>
#include <omp.h>

#include "dstu/cpu/features.hpp"
#include "dstu/parallel/team.hpp"

namespace dstu::cli {

Json version_info() {
  Json j;
  j["version"] = DSTU_VERSION;
  j["build"] = git_describe();
  j["compiler"] = fmt::format("gcc {}", __VERSION__);
  j["build_type"] = DSTU_BUILD_TYPE;
  j["openmp"] = _OPENMP;
  j["threads"] = parallel::team_size();
  j["cpu_features"] = cpu::describe(cpu::detected());
  j["cpu_path"] = cpu::override_spec();
  j["cpu_active"] = cpu::describe(cpu::active());
  return j;
}

void print_version(bool json) {
  const Json j = version_info();
  if (json) return print_json(j);
  fmt::print("dstu {} ({})\n", j["version"].get<std::string>(), j["build"].get<std::string>());
  fmt::print("compiler:     {}\n", j["compiler"].get<std::string>());
  fmt::print("build type:   {}\n", j["build_type"].get<std::string>());
  fmt::print("OpenMP:       {} (team of {} threads)\n", j["openmp"].get<int>(), j["threads"].get<int>());
  fmt::print("CPU features: {}\n", j["cpu_features"].get<std::string>());
  fmt::print("CPU path:     {} (active: {})\n", j["cpu_path"].get<std::string>(),
             j["cpu_active"].get<std::string>());
}

}  // namespace dstu::cli
