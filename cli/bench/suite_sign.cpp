// dstu bench sign: DSTU 4145 per curve — keygen, presignature (nonce and e G), sign and
// verify on one thread (seed 002's table), and signing with the split comb and
// verification with its two scalar multiplications on two threads against the
// sequential forms (seed 000 Tables 3-4; V/S is derived from these records).
#include "bench/bench.hpp"
#include "dstu/dstu4145/keys.hpp"
#include "dstu/dstu4145/sign.hpp"
#include "dstu/ec/scalar_mul.hpp"
#include "dstu/rng/random.hpp"

namespace dstu::cli::bench {

void suite_sign(const Options& opt, std::vector<Record>& out) {
  rng::ChaCha20Drbg rng(7, 0);
  const Budget budget{opt.quick ? 3 : 9, std::chrono::milliseconds(opt.quick ? 1 : 4)};
  const std::uint8_t digest[32] = {0x42, 0x17, 0x99};
  for (const ec::Curve* c : ec::Curve::all_named()) {
    const Json p = {{"curve", c->name()}, {"m", c->m()}};
    const dstu4145::PrivateKey key = dstu4145::generate_key(*c, rng);
    const dstu4145::PublicKey pub = key.public_key();
    const dstu4145::Signature sig = dstu4145::sign_digest(key, digest, rng);
    out.push_back(time_op("sign", "keygen", p, 1, "us", budget,
                          [&] { keep(dstu4145::generate_key(*c, rng).public_key()); }));
    out.push_back(time_op("sign", "presignature", p, 1, "us", budget, [&] {
      keep(ec::mul_base(*c, dstu4145::random_scalar(*c, rng)));
    }));
    out.push_back(time_op("sign", "sign", p, 1, "us", budget, [&] { keep(dstu4145::sign_digest(key, digest, rng)); }));
    out.push_back(time_op("sign", "verify", p, 1, "us", budget, [&] { keep(dstu4145::verify_digest(pub, digest, sig)); }));
    if (opt.threads >= 2) {
      const ec::Scalar e = dstu4145::random_scalar(*c, rng);
      out.push_back(time_op("sign", "presignature_parallel", p, 2, "us", budget,
                            [&] { keep(ec::mul_base_parallel(*c, e, 2)); }));
      out.push_back(time_op("sign", "verify_parallel", p, 2, "us", budget,
                            [&] { keep(ec::mul_double_parallel_vartime(*c, sig.s, sig.r, pub.q, 2)); }));
      out.push_back(time_op("sign", "verify_sequential_msm", p, 1, "us", budget,
                            [&] { keep(ec::mul_double_vartime(*c, sig.s, sig.r, pub.q)); }));
    }
  }
}

}  // namespace dstu::cli::bench
