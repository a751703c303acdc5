#include "command.hpp"

#include <CLI/CLI.hpp>

namespace dstu::cli {

void add_global_options(CLI::App& app, GlobalOptions& g) {
  const std::string group = "Global options";
  app.add_option("--threads", g.threads, "Threads in the team (default: OMP_NUM_THREADS or all cores)")
      ->check(CLI::Range(1, 1024))
      ->group(group);
  app.add_flag("--json", g.json, "Machine-readable output: one JSON object per line (NDJSON)")->group(group);
  app.add_flag("-q,--quiet", g.quiet,
               "No reports: print only errors and the data asked for (the exit status tells the verdict)")
      ->group(group);
  app.add_option("--cpu", g.cpu, "CPU path: native, portable, or native,-FEATURE (also: DSTU_CPU)")->group(group);
}

std::vector<std::unique_ptr<Command>> all_commands() {
  std::vector<std::unique_ptr<Command>> out;
  out.push_back(make_keygen_command());
  out.push_back(make_sign_command());
  out.push_back(make_verify_command());
  out.push_back(make_info_command());
  out.push_back(make_hash_command());
  out.push_back(make_bench_command());
  out.push_back(make_primegen_command());
  return out;
}

}  // namespace dstu::cli
