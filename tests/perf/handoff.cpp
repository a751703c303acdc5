// What one parallel hand-off costs: a split into two parts of w ns each, run sequentially, on the
// help-first pool (lib/parallel) and in an OpenMP parallel region, with the second
// core idle and with it kept busy by another thread. Medians (dstu::stats) of 15 samples
// of 2000 calls; the OpenMP wait policy is whatever OMP_WAIT_POLICY says (run it with
// =active and =passive to compare). Usage: handoff [busy]
#include <omp.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <thread>
#include <vector>

#include "dstu/parallel/team.hpp"
#include "per_call.hpp"

namespace {

using Clock = std::chrono::steady_clock;

void work(int ns) {
  const auto until = Clock::now() + std::chrono::nanoseconds(ns);
  while (Clock::now() < until) {
  }
}

template <class F>
double median_us(F f) {
  return dstu::perf::median_ns_per_call(15, 2000, f) / 1000;  // 15 samples of 2000 calls
}

}  // namespace

int main(int argc, char** argv) {
  const bool busy = argc > 1 && std::strcmp(argv[1], "busy") == 0;
  std::atomic<bool> stop{false};
  std::thread spinner;
  if (busy) spinner = std::thread([&] { while (!stop.load(std::memory_order_relaxed)) {} });
  std::printf("second core %s; two items of w ns each; median us per call\n", busy ? "busy" : "idle");
  std::printf("%8s %10s %10s %10s\n", "w_ns", "sequential", "pool", "openmp");
  for (int w : {0, 1000, 5000, 20000}) {
    const double seq = median_us([&] { work(w); work(w); });
    const double pool = median_us([&] { dstu::parallel::on_team(2, [&](int, int) { work(w); }); });
    const double omp = median_us([&] {
#pragma omp parallel num_threads(2)
      work(w);
    });
    std::printf("%8d %10.2f %10.2f %10.2f\n", w, seq, pool, omp);
  }
  // Parts of unequal length (300 and 400 us, the shape of sG and rQ at m = 431) on a
  // hot team: how many of 400 calls found the splits backing off. The rule itself is
  // tested deterministically in tests/parallel/test_backoff.cpp; this is what it does
  // on this machine, where a busy or time-sliced second core makes real stalls.
  const auto caller = std::this_thread::get_id();
  int backed_off = 0;
  for (int call = 0; call < 400; ++call) {
    dstu::parallel::on_team(2, [&](int, int) { work(std::this_thread::get_id() == caller ? 300000 : 400000); });
    backed_off += dstu::parallel::splits_backing_off() ? 1 : 0;
    work(20000);  // the helper is back to spinning: the next call is hot
  }
  std::printf("parts of 300 and 400 us: %d of 400 calls found the splits backing off\n", backed_off);
  stop = true;
  if (spinner.joinable()) spinner.join();
}
