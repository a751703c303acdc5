// Kalyna (DSTU 7624:2014) and Kupyna (DSTU 7564:2014) throughput against uacrypt 0.7.0
// (a benchmark, never a test). MB/s on 16 KiB messages, one thread, per CPU tier of the
// constant-time SPN layer, beside uacrypt's own timings run on the same machine in the
// same session: `uacrypt kalyna-block encrypt --iterations N` (one block, its cached key
// schedule) and `uacrypt kupyna-digest --iterations N` (a 16 KiB file).
//
//   perf_kalyna [--uacrypt PATH] [--rounds R] [--tiers native,native,-avx512f,portable]
//
// Every figure is the median of R samples taken in turns (ours and uacrypt's alternate),
// on the process's CPU time so that other load on a shared machine is left out: ours on
// this thread's CPU clock, uacrypt's from the CPU time the child used (its startup is
// under 1% of a sample). A ratio is the ratio of the medians (dstu::stats).
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "dstu/base/stats.hpp"
#include "dstu/cipher/kalyna.hpp"
#include "dstu/cipher/modes.hpp"
#include "dstu/cpu/features.hpp"
#include "dstu/hash/kupyna.hpp"
#include "dstu/hash/kupyna_kmac.hpp"
#include "per_call.hpp"

namespace {

namespace ci = dstu::cipher;
using Bytes = std::vector<std::uint8_t>;
constexpr std::size_t kMessage = 16384;

struct Row {
  std::string name;
  std::function<double()> sample;  // MB/s of one sample
  std::vector<double> values;
};

/// MB/s of `calls` calls of f over `bytes` octets each, on this thread's CPU time.
double mbps(std::size_t bytes, long calls, const std::function<void()>& f) {
  using Clock = dstu::perf::ThreadCpuClock;
  const auto t0 = Clock::now();
  for (long i = 0; i < calls; ++i) f();
  const double s = std::chrono::duration<double>(Clock::now() - t0).count();
  return static_cast<double>(bytes) * static_cast<double>(calls) / s / 1e6;
}

/// CPU seconds (user + system) of a child running argv to completion; -1 on failure.
double child_cpu_seconds(const std::vector<std::string>& argv) {
  std::fflush(stdout);  // the child must not print what this process has buffered
  const pid_t pid = fork();
  if (pid == 0) {
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    if (!std::freopen("/dev/null", "w", stderr) || !std::freopen("/dev/null", "w", stdout)) _exit(127);
    execv(args[0], args.data());
    _exit(127);
  }
  int status = 0;
  rusage ru{};
  if (pid < 0 || wait4(pid, &status, 0, &ru) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) return -1;
  auto sec = [](const timeval& t) { return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6; };
  return sec(ru.ru_utime) + sec(ru.ru_stime);
}

void write_file(const std::string& path, const Bytes& b) {
  std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(b.data()), static_cast<std::streamsize>(b.size()));
}

Bytes pattern(std::size_t n, int seed) {
  Bytes b(n);
  for (std::size_t i = 0; i < n; ++i) b[i] = static_cast<std::uint8_t>(seed * 31 + i * 7 + (i >> 8));
  return b;
}

struct Size {
  std::size_t bits, key;
  const char* uacrypt;
};
constexpr Size kSizes[] = {{128, 16, "128-128"}, {128, 32, "128-256"}, {256, 32, "256-256"}, {256, 64, "256-512"},
                           {512, 64, "512-512"}};

/// Our rows for one tier (the override is set when each sample runs).
void add_ours(std::vector<Row>& rows, const std::string& tier) {
  static Bytes msg = pattern(kMessage, 1), out(kMessage), iv = pattern(64, 2), aad = pattern(32, 3), tag(64);
  for (const Size& s : kSizes) {
    auto c = std::make_shared<ci::Kalyna>(s.bits, pattern(s.key, 4));
    const std::size_t b = c->block_size();
    const std::span<const std::uint8_t> ivb(iv.data(), b);
    auto row = [&](const std::string& mode, std::function<void()> f, long calls) {
      rows.push_back({"kalyna" + std::string(s.uacrypt) + " " + mode + " [" + tier + "]",
                      [tier, f, calls] {
                        dstu::cpu::set_override(tier);
                        return mbps(kMessage, calls, f);
                      },
                      {}});
    };
    const long n = tier == "portable" ? 2 : 40;
    row("ECB enc", [c] { ci::ecb_encrypt(*c, out, msg); }, n);
    row("ECB dec", [c] { ci::ecb_decrypt(*c, out, msg); }, n);
    row("CTR", [c, ivb] { ci::kalyna_ctr_crypt(*c, ivb, out, msg); }, n);
    row("CBC enc", [c, ivb] { ci::cbc_encrypt(*c, ivb, out, msg); }, n);
    row("CBC dec", [c, ivb] { ci::cbc_decrypt(*c, ivb, out, msg); }, n);
    row("XTS enc", [c, ivb] { ci::kalyna_xts_encrypt(*c, ivb, out, msg); }, n);
    row("GCM enc", [c, ivb, b] { ci::kalyna_gcm_encrypt(*c, ivb, aad, msg, out, std::span<std::uint8_t>(tag.data(), b)); }, n);
    row("CMAC", [c, b] { ci::kalyna_cmac(*c, msg, std::span<std::uint8_t>(tag.data(), b)); }, n);
  }
  for (std::size_t bits : {256, 512}) {
    const long n = tier == "portable" ? 4 : 40;
    auto hash = [bits](dstu::hash::KupynaImpl impl) {
      return [bits, impl] {
        dstu::hash::Kupyna k(bits, impl);
        k.update(msg);
        dstu::perf::keep(k.final());
      };
    };
    rows.push_back({"kupyna" + std::to_string(bits) + " public [" + tier + "]",
                    [tier, f = hash(dstu::hash::KupynaImpl::vartime), n] {
                      dstu::cpu::set_override(tier);
                      return mbps(kMessage, n, f);
                    },
                    {}});
    rows.push_back({"kupyna" + std::to_string(bits) + " constant time [" + tier + "]",
                    [tier, f = hash(dstu::hash::KupynaImpl::constant_time), n] {
                      dstu::cpu::set_override(tier);
                      return mbps(kMessage, n, f);
                    },
                    {}});
    rows.push_back({"kupyna-kmac" + std::to_string(bits) + " [" + tier + "]",
                    [tier, bits, n] {
                      dstu::cpu::set_override(tier);
                      static const Bytes key32 = pattern(32, 5), key64 = pattern(64, 6);
                      return mbps(kMessage, n, [bits] {
                        dstu::perf::keep(dstu::hash::KupynaKmac::mac(bits, bits == 256 ? key32 : key64, msg));
                      });
                    },
                    {}});
  }
}

