// dstu::parallel — choosing between a split form and its sequential twin by measuring
// both in the running process (issue "parallelism that pays", item 4).
//
// A single operation split over two threads (the comb in portions, the two scalar
// multiplications of a verification at once, exponent portions) pays on some machines,
// sizes and loads and loses on others, so no fixed rule serves every CPU. A
// SplitChoice decides per process and kind of operation: the first kWarmCalls calls
// run the sequential twin (a command that signs one file never splits and never
// starts a helper), the next calls alternate the two forms until each has kSamples
// timings, and from then on the split form runs only if the median of its last
// kSamples timings is below kMargin times the twin's. The decision stays under
// watch, because a shared machine's load and a vCPU's speed change while a process
// runs: one call in kCheckEvery is timed in the chosen form and one in kProbeEvery
// runs the other form, timed, and each timing remakes the decision from the last
// kSamples of each form. A split that becomes slow is dropped within about
// kSamples / 2 checks (~130 calls); a split that becomes fast again is taken back
// within about kSamples / 2 probes (~8,000 calls): quick to leave the slower form,
// slow to risk it again. Calls that could not split now (nested, one thread, or a
// back-off period after signs of busy cores) run the twin and are neither counted
// nor timed. The cost of choosing: the calibration's few dozen calls, one call in
// kProbeEvery in the other form (after waking the helpers, for a split), two clock reads in
// kCheckEvery calls, and a mutex.
#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>

#include "dstu/parallel/team.hpp"

namespace dstu::parallel {

/// The calibration state of one kind of operation, fed with times (no clock, no
/// thread): what SplitChoice wraps, and what the tests drive directly.
class Calibration {
 public:
  static constexpr int kWarmCalls = 32;
  static constexpr int kSamples = 15;
  static constexpr double kMargin = 0.95;  // the split form must be 5 % faster
  static constexpr int kCheckEvery = 16;
  static constexpr int kProbeEvery = 1024;

  enum class Form { sequential, split };
  enum class State { warming, measuring, sequential, split };

  /// The form of the next call that could split; *timed says whether to time it and
  /// record() the time.
  Form next(bool* timed);

  /// The time of a call next() asked to have timed.
  void record(Form form, std::int64_t ns);

  State state() const { return state_; }

  /// The medians the last decision was made on (0 before the first).
  std::int64_t sequential_median_ns() const { return sequential_median_ns_; }
  std::int64_t split_median_ns() const { return split_median_ns_; }

 private:
  /// The last kSamples timings of one form.
  struct Ring {
    std::array<std::int64_t, kSamples> ns{};
    int size = 0, next = 0;
    void add(std::int64_t t);
    std::int64_t median() const;
  };

  void decide();

  State state_ = State::warming;
  int calls_ = 0;  // warming: calls so far; decided: calls since the last probe
  Ring sequential_, split_;
  std::int64_t sequential_median_ns_ = 0, split_median_ns_ = 0;
};

/// A Calibration shared by the threads of a process (one mutex, held for a few
/// instructions per call; none of the work runs under it).
class SplitChoice {
 public:
  /// Runs split() or sequential() as the calibration decides (see the file comment).
  template <class Sequential, class Split>
  auto run(int threads, Sequential&& sequential, Split&& split) {
    if (!can_split(threads)) return sequential();
    bool timed = false;
    const Calibration::Form form = next(&timed);
    const bool use_split = form == Calibration::Form::split;
    if (!timed) return use_split ? split() : sequential();
    // After sequential calls the helpers are asleep, and a split that has to wake one
    // runs on the caller alone (the helper arrives late): that would time the wake-up,
    // not the split. So a timed split first wakes them.
    if (use_split) wake_helpers(threads, kWakeWaitUs);
    const auto began = std::chrono::steady_clock::now();
    auto result = use_split ? split() : sequential();
    record(form, std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - began).count());
    return result;
  }

  static constexpr int kWakeWaitUs = 1000;

  /// A copy of the state, for reports (bench rows say what the process chose).
  Calibration snapshot() const;

 private:
  Calibration::Form next(bool* timed);
  void record(Calibration::Form form, std::int64_t ns);

  mutable std::mutex lock_;
  Calibration calibration_;
};

/// `Slots` SplitChoices made on first use and never freed (they live as long as the
/// process, like the measurements they hold): one per kind and size of operation.
/// Reading one is a single atomic load.
template <std::size_t Slots>
class ChoiceTable {
 public:
  /// The choice in `slot` (clamped to the last).
  SplitChoice& of(std::size_t slot) {
    if (slot >= Slots) slot = Slots - 1;
    SplitChoice* c = slots_[slot].load(std::memory_order_acquire);
    if (c != nullptr) return *c;
    auto* fresh = new SplitChoice;
    if (slots_[slot].compare_exchange_strong(c, fresh, std::memory_order_acq_rel)) return *fresh;
    delete fresh;  // another thread installed one first
    return *c;
  }

 private:
  std::array<std::atomic<SplitChoice*>, Slots> slots_{};
};

/// Short name of a calibration state: "warming", "measuring", "sequential", "split".
const char* state_name(Calibration::State state);

}  // namespace dstu::parallel
