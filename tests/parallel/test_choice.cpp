// The per-process choice between a split form and its sequential twin
// (dstu/parallel/choice.hpp): the calibration fed with chosen times decides as
// documented, and SplitChoice runs exactly one form per call with the right result.
#include <doctest/doctest.h>

#include <atomic>
#include <thread>
#include <vector>

#include "dstu/parallel/choice.hpp"

namespace par = dstu::parallel;
using Cal = par::Calibration;

namespace {

/// Drives a calibration to its decision with fixed times per form; returns how many
/// calls that took after warming.
int calibrate(Cal& c, std::int64_t sequential_ns, std::int64_t split_ns) {
  int calls = 0;
  while (c.state() == Cal::State::warming || c.state() == Cal::State::measuring) {
    bool timed = false;
    const Cal::Form f = c.next(&timed);
    if (timed) {
      c.record(f, f == Cal::Form::split ? split_ns : sequential_ns);
      ++calls;
    }
    REQUIRE(calls < 1000);
  }
  return calls;
}

}  // namespace

TEST_CASE("a process that makes few calls never splits and never times") {
  Cal c;
  for (int call = 0; call < Cal::kWarmCalls; ++call) {
    bool timed = true;
    CHECK(c.next(&timed) == Cal::Form::sequential);
    CHECK_FALSE(timed);
  }
  CHECK(c.state() == Cal::State::warming);
  bool timed = false;
  c.next(&timed);
  CHECK(timed);  // call kWarmCalls + 1 is the first measured
  CHECK(c.state() == Cal::State::measuring);
}

