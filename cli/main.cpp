// dstu: entry point. Parses the command line, applies the global options (CPU path,
// thread team), runs one command and maps every failure to one line and exit 2.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <cstdlib>
#include <new>
#include <string>
#include <utility>
#include <vector>

#include "command.hpp"
#include "dstu/base/error.hpp"
#include "dstu/cpu/features.hpp"
#include "dstu/parallel/team.hpp"
#include "exit_codes.hpp"
#include "output.hpp"
#include "version.hpp"

namespace {

using namespace dstu::cli;

/// Where a usage error sends the reader: the subcommand's help if one was named.
std::string help_command(const std::vector<std::pair<CLI::App*, Command*>>& subs) {
  for (const auto& [sub, cmd] : subs) {
    if (sub->parsed()) return std::string("dstu ") + cmd->name() + " --help";
  }
  return "dstu --help";
}

void apply_globals(const GlobalOptions& g) {
  if (const char* env = std::getenv("DSTU_CPU")) {
    try {
      dstu::cpu::set_override(env);
    } catch (const dstu::Error& e) {
      throw dstu::Error(dstu::Errc::invalid_input, std::string("DSTU_CPU: ") + e.what());
    }
  }
  if (!g.cpu.empty()) dstu::cpu::set_override(g.cpu);
  dstu::parallel::init(g.threads > 0 ? g.threads : dstu::parallel::team_size());
}

int run(int argc, char** argv) {
  CLI::App app{"dstu: DSTU 4145-2002 keys and signatures on our own parallel arithmetic", "dstu"};
  app.footer("Exit status: 0 success, 1 negative answer (invalid signature, composite, digest differs), 2 error.\n"
             "Environment: DSTU_CPU=portable forces the portable kernels; OMP_NUM_THREADS sets the team.");
  GlobalOptions g;
  bool version = false;
  app.add_flag("--version", version, "Print version, compiler, build, OpenMP and CPU features");
  add_global_options(app, g);
  app.require_subcommand(0, 1);

  auto commands = all_commands();
  std::vector<std::pair<CLI::App*, Command*>> subs;
  for (auto& c : commands) {
    CLI::App* sub = app.add_subcommand(c->name(), c->summary());
    sub->fallthrough();
    c->setup(*sub);
    add_global_options(*sub, g);
    subs.emplace_back(sub, c.get());
  }

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help
    print_error(std::string(e.what()) + " (see '" + help_command(subs) + "')");
    return kExitError;
  }

  apply_globals(g);
  if (version) {
    print_version(g.json);
    return kExitOk;
  }
  for (auto& [sub, cmd] : subs) {
    if (!sub->parsed()) continue;
    try {
      return cmd->run(g);
    } catch (const UsageError& e) {
      print_error(std::string(e.what()) + " (see 'dstu " + cmd->name() + " --help')");
      return kExitError;
    }
  }
  fmt::print(stderr, "{}", app.help());
  return kExitError;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const dstu::Error& e) {
    print_error(e.what());
  } catch (const UsageError& e) {
    print_error(std::string(e.what()) + " (see 'dstu --help')");
  } catch (const std::bad_alloc&) {
    print_error("out of memory");
  } catch (const std::exception& e) {
    print_error(std::string("internal error: ") + e.what());
  }
  return kExitError;
}
