// One class per subcommand (Botan style), registered in command.cpp (all_commands).
//
// A command declares its options on its own CLI11 subcommand in setup() and does its
// work in run(), which returns the exit status. Errors are thrown as dstu::Error (or
// UsageError for option combinations CLI11 cannot express); main() turns them into
// one line on stderr and exit 2.
#pragma once

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

// Declared, not included: CLI11 is header-only and costs each file that includes it
// seconds of compile time; the files that declare options include it themselves.
namespace CLI {
class App;
}

namespace dstu::cli {

/// Options every command understands (given before or after the command name).
struct GlobalOptions {
  int threads = 0;  ///< team size; 0 = default (OMP_NUM_THREADS or all cores)
  bool json = false;
  bool quiet = false;  ///< no reports: only errors (stderr) and the data asked for
  std::string cpu;     ///< CPU path override, empty = DSTU_CPU or native
};

/// Declares the global options on `app` (the top level and every subcommand, so that
/// each subcommand's --help lists them and they work before or after its name).
void add_global_options(CLI::App& app, GlobalOptions& g);

/// A bad combination of options, reported like a CLI11 parse error (exit 2).
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class Command {
 public:
  virtual ~Command() = default;
  virtual const char* name() const = 0;
  virtual const char* summary() const = 0;
  /// Declares the command's options on `sub`.
  virtual void setup(CLI::App& sub) = 0;
  /// Runs the command; returns the exit status.
  virtual int run(const GlobalOptions& global) = 0;
};

/// Every command, in the order `dstu --help` lists them.
std::vector<std::unique_ptr<Command>> all_commands();

std::unique_ptr<Command> make_keygen_command();
std::unique_ptr<Command> make_sign_command();
std::unique_ptr<Command> make_verify_command();
std::unique_ptr<Command> make_info_command();
std::unique_ptr<Command> make_hash_command();
std::unique_ptr<Command> make_bench_command();
std::unique_ptr<Command> make_primegen_command();

}  // namespace dstu::cli
