// The bench context: which machine, system, build and settings produced the numbers,
// read from Linux's /proc, /sys and uname(2); a fact this machine does not expose is
// left out rather than guessed.
#include <fmt/chrono.h>
#include <fmt/core.h>
#include <pthread.h>
#include <sched.h>
#include <sys/utsname.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <ctime>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <thread>
#include <utility>
#include <vector>

#include "bench/bench.hpp"
#include "dstu/cpu/features.hpp"
#include "version.hpp"

namespace dstu::cli::bench {
namespace {

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\"");
  const auto e = s.find_last_not_of(" \t\"");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

/// "key: value" (or key=value) lines of a file, first occurrence of each key.
std::map<std::string, std::string> fields(const char* path, char separator) {
  std::map<std::string, std::string> out;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    const auto at = line.find(separator);
    if (at != std::string::npos) out.emplace(trim(line.substr(0, at)), trim(line.substr(at + 1)));
  }
  return out;
}

/// The first line of a file, or "".
std::string first_line(const char* path) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  return trim(line);
}

/// The process's own command line, arguments separated by spaces.
std::string command_line() {
  std::ifstream in("/proc/self/cmdline", std::ios::binary);
  std::stringstream raw;
  raw << in.rdbuf();
  std::string s = raw.str();
  while (!s.empty() && s.back() == '\0') s.pop_back();
  for (char& c : s) c = c == '\0' ? ' ' : c;
  return s;
}

std::string utc_now() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  return fmt::format("{:%Y-%m-%dT%H:%M:%SZ}", tm);
}

/// The number a field starts with ("2595.1", "24684032 kB"), if it starts with one.
std::optional<double> leading_number(const std::string& text) {
  double v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc{} || end == text.data()) return std::nullopt;
  return v;
}

/// Sets j[key] to the field's leading number times scale, if it has one.
void put_number(Json& j, const char* key, const std::string& text, double scale = 1.0) {
  if (const auto v = leading_number(text)) j[key] = *v * scale;
}

/// Sets j[key] to the field's leading number rounded to an integer, if it has one.
void put_integer(Json& j, const char* key, const std::string& text, double scale = 1.0) {
  if (const auto v = leading_number(text)) j[key] = std::llround(*v * scale);
}

/// Operations of a dependent multiply chain per second of wall-clock time, over about
/// 30 ms on the calling thread.
double chain_rate() {
  using Clock = std::chrono::steady_clock;
  std::uint64_t x = 1, done = 0;
  const auto start = Clock::now();
  auto elapsed = Clock::duration::zero();
  while (elapsed < std::chrono::milliseconds(30)) {
    for (int i = 0; i < 100000; ++i) x = x * 6364136223846793005u + 1;
    __asm__ volatile("" : "+r"(x));
    done += 100000;
    elapsed = Clock::now() - start;
  }
  return static_cast<double>(done) / std::chrono::duration<double>(elapsed).count();
}

/// The speed of each CPU this process may run on (at most 16), relative to the
/// fastest: a thread pinned on each in turn runs the same chain, three rounds after a
/// warm-up, the median round kept. The rate is per second of wall-clock time, as the
/// parallel code experiences it: a vCPU that the host runs half the time (seen for
/// minutes on a shared virtual machine, while the guest's own CPU time says it ran
/// throughout) shows as 0.5, and so does a CPU that another process keeps busy; either
/// caps every parallel speed-up measured meanwhile.
Json relative_cpu_speed() {
  cpu_set_t allowed;
  CPU_ZERO(&allowed);
  if (::sched_getaffinity(0, sizeof allowed, &allowed) != 0) return nullptr;
  std::vector<int> cpus;
  for (int cpu = 0; cpu < CPU_SETSIZE && cpus.size() < 16; ++cpu) {
    if (CPU_ISSET(cpu, &allowed)) cpus.push_back(cpu);
  }
  std::vector<std::vector<double>> rates(cpus.size());
  for (int round = 0; round < 4; ++round) {  // round 0 warms up
    for (std::size_t i = 0; i < cpus.size(); ++i) {
      double rate = 0;
      std::thread probe([&] {
        cpu_set_t one;
        CPU_ZERO(&one);
        CPU_SET(cpus[i], &one);
        if (::pthread_setaffinity_np(::pthread_self(), sizeof one, &one) == 0) rate = chain_rate();
      });
      probe.join();
      if (round > 0 && rate > 0) rates[i].push_back(rate);
    }
  }
  std::vector<double> best(cpus.size(), 0);
  for (std::size_t i = 0; i < cpus.size(); ++i) {
    if (!rates[i].empty()) best[i] = stats::summarize(rates[i]).median;
  }
  const double fastest = *std::max_element(best.begin(), best.end());
  if (cpus.empty() || fastest <= 0) return nullptr;
  Json out = Json::object();
  for (std::size_t i = 0; i < cpus.size(); ++i) {
    if (best[i] > 0) out[std::to_string(cpus[i])] = std::round(best[i] / fastest * 100) / 100;
  }
  return out;
}

}  // namespace

Json context(const Options& opt) {
  Json c;
  const auto cpu = fields("/proc/cpuinfo", ':');
  const auto get = [&](const char* key) {
    const auto it = cpu.find(key);
    return it == cpu.end() ? std::string() : it->second;
  };
  c["cpu_model"] = get("model name").empty() ? "unknown" : get("model name");
  if (!get("vendor_id").empty()) c["cpu_vendor"] = get("vendor_id");
  put_integer(c, "cpu_family", get("cpu family"));
  put_integer(c, "cpu_model_number", get("model"));
  put_integer(c, "cpu_stepping", get("stepping"));
  put_number(c, "cpu_mhz", get("cpu MHz"));  // the current clock, as the kernel last saw it
  const std::string max_khz = first_line("/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq");
  put_integer(c, "cpu_max_mhz", max_khz, 1e-3);
  c["features"] = cpu::describe(cpu::detected());
  c["cpu_path"] = cpu::override_spec();
  c["cpu_active"] = cpu::describe(cpu::active());
  c["cores"] = std::thread::hardware_concurrency();
  if (Json speed = relative_cpu_speed(); !speed.is_null()) c["cpu_relative_speed"] = speed;
  c["threads"] = opt.threads;
  const auto mem = fields("/proc/meminfo", ':');
  if (const auto it = mem.find("MemTotal"); it != mem.end()) {
    put_integer(c, "memory_mib", it->second, 1.0 / 1024);  // "NNN kB"
  }
  utsname u{};
  if (::uname(&u) == 0) {
    c["kernel"] = fmt::format("{} {} {}", u.sysname, u.release, u.machine);
  }
  const auto os = fields("/etc/os-release", '=');
  if (const auto it = os.find("PRETTY_NAME"); it != os.end()) c["os"] = it->second;
  c["compiler"] = fmt::format("gcc {}", __VERSION__);
  c["build_type"] = DSTU_BUILD_TYPE;
  c["version"] = DSTU_VERSION;
  c["build"] = git_describe();
  c["command_line"] = command_line();
  c["quick"] = opt.quick;
  c["date"] = utc_now();
  return c;
}

}  // namespace dstu::cli::bench
