// dstu primegen: random (probable) primes of a given size, found by the thread team;
// or, with --check, primality of given numbers.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <array>
#include <chrono>
#include <iostream>
#include <optional>

#include "command.hpp"
#include "dstu/base/error.hpp"
#include "dstu/mp/prime.hpp"
#include "dstu/parallel/team.hpp"
#include "dstu/rng/random.hpp"
#include "exit_codes.hpp"
#include "output.hpp"

namespace dstu::cli {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

/// Independent random streams: request r, window w -> ChaCha20 stream (r << 32 | w),
/// keyed by --seed or by 32 bytes from the OS.
class Streams {
 public:
  explicit Streams(std::optional<std::uint64_t> seed) : seed_(seed) {
    if (!seed_) rng::os_random(key_);
  }
  mp::StreamFactory for_request(std::uint64_t r) const {
    return [this, r](std::uint64_t w) -> std::unique_ptr<RandomSource> {
      const std::uint64_t stream = r << 32 | w;
      if (seed_) return std::make_unique<rng::ChaCha20Drbg>(*seed_, stream);
      return std::make_unique<rng::ChaCha20Drbg>(std::span<const std::uint8_t, 32>(key_), stream);
    };
  }

 private:
  std::optional<std::uint64_t> seed_;
  std::array<std::uint8_t, 32> key_{};
};

class Primegen final : public Command {
 public:
  const char* name() const override { return "primegen"; }
  const char* summary() const override { return "Generate random probable primes, or --check numbers"; }

  void setup(CLI::App& sub) override {
    sub.add_option("--bits", bits_, "Exact size of each prime in bits (16..16384)")->check(CLI::Range(16, 16384));
    sub.add_option("--count", count_, "How many primes (default 1)")->check(CLI::Range(1, 1000000));
    sub.add_flag("--safe", safe_, "Safe primes: p = 2q + 1 with q prime too");
    sub.add_option("--rounds", rounds_,
                   "Miller-Rabin rounds after Baillie-PSW (default: error <= 2^-128 for generated "
                   "primes, 64 for --check)")
        ->check(CLI::Range(0, 1000));
    sub.add_option("--seed", seed_, "Seed for reproducible output (any thread count)");
    sub.add_option("--format", format_, "Output format: dec or hex (0x-prefixed)")
        ->check(CLI::IsMember({"dec", "hex"}));
    sub.add_option("--check", check_, "Test these numbers (decimal or 0x-hex; '-' reads stdin)")
        ->expected(1, -1);
  }

  int run(const GlobalOptions& g) override {
    if (!check_.empty()) {
      if (bits_ || count_ || safe_) throw UsageError("--check cannot be combined with --bits, --count or --safe");
      return run_check(g);
    }
    if (!bits_) throw UsageError("primegen needs --bits N (or --check NUMBER...)");
    return run_generate(g);
  }

 private:
  std::string show(const mp::Nat& n) const { return format_ == "hex" ? "0x" + n.to_hex() : n.to_dec(); }

  int run_generate(const GlobalOptions& g) {
    const std::size_t count = count_.value_or(1);
    const int threads = parallel::team_size();
    const Streams streams(seed_);
    mp::PrimeRequest req;
    req.bits = *bits_;
    req.safe = safe_;
    req.rounds = rounds_.value_or(-1);
    struct Out {
      mp::PrimeResult res;
      double seconds = 0;
    };
    std::vector<Out> out(count);
    const auto t0 = Clock::now();
    auto one = [&](std::size_t i, int team) {
      const auto t = Clock::now();
      out[i].res = mp::random_prime(req, streams.for_request(i), team);
      out[i].seconds = seconds_since(t);
    };
    if (count >= static_cast<std::size_t>(threads)) {
      // One request per thread.
      parallel::for_each(count, threads, [&](std::size_t i) { one(i, 1); });
    } else {
      // The whole team on each request in turn.
      for (std::size_t i = 0; i < count; ++i) one(i, threads);
    }
    const double total = seconds_since(t0);
    if (!g.json) {
      for (const Out& o : out) fmt::print("{}\n", show(o.res.prime));
      return kExitOk;
    }
    Json doc;
    doc["bits"] = req.bits;
    doc["safe"] = req.safe;
    doc["rounds"] = req.rounds >= 0 ? req.rounds : mp::random_candidate_rounds(req.bits);
    doc["threads"] = threads;
    if (seed_) doc["seed"] = *seed_;
    doc["seconds"] = total;
    Json primes = Json::array();
    for (const Out& o : out) {
      primes.push_back({{"prime", show(o.res.prime)},
                        {"candidates", o.res.stats.candidates},
                        {"sieved_out", o.res.stats.sieved_out},
                        {"miller_rabin_rounds", o.res.stats.mr_rounds},
                        {"lucas_tests", o.res.stats.lucas_tests},
                        {"seconds", o.seconds}});
    }
    doc["primes"] = primes;
    print_json(doc);
    return kExitOk;
  }

  std::vector<std::string> check_inputs() const {
    std::vector<std::string> in;
    for (const std::string& a : check_) {
      if (a != "-") {
        in.push_back(a);
        continue;
      }
      std::string line;
      while (std::getline(std::cin, line)) {
        const auto b = line.find_first_not_of(" \t\r");
        if (b == std::string::npos) continue;  // blank lines are skipped
        in.push_back(line.substr(b, line.find_last_not_of(" \t\r") - b + 1));
      }
      if (std::cin.bad()) throw_io("cannot read standard input");
    }
    return in;
  }

  int run_check(const GlobalOptions& g) {
    const std::vector<std::string> inputs = check_inputs();
    if (inputs.empty()) throw UsageError("--check got no numbers");
    // Parse everything first: a malformed number stops the run before any output.
    std::vector<mp::Nat> numbers;
    for (const std::string& s : inputs) {
      try {
        numbers.push_back(mp::Nat::parse(s));
      } catch (const Error& e) {
        throw Error(Errc::invalid_input, "'" + s.substr(0, 60) + "': " + e.what());
      }
    }
    const int rounds = rounds_.value_or(mp::kAdversarialRounds);
    const Streams streams(seed_);
    std::vector<char> prime(numbers.size());
    parallel::for_each(numbers.size(), parallel::team_size(), [&](std::size_t i) {
      const auto rng = streams.for_request(i)(0);
      prime[i] = mp::is_probable_prime(numbers[i], *rng, rounds);
    });
    bool all = true;
    Json list = Json::array();
    for (std::size_t i = 0; i < numbers.size(); ++i) {
      all = all && prime[i];
      if (g.json) {
        list.push_back({{"number", inputs[i]}, {"prime", static_cast<bool>(prime[i])}});
      } else if (!g.quiet) {
        fmt::print("{} {}\n", inputs[i], prime[i] ? "prime" : "composite");
      }
    }
    if (g.json && !g.quiet) print_json({{"rounds", rounds}, {"results", list}, {"all_prime", all}});
    return all ? kExitOk : kExitNegative;
  }

  std::optional<std::size_t> bits_, count_;
  std::optional<int> rounds_;
  std::optional<std::uint64_t> seed_;
  bool safe_ = false;
  std::string format_ = "dec";
  std::vector<std::string> check_;
};

}  // namespace

std::unique_ptr<Command> make_primegen_command() { return std::make_unique<Primegen>(); }

}  // namespace dstu::cli
