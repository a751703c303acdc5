// dstu::stats — the one statistics rule of every timing loop (dstu bench and the
// programs of tests/perf).
//
// A measurement is a set of samples, each the time of one operation averaged over a
// batch of calls. It is reported as min / median / max of the samples; the median of
// an even count is the mean of the two middle samples. A derived value, such as the
// ratio r = A / D of two measurements or a speed-up, is the ratio of the medians,
// bounded by the extreme ratios (a.min / b.max, a.max / b.min), so that min <= median
// <= max always holds.
#pragma once

#include <vector>

namespace dstu::stats {

struct Summary {
  double min = 0, median = 0, max = 0;
};

/// min / median / max of the samples (at least one).
Summary summarize(std::vector<double> samples);

/// The derived ratio a / b (both positive).
Summary ratio(const Summary& a, const Summary& b);

/// Every figure times k (k > 0): a change of unit, or per-item from per-batch.
Summary scaled(const Summary& s, double k);

/// k / s: a rate from a time (k > 0); the slowest sample gives the lowest rate.
Summary rate(double k, const Summary& time);

}  // namespace dstu::stats
