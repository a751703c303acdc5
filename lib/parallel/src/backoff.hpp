// When a split stops asking helpers (lib/parallel/src/pool.cpp): the rule on its own,
// fed with times, so that it is tested without depending on how busy the machine is.
#pragma once

#include <atomic>
#include <cstdint>

namespace dstu::parallel::detail {

/// Two signs that the helpers' cores are taken by other work: a helper preempted
/// inside an item holds the caller for up to a scheduler time slice (a stall: a wait
/// longer than 50 µs plus twice the caller's own share, so that parts of unequal
/// length, such as sG and rQ of a verification, are not mistaken for one), and
/// helpers that mostly arrive after the caller has claimed every item (misses in at
/// least half of the last 16 calls) only compete with the caller for a core. Either
/// starts a back-off period in which calls run inline: 1 ms, doubling while the signs
/// repeat, up to 128 ms; the period halves only after 64 calls in a row without a sign.
/// note() is called by one thread at a time (the pool's run lock); active() by any.
class Backoff {
 public:
  static constexpr std::int64_t kStallNs = 50'000;
  static constexpr int kMissesOf16 = 8;
  static constexpr int kCleanCalls = 64;
  static constexpr std::int64_t kMinPeriodNs = 1'000'000;
  static constexpr std::int64_t kMaxPeriodNs = 128'000'000;

  /// One split call ended at `now_ns` (steady clock): the caller waited `waited_ns`
  /// for helpers after working `worked_ns` itself; `missed` = it ran every item
  /// alone. Returns true if the call starts a back-off period.
  bool note(std::int64_t waited_ns, std::int64_t worked_ns, bool missed, std::int64_t now_ns);

  /// True while a back-off period runs at `now_ns`; `now` is a function returning the
  /// steady clock in ns, called only while a period is pending (an idle split reads
  /// no clock).
  template <class Now>
  bool active(Now now) {
    const std::int64_t until = until_ns_.load(std::memory_order_relaxed);
    if (until == 0) return false;
    if (now() < until) return true;
    until_ns_.store(0, std::memory_order_relaxed);
    return false;
  }

  /// The length of the last period started (0: none yet, or recovered).
  std::int64_t period_ns() const { return period_ns_; }

 private:
  std::atomic<std::int64_t> until_ns_{0};  // 0 = not backing off
  std::int64_t period_ns_ = 0;
  std::uint16_t recent_misses_ = 0;  // 1 bits = calls the caller ran alone
  int clean_calls_ = 0;              // calls since the last sign
};

}  // namespace dstu::parallel::detail
