// sign_batch and verify_batch against one at a time: the same nonces give the same
// signatures (exact and hedged), and every verdict (valid, tampered, out of range, wrong key, keys on
// other curves in the same batch) matches verify_digest; batch sizes 1..17 on 1..4
// threads, and one batch per CPU path.
#include <doctest/doctest.h>

#include "cpu_paths.hpp"
#include "dstu/dstu4145/batch.hpp"
#include "dstu/dstu4145/keys.hpp"
#include "dstu/dstu4145/nonce.hpp"
#include "dstu/dstu4145/sign.hpp"
#include "dstu/parallel/team.hpp"
#include "dstu/rng/random.hpp"
#include "test_random.hpp"

using dstu::ec2m::Curve;
namespace d = dstu::dstu4145;

namespace {

/// `count` digests of 32 random octets.
std::vector<dstu::Bytes> digests(dstu::test::TestRng& rng, std::size_t count) {
  std::vector<dstu::Bytes> out(count, dstu::Bytes(32));
  for (auto& dg : out) rng.fill(dg.data(), dg.size());
  return out;
}

std::vector<std::span<const std::uint8_t>> views(const std::vector<dstu::Bytes>& v) {
  return {v.begin(), v.end()};
}

/// Signs `size` digests in a batch and one at a time from the same nonce stream, then
/// verifies a mix of good and damaged signatures both ways; returns verdicts compared.
int check_size(const Curve& c, std::size_t size, int threads, std::uint64_t stream) {
  dstu::test::TestRng rng(stream);
  dstu::rng::ChaCha20Drbg key_rng(dstu::test::seed(), stream);
  const d::PrivateKey key = d::generate_key(c, key_rng);
  const d::PrivateKey other = d::generate_key(c, key_rng);
  const d::PublicKey pub = key.public_key(), other_pub = other.public_key();
  const std::vector<dstu::Bytes> dg = digests(rng, size);

  dstu::rng::ChaCha20Drbg batch_nonces(dstu::test::seed(), stream + 1000);
  dstu::rng::ChaCha20Drbg single_nonces(dstu::test::seed(), stream + 1000);
  const std::vector<d::Signature> sigs = d::sign_batch(key, views(dg), batch_nonces, threads);
  REQUIRE(sigs.size() == size);
  for (std::size_t i = 0; i < size; ++i) {
    const d::Signature one = d::sign_digest(key, dg[i], single_nonces);
    CHECK(sigs[i].r == one.r);
    CHECK(sigs[i].s == one.s);
  }

  // Hedged: each nonce from the signature's own fresh octets, drawn in order.
  dstu::rng::ChaCha20Drbg batch_entropy(dstu::test::seed(), stream + 2000);
  dstu::rng::ChaCha20Drbg single_entropy(dstu::test::seed(), stream + 2000);
  const std::vector<d::Signature> hedged =
      d::sign_batch(key, views(dg), batch_entropy, threads, d::NonceMode::hedged);
  REQUIRE(hedged.size() == size);
  for (std::size_t i = 0; i < size; ++i) {
    d::HedgedNonces nonces(single_entropy, key, dg[i]);
    const d::Signature one = d::sign_digest(key, dg[i], nonces);
    CHECK(hedged[i].r == one.r);
    CHECK(hedged[i].s == one.s);
  }

  // Requests: each signature as made, with r + 1, with s = n, under the wrong key.
  std::vector<d::Signature> variants;
  variants.reserve(4 * size);
  std::vector<d::VerifyRequest> req;
  for (std::size_t i = 0; i < size; ++i) {
    variants.push_back(sigs[i]);
    variants.push_back({sigs[i].r + dstu::mp::Nat(1), sigs[i].s});
    variants.push_back({sigs[i].r, c.order()});
    variants.push_back(sigs[i]);
  }
  for (std::size_t i = 0; i < variants.size(); ++i) {
    req.push_back({i % 4 == 3 ? &other_pub : &pub, dg[i / 4], &variants[i]});
  }
  const std::vector<std::uint8_t> verdicts = d::verify_batch(req, threads);
  REQUIRE(verdicts.size() == req.size());
  int compared = 0;
  for (std::size_t i = 0; i < req.size(); ++i) {
    INFO(c.name() << " size=" << size << " threads=" << threads << " request=" << i);
    const bool want = d::verify_digest(*req[i].key, req[i].digest, *req[i].sig);
    CHECK(verdicts[i] == (want ? 1 : 0));
    CHECK(want == (i % 4 == 0));
    ++compared;
  }
  return compared;
}

}  // namespace

