// verify_vs_hash: `dstu verify` of a large file against hashing the same file (issue 4:
// verification may take at most 10% more than the hash). A benchmark, not a test: it
// prints times and the ratio and fails only when it cannot run.
//   1. writes SIZE bytes of pseudo-random data to a temporary file (page cache warm);
//   2. `dstu keygen`, `dstu sign` with each hash;
//   3. best of REPS: hash::hash_file in this process (the same code the CLI calls) vs
//      the whole `dstu verify -q` process (start-up, key and signature parsing, hash,
//      verification).
// Usage: verify_vs_hash [--mib N] [--reps N]     (default 1024 MiB, 3 repetitions)
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "dstu/hash/hasher.hpp"
#include "dstu/rng/random.hpp"

namespace {

using Clock = std::chrono::steady_clock;
namespace fs = std::filesystem;

double best_seconds(int reps, const std::function<void()>& f) {
  double best = 1e300;
  for (int i = 0; i < reps; ++i) {
    const auto t0 = Clock::now();
    f();
    best = std::min(best, std::chrono::duration<double>(Clock::now() - t0).count());
  }
  return best;
}

void must(const std::string& cmd) {
  if (std::system(cmd.c_str()) != 0) {
    std::fprintf(stderr, "verify_vs_hash: command failed: %s\n", cmd.c_str());
    std::exit(2);
  }
}

}  // namespace

int main(int argc, char** argv) {
  long mib = 1024;
  int reps = 3;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "--mib")) mib = std::atol(argv[i + 1]);
    if (!std::strcmp(argv[i], "--reps")) reps = std::atoi(argv[i + 1]);
  }
  const std::string dstu = DSTU_BINARY;
  char tmpl[] = "/tmp/dstu-verify-vs-hash.XXXXXX";
  if (!mkdtemp(tmpl)) return 2;
  const fs::path dir = tmpl;
  const std::string file = (dir / "data").string(), key = (dir / "k.key").string();
  {
    std::vector<std::uint8_t> chunk(std::size_t{1} << 20);
    dstu::rng::ChaCha20Drbg rng(7, 0);
    std::ofstream out(file, std::ios::binary);
    for (long i = 0; i < mib; ++i) {
      rng.fill(chunk);
      out.write(reinterpret_cast<const char*>(chunk.data()), static_cast<std::streamsize>(chunk.size()));
    }
  }
  must(dstu + " keygen -o " + key + " >/dev/null");
  std::printf("file: %ld MiB; best of %d; dstu: %s\n", mib, reps, dstu.c_str());
  bool all_met = true;
  for (const char* name : {"gost34311", "kupyna256"}) {
    const std::string sig = file + "." + name + ".sig";
    must(dstu + " sign -k " + key + " --hash " + name + " -o " + sig + " " + file + " >/dev/null");
    auto h = dstu::hash::make_hasher(name);
    const double hash_s = best_seconds(reps, [&] { dstu::hash::hash_file(*h, file); });
    const double verify_s =
        best_seconds(reps, [&] { must(dstu + " verify -q -p " + key + ".pub --sig " + sig + " " + file); });
    const double ratio = verify_s / hash_s;
    all_met = all_met && ratio <= 1.10;
    std::printf("%-10s hash %7.3f s (%6.1f MB/s)   dstu verify %7.3f s   verify/hash %.3f  (target <= 1.10) %s\n",
                name, hash_s, static_cast<double>(mib) * 1048576.0 / hash_s / 1e6, verify_s, ratio,
                ratio <= 1.10 ? "meets target" : "MISSES target");
  }
  fs::remove_all(dir);
  return all_met ? 0 : 1;
}
