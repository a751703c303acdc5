#include "dstu/parallel/choice.hpp"

#include <algorithm>

namespace dstu::parallel {
void Calibration::Ring::add(std::int64_t t) {
  ns[static_cast<std::size_t>(next)] = t;
  next = (next + 1) % kSamples;
  size = std::min(size + 1, kSamples);
}

std::int64_t Calibration::Ring::median() const {
  std::array<std::int64_t, kSamples> v = ns;
  std::sort(v.begin(), v.begin() + size);
  return size % 2 == 1 ? v[static_cast<std::size_t>(size / 2)]
                       : (v[static_cast<std::size_t>(size / 2 - 1)] + v[static_cast<std::size_t>(size / 2)]) / 2;
}

Calibration::Form Calibration::next(bool* timed) {
  *timed = false;
  switch (state_) {
    case State::warming:
      if (calls_++ < kWarmCalls) return Form::sequential;
      state_ = State::measuring;
      calls_ = 0;
      [[fallthrough]];
    case State::measuring:
      // Alternate, the form with fewer samples first (a record lost to an exception
      // only delays the decision).
      *timed = true;
      return split_.size < sequential_.size ? Form::split : Form::sequential;
    case State::split:
    case State::sequential: {
      const Form chosen = state_ == State::split ? Form::split : Form::sequential;
      if (++calls_ == kProbeEvery) {
        calls_ = 0;
        *timed = true;
        return chosen == Form::split ? Form::sequential : Form::split;
      }
      *timed = calls_ % kCheckEvery == 0;
      return chosen;
    }
  }
  return Form::sequential;
}

void Calibration::record(Form form, std::int64_t ns) {
  if (state_ == State::warming) return;
  (form == Form::split ? split_ : sequential_).add(ns);
  if (split_.size < kSamples || sequential_.size < kSamples) return;  // still measuring
  decide();
}

void Calibration::decide() {
  sequential_median_ns_ = sequential_.median();
  split_median_ns_ = split_.median();
  state_ = static_cast<double>(split_median_ns_) < kMargin * static_cast<double>(sequential_median_ns_)
               ? State::split
               : State::sequential;
}

Calibration::Form SplitChoice::next(bool* timed) {
  std::lock_guard guard(lock_);
  return calibration_.next(timed);
}

void SplitChoice::record(Calibration::Form form, std::int64_t ns) {
  std::lock_guard guard(lock_);
  calibration_.record(form, ns);
}

Calibration SplitChoice::snapshot() const {
  std::lock_guard guard(lock_);
  return calibration_;
}

const char* state_name(Calibration::State state) {
  switch (state) {
    case Calibration::State::warming:
      return "warming";
    case Calibration::State::measuring:
      return "measuring";
    case Calibration::State::sequential:
      return "sequential";
    case Calibration::State::split:
      return "split";
  }
  return "?";
}

}  // namespace dstu::parallel
