// DSTU 7564:2014 Kupyna: KATs (byte and bit lengths, every output size in the file)
// once per CPU path, streaming with random split points, the 384/512 relation, and
// bad input.
#include <doctest/doctest.h>

#include <vector>

#include "cpu_paths.hpp"
#include "dstu/base/error.hpp"
#include "dstu/hash/kupyna.hpp"
#include "test_random.hpp"
#include "vec.hpp"

using dstu::Bytes;
using dstu::hash::Kupyna;

TEST_CASE("Kupyna known answers, every CPU path") {
  const auto vecs = dstu::test::load_vectors("hash/kupyna.vec");
  int checked = 0;
  dstu::test::for_each_cpu_path([&](const std::string& path) {
    for (const auto& v : vecs) {
      INFO(v.where() << " path=" << path);
      const std::size_t bits = std::stoul(v.get("DigestBits"));
      const std::uint64_t msg_bits = std::stoull(v.get("MsgBits"));
      const Bytes msg = v.bytes("Msg");
      REQUIRE(msg.size() == (msg_bits + 7) / 8);
      CHECK(dstu::to_hex(Kupyna::hash_bits(bits, msg, msg_bits)) == v.get("Digest"));
      if (msg_bits % 8 == 0) CHECK(dstu::to_hex(Kupyna::hash(bits, msg)) == v.get("Digest"));
      ++checked;
    }
  });
  CHECK(checked == static_cast<int>(dstu::test::cpu_paths().size()) * (11 + 8 + 8 + 2));
}

TEST_CASE("Kupyna streaming: random split points give the one-shot digest") {
  dstu::test::TestRng rng(7564);
  std::vector<std::size_t> lengths;
  for (std::size_t n = 0; n <= 300; ++n) lengths.push_back(n);
  for (std::size_t n : {1000, 4096, 4097, 65599}) lengths.push_back(n);
  for (std::size_t bits : {256, 384, 512, 8, 200, 264}) {
    Kupyna h(bits);
    for (std::size_t n : lengths) {
      Bytes msg(n);
      rng.fill(msg.data(), n);
      const Bytes want = Kupyna::hash(bits, msg);
      std::size_t at = 0;
      while (at < n) {
        const std::size_t take = rng.range(0, std::min<std::size_t>(n - at, rng.range(0, 1) ? 9 : 200));
        h.update(std::span<const std::uint8_t>(msg).subspan(at, take));
        at += take;
      }
      INFO("bits=" << bits << " n=" << n);
      REQUIRE(h.final() == want);
    }
  }
}

TEST_CASE("Kupyna bit-length input: whole octets through update_bits equal update") {
  dstu::test::TestRng rng(7565);
  for (std::size_t n = 0; n < 140; ++n) {
    Bytes msg(n);
    rng.fill(msg.data(), n);
    CHECK(Kupyna::hash_bits(256, msg, 8 * n) == Kupyna::hash(256, msg));
    if (n == 0) continue;
    // Bits past bit_count in the last octet are ignored.
    const std::uint64_t bit_count = 8 * n - rng.range(1, 7);
    Bytes other = msg;
    other.back() ^= static_cast<std::uint8_t>(0xff >> (bit_count % 8));
    CHECK(Kupyna::hash_bits(512, msg, bit_count) == Kupyna::hash_bits(512, other, bit_count));
    CHECK(Kupyna::hash_bits(512, msg, bit_count) != Kupyna::hash(512, msg));
  }
}

TEST_CASE("Kupyna-384 is the last 48 octets of Kupyna-512; shorter sizes are cuts") {
  dstu::test::TestRng rng(7566);
  for (std::size_t n : {0, 1, 3, 64, 95, 127, 128, 129, 300, 1025}) {
    Bytes msg(n);
    rng.fill(msg.data(), n);
    const Bytes d512 = Kupyna::hash(512, msg), d384 = Kupyna::hash(384, msg);
    CHECK(d384 == Bytes(d512.end() - 48, d512.end()));
    const Bytes d256 = Kupyna::hash(256, msg), d48 = Kupyna::hash(48, msg);
    CHECK(d48 == Bytes(d256.end() - 6, d256.end()));
    CHECK(Kupyna::hash(8, msg).size() == 1);
  }
}

TEST_CASE("Kupyna rejects bad digest sizes and misuse") {
  using dstu::Error;
  for (std::size_t bits : {0, 7, 12, 520, 1024}) CHECK_THROWS_AS(Kupyna{bits}, Error);
  Kupyna h(256);
  const Bytes one = {0xff}, two = {1, 2};
  CHECK_THROWS_AS(h.update_bits(two, 7), Error);
  h.update_bits(one, 3);
  CHECK_THROWS_AS(h.update(one), Error);
  Bytes small(31);
  CHECK_THROWS_AS(h.final(small), Error);
  h.reset();
  CHECK(h.final() == Kupyna::hash(256, {}));
}
