// Benchmark, not a test: single-thread throughput of the SHA-1/SHA-2/SHA-3 hashes and
// HMAC on 16 KiB messages against OpenSSL's libcrypto (EVP_Digest, HMAC) in the same
// process, the two alternating sample by sample; medians of thread CPU time, the ratio
// of medians. The CPU tier is DSTU_CPU's (run it with DSTU_CPU=portable, ...).
// Usage: hash_vs_openssl [samples=15] [name...]
#include <openssl/evp.h>
#include <openssl/hmac.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "dstu/base/stats.hpp"
#include "dstu/cpu/features.hpp"
#include "dstu/hash/hasher.hpp"
#include "dstu/hash/hmac.hpp"
#include "per_call.hpp"

namespace {

using Clock = dstu::perf::ThreadCpuClock;
constexpr std::size_t kMessage = 16384;
constexpr long kCalls = 64;  // 1 MiB a sample

const std::pair<const char*, const EVP_MD* (*)()> kDigests[] = {
    {"sha1", EVP_sha1},         {"sha224", EVP_sha224},         {"sha256", EVP_sha256},
    {"sha384", EVP_sha384},     {"sha512", EVP_sha512},         {"sha512-224", EVP_sha512_224},
    {"sha512-256", EVP_sha512_256}, {"sha3-224", EVP_sha3_224}, {"sha3-256", EVP_sha3_256},
    {"sha3-384", EVP_sha3_384}, {"sha3-512", EVP_sha3_512},
};

double ns_per_call(long calls, auto&& f) {
  const auto t0 = Clock::now();
  for (long i = 0; i < calls; ++i) f();
  return std::chrono::duration<double, std::nano>(Clock::now() - t0).count() / static_cast<double>(calls);
}

double mbps(double ns) { return static_cast<double>(kMessage) / ns * 1e3; }

/// Alternates ours and theirs `samples` times; prints MB/s of each and ours / theirs.
void compare(const std::string& label, int samples, auto&& ours, auto&& theirs) {
  std::vector<double> a, b;
  for (int s = 0; s < samples; ++s) {
    a.push_back(ns_per_call(kCalls, ours));
    b.push_back(ns_per_call(kCalls, theirs));
  }
  const auto sa = dstu::stats::summarize(a), sb = dstu::stats::summarize(b);
  const auto r = dstu::stats::ratio(sb, sa);  // time theirs / time ours = speed ours / theirs
  std::printf("%-16s dstu %8.1f MB/s  openssl %8.1f MB/s  ratio %.2f (%.2f-%.2f)\n", label.c_str(), mbps(sa.median),
              mbps(sb.median), r.median, r.min, r.max);
}

}  // namespace

int main(int argc, char** argv) {
  const int samples = argc > 1 ? std::atoi(argv[1]) : 15;
  std::vector<std::string> only(argv + std::min(argc, 2), argv + argc);
  const auto wanted = [&](const std::string& n) {
    if (only.empty()) return true;
    for (const auto& o : only) {
      if (o == n) return true;
    }
    return false;
  };
  std::printf("cpu override: %s; active: %s; %zu-octet messages, one thread, medians of %d samples\n",
              dstu::cpu::override_spec().c_str(), dstu::cpu::describe(dstu::cpu::active()).c_str(), kMessage, samples);
  std::vector<std::uint8_t> msg(kMessage);
  for (std::size_t i = 0; i < msg.size(); ++i) msg[i] = static_cast<std::uint8_t>(i * 2654435761u >> 13);
  std::uint8_t out[EVP_MAX_MD_SIZE];
  const std::uint8_t key[32] = {1, 2, 3};
  for (const auto& [name, md] : kDigests) {
    if (!wanted(name)) continue;
    auto h = dstu::hash::make_hasher(name);
    const std::span<std::uint8_t> d(out, h->digest_size());
    compare(
        name, samples,
        [&] {
          h->update(msg);
          h->final(d);
          dstu::perf::keep(out);
        },
        [&] {
          unsigned len = 0;
          EVP_Digest(msg.data(), msg.size(), out, &len, md(), nullptr);
          dstu::perf::keep(out);
        });
    if (!wanted("hmac-" + std::string(name)) && !only.empty()) continue;
    dstu::hash::Hmac mac(name, key);
    compare(
        "hmac-" + std::string(name), samples,
        [&] {
          mac.update(msg);
          mac.final(d);
          dstu::perf::keep(out);
        },
        [&] {
          unsigned len = 0;
          HMAC(md(), key, sizeof key, msg.data(), msg.size(), out, &len);
          dstu::perf::keep(out);
        });
  }
  return 0;
}