/// uacrypt's rows: one-block encryption per size, Kupyna-256/512 of a 16 KiB file.
void add_uacrypt(std::vector<Row>& rows, const std::string& exe, const std::string& dir) {
  for (const Size& s : kSizes) {
    const std::string key = dir + "/key" + s.uacrypt, block = dir + "/block" + s.uacrypt;
    write_file(key, pattern(s.key, 7));
    write_file(block, pattern(s.bits / 8, 8));
    const long iters = 400000;
    const std::vector<std::string> argv{exe,    "kalyna-block", "encrypt", "--variant", s.uacrypt,          "--key",
                                        key,    "--in",         block,     "--out",     dir + "/out",        "--force",
                                        "--iterations", std::to_string(iters)};
    const double bytes = static_cast<double>(s.bits / 8) * static_cast<double>(iters);
    rows.push_back({std::string("uacrypt kalyna-block ") + s.uacrypt + " encrypt",
                    [argv, bytes] {
                      const double cpu = child_cpu_seconds(argv);
                      return cpu > 0 ? bytes / cpu / 1e6 : 0;
                    },
                    {}});
  }
  write_file(dir + "/msg16k", pattern(kMessage, 9));
  for (const char* v : {"256", "512"}) {
    const long iters = 2000;
    const std::vector<std::string> argv{exe, "kupyna-digest", "--variant", v, "--in", dir + "/msg16k", "--out",
                                        dir + "/digest", "--force", "--iterations", std::to_string(iters)};
    rows.push_back({std::string("uacrypt kupyna-digest ") + v,
                    [argv, iters] {
                      const double cpu = child_cpu_seconds(argv);
                      return cpu > 0 ? static_cast<double>(kMessage) * static_cast<double>(iters) / cpu / 1e6 : 0;
                    },
                    {}});
  }
}

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::stringstream in(s);
  for (std::string w; std::getline(in, w, sep);) out.push_back(w);
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  std::string uacrypt = std::getenv("UACRYPT") ? std::getenv("UACRYPT") : "";
  int rounds = 5;
  std::vector<std::string> tiers{"native", "native,-avx512f", "portable"};
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string a = argv[i];
    if (a == "--uacrypt") uacrypt = argv[i + 1];
    if (a == "--rounds") rounds = std::atoi(argv[i + 1]);
    if (a == "--tiers") tiers = split(argv[i + 1], ';');
  }
  std::vector<Row> rows;
  for (const auto& t : tiers) add_ours(rows, t);
  char dir_template[] = "/tmp/perf_kalyna.XXXXXX";
  const std::string dir = mkdtemp(dir_template) ? dir_template : "/tmp";
  if (!uacrypt.empty()) add_uacrypt(rows, uacrypt, dir);
  std::printf("CPU: %s\n", dstu::cpu::describe(dstu::cpu::detected()).c_str());
  for (int r = 0; r < rounds; ++r) {
    for (auto& row : rows) row.values.push_back(row.sample());
  }
  dstu::cpu::set_override("native");
  std::map<std::string, dstu::stats::Summary> median;
  std::printf("%-52s %10s %10s %10s\n", "MB/s, 16 KiB messages", "median", "min", "max");
  for (auto& row : rows) {
    const auto s = dstu::stats::summarize(row.values);
    median[row.name] = s;
    std::printf("%-52s %10.1f %10.1f %10.1f\n", row.name.c_str(), s.median, s.min, s.max);
  }
  if (uacrypt.empty()) return 0;
  std::printf("\nratio to uacrypt 0.7.0 (median / median; min .. max)\n");
  for (const auto& t : tiers) {
    for (const char* size : {"128-128", "256-256"}) {
      for (const char* mode : {"ECB enc", "CTR"}) {
        const auto r = dstu::stats::ratio(median["kalyna" + std::string(size) + " " + mode + " [" + t + "]"],
                                          median[std::string("uacrypt kalyna-block ") + size + " encrypt"]);
        std::printf("kalyna%-8s %-8s [%s]  %6.2fx (%.2f .. %.2f)\n", size, mode, t.c_str(), r.median, r.min, r.max);
      }
    }
    for (const char* bits : {"256", "512"}) {
      const auto r = dstu::stats::ratio(median["kupyna" + std::string(bits) + " public [" + t + "]"],
                                        median[std::string("uacrypt kupyna-digest ") + bits]);
      std::printf("kupyna%-8s public   [%s]  %6.2fx (%.2f .. %.2f)\n", bits, t.c_str(), r.median, r.min, r.max);
    }
  }
  return 0;
}
