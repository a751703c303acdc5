// dstu bench ecdsa: ECDSA and ECGDSA on the curves over GF(p) and the NIST binary
// curves, one thread: keygen (d and its public key), sign (hedged RFC 6979 nonce; SHA-2
// matching n) and verify, per curve and scheme ([Crypto Library Slides] Performance #4
// and #5; `dstu bench seeds` puts them beside the published figures). --quick measures the seven curves of the ECDSA issue's targets.
#include <algorithm>

#include "bench/bench.hpp"
#include "dstu/ecdsa/sign.hpp"
#include "dstu/rng/random.hpp"

namespace dstu::cli::bench {

std::vector<Record> measure_gfp_signature(const std::string& curve, const std::string& scheme, const Budget& budget) {
  const ecdsa::Group& c = ecdsa::Group::named(curve);
  const ecdsa::Scheme s = ecdsa::scheme_from_name(scheme);
  rng::ChaCha20Drbg rng(7, c.order_bits());
  const std::string hash = ecdsa::default_hash(c);
  const std::vector<std::uint8_t> digest(hash == "sha256" ? 32 : hash == "sha384" ? 48 : 64, 0x42);
  const Json p = {{"curve", c.name()}, {"scheme", scheme}, {"hash", hash}};
  const ecdsa::PrivateKey key = ecdsa::PrivateKey::generate(c, rng);
  const ecdsa::PublicKey pub = ecdsa::public_key(s, key);
  const ecdsa::Signature sig = ecdsa::sign(s, key, hash, digest, rng);
  std::vector<Record> out;
  out.push_back(time_op("ecdsa", "keygen", p, 1, "us", budget,
                        [&] { keep(ecdsa::public_key(s, ecdsa::PrivateKey::generate(c, rng))); }));
  out.push_back(time_op("ecdsa", "sign", p, 1, "us", budget, [&] { keep(ecdsa::sign(s, key, hash, digest, rng)); }));
  out.push_back(time_op("ecdsa", "verify", p, 1, "us", budget, [&] { keep(ecdsa::verify(s, pub, digest, sig)); }));
  return out;
}

void suite_ecdsa(const Options& opt, std::vector<Record>& out) {
  const Budget budget{opt.quick ? 3 : 9, std::chrono::milliseconds(opt.quick ? 1 : 4)};
  const std::vector<std::string> quick{"P-256", "P-384", "P-521", "brainpoolP256r1", "brainpoolP512r1", "B-233", "B-571"};
  for (const ecdsa::Group* c : ecdsa::Group::all_named()) {
    if (opt.quick && std::find(quick.begin(), quick.end(), c->name()) == quick.end()) continue;
    for (const char* scheme : {"ecdsa", "ecgdsa"}) {
      for (Record& r : measure_gfp_signature(c->name(), scheme, budget)) out.push_back(std::move(r));
    }
  }
}

}  // namespace dstu::cli::bench
