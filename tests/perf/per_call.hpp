// The timing loop of the tests/perf programs that time one call at a time: samples of
// a fixed number of calls, the median time per call (dstu::stats), and how many calls
// make a sample last long enough.
#pragma once

#include <chrono>
#include <cstdio>
#include <ctime>
#include <string>
#include <vector>

#include "dstu/base/stats.hpp"

namespace dstu::perf {

/// Keeps the compiler from dropping a computed value.
template <class T>
void keep(const T& v) {
  __asm__ volatile("" : : "g"(&v) : "memory");
}

/// The standard output of a shell command ("" if it cannot be run), e.g. `openssl speed`.
inline std::string run_command(const std::string& cmd) {
  std::string out;
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return out;
  char buf[4096];
  while (std::fgets(buf, sizeof buf, p)) out += buf;
  pclose(p);
  return out;
}

/// A clock of this thread's CPU time (std::chrono's TrivialClock shape): on a loaded
/// machine it leaves out the time other processes hold the core, as `openssl speed`'s
/// default user time does.
struct ThreadCpuClock {
  using duration = std::chrono::nanoseconds;
  using rep = duration::rep;
  using period = duration::period;
  using time_point = std::chrono::time_point<ThreadCpuClock>;
  static constexpr bool is_steady = true;
  static time_point now() {
    timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return time_point(duration(static_cast<rep>(ts.tv_sec) * 1000000000 + ts.tv_nsec));
  }
};

/// Median nanoseconds per call of f over `samples` samples of `calls` calls each, on
/// Clock (wall time by default).
template <class Clock = std::chrono::steady_clock, class F>
double median_ns_per_call(int samples, long calls, F&& f) {
  std::vector<double> ns;
  for (int s = 0; s < samples; ++s) {
    const auto t0 = Clock::now();
    for (long i = 0; i < calls; ++i) f();
    ns.push_back(std::chrono::duration<double, std::nano>(Clock::now() - t0).count() / static_cast<double>(calls));
  }
  return stats::summarize(ns).median;
}

/// The first power of two of calls of f that lasts longer than `at_least`.
template <class F>
long calls_lasting(std::chrono::nanoseconds at_least, F&& f) {
  using Clock = std::chrono::steady_clock;
  for (long calls = 1;; calls *= 2) {
    const auto t0 = Clock::now();
    for (long i = 0; i < calls; ++i) f();
    if (Clock::now() - t0 > at_least) return calls;
  }
}

}  // namespace dstu::perf
