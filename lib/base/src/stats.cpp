#include "dstu/base/stats.hpp"

#include <algorithm>

#include "dstu/base/error.hpp"

namespace dstu::stats {

Summary summarize(std::vector<double> samples) {
  if (samples.empty()) throw_invalid("stats: no samples");
  std::sort(samples.begin(), samples.end());
  const std::size_t n = samples.size();
  const double median = n % 2 ? samples[n / 2] : (samples[n / 2 - 1] + samples[n / 2]) / 2;
  return {samples.front(), median, samples.back()};
}

Summary ratio(const Summary& a, const Summary& b) { return {a.min / b.max, a.median / b.median, a.max / b.min}; }

Summary scaled(const Summary& s, double k) { return {s.min * k, s.median * k, s.max * k}; }

Summary rate(double k, const Summary& time) { return {k / time.max, k / time.median, k / time.min}; }

}  // namespace dstu::stats
