// SHA-3 and SHAKE (FIPS 202): NIST CAVP short and long messages, SHAKE's variable outputs
// and the Monte Carlo tests once per CPU path (each Keccak kernel); streaming with random
// splits; SHAKE squeezed in pieces; every kernel against the portable one on random states.
#include <doctest/doctest.h>

#include <algorithm>

#include "cpu_paths.hpp"
#include "dstu/base/error.hpp"
#include "dstu/cpu/features.hpp"
#include "dstu/hash/sha3.hpp"
#include "keccak.hpp"
#include "sha_kat.hpp"
#include "test_random.hpp"

using dstu::Bytes;
namespace hash = dstu::hash;

using dstu::test::random_bytes;

TEST_CASE("SHA-3 NIST CAVP vectors, every CPU path") {
  for (int bits : {224, 256, 384, 512}) {
    const std::string name = "sha3-" + std::to_string(bits);
    dstu::test::check_cavp(
        "hash/sha3.vec", name, 70, [&](const Bytes& m, std::size_t) { return dstu::test::digest_of(name, m); },
        [&](const dstu::test::Vector& v) { dstu::test::check_sha3vs_monte(name, v); });
  }
}

TEST_CASE("SHAKE NIST CAVP vectors (fixed and variable output), every CPU path") {
  for (std::size_t bits : {128, 256}) {
    dstu::test::check_cavp(
        "hash/shake.vec", "shake" + std::to_string(bits), 300,
        [&](const Bytes& m, std::size_t n) { return hash::Shake::hash(bits, m, n); },
        [&](const dstu::test::Vector& v) { dstu::test::check_shake_monte(bits, v); });
  }
}

TEST_CASE("SHA-3 and SHAKE streaming: any split of the input, any split of the output") {
  dstu::test::TestRng rng(202);
  for (int round = 0; round < 60; ++round) {
    const Bytes m = random_bytes(rng, rng.range(0, 700));
    for (int bits : {224, 256, 384, 512}) {
      const Bytes want = hash::Sha3::hash(bits, m);
      hash::Sha3 h(bits);
      for (std::size_t at = 0; at < m.size();) {
        const std::size_t n = rng.range(0, m.size() - at);
        h.update(std::span<const std::uint8_t>(m).subspan(at, n));
        at += n;
      }
      INFO("SHA3-" << bits << " length " << m.size());
      CHECK(h.final() == want);
      h.update(m);
      CHECK(h.final() == want);  // final() reset the object
    }
    for (std::size_t bits : {128, 256}) {
      const std::size_t out_len = rng.range(0, 600);
      const Bytes want = hash::Shake::hash(bits, m, out_len);
      hash::Shake x(bits);
      x.update(std::span<const std::uint8_t>(m).first(m.size() / 3));
      x.update(std::span<const std::uint8_t>(m).subspan(m.size() / 3));
      Bytes got(out_len);
      for (std::size_t at = 0; at < out_len;) {
        const std::size_t n = rng.range(0, out_len - at);
        x.squeeze(std::span<std::uint8_t>(got).subspan(at, n));
        at += n;
      }
      INFO("SHAKE" << bits << " length " << m.size() << " output " << out_len);
      CHECK(got == want);
    }
  }
}

TEST_CASE("SHA-3 and SHAKE refuse bad sizes and input after output") {
  CHECK_THROWS_AS(hash::Sha3(160), dstu::Error);
  CHECK_THROWS_AS(hash::Shake(512), dstu::Error);
  hash::Sha3 h(256);
  CHECK(h.block_size() == 136);
  Bytes small(31);
  CHECK_THROWS_AS(h.final(small), dstu::Error);
  hash::Shake x(128);
  CHECK(x.name() == "shake128");
  CHECK(x.block_size() == 168);
  x.squeeze(small);
  const std::uint8_t more[1] = {1};
  CHECK_THROWS_AS(x.update(more), dstu::Error);
  x.reset();
  x.update(more);  // allowed again after reset
}

TEST_CASE("every Keccak kernel equals the portable one on random states and blocks") {
  dstu::test::TestRng rng(1600);
  for (int round = 0; round < 200; ++round) {
    std::uint64_t a[25], b[25];
    for (int i = 0; i < 25; ++i) a[i] = b[i] = rng.u64();
    const std::size_t rate_words = rng.range(0, 21), blocks = rng.range(1, 4);
    const Bytes m = random_bytes(rng, 8 * rate_words * blocks);
    hash::detail::keccak_absorb_portable(a, m.data(), blocks, rate_words);
    std::uint64_t c[25];
    std::copy(b, b + 25, c);
    if (dstu::cpu::detected().bmi2) {
      hash::detail::keccak_absorb_bmi2(b, m.data(), blocks, rate_words);
      CHECK(std::equal(a, a + 25, b));
    }
    dstu::test::for_each_cpu_path([&](const std::string& path) {
      std::uint64_t d[25];
      std::copy(c, c + 25, d);
      hash::detail::keccak_absorb(d, m.data(), blocks, rate_words);
      INFO("path=" << path);
      CHECK(std::equal(a, a + 25, d));
    }, true);
  }
}
