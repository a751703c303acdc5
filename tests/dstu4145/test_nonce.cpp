// Hedged nonces (dstu/dstu4145/nonce.hpp): a function of the entropy, the key and the
// digest; a broken entropy source still gives distinct nonces for distinct digests or
// keys, and fresh ones for a repeated digest while it works; hedged batches sign as
// hedged one-at-a-time signing does.
#include <doctest/doctest.h>

#include <set>
#include <string>
#include <vector>

#include "dstu/dstu4145/batch.hpp"
#include "dstu/dstu4145/nonce.hpp"
#include "dstu/dstu4145/sign.hpp"
#include "dstu/ec2m/curve.hpp"
#include "dstu/rng/random.hpp"

namespace d4 = dstu::dstu4145;
using dstu::Bytes;

namespace {

/// An entropy source that has failed: zeros forever.
class Zeros final : public dstu::RandomSource {
 public:
  void fill(std::span<std::uint8_t> out) override { std::fill(out.begin(), out.end(), 0); }
};

std::string nonce_hex(const d4::PrivateKey& key, dstu::RandomSource& entropy, const Bytes& digest) {
  d4::HedgedNonces h(entropy, key, digest);
  const dstu::ec2m::Scalar e = d4::random_scalar(key.curve(), h);
  return dstu::ec2m::scalar_to_nat(e).to_hex();
}

/// The nonce behind a signature, given d: e = s - d r mod n.
dstu::mp::Nat nonce_of(const d4::Signature& sig, const d4::PrivateKey& key) {
  const dstu::mp::Nat n = key.curve().order();
  const dstu::mp::Nat dr = dstu::ec2m::scalar_to_nat(key.d()) * sig.r % n;
  return (sig.s + n - dr) % n;
}

}  // namespace

TEST_CASE("a hedged nonce is a function of entropy, key and digest") {
  dstu::rng::ChaCha20Drbg key_rng(21, 1);
  const d4::PrivateKey key = d4::generate_key(dstu::ec2m::Curve::named("dstu257"), key_rng);
  const d4::PrivateKey other = d4::generate_key(dstu::ec2m::Curve::named("dstu257"), key_rng);
  const Bytes digest(32, 0x5a), digest2(32, 0x5b);
  dstu::rng::ChaCha20Drbg a(22, 1), b(22, 1);
  CHECK(nonce_hex(key, a, digest) == nonce_hex(key, b, digest));  // same inputs, same nonce
  CHECK(nonce_hex(key, a, digest) != nonce_hex(key, b, digest2));  // streams now differ too
  Zeros zeros;
  // With the entropy gone, distinct digests and distinct keys still give distinct nonces.
  std::set<std::string> seen;
  for (int i = 0; i < 50; ++i) {
    Bytes d(32, 0);
    d[0] = static_cast<std::uint8_t>(i);
    CHECK(seen.insert(nonce_hex(key, zeros, d)).second);
  }
  CHECK(seen.insert(nonce_hex(other, zeros, digest)).second);
  CHECK(nonce_hex(key, zeros, digest) == nonce_hex(key, zeros, digest));  // deterministic then, RFC 6979 style
  // With working entropy, a repeated digest gets a fresh nonce each time.
  dstu::rng::ChaCha20Drbg live(23, 1);
  CHECK(nonce_hex(key, live, digest) != nonce_hex(key, live, digest));
}

TEST_CASE("exact nonces from a broken source repeat; hedged ones do not, and their signatures verify") {
  for (const dstu::ec2m::Curve* c : dstu::ec2m::Curve::all_named()) {
    INFO(c->name());
    dstu::rng::ChaCha20Drbg key_rng(24, 1);
    const d4::PrivateKey key = d4::generate_key(*c, key_rng);
    const d4::PublicKey pub = key.public_key();
    Zeros zeros;
    const Bytes d1(32, 1), d2(32, 2);
    // Exact: the same e twice (zeros are out of range, so a constant stand-in).
    dstu::rng::ChaCha20Drbg same1(25, 1), same2(25, 1);
    const d4::Signature x1 = d4::sign_digest(key, d1, same1, 1), x2 = d4::sign_digest(key, d2, same2, 1);
    CHECK(nonce_of(x1, key) == nonce_of(x2, key));
    // Hedged over the same broken source: different nonces, valid signatures.
    d4::HedgedNonces h1(zeros, key, d1), h2(zeros, key, d2);
    const d4::Signature y1 = d4::sign_digest(key, d1, h1, 1), y2 = d4::sign_digest(key, d2, h2, 1);
    CHECK(d4::verify_digest(pub, d1, y1, 1));
    CHECK(d4::verify_digest(pub, d2, y2, 1));
    CHECK(nonce_of(y1, key) != nonce_of(y2, key));
  }
}

TEST_CASE("a hedged batch signs as hedged one-at-a-time signing, for sizes 1..9 and 1..3 threads") {
  dstu::rng::ChaCha20Drbg key_rng(26, 1);
  const d4::PrivateKey key = d4::generate_key(dstu::ec2m::Curve::named("dstu233"), key_rng);
  for (std::size_t n = 1; n <= 9; ++n) {
    std::vector<Bytes> digests;
    for (std::size_t i = 0; i < n; ++i) digests.emplace_back(32, static_cast<std::uint8_t>(i * 7 + n));
    const std::vector<std::span<const std::uint8_t>> views(digests.begin(), digests.end());
    for (int threads = 1; threads <= 3; ++threads) {
      INFO("n=" << n << " threads=" << threads);
      dstu::rng::ChaCha20Drbg batch_rng(27, n), one_rng(27, n);
      const auto batch = d4::sign_batch(key, views, batch_rng, threads, d4::NonceMode::hedged);
      REQUIRE(batch.size() == n);
      for (std::size_t i = 0; i < n; ++i) {
        d4::HedgedNonces h(one_rng, key, digests[i]);
        const d4::Signature one = d4::sign_digest(key, digests[i], h, 1);
        CHECK(batch[i].r == one.r);
        CHECK(batch[i].s == one.s);
      }
    }
  }
}
