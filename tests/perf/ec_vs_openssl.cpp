// ec_vs_openssl: our binary-curve code against OpenSSL 3 in the same run (issues 3
// and 4). A benchmark, not a test: it prints times and ratios and never fails.
//   openssl speed ecdhb233  (one variable-base scalar multiplication on NIST B-233)
//       vs our constant-time ladder on dstu233        target: >= 12x faster
//   openssl speed ecdsab233 (sign / verify on B-233)
//       vs DSTU 4145 sign / verify on dstu233         target: >= 15x / >= 10x faster
// Usage: ec_vs_openssl [--seconds N]
#include <chrono>
#include <cstdio>
#include <cstring>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "dstu/dstu4145/keys.hpp"
#include "dstu/dstu4145/sign.hpp"
#include "dstu/ec2m/curve.hpp"
#include "dstu/ec2m/scalar_mul.hpp"
#include "dstu/rng/random.hpp"
#include "per_call.hpp"

namespace {

using Clock = std::chrono::steady_clock;

/// Operations per second of f over about `seconds`.
double ops_per_second(double seconds, const std::function<void()>& f) {
  f();
  long n = 0;
  const auto t0 = Clock::now();
  const auto until = t0 + std::chrono::duration<double>(seconds);
  while (Clock::now() < until) {
    for (int i = 0; i < 16; ++i) f();
    n += 16;
  }
  return static_cast<double>(n) / std::chrono::duration<double>(Clock::now() - t0).count();
}

}  // namespace

int main(int argc, char** argv) {
  int seconds = 3;
  for (int i = 1; i + 1 < argc; ++i) {
    if (!std::strcmp(argv[i], "--seconds")) seconds = std::atoi(argv[i + 1]);
  }
  const std::string speed =
      dstu::perf::run_command("openssl speed -seconds " + std::to_string(seconds) + " ecdhb233 ecdsab233 2>/dev/null");
  // " 233 bits ecdh (nistb233)   0.0002s   5461.0" and
  // " 233 bits ecdsa (nistb233)   0.0002s   0.0004s   4892.0   2538.0": the last numbers.
  double ossl_ecdh = 0, ossl_sign = 0, ossl_verify = 0;
  std::istringstream lines(speed);
  for (std::string line; std::getline(lines, line);) {
    if (line.find("233)") == std::string::npos) continue;
    std::istringstream words(line);
    std::vector<std::string> w;
    for (std::string word; words >> word;) w.push_back(word);
    if (line.find(" ecdh (") != std::string::npos && !w.empty()) ossl_ecdh = std::atof(w.back().c_str());
    if (line.find(" ecdsa (") != std::string::npos && w.size() >= 2) {
      ossl_sign = std::atof(w[w.size() - 2].c_str());
      ossl_verify = std::atof(w.back().c_str());
    }
  }
  if (!ossl_ecdh || !ossl_sign) {
    std::printf("could not run or parse 'openssl speed'; output was:\n%s\n", speed.c_str());
    return 0;
  }
  const dstu::ec2m::Curve& c = dstu::ec2m::Curve::named("dstu233");
  dstu::rng::ChaCha20Drbg rng(233, 0);
  const dstu::dstu4145::PrivateKey key = dstu::dstu4145::generate_key(c, rng);
  const dstu::dstu4145::PublicKey pub = key.public_key();
  const std::uint8_t digest[32] = {1, 2, 3, 4};
  const dstu::dstu4145::Signature sig = dstu::dstu4145::sign_digest(key, digest, rng);
  const dstu::ec2m::Scalar k = dstu::dstu4145::random_scalar(c, rng);
  const double ladder = ops_per_second(seconds, [&] { dstu::perf::keep(dstu::ec2m::mul(c, k, pub.q)); });
  const double sign =
      ops_per_second(seconds, [&] { dstu::perf::keep(dstu::dstu4145::sign_digest(key, digest, rng)); });
  const double verify =
      ops_per_second(seconds, [&] { dstu::perf::keep(dstu::dstu4145::verify_digest(pub, digest, sig)); });
  auto line = [](const char* what, double ours, double theirs, double target) {
    std::printf("%-52s ours %9.0f op/s  openssl %8.0f op/s  %5.1fx faster  (target >= %.0fx) %s\n", what, ours, theirs,
                ours / theirs, target, ours / theirs >= target ? "meets target" : "MISSES target");
  };
  std::printf("OpenSSL: %s", dstu::perf::run_command("openssl version").c_str());
  line("ladder dstu233 vs openssl speed ecdhb233", ladder, ossl_ecdh, 12);
  line("DSTU 4145 sign dstu233 vs openssl speed ecdsab233 sign", sign, ossl_sign, 15);
  line("DSTU 4145 verify dstu233 vs openssl speed ecdsab233 verify", verify, ossl_verify, 10);
  return 0;
}
