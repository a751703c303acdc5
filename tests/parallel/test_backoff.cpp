// The back-off rule of the pool (lib/parallel/src/backoff.hpp) fed with chosen times:
// parts of unequal length are not a stall, a preempted helper is, late helpers in half
// of the last 16 calls are, and the period doubles, caps and recovers as documented.
// Deterministic: no thread and no clock, so a loaded machine cannot change a verdict.
#include <doctest/doctest.h>

#include <cstdint>

#include "backoff.hpp"

using dstu::parallel::detail::Backoff;

namespace {

constexpr std::int64_t kUs = 1000;
constexpr std::int64_t kMs = 1000 * kUs;

/// active() at a fixed time.
bool active_at(Backoff& b, std::int64_t now) {
  return b.active([now] { return now; });
}

}  // namespace

TEST_CASE("parts of unequal length are not a stall") {
  // sG and rQ of a verification at m = 431: the caller's part 300 µs, the helper's
  // 400 µs, so the caller waits ~100 µs each call (over the old plain 50 µs rule).
  Backoff b;
  for (int call = 0; call < 1000; ++call) CHECK_FALSE(b.note(100 * kUs, 300 * kUs, false, call * kMs));
  CHECK_FALSE(active_at(b, 1000 * kMs));
  CHECK(b.period_ns() == 0);
  // The boundary: 50 µs plus twice the caller's share is still not a stall, 1 ns more is.
  CHECK_FALSE(b.note(Backoff::kStallNs + 2 * 300 * kUs, 300 * kUs, false, 0));
  CHECK(b.note(Backoff::kStallNs + 2 * 300 * kUs + 1, 300 * kUs, false, 0));
}

TEST_CASE("a helper preempted inside an item is a stall") {
  Backoff b;
  CHECK_FALSE(active_at(b, 0));
  CHECK(b.note(4 * kMs, 10 * kUs, false, 10 * kMs));  // a scheduler time slice
  CHECK(b.period_ns() == Backoff::kMinPeriodNs);
  CHECK(active_at(b, 10 * kMs));
  CHECK(active_at(b, 11 * kMs - 1));
  CHECK_FALSE(active_at(b, 11 * kMs));
  CHECK_FALSE(active_at(b, 10 * kMs));  // once seen over, it stays over
}

TEST_CASE("late helpers in half of the last 16 calls are a sign; fewer are not") {
  Backoff b;
  for (int call = 0; call < 64; ++call) {
    const bool missed = call % 16 < 7;  // 7 of each 16
    CHECK_FALSE(b.note(0, 5 * kUs, missed, 0));
  }
  Backoff c;
  bool started = false;
  for (int call = 0; call < 16 && !started; ++call) {
    started = c.note(0, 5 * kUs, call % 2 == 0, 0);
    CHECK(started == (call == 14));  // the 8th miss, at call 14
  }
  CHECK(started);
}

TEST_CASE("the period doubles while signs repeat, caps at 128 ms and halves after 64 clean calls") {
  Backoff b;
  std::int64_t expected = Backoff::kMinPeriodNs;
  for (int sign = 0; sign < 12; ++sign) {
    CHECK(b.note(10 * kMs, 0, false, 0));
    CHECK(b.period_ns() == expected);
    expected = expected * 2 > Backoff::kMaxPeriodNs ? Backoff::kMaxPeriodNs : expected * 2;
  }
  CHECK(b.period_ns() == Backoff::kMaxPeriodNs);
  for (int call = 0; call < 63; ++call) CHECK_FALSE(b.note(0, 5 * kUs, false, 0));
  CHECK(b.period_ns() == Backoff::kMaxPeriodNs);  // 63 clean calls: not yet
  CHECK_FALSE(b.note(0, 5 * kUs, false, 0));
  CHECK(b.period_ns() == Backoff::kMaxPeriodNs / 2);
  // 64 clean calls per halving: six more from 64 ms down to 1 ms, then to none.
  for (int halving = 0; halving < 6; ++halving) {
    for (int call = 0; call < 64; ++call) b.note(0, 5 * kUs, false, 0);
  }
  CHECK(b.period_ns() == Backoff::kMinPeriodNs);
  for (int call = 0; call < 64; ++call) b.note(0, 5 * kUs, false, 0);
  CHECK(b.period_ns() == 0);
  // A new sign starts again from the shortest period.
  CHECK(b.note(10 * kMs, 0, false, 0));
  CHECK(b.period_ns() == Backoff::kMinPeriodNs);
}

TEST_CASE("a sign clears the miss history") {
  Backoff b;
  for (int call = 0; call < 7; ++call) CHECK_FALSE(b.note(0, 5 * kUs, true, 0));
  CHECK(b.note(10 * kMs, 0, false, 0));  // a stall: misses forgotten
  for (int call = 0; call < 7; ++call) CHECK_FALSE(b.note(0, 5 * kUs, true, 0));
}
