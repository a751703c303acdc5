// dstu bench: one-shot performance runs (schema dstu-bench/1).
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include "bench/bench.hpp"
#include "bench/progress.hpp"
#include "command.hpp"
#include "dstu/parallel/team.hpp"
#include "exit_codes.hpp"

namespace dstu::cli {
namespace {

class Bench final : public Command {
 public:
  const char* name() const override { return "bench"; }
  const char* summary() const override { return "Measure performance (JSON schema dstu-bench/1)"; }

  void setup(CLI::App& sub) override {
    std::vector<std::string> names{"all"};
    std::string help = "Suite to run: all";
    for (const auto& s : bench::suites()) {
      names.push_back(s.name);
      help += std::string(", ") + s.name + " (" + s.summary + ")";
    }
    sub.add_option("suite", suite_, help)->required()->check(CLI::IsMember(names));
    sub.add_flag("--quick", quick_, "Short run for CI (fewer sizes and samples)");
    sub.add_option("--rsa-bits", rsa_bits_, "Modulus sizes of suite rsa (multiples of 8, 1024..16384)")
        ->default_str("2048 3072 4096")
        ->check(CLI::Range(1024, 16384));
    sub.add_option("--table", tables_,
                   "Tables of suite seeds to run: a table (000:T4, 002:#6, 004:T5.8) or a whole source "
                   "(000, 001, 002, 004); repeat or separate by commas (default: every table)")
        ->delimiter(',');
  }

  int run(const GlobalOptions& g) override {
    bench::Options opt;
    opt.quick = quick_;
    opt.threads = parallel::team_size();
    if (!rsa_bits_.empty()) {
      // Before anything is measured: a size no key has would end the run half done.
      require_suite("--rsa-bits", "rsa");
      for (const std::size_t b : rsa_bits_) {
        if (b % 8 != 0) throw UsageError("--rsa-bits " + std::to_string(b) + ": RSA keys are generated in multiples of 8 bits");
      }
      opt.rsa_bits = rsa_bits_;
    }
    if (!tables_.empty()) {
      require_suite("--table", "seeds");
      bench::check_seeds_tables(tables_, opt.threads);
      opt.seeds_tables = tables_;
    }
    std::vector<bench::Record> records;
    if (!g.quiet) bench::progress::start();
    for (const auto& s : bench::suites()) {
      if (suite_ == "all" || suite_ == s.name) s.run(opt, records);
    }
    bench::progress::finish();
    bench::report(records, opt, g.json);
    return kExitOk;
  }

 private:
  /// An option of one suite's is refused with any other (all runs every suite).
  void require_suite(const char* option, const char* suite) const {
    if (suite_ != suite && suite_ != "all") {
      throw UsageError(fmt::format("{} goes with the {} suite (or all)", option, suite));
    }
  }

  std::string suite_;
  bool quick_ = false;
  std::vector<std::size_t> rsa_bits_;
  std::vector<std::string> tables_;
};

}  // namespace

std::unique_ptr<Command> make_bench_command() { return std::make_unique<Bench>(); }

}  // namespace dstu::cli
