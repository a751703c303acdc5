// verify_vs_hash: `dstu verify` of a large file against hashing the same file (issue 4:
// verification may take at most 10% more than the hash). A benchmark, not a test (ctest
// never runs it): it prints times and the ratio; exit 0 target met, 1 missed, 2 error.
//   1. writes SIZE bytes of pseudo-random data to a temporary file (page cache warm);
//   2. `dstu keygen`, `dstu sign` with each hash;
//   3. median of REPS runs (dstu::stats): hash::hash_file in this process (the same code
//      the CLI calls) vs the whole `dstu verify -q` process (start-up, key and signature
//      parsing, hash, verification); the ratio is that of the medians.
// Usage: verify_vs_hash [--mib N] [--reps N]     (default 1024 MiB, 3 repetitions)
#include <unistd.h>

#include <charconv>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <system_error>
#include <vector>

#include "dstu/base/stats.hpp"
#include "dstu/hash/hasher.hpp"
#include "dstu/rng/random.hpp"

namespace {

using Clock = std::chrono::steady_clock;
namespace fs = std::filesystem;

/// Seconds of f over `reps` runs.
dstu::stats::Summary seconds(int reps, const std::function<void()>& f) {
  std::vector<double> s;
  for (int i = 0; i < reps; ++i) {
    const auto t0 = Clock::now();
    f();
    s.push_back(std::chrono::duration<double>(Clock::now() - t0).count());
  }
  return dstu::stats::summarize(s);
}

struct Failed {
  std::string what;
};

void must(const std::string& cmd) {
  if (std::system(cmd.c_str()) != 0) throw Failed{"command failed: " + cmd};
}

/// path in single quotes for the shell.
std::string quoted(const std::string& path) {
  std::string q = "'";
  for (char ch : path) q += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
  return q + "'";
}

/// The measurement; throws Failed. Returns true when every ratio meets the target.
bool run(const std::string& dstu, const fs::path& dir, long mib, int reps) {
  const std::string file = (dir / "data").string(), key = (dir / "k.key").string();
  {
    std::vector<std::uint8_t> chunk(std::size_t{1} << 20);
    dstu::rng::ChaCha20Drbg rng(7, 0);
    std::ofstream out(file, std::ios::binary);
    for (long i = 0; i < mib; ++i) {
      rng.fill(chunk);
      out.write(reinterpret_cast<const char*>(chunk.data()), static_cast<std::streamsize>(chunk.size()));
    }
    if (!out.flush()) throw Failed{"cannot write " + file};
  }
  const std::string d = quoted(dstu);
  must(d + " keygen -o " + quoted(key) + " >/dev/null");
  std::printf("file: %ld MiB; median of %d; dstu: %s\n", mib, reps, dstu.c_str());
  const double mb = static_cast<double>(mib) * 1048576.0 / 1e6;  // the file in MB (10^6 bytes)
  bool all_met = true;
  for (const char* name : {"gost34311", "kupyna256"}) {
    const std::string sig = file + "." + name + ".sig";
    must(d + " sign -k " + quoted(key) + " --hash " + name + " -o " + quoted(sig) + " " + quoted(file) + " >/dev/null");
    auto h = dstu::hash::make_hasher(name);
    const dstu::stats::Summary hash = seconds(reps, [&] { dstu::hash::hash_file(*h, file); });
    const dstu::stats::Summary verify = seconds(reps, [&] {
      must(d + " verify -q -p " + quoted(key + ".pub") + " --sig " + quoted(sig) + " " + quoted(file));
    });
    const double ratio = dstu::stats::ratio(verify, hash).median;
    all_met = all_met && ratio <= 1.10;
    std::printf("%-10s hash %7.3f s (%6.1f MB/s)   dstu verify %7.3f s   verify/hash %.3f  (target <= 1.10) %s\n",
                name, hash.median, dstu::stats::rate(mb, hash).median, verify.median, ratio,
                ratio <= 1.10 ? "meets target" : "MISSES target");
  }
  return all_met;
}

/// A whole decimal argument in [1, max], or 0.
long positive(const char* text, long max) {
  long v = 0;
  const char* end = text + std::strlen(text);
  const auto [ptr, ec] = std::from_chars(text, end, v);
  return ec == std::errc{} && ptr == end && v >= 1 && v <= max ? v : 0;
}

}  // namespace

int main(int argc, char** argv) {
  long mib = 1024, reps = 3;
  for (int i = 1; i < argc; i += 2) {
    const bool has_value = i + 1 < argc;
    if (has_value && !std::strcmp(argv[i], "--mib")) {
      mib = positive(argv[i + 1], 1L << 20);
    } else if (has_value && !std::strcmp(argv[i], "--reps")) {
      reps = positive(argv[i + 1], 1000);
    } else {
      std::fprintf(stderr, "usage: verify_vs_hash [--mib N] [--reps N]\n");
      return 2;
    }
  }
  if (mib == 0 || reps == 0) {
    std::fprintf(stderr, "verify_vs_hash: --mib takes 1 .. 1048576 and --reps 1 .. 1000\n");
    return 2;
  }
  char tmpl[] = "/tmp/dstu-verify-vs-hash.XXXXXX";
  if (!mkdtemp(tmpl)) {
    std::perror("verify_vs_hash: mkdtemp");
    return 2;
  }
  const fs::path dir = tmpl;
  int status = 0;
  try {
    status = run(DSTU_BINARY, dir, mib, static_cast<int>(reps)) ? 0 : 1;
  } catch (const Failed& f) {
    std::fprintf(stderr, "verify_vs_hash: %s\n", f.what.c_str());
    status = 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "verify_vs_hash: %s\n", e.what());
    status = 2;
  }
  std::error_code removed;
  fs::remove_all(dir, removed);  // never leave a 1 GiB file behind
  if (removed) {
    std::fprintf(stderr, "verify_vs_hash: cannot remove %s: %s\n", dir.c_str(), removed.message().c_str());
    status = 2;
  }
  return status;
}
