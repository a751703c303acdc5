// The per-process choice of the split forms over time (dstu/ec2m/chosen.hpp): for each
// curve, rounds of 1000 signatures and 300 verifications on the default path with two
// threads against the same on one thread (the sequential twin), alternating, with the
// state of the choice after each round. Shows whether the choice holds, and follows a
// machine whose second core changes speed. Usage: chosen [rounds] [curve...]
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "dstu/dstu4145/keys.hpp"
#include "dstu/dstu4145/sign.hpp"
#include "dstu/ec2m/chosen.hpp"
#include "dstu/parallel/team.hpp"
#include "dstu/rng/random.hpp"
#include "per_call.hpp"

namespace d4 = dstu::dstu4145;
namespace ec2m = dstu::ec2m;

int main(int argc, char** argv) {
  const int rounds = argc > 1 ? std::atoi(argv[1]) : 5;
  std::vector<std::string> names;
  for (int i = 2; i < argc; ++i) names.emplace_back(argv[i]);
  if (names.empty()) names = {"dstu163", "dstu257", "dstu367", "dstu431"};
  dstu::parallel::init(2);
  std::printf("%-8s %5s %10s %10s %6s %-10s %10s %10s %6s %-10s %s\n", "curve", "round", "sign_1t", "sign_2t", "ratio",
              "choice", "verify_1t", "verify_2t", "ratio", "choice", "verify medians seq/split, back-off");
  for (const std::string& name : names) {
    const ec2m::Curve& c = ec2m::Curve::named(name);
    dstu::rng::ChaCha20Drbg rng(1, 2);
    const d4::PrivateKey key = d4::generate_key(c, rng);
    const d4::PublicKey pub = key.public_key();
    const std::uint8_t digest[32] = {7, 1};
    const d4::Signature sig = d4::sign_digest(key, digest, rng, 1);
    for (int round = 0; round < rounds; ++round) {
      // Medians of 5 samples of 200 (sign) or 60 (verify) calls, each form in turn.
      const double s1 = dstu::perf::median_ns_per_call(5, 200, [&] { d4::sign_digest(key, digest, rng, 1); });
      const double s2 = dstu::perf::median_ns_per_call(5, 200, [&] { d4::sign_digest(key, digest, rng, 2); });
      const double v1 = dstu::perf::median_ns_per_call(5, 60, [&] { (void)d4::verify_digest(pub, digest, sig, 1); });
      const double v2 = dstu::perf::median_ns_per_call(5, 60, [&] { (void)d4::verify_digest(pub, digest, sig, 2); });
      const auto sc = ec2m::chosen_state(ec2m::ChosenOp::mul_base, c.m());
      const auto vc = ec2m::chosen_state(ec2m::ChosenOp::mul_double, c.m());
      std::printf("%-8s %5d %10.2f %10.2f %6.2f %-10s %10.2f %10.2f %6.2f %-10s %.1f/%.1f %s\n", name.c_str(), round,
                  s1 / 1000, s2 / 1000, s1 / s2, dstu::parallel::state_name(sc.state()), v1 / 1000, v2 / 1000,
                  v1 / v2, dstu::parallel::state_name(vc.state()), static_cast<double>(vc.sequential_median_ns()) / 1000,
                  static_cast<double>(vc.split_median_ns()) / 1000,
                  dstu::parallel::splits_backing_off() ? "backing off" : "");
    }
  }
}
