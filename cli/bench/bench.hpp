// dstu bench: the measurement harness and the record format (schema dstu-bench/1).
//
// A suite measures library calls and appends Records; the harness times them, and
// report() prints either a readable table or the JSON document
//   {"schema":"dstu-bench/1","context":{...},"results":[{suite,name,params,threads,
//    unit,min,median,max,iterations}]}.
// Timing is wall-clock (steady_clock) over repeated samples; each sample runs the
// operation enough times to last about a millisecond. min/median/max and derived
// ratios follow the one rule of dstu::stats (lib/base/stats.hpp).
#pragma once

#include <chrono>
#include <functional>
#include <string>
#include <vector>

#include "dstu/base/stats.hpp"
#include "output.hpp"

namespace dstu::cli::bench {

struct Record {
  std::string suite;
  std::string name;
  Json params = Json::object();
  int threads = 1;
  std::string unit;  ///< "ns", "us", "ms" (time per operation) or "MB/s"
  double min = 0, median = 0, max = 0;
  std::uint64_t iterations = 0;  ///< operations timed in all
};

/// A record's figures as a summary, and back.
stats::Summary summary(const Record& r);
void set(Record& r, const stats::Summary& s);

struct Options {
  bool quick = false;  ///< CI mode: fewer samples and sizes
  int threads = 1;     ///< the team size
};

/// Keeps the optimiser from discarding a computed value.
template <class T>
inline void keep(const T& value) {
  __asm__ volatile("" : : "g"(&value) : "memory");
}

/// How long to measure one record: samples and the minimum time per sample.
struct Budget {
  int samples = 11;
  std::chrono::nanoseconds sample_time = std::chrono::milliseconds(2);
};

/// Times op() (one operation per call): warms up, picks a batch size so a sample lasts
/// about budget.sample_time, takes budget.samples samples, and returns min/median/max
/// of the time per operation in `unit`.
Record time_op(std::string suite, std::string name, Json params, int threads, const std::string& unit,
               const Budget& budget, const std::function<void()>& op);

/// Throughput of op() that processes `bytes` per call, in MB/s (10^6 bytes per second).
Record throughput(std::string suite, std::string name, Json params, int threads, std::size_t bytes,
                  const Budget& budget, const std::function<void()>& op);

/// The machine and build the numbers were taken on.
Json context(const Options& opt);

/// Prints the records as JSON (schema dstu-bench/1) or as a table.
void report(const std::vector<Record>& records, const Options& opt, bool json);

/// A suite: appends its records.
using Suite = void (*)(const Options&, std::vector<Record>&);

/// Suites by name.
struct SuiteEntry {
  const char* name;
  const char* summary;
  Suite run;
};
const std::vector<SuiteEntry>& suites();

void suite_mp(const Options& opt, std::vector<Record>& out);
void suite_hash(const Options& opt, std::vector<Record>& out);
void suite_field(const Options& opt, std::vector<Record>& out);
void suite_ec(const Options& opt, std::vector<Record>& out);
void suite_sign(const Options& opt, std::vector<Record>& out);

}  // namespace dstu::cli::bench