TEST_CASE("the split form is chosen only when its median is 5 % below the twin's") {
  Cal faster;
  CHECK(calibrate(faster, 10'000, 9'400) == 2 * Cal::kSamples);
  CHECK(faster.state() == Cal::State::split);
  CHECK(faster.split_median_ns() == 9'400);
  CHECK(faster.sequential_median_ns() == 10'000);
  for (int call = 0; call < Cal::kProbeEvery - 1; ++call) {
    bool timed = true;
    CHECK(faster.next(&timed) == Cal::Form::split);
    CHECK(timed == ((call + 1) % Cal::kCheckEvery == 0));
  }
  Cal marginal;  // 4 % faster: not worth a second core
  calibrate(marginal, 10'000, 9'600);
  CHECK(marginal.state() == Cal::State::sequential);
  Cal slower;
  calibrate(slower, 10'000, 14'000);
  CHECK(slower.state() == Cal::State::sequential);
  bool timed = true;
  CHECK(slower.next(&timed) == Cal::Form::sequential);
  CHECK_FALSE(timed);
}

TEST_CASE("the decision is on medians: a few outliers (a cold helper, a preemption) do not sway it") {
  Cal c;
  int split_calls = 0;
  while (c.state() == Cal::State::warming || c.state() == Cal::State::measuring) {
    bool timed = false;
    const Cal::Form f = c.next(&timed);
    if (!timed) continue;
    if (f == Cal::Form::split) {
      // The first split call starts the helper and two more are preempted.
      c.record(f, split_calls < 3 ? 5'000'000 : 6'000);
      ++split_calls;
    } else {
      c.record(f, 10'000);
    }
  }
  CHECK(c.state() == Cal::State::split);
}

TEST_CASE("once decided, one call in kCheckEvery is timed in the chosen form and one in kProbeEvery in the other") {
  Cal c;
  calibrate(c, 10'000, 6'000);
  REQUIRE(c.state() == Cal::State::split);
  int probes = 0, checks = 0;
  for (int call = 0; call < 10 * Cal::kProbeEvery; ++call) {
    bool timed = false;
    const Cal::Form f = c.next(&timed);
    if (!timed) {
      CHECK(f == Cal::Form::split);
      continue;
    }
    if (f == Cal::Form::sequential) {
      ++probes;
      CHECK(call % Cal::kProbeEvery == Cal::kProbeEvery - 1);
      c.record(f, 10'000);
    } else {
      ++checks;
      c.record(f, 6'000);
    }
  }
  CHECK(probes == 10);
  CHECK(checks == 10 * (Cal::kProbeEvery / Cal::kCheckEvery - 1));
  CHECK(c.state() == Cal::State::split);
}

TEST_CASE("a split that slows down is dropped within kSamples / 2 + 1 checks, and taken back when fast again") {
  Cal c;
  calibrate(c, 10'000, 6'000);
  REQUIRE(c.state() == Cal::State::split);
  const auto drive = [&](std::int64_t sequential_ns, std::int64_t split_ns, Cal::State until) {
    int calls = 0;
    while (c.state() != until && calls < 100 * Cal::kProbeEvery) {
      bool timed = false;
      const Cal::Form f = c.next(&timed);
      if (timed) c.record(f, f == Cal::Form::split ? split_ns : sequential_ns);
      ++calls;
    }
    return calls;
  };
  // The second core becomes slow: the split now takes 14 µs.
  const int to_sequential = drive(10'000, 14'000, Cal::State::sequential);
  CHECK(c.state() == Cal::State::sequential);
  CHECK(to_sequential <= (Cal::kSamples / 2 + 1) * Cal::kCheckEvery);
  CHECK(c.split_median_ns() == 14'000);
  // Fast again: taken back once probes fill half of the split's window.
  const int to_split = drive(10'000, 6'000, Cal::State::split);
  CHECK(c.state() == Cal::State::split);
  CHECK(to_split <= (Cal::kSamples / 2 + 1) * Cal::kProbeEvery);
  CHECK(to_split > Cal::kProbeEvery);  // one fast probe does not outweigh the window
}

TEST_CASE("a kept twin is not dropped for a split that stays slower") {
  Cal c;
  calibrate(c, 10'000, 12'000);
  REQUIRE(c.state() == Cal::State::sequential);
  for (int call = 0; call < 20 * Cal::kProbeEvery; ++call) {
    bool timed = false;
    const Cal::Form f = c.next(&timed);
    if (timed) c.record(f, f == Cal::Form::split ? 12'000 : 10'000);
    if (!timed) CHECK(f == Cal::Form::sequential);
  }
  CHECK(c.state() == Cal::State::sequential);
}

TEST_CASE("measuring alternates the two forms") {
  Cal c;
  int split = 0, sequential = 0, max_gap = 0;
  while (c.state() == Cal::State::warming || c.state() == Cal::State::measuring) {
    bool timed = false;
    const Cal::Form f = c.next(&timed);
    if (!timed) continue;
    (f == Cal::Form::split ? split : sequential) += 1;
    max_gap = std::max(max_gap, std::abs(split - sequential));
    c.record(f, 1000);
  }
  CHECK(split == Cal::kSamples);
  CHECK(sequential == Cal::kSamples);
  CHECK(max_gap <= 1);
}

TEST_CASE("SplitChoice runs one form per call and returns its result, from many threads") {
  par::SplitChoice choice;
  std::atomic<int> sequential_runs{0}, split_runs{0}, wrong{0};
  std::vector<std::thread> callers;
  for (int t = 0; t < 3; ++t) {
    callers.emplace_back([&, t] {
      for (int call = 0; call < 200; ++call) {
        const int got = choice.run(
            2, [&] { ++sequential_runs; return call * 3 + t; }, [&] { ++split_runs; return call * 3 + t; });
        wrong += got != call * 3 + t;
      }
    });
  }
  for (auto& c : callers) c.join();
  CHECK(wrong == 0);
  CHECK(sequential_runs + split_runs == 600);
  CHECK(sequential_runs >= Cal::kWarmCalls);
  const Cal::State s = choice.snapshot().state();
  CHECK((s == Cal::State::split || s == Cal::State::sequential));
}

TEST_CASE("with one thread SplitChoice never splits and never calibrates") {
  par::SplitChoice choice;
  int split_runs = 0;
  for (int call = 0; call < 500; ++call) choice.run(1, [] { return 0; }, [&] { return ++split_runs; });
  CHECK(split_runs == 0);
  CHECK(choice.snapshot().state() == Cal::State::warming);
}
