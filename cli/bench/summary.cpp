#include "bench/summary.hpp"

#include <fmt/core.h>

#include <algorithm>

namespace dstu::cli::bench {
namespace {

/// Median µs of a "us" record as operations per second.
double per_second(double us) { return us > 0 ? 1e6 / us : 0; }

}  // namespace

Json summarize_run(const std::vector<Record>& records, const Json& context) {
  Json s;
  s["cpu"] = context.value("cpu_model", "unknown");
  s["cpu_path"] = context.value("cpu_path", "native");
  s["threads"] = context.value("threads", 1);
  s["build"] = context.value("build", "unknown");
  if (context.contains("cpu_relative_speed")) s["cpu_relative_speed"] = context["cpu_relative_speed"];
  Json curves = Json::array();
  Json hashes = Json::object();
  for (const Record& r : records) {
    if (r.suite == "hash" && r.unit == "MB/s" && r.name.rfind("gost28147", 0) != 0 && !r.params.contains("mac")) {
      hashes[r.name] = r.median;
    }
    if (r.suite != "sign" || r.unit != "us" || !r.params.contains("curve")) continue;
    const std::string curve = r.params["curve"];
    if (curves.empty() || curves.back()["curve"] != curve) curves.push_back({{"curve", curve}});
    Json& c = curves.back();
    const bool batch = r.params.contains("requests");
    if (!batch && r.threads == 1 && (r.name == "sign" || r.name == "verify")) {
      c[r.name + "_us"] = r.median;
      c[r.name + "_per_s"] = per_second(r.median);
    }
    // Batch verification under one key (what `dstu verify` of many files does) on the
    // largest team measured (records come in thread order).
    if (r.name == "verify_batch" && r.params.value("keys", 1) == 1) {
      c["verify_batch_threads"] = r.threads;
      c["verify_batch_per_s"] = per_second(r.median);
    }
  }
  if (!curves.empty()) s["curves"] = curves;
  if (!hashes.empty()) s["hash_mb_s"] = hashes;
  return s;
}

std::string summary_text(const Json& s) {
  std::string out = fmt::format("\nSummary: {}, path {}, {} thread(s), build {}\n", s["cpu"].get<std::string>(),
                                s["cpu_path"].get<std::string>(), s["threads"].get<int>(),
                                s["build"].get<std::string>());
  if (s.contains("cpu_relative_speed")) {
    std::string speeds;
    double slowest = 1;
    for (auto it = s["cpu_relative_speed"].begin(); it != s["cpu_relative_speed"].end(); ++it) {
      speeds += fmt::format("{}cpu {} {:.2f}", speeds.empty() ? "" : ", ", it.key(), it->get<double>());
      slowest = std::min(slowest, it->get<double>());
    }
    out += "  relative CPU speed: " + speeds +
           (slowest < 0.9 ? " (a slow CPU caps every parallel speed-up of this run)\n" : "\n");
  }
  if (s.contains("curves")) {
    out += fmt::format("  {:<9} {:>10} {:>10} {:>10} {:>10} {:>16}\n", "curve", "sign µs", "sign/s", "verify µs",
                       "verify/s", "batch verify/s*");
    const auto num = [](const Json& c, const char* key) { return c.contains(key) ? c[key].get<double>() : 0.0; };
    for (const Json& c : s["curves"]) {
      const std::string batch = c.contains("verify_batch_per_s")
                                    ? fmt::format("{:.0f} ({} thr)", num(c, "verify_batch_per_s"),
                                                  c["verify_batch_threads"].get<int>())
                                    : "-";
      out += fmt::format("  {:<9} {:>10.2f} {:>10.0f} {:>10.2f} {:>10.0f} {:>16}\n", c["curve"].get<std::string>(),
                         num(c, "sign_us"), num(c, "sign_per_s"), num(c, "verify_us"), num(c, "verify_per_s"), batch);
    }
  }
  if (s.contains("curves")) out += "  * verify_batch of many signatures under one key\n";
  if (s.contains("hash_mb_s")) {
    std::string line;
    for (auto it = s["hash_mb_s"].begin(); it != s["hash_mb_s"].end(); ++it) {
      line += fmt::format("{}{} {:.0f} MB/s", line.empty() ? "" : ", ", it.key(), it->get<double>());
    }
    out += "  hash (one thread): " + line + "\n";
  }
  return out;
}

}  // namespace dstu::cli::bench
