// dstu bench rsa: RSA key generation (FIPS 186-5 A.1.3), RSASSA-PKCS1-v1_5 signing and
// verification with SHA-256, per modulus size (--rsa-bits, default 2048 3072 4096).
// keygen: the time of each of several keys from one seeded generator (the search for
// primes makes it vary from key to key), its min/median/max as the row and its mean and
// standard deviation in params. sign and verify: operations per second on one team
// thread and on two (signing's CRT halves then run on both threads where the process
// measured that faster).
#include <cmath>

#include "bench/bench.hpp"
#include "bench/progress.hpp"
#include "dstu/parallel/team.hpp"
#include "dstu/rng/random.hpp"
#include "dstu/mp/prime.hpp"
#include "dstu/rsa/keygen.hpp"
#include "dstu/rsa/pkcs1.hpp"

namespace dstu::cli::bench {
namespace {

/// keygen: one record over `keys` generated keys, ms; returns the first key in *first.
Record measure_keygen(std::size_t bits, int keys, rsa::PrivateKey* first) {
  const Json p = {{"bits", bits}, {"e", 65537}, {"keys", keys}};
  progress::note("rsa", "keygen", p);
  rng::ChaCha20Drbg rng(8017, bits);
  std::vector<double> ms;
  for (int i = 0; i < keys; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    rsa::PrivateKey key = rsa::generate_key(bits, rng);
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    if (i == 0) *first = std::move(key);
  }
  double mean = 0, var = 0;
  for (double x : ms) mean += x;
  mean /= static_cast<double>(ms.size());
  for (double x : ms) var += (x - mean) * (x - mean);
  const double sd = ms.size() > 1 ? std::sqrt(var / static_cast<double>(ms.size() - 1)) : 0.0;
  Record r{"rsa", "keygen", p, 1, "ms"};
  set(r, stats::summarize(ms));
  r.params["mean_ms"] = mean;
  r.params["stddev_ms"] = sd;
  r.iterations = static_cast<std::uint64_t>(keys);
  return r;
}

/// A time_op record in us turned into operations per second.
Record per_second(Record r) {
  set(r, stats::rate(1e6, summary(r)));
  r.unit = "ops/s";
  return r;
}

}  // namespace

std::vector<Record> measure_rsa(std::size_t bits, int keys, const Budget& budget) {
  std::vector<Record> out;
  // One thread, as the sources measured: the CRT halves are not split. The team's size
  // comes back however this returns.
  struct TeamSize {
    int size = parallel::team_size();
    ~TeamSize() { parallel::init(size); }
  } const restore;
  parallel::init(1);
  rsa::PrivateKey key;
  if (bits >= rsa::kMinGenerateBits) {
    out.push_back(measure_keygen(bits, keys, &key));
  } else {
    // Below what FIPS 186-5 generates (the sources' 512-bit row): a key of two primes
    // from lib/mp's search, for signing and verification only.
    const auto streams = [bits](std::uint64_t k) { return std::make_unique<rng::ChaCha20Drbg>(bits, k); };
    // Two primes of bits/2 bits make n of bits - 1 or bits bits: drawn until bits.
    for (std::uint64_t k = 0; key.bits() != bits; k += 2000) {
      const mp::Nat p = mp::random_prime({bits / 2}, [&](std::uint64_t i) { return streams(k + i); }, 1).prime;
      const mp::Nat q = mp::random_prime({bits / 2}, [&](std::uint64_t i) { return streams(k + 1000 + i); }, 1).prime;
      if ((p * q).bits() == bits) key = rsa::PrivateKey::from_primes(p, q, mp::Nat(rsa::kDefaultExponent));
    }
  }
  const std::vector<std::uint8_t> digest(32, 0x42);
  rng::ChaCha20Drbg rng(7, bits);
  const Bytes sig = rsa::sign_pkcs1v15(key, "sha256", digest, rng);
  const rsa::PublicKey pub = key.public_key();
  const Json p = {{"bits", bits}, {"hash", "sha256"}, {"padding", "pkcs1v15"}};
  out.push_back(time_op("rsa", "sign", p, 1, "ms", budget, [&] { keep(rsa::sign_pkcs1v15(key, "sha256", digest, rng)); }));
  out.push_back(time_op("rsa", "verify", p, 1, "ms", budget,
                        [&] { keep(rsa::verify_pkcs1v15_vartime(pub, "sha256", digest, sig)); }));
  return out;
}

void suite_rsa(const Options& opt, std::vector<Record>& out) {
  const Budget budget{opt.quick ? 3 : 9, std::chrono::milliseconds(opt.quick ? 5 : 20)};
  const int keys = opt.quick ? 2 : 5;
  const std::vector<std::uint8_t> digest(32, 0x42);
  for (std::size_t bits : opt.rsa_bits) {
    rsa::PrivateKey key;
    out.push_back(measure_keygen(bits, keys, &key));
    const rsa::PublicKey pub = key.public_key();
    rng::ChaCha20Drbg rng(7, bits);
    const Bytes sig = rsa::sign_pkcs1v15(key, "sha256", digest, rng);
    const Json p = {{"bits", bits}, {"hash", "sha256"}, {"padding", "pkcs1v15"}};
    for (int t = 1; t <= std::min(opt.threads, 2); ++t) {
      parallel::init(t);
      // Past the process's calibration of the split (dstu/parallel/choice.hpp).
      for (int i = 0; i < 80; ++i) keep(rsa::sign_pkcs1v15(key, "sha256", digest, rng));
      out.push_back(per_second(
          time_op("rsa", "sign", p, t, "us", budget, [&] { keep(rsa::sign_pkcs1v15(key, "sha256", digest, rng)); })));
      out.push_back(per_second(time_op("rsa", "verify", p, t, "us", budget,
                                       [&] { keep(rsa::verify_pkcs1v15_vartime(pub, "sha256", digest, sig)); })));
    }
    parallel::init(opt.threads);
  }
}

}  // namespace dstu::cli::bench