TEST_CASE("batches of 1..17 on 1..4 threads match one at a time") {
  dstu::parallel::init(4);
  int compared = 0, expected = 0;
  for (std::size_t size = 1; size <= 17; ++size) {
    for (int threads = 1; threads <= 4; ++threads) {
      compared += check_size(Curve::named("dstu257"), size, threads, 150 + size * 8 + static_cast<std::uint64_t>(threads));
      expected += 4 * static_cast<int>(size);
    }
  }
  CHECK(compared == expected);
}

TEST_CASE("one batch per CPU path and per named curve") {
  dstu::test::for_each_cpu_path([&](const std::string& path) {
    INFO("cpu path " << path);
    for (const Curve* c : Curve::all_named()) CHECK(check_size(*c, 9, 2, 300) == 36);
  });
}

TEST_CASE("a hedged batch long enough to derive its nonces on the team matches one at a time") {
  const Curve& c = Curve::named("dstu257");
  dstu::rng::ChaCha20Drbg key_rng(dstu::test::seed(), 500);
  const d::PrivateKey key = d::generate_key(c, key_rng);
  dstu::test::TestRng drng(501);
  const std::vector<dstu::Bytes> dg = digests(drng, 131);
  for (int threads = 2; threads <= 4; ++threads) {
    dstu::rng::ChaCha20Drbg batch_entropy(dstu::test::seed(), 502);
    dstu::rng::ChaCha20Drbg single_entropy(dstu::test::seed(), 502);
    const std::vector<d::Signature> sigs = d::sign_batch(key, views(dg), batch_entropy, threads, d::NonceMode::hedged);
    REQUIRE(sigs.size() == dg.size());
    for (std::size_t i = 0; i < dg.size(); ++i) {
      INFO("threads=" << threads << " i=" << i);
      d::HedgedNonces nonces(single_entropy, key, dg[i]);
      const d::Signature one = d::sign_digest(key, dg[i], nonces);
      CHECK(sigs[i].r == one.r);
      CHECK(sigs[i].s == one.s);
    }
  }
}

TEST_CASE("one batch may mix keys on different curves") {
  dstu::rng::ChaCha20Drbg rng(dstu::test::seed(), 400);
  std::vector<d::PublicKey> pubs;
  std::vector<d::Signature> sigs;
  dstu::test::TestRng drng(401);
  const std::vector<dstu::Bytes> dg = digests(drng, 6);
  const char* names[] = {"dstu163", "dstu257", "dstu163", "dstu431", "dstu257", "dstu163"};
  for (std::size_t i = 0; i < 6; ++i) {
    const d::PrivateKey k = d::generate_key(Curve::named(names[i]), rng);
    pubs.push_back(k.public_key());
    sigs.push_back(d::sign_digest(k, dg[i], rng));
  }
  sigs[4].s = sigs[4].s + dstu::mp::Nat(1);  // one damaged
  std::vector<d::VerifyRequest> req;
  for (std::size_t i = 0; i < 6; ++i) req.push_back({&pubs[i], dg[i], &sigs[i]});
  const std::vector<std::uint8_t> v = d::verify_batch(req, 2);
  CHECK(v == std::vector<std::uint8_t>{1, 1, 1, 1, 0, 1});
}
