// rsa_speed: RSASSA-PKCS1-v1_5 signing and verification (lib/rsa) with SHA-256 at
// 1024/2048/3072/4096 bits, on the keys OpenSSL made for the known-answer tests
// (test-vectors/rsa/openssl.vec), as operations per second. A benchmark, never a test.
// Each figure is the median of 7 samples (tests/perf/per_call.hpp, dstu::stats) in this
// thread's CPU time by default (as `openssl speed` counts), wall time with --wall.
// Signing runs with the team at 1 thread, then at 2 (the two CRT halves may then run
// at once, where the process measures that faster).
// --forms times the private operation's two forms forced, alternately, in wall time:
// the halves interleaved on one thread, and on two team threads.
// Usage: rsa_speed [--wall] [--forms] [--bits N] [vectors file]   (--bits: that size only)
#include <array>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "dstu/parallel/team.hpp"
#include "dstu/rng/random.hpp"
#include "dstu/rsa/internal/private_op.hpp"
#include "dstu/rsa/key.hpp"
#include "dstu/rsa/pkcs1.hpp"
#include "per_call.hpp"

#ifndef DSTU_TEST_VECTORS
#define DSTU_TEST_VECTORS "test-vectors"
#endif

namespace {

using dstu::mp::Nat;

/// The keys of openssl.vec, by size.
std::map<std::size_t, dstu::rsa::PrivateKey> read_keys(const std::string& path) {
  std::map<std::size_t, dstu::rsa::PrivateKey> keys;
  std::ifstream in(path);
  std::map<std::string, std::string> f;
  auto flush = [&] {
    if (f.count("N") && f.count("Qinv")) {
      dstu::rsa::PrivateKey k;
      k.n = Nat::from_hex(f["N"]);
      k.e = Nat::from_hex(f["E"]);
      k.d = Nat::from_hex(f["D"]);
      k.p = Nat::from_hex(f["P"]);
      k.q = Nat::from_hex(f["Q"]);
      k.dp = Nat::from_hex(f["Dp"]);
      k.dq = Nat::from_hex(f["Dq"]);
      k.qinv = Nat::from_hex(f["Qinv"]);
      keys.emplace(k.bits(), std::move(k));
    }
    f.clear();
  };
  for (std::string line; std::getline(in, line);) {
    if (line.empty()) {
      flush();
      continue;
    }
    const auto eq = line.find(" = ");
    if (line[0] != '#' && eq != std::string::npos) f[line.substr(0, eq)] = line.substr(eq + 3);
  }
  flush();
  return keys;
}

template <class F>
double ops_per_s(bool wall, long calls, F&& f) {
  const double ns = wall ? dstu::perf::median_ns_per_call(7, calls, f)
                         : dstu::perf::median_ns_per_call<dstu::perf::ThreadCpuClock>(7, calls, f);
  return 1e9 / ns;
}

/// The forced forms of the CRT halves, alternating, median of 5 rounds each (wall time).
void forms(const std::map<std::size_t, dstu::rsa::PrivateKey>& keys, std::size_t only) {
  using dstu::rsa::detail::Halves;
  dstu::rng::ChaCha20Drbg rng(2, 0);
  dstu::parallel::init(2);
  std::printf("# private operation, ops/s, wall time, median of 5 alternating rounds\n");
  std::printf("%-6s %14s %14s %8s\n", "bits", "interleaved", "split 2T", "ratio");
  for (const auto& [bits, key] : keys) {
    if (only != 0 && bits != only) continue;
    const long calls = bits <= 1024 ? 200 : bits <= 2048 ? 60 : bits <= 3072 ? 20 : 10;
    const Nat m = key.n - Nat(12345);
    std::vector<double> seq, split;
    for (int round = 0; round < 5; ++round) {
      seq.push_back(ops_per_s(true, calls, [&] { dstu::perf::keep(dstu::rsa::detail::private_op_as(Halves::sequential, key, m, rng)); }));
      split.push_back(ops_per_s(true, calls, [&] { dstu::perf::keep(dstu::rsa::detail::private_op_as(Halves::split, key, m, rng)); }));
    }
    const double a = dstu::stats::summarize(seq).median, b = dstu::stats::summarize(split).median;
    std::printf("%-6zu %14.0f %14.0f %8.2f\n", bits, a, b, b / a);
  }
}

}  // namespace

int main(int argc, char** argv) {
  bool wall = false;
  std::size_t only = 0;
  bool show_forms = false;
  std::string path = DSTU_TEST_VECTORS "/rsa/openssl.vec";
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--wall")) {
      wall = true;
    } else if (!std::strcmp(argv[i], "--forms")) {
      show_forms = true;
    } else if (!std::strcmp(argv[i], "--bits") && i + 1 < argc) {
      only = static_cast<std::size_t>(std::atol(argv[++i]));
    } else {
      path = argv[i];
    }
  }
  const auto keys = read_keys(path);
  if (keys.empty()) {
    std::fprintf(stderr, "rsa_speed: no keys in %s\n", path.c_str());
    return 2;
  }
  if (show_forms) {
    forms(keys, only);
    return 0;
  }
  dstu::rng::ChaCha20Drbg rng(1, 0);
  std::array<std::uint8_t, 32> digest{};
  for (std::size_t i = 0; i < digest.size(); ++i) digest[i] = static_cast<std::uint8_t>(i);
  std::printf("# rsa_speed: PKCS#1 v1.5 / SHA-256, ops/s, median of 7 samples (%s time)\n",
              wall ? "wall" : "thread CPU");
  std::printf("%-6s %12s %12s %12s %8s\n", "bits", "sign 1T", "sign 2T", "verify", "2T/1T");
  for (const auto& [bits, key] : keys) {
    if (only != 0 && bits != only) continue;
    const long calls = bits <= 1024 ? 200 : bits <= 2048 ? 60 : bits <= 3072 ? 20 : 10;
    const dstu::rsa::PublicKey pub = key.public_key();
    const dstu::Bytes sig = dstu::rsa::sign_pkcs1v15(key, "sha256", digest, rng);
    double sign1 = 0, sign2 = 0;
    // Alternating 1 and 2 threads, median of three of each: the machine is shared.
    std::vector<double> s1, s2;
    for (int round = 0; round < 3; ++round) {
      dstu::parallel::init(1);
      s1.push_back(ops_per_s(wall, calls, [&] { dstu::perf::keep(dstu::rsa::sign_pkcs1v15(key, "sha256", digest, rng)); }));
      dstu::parallel::init(2);
      // Two threads are timed in wall time: CPU time of the caller would leave out the helper.
      for (int warm = 0; warm < 80; ++warm) dstu::perf::keep(dstu::rsa::sign_pkcs1v15(key, "sha256", digest, rng));
      s2.push_back(ops_per_s(true, calls, [&] { dstu::perf::keep(dstu::rsa::sign_pkcs1v15(key, "sha256", digest, rng)); }));
    }
    sign1 = dstu::stats::summarize(s1).median;
    sign2 = dstu::stats::summarize(s2).median;
    dstu::parallel::init(1);
    const double verify = ops_per_s(wall, calls * 20, [&] {
      dstu::perf::keep(dstu::rsa::verify_pkcs1v15_vartime(pub, "sha256", digest, sig));
    });
    std::printf("%-6zu %12.0f %12.0f %12.0f %8.2f\n", bits, sign1, sign2, verify, sign2 / sign1);
  }
  return 0;
}
