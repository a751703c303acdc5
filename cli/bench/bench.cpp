#include "bench/bench.hpp"
#include "bench/progress.hpp"
#include "bench/summary.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>

#include "dstu/parallel/pool.hpp"

namespace dstu::cli::bench {
namespace {

using Clock = std::chrono::steady_clock;

double unit_scale(const std::string& unit) {
  if (unit == "ns") return 1.0;
  if (unit == "us") return 1e-3;
  if (unit == "ms") return 1e-6;
  return 1e-9;  // "s"
}

/// Per-operation times in ns for budget.samples samples.
std::vector<double> sample_ns(const Budget& budget, const std::function<void()>& op, std::uint64_t* total) {
  op();  // warm up caches, tables, the thread team
  std::uint64_t batch = 1;
  for (;;) {  // grow the batch until it lasts long enough
    const auto t0 = Clock::now();
    for (std::uint64_t i = 0; i < batch; ++i) op();
    const auto dt = Clock::now() - t0;
    if (dt >= budget.sample_time || batch >= (1ull << 30)) break;
    const double grow = dt.count() > 0 ? static_cast<double>(budget.sample_time.count()) / dt.count() : 16;
    batch = static_cast<std::uint64_t>(static_cast<double>(batch) * std::clamp(grow * 1.2, 1.5, 16.0)) + 1;
  }
  std::vector<double> ns;
  for (int s = 0; s < budget.samples; ++s) {
    const auto t0 = Clock::now();
    for (std::uint64_t i = 0; i < batch; ++i) op();
    const auto dt = std::chrono::duration<double, std::nano>(Clock::now() - t0).count();
    ns.push_back(dt / static_cast<double>(batch));
    *total += batch;
  }
  return ns;
}

/// A split form may have run its sequential twin (back-off) or all its parts on the
/// caller: params.helped says in how many of the calls since `before` a helper really
/// took a part.
void note_helped(Record& r, const parallel::SplitCounts& before) {
  const parallel::SplitCounts after = parallel::split_counts();
  if (r.threads >= 2 && after.calls > before.calls) {
    const double shared = static_cast<double>(after.shared - before.shared) /
                          static_cast<double>(after.calls - before.calls);
    r.params["helped"] = std::round(shared * 100) / 100;
  }
}

}  // namespace

void set(Record& r, const stats::Summary& s) {
  r.min = s.min;
  r.median = s.median;
  r.max = s.max;
}

stats::Summary summary(const Record& r) { return {r.min, r.median, r.max}; }

Record time_op(std::string suite, std::string name, Json params, int threads, const std::string& unit,
               const Budget& budget, const std::function<void()>& op) {
  progress::note(suite, name, params);
  Record r{std::move(suite), std::move(name), std::move(params), threads, unit};
  const parallel::SplitCounts before = parallel::split_counts();
  set(r, stats::scaled(stats::summarize(sample_ns(budget, op, &r.iterations)), unit_scale(unit)));
  note_helped(r, before);
  return r;
}

Record throughput(std::string suite, std::string name, Json params, int threads, std::size_t bytes,
                  const Budget& budget, const std::function<void()>& op) {
  progress::note(suite, name, params);
  Record r{std::move(suite), std::move(name), std::move(params), threads, "MB/s"};
  const parallel::SplitCounts before = parallel::split_counts();
  const stats::Summary seconds = stats::scaled(stats::summarize(sample_ns(budget, op, &r.iterations)), 1e-9);
  set(r, stats::rate(static_cast<double>(bytes) / 1e6, seconds));
  note_helped(r, before);
  return r;
}

void report(const std::vector<Record>& records, const Options& opt, bool json) {
  if (json) {
    Json doc;
    doc["schema"] = "dstu-bench/1";
    doc["context"] = context(opt);
    Json results = Json::array();
    for (const Record& r : records) {
      results.push_back({{"suite", r.suite}, {"name", r.name}, {"params", r.params},
                         {"threads", r.threads}, {"unit", r.unit}, {"min", r.min},
                         {"median", r.median}, {"max", r.max}, {"iterations", r.iterations}});
      if (!r.published.empty()) results.back()["published"] = r.published;
    }
    doc["results"] = results;
    doc["summary"] = summarize_run(records, doc["context"]);
    print_json(doc);
    return;
  }
  const Json ctx = context(opt);
  fmt::print("# {} | {} | path {} | {} threads | {}\n", ctx["cpu_model"].get<std::string>(),
             ctx["compiler"].get<std::string>(), ctx["cpu_path"].get<std::string>(),
             ctx["threads"].get<int>(), ctx["date"].get<std::string>());
  fmt::print("{:<6} {:<28} {:<34} {:>3} {:>12} {:>12} {:>12} {:<5}\n", "suite", "name", "params", "thr",
             "min", "median", "max", "unit");
  for (const Record& r : records) {
    std::string params;
    for (auto it = r.params.begin(); it != r.params.end(); ++it) {
      if (!params.empty()) params += ' ';
      params += it.key() + "=" + (it->is_string() ? it->get<std::string>() : it->dump());
    }
    const std::string published = r.published.empty() ? "" : " published " + r.published.dump();
    fmt::print("{:<6} {:<28} {:<34} {:>3} {:>12.4g} {:>12.4g} {:>12.4g} {:<5}{}\n", r.suite, r.name, params,
               r.threads, r.min, r.median, r.max, r.unit, published);
  }
  fmt::print("{}", summary_text(summarize_run(records, ctx)));
}

const std::vector<SuiteEntry>& suites() {
  static const std::vector<SuiteEntry> all = {
      {"mp", "integers: Comba/2x/Mx, modexp seq/parallel, Montgomery, prime generation", suite_mp},
      {"field", "GF(2^m) multiply, square, inverse, sqrt, half-trace per field and CPU path", suite_field},
      {"ec", "D, A, r = A/D (LD, Jacobian), ladder, comb, wNAF, double-scalar per curve", suite_ec},
      {"sign", "DSTU 4145 keygen, presignature, sign, verify per curve; parallel vs sequential", suite_sign},
      {"ecdsa", "ECDSA and ECGDSA keygen, sign, verify on the GF(p) curves (NIST P, Brainpool)", suite_ecdsa},
      {"rsa", "RSA keygen (mean over keys), PKCS#1 v1.5 sign and verify on 1 and 2 threads: ops/s", suite_rsa},
      {"hash", "every hash of the registry, HMAC over each, Kupyna-KMAC, GOST 28147-89 ECB: MB/s", suite_hash},
      {"cipher", "every block cipher in its modes, MACs, AEADs and key wraps, MB/s on 16 KiB; parallel forms vs twins",
       suite_cipher},
      {"seeds", "every table of the source documents re-measured, each row beside the published figures", suite_seeds},
  };
  return all;
}

}  // namespace dstu::cli::bench
