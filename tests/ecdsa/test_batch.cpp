// ecdsa::sign_batch against one-at-a-time ecdsa::sign with the same sources: the same
// signatures (both schemes, hedged and deterministic, prime and binary curves), the
// fresh randomness drawn on the calling thread in request order and nowhere else;
// batch sizes 0..9 on 1..3 threads.
#include <doctest/doctest.h>

#include <thread>

#include "dstu/base/error.hpp"
#include "dstu/ecdsa/batch.hpp"
#include "dstu/ecdsa/sign.hpp"
#include "dstu/rng/random.hpp"
#include "test_random.hpp"

using dstu::Bytes;
using dstu::ecdsa::Nonces;
using dstu::ecdsa::Scheme;
namespace ecdsa = dstu::ecdsa;

namespace {

/// A seeded stream that records every fill: its length and the thread that asked.
class Recording final : public dstu::RandomSource {
 public:
  explicit Recording(std::uint64_t stream) : drbg_(dstu::test::seed(), stream) {}
  void fill(std::span<std::uint8_t> out) override {
    sizes.push_back(out.size());
    threads.push_back(std::this_thread::get_id());
    drbg_.fill(out);
  }
  std::vector<std::size_t> sizes;
  std::vector<std::thread::id> threads;

 private:
  dstu::rng::ChaCha20Drbg drbg_;
};

std::vector<Bytes> digests(dstu::test::TestRng& rng, std::size_t count, std::size_t octets) {
  std::vector<Bytes> out(count, Bytes(octets));
  for (Bytes& d : out) rng.fill(d.data(), d.size());
  return out;
}

}  // namespace

TEST_CASE("sign_batch gives sign's signatures from the same sources, drawn in request order on the caller") {
  struct Case {
    const char* curve;
    const char* hash;
    std::size_t digest_octets;
  };
  // B-233's n lies just above 2^(qlen-1): about half of RFC 6979's candidates are
  // refused there, so retries happen inside the batch too.
  const Case cases[] = {{"P-256", "sha256", 32}, {"brainpoolP384r1", "sha384", 48}, {"B-233", "sha224", 28},
                        {"K-163", "sha512", 64}};
  dstu::test::TestRng data(641);
  dstu::rng::ChaCha20Drbg key_rng(dstu::test::seed(), 642);
  std::uint64_t stream = 700;
  int compared = 0;
  for (const Case& c : cases) {
    const ecdsa::Group& group = ecdsa::Group::named(c.curve);
    const ecdsa::PrivateKey key = ecdsa::PrivateKey::generate(group, key_rng);
    for (const Scheme scheme : {Scheme::ecdsa, Scheme::ecgdsa}) {
      for (const Nonces nonces : {Nonces::hedged, Nonces::deterministic}) {
        for (std::size_t size : {0, 1, 2, 5, 9}) {
          for (int threads = 1; threads <= 3; ++threads) {
            INFO(c.curve << " scheme " << ecdsa::scheme_name(scheme) << " hedged " << (nonces == Nonces::hedged)
                         << " size " << size << " threads " << threads);
            const std::vector<Bytes> dg = digests(data, size, c.digest_octets);
            const std::vector<std::span<const std::uint8_t>> views(dg.begin(), dg.end());
            Recording batch_source(stream), single_source(stream);
            ++stream;
            const std::vector<ecdsa::Signature> sigs =
                ecdsa::sign_batch(scheme, key, c.hash, views, batch_source, threads, nonces);
            REQUIRE(sigs.size() == size);
            for (std::size_t i = 0; i < size; ++i) {
              const ecdsa::Signature one = ecdsa::sign(scheme, key, c.hash, dg[i], single_source, nonces);
              CHECK(sigs[i].r == one.r);
              CHECK(sigs[i].s == one.s);
              ++compared;
            }
            // The same draws, of the same lengths, all from the calling thread.
            CHECK(batch_source.sizes == single_source.sizes);
            CHECK(batch_source.sizes.size() == (nonces == Nonces::hedged ? size : 0));
            for (const std::thread::id t : batch_source.threads) CHECK(t == std::this_thread::get_id());
          }
        }
      }
    }
  }
  CHECK(compared == 4 * 2 * 2 * (0 + 1 + 2 + 5 + 9) * 3);
}

TEST_CASE("sign_batch: the signatures verify, and a hash RFC 6979 cannot key is refused") {
  dstu::rng::ChaCha20Drbg rng(dstu::test::seed(), 643);
  const ecdsa::Group& group = ecdsa::Group::named("P-384");
  const ecdsa::PrivateKey key = ecdsa::PrivateKey::generate(group, rng);
  dstu::test::TestRng data(644);
  const std::vector<Bytes> dg = digests(data, 6, 48);
  const std::vector<std::span<const std::uint8_t>> views(dg.begin(), dg.end());
  for (const Scheme scheme : {Scheme::ecdsa, Scheme::ecgdsa}) {
    const ecdsa::PublicKey pub = ecdsa::public_key(scheme, key);
    const std::vector<ecdsa::Signature> sigs = ecdsa::sign_batch(scheme, key, "sha384", views, rng, 2);
    for (std::size_t i = 0; i < dg.size(); ++i) {
      CHECK(ecdsa::verify(scheme, pub, dg[i], sigs[i]));
      CHECK_FALSE(ecdsa::verify(scheme, pub, dg[(i + 1) % dg.size()], sigs[i]));
    }
    CHECK_THROWS_AS(ecdsa::sign_batch(scheme, key, "gost34311", views, rng, 2), dstu::Error);
  }
}
