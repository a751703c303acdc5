#include "backoff.hpp"

#include <algorithm>
#include <bit>

namespace dstu::parallel::detail {

bool Backoff::note(std::int64_t waited_ns, std::int64_t worked_ns, bool missed, std::int64_t now_ns) {
  recent_misses_ = static_cast<std::uint16_t>((recent_misses_ << 1) | (missed ? 1 : 0));
  const bool stall = waited_ns > kStallNs + 2 * worked_ns;
  if (stall || std::popcount(recent_misses_) >= kMissesOf16) {
    recent_misses_ = 0;
    clean_calls_ = 0;
    period_ns_ = std::min(period_ns_ == 0 ? kMinPeriodNs : 2 * period_ns_, kMaxPeriodNs);
    until_ns_.store(now_ns + period_ns_, std::memory_order_relaxed);
    return true;
  }
  if (period_ns_ != 0 && ++clean_calls_ >= kCleanCalls) {
    clean_calls_ = 0;
    period_ns_ = period_ns_ > kMinPeriodNs ? period_ns_ / 2 : 0;
  }
  return false;
}

}  // namespace dstu::parallel::detail
