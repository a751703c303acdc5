// ecdsa_vs_openssl: ECDSA sign / verify on GF(p) and NIST binary curves (lib/ecdsa) against
// `openssl speed ecdsa...` in the same run, one thread. A benchmark, not a test: it
// prints times and ratios against the targets of the ECDSA issue and never fails.
// Our side: median of 7 samples (tests/perf/per_call.hpp, dstu::stats) of hedged
// signatures of one SHA-256/384/512 digest, and verifications of one signature, in this
// thread's CPU time: `openssl speed` divides by its user CPU time unless given -elapsed,
// so on a loaded machine wall time on our side alone would count the other processes'
// share of the core against us only. --wall measures both sides in wall time.
// Usage: ecdsa_vs_openssl [--seconds N] [--wall]   (N: seconds per openssl measurement,
// default 2)
#include <cstdio>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

#include "dstu/ecdsa/sign.hpp"
#include "dstu/rng/random.hpp"
#include "per_call.hpp"

namespace {

struct Row {
  const char* curve;        ///< our name
  const char* openssl;      ///< openssl speed algorithm
  const char* tag;          ///< how openssl speed names the curve in its table
  const char* hash;
  double sign_target, verify_target;  ///< x faster than OpenSSL (< 1: at most 1/x slower)
};

/// OpenSSL's sign and verify op/s for the curve `tag` from `openssl speed` output.
std::pair<double, double> openssl_rates(const std::string& speed, const std::string& tag) {
  std::istringstream lines(speed);
  for (std::string line; std::getline(lines, line);) {
    if (line.find(" ecdsa (" + tag + ")") == std::string::npos) continue;
    std::istringstream words(line);
    std::vector<std::string> w;
    for (std::string word; words >> word;) w.push_back(word);
    if (w.size() >= 2) return {std::atof(w[w.size() - 2].c_str()), std::atof(w.back().c_str())};
  }
  return {0, 0};
}

}  // namespace

int main(int argc, char** argv) {
  int seconds = 2;
  bool wall = false;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--seconds") && i + 1 < argc) seconds = std::atoi(argv[i + 1]);
    if (!std::strcmp(argv[i], "--wall")) wall = true;
  }
  const Row rows[] = {
      {"P-256", "ecdsap256", "nistp256", "sha256", 0.8, 0.8},
      {"P-384", "ecdsap384", "nistp384", "sha384", 10, 10},
      {"P-521", "ecdsap521", "nistp521", "sha512", 2, 2},
      {"brainpoolP256r1", "ecdsabrp256r1", "brainpoolP256r1", "sha256", 10, 5},
      {"brainpoolP512r1", "ecdsabrp512r1", "brainpoolP512r1", "sha512", 10, 5},
      {"B-233", "ecdsab233", "nistb233", "sha256", 15, 10},
      {"B-571", "ecdsab571", "nistb571", "sha512", 15, 10},
  };
  std::string algs;
  for (const Row& r : rows) algs += std::string(" ") + r.openssl;
  const std::string speed = dstu::perf::run_command("openssl speed " + std::string(wall ? "-elapsed " : "") +
                                                    "-seconds " + std::to_string(seconds) + algs + " 2>/dev/null");
  std::printf("OpenSSL: %s", dstu::perf::run_command("openssl version").c_str());
  std::printf("Times: %s\n", wall ? "wall time on both sides (openssl speed -elapsed)"
                                   : "CPU time on both sides (ours: this thread's; openssl: user time)");
  dstu::rng::ChaCha20Drbg rng(256, 0);
  for (const Row& r : rows) {
    const auto [ossl_sign, ossl_verify] = openssl_rates(speed, r.tag);
    const dstu::ecdsa::Group& c = dstu::ecdsa::Group::named(r.curve);
    const dstu::ecdsa::PrivateKey key = dstu::ecdsa::PrivateKey::generate(c, rng);
    const dstu::ecdsa::PublicKey pub = dstu::ecdsa::public_key(dstu::ecdsa::Scheme::ecdsa, key);
    std::vector<std::uint8_t> digest(std::string(r.hash) == "sha256" ? 32 : std::string(r.hash) == "sha384" ? 48 : 64, 7);
    const dstu::ecdsa::Signature sig = dstu::ecdsa::sign(dstu::ecdsa::Scheme::ecdsa, key, r.hash, digest, rng);
    auto sign = [&] { dstu::perf::keep(dstu::ecdsa::sign(dstu::ecdsa::Scheme::ecdsa, key, r.hash, digest, rng)); };
    auto verify = [&] { dstu::perf::keep(dstu::ecdsa::verify(dstu::ecdsa::Scheme::ecdsa, pub, digest, sig)); };
    auto median = [&](auto&& f) {
      const long calls = dstu::perf::calls_lasting(std::chrono::milliseconds(100), f);
      return wall ? dstu::perf::median_ns_per_call(7, calls, f)
                  : dstu::perf::median_ns_per_call<dstu::perf::ThreadCpuClock>(7, calls, f);
    };
    const double sign_ns = median(sign), verify_ns = median(verify);
    auto line = [&](const char* what, double ns, double ossl_ops, double target) {
      const double ratio = ossl_ops > 0 ? (1e9 / ns) / ossl_ops : 0;
      std::printf("%-16s %-6s ours %9.1f us  openssl %9.1f us  %6.2fx  (target %s%.2fx) %s\n", r.curve, what, ns / 1e3,
                  ossl_ops > 0 ? 1e6 / ossl_ops : 0.0, ratio, ">= ", target,
                  ossl_ops == 0 ? "(no openssl figure)" : ratio >= target ? "meets target" : "MISSES target");
    };
    line("sign", sign_ns, ossl_sign, r.sign_target);
    line("verify", verify_ns, ossl_verify, r.verify_target);
  }
  return 0;
}
