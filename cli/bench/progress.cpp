#include "bench/progress.hpp"

#include <fmt/core.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>

namespace dstu::cli::bench::progress {
namespace {

using Clock = std::chrono::steady_clock;

struct State {
  Clock::time_point start = Clock::now(), last{};
  bool enabled = false, terminal = false, wrote = false;
};

State& state() {
  static State s;
  return s;
}

/// "curve=dstu257 requests=1000" from a record's params.
std::string describe(const Json& params) {
  std::string out;
  for (auto it = params.begin(); it != params.end(); ++it) {
    out += ' ' + it.key() + '=' + (it->is_string() ? it->get<std::string>() : it->dump());
  }
  return out;
}

}  // namespace

void start() {
  State& s = state();
  s = State{};
  s.enabled = true;
  s.terminal = ::isatty(STDERR_FILENO) == 1;
}

void note(const std::string& suite, const std::string& name, const Json& params) {
  State& s = state();
  if (!s.enabled) return;  // not started: dstu -q bench
  const auto now = Clock::now();
  const auto every = s.terminal ? std::chrono::seconds(1) : std::chrono::seconds(5);
  if (now - s.start < std::chrono::seconds(2) || now - s.last < every) return;
  s.last = now;
  const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(now - s.start).count();
  const std::string line = fmt::format("bench: {:>3} s  {} {}{}", seconds, suite, name, describe(params));
  if (s.terminal) {
    fmt::print(stderr, "\r\033[K{}", line.substr(0, 100));
  } else {
    fmt::print(stderr, "{}\n", line);
  }
  std::fflush(stderr);
  s.wrote = true;
}

void finish() {
  State& s = state();
  if (s.terminal && s.wrote) fmt::print(stderr, "\r\033[K");
  std::fflush(stderr);
  s.wrote = false;
}

}  // namespace dstu::cli::bench::progress
