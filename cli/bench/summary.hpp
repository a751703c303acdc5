// The short summary a person can paste: per curve, DSTU 4145 sign and verify on one
// thread (µs and operations per second) and batch verification on the whole team;
// hash throughput; the CPU, path and team it was measured with, and each CPU's speed
// relative to the fastest (a slow one caps every parallel speed-up).
#pragma once

#include <string>
#include <vector>

#include "bench/bench.hpp"

namespace dstu::cli::bench {

/// The summary of whatever records a run produced (empty parts left out).
Json summarize_run(const std::vector<Record>& records, const Json& context);

/// The same as a few lines of text.
std::string summary_text(const Json& summary);

}  // namespace dstu::cli::bench
