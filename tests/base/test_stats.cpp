// The statistics rule: medians of odd and even counts, derived ratios that keep
// min <= median <= max, scaling and rates.
#include <doctest/doctest.h>

#include "dstu/base/error.hpp"
#include "dstu/base/stats.hpp"

namespace st = dstu::stats;

TEST_CASE("summaries: min, median (mean of the middle two for an even count), max") {
  const st::Summary odd = st::summarize({5, 1, 3});
  CHECK(odd.min == 1);
  CHECK(odd.median == 3);
  CHECK(odd.max == 5);
  const st::Summary even = st::summarize({4, 1, 3, 10});
  CHECK(even.median == 3.5);
  CHECK(st::summarize({7}).median == 7);
  CHECK_THROWS_AS(st::summarize({}), dstu::Error);
}

TEST_CASE("a derived ratio is the ratio of medians and never has min > max") {
  // A's spread is narrow, D's wide: dividing min by min and max by max would give
  // min 3.0 > max 1.0; the rule gives 1.0 <= 1.5 <= 3.0.
  const st::Summary a = st::summarize({6, 6, 6});
  const st::Summary d = st::summarize({2, 4, 6});
  const st::Summary r = st::ratio(a, d);
  CHECK(r.median == doctest::Approx(1.5));
  CHECK(r.min == doctest::Approx(1.0));
  CHECK(r.max == doctest::Approx(3.0));
  CHECK(r.min <= r.median);
  CHECK(r.median <= r.max);
}

TEST_CASE("scaling and rates") {
  const st::Summary t = st::summarize({2, 4, 8});
  const st::Summary us = st::scaled(t, 1e-3);
  CHECK(us.median == doctest::Approx(4e-3));
  const st::Summary per_second = st::rate(1.0, t);  // the slowest sample is the lowest rate
  CHECK(per_second.min == doctest::Approx(0.125));
  CHECK(per_second.median == doctest::Approx(0.25));
  CHECK(per_second.max == doctest::Approx(0.5));
}
