// Kalyna (DSTU 7624:2014), the block cipher: the standard's ECB examples once per path of
// the SPN layer (test-vectors/cipher/kalyna.vec [ecb]), every vector path against the
// portable (bitsliced) one on random keys and runs of every length up to a few batches,
// in place and apart, a key schedule made on one path used on another, the registry and
// bad sizes.
#include <doctest/doctest.h>

#include <cstring>
#include <map>

#include "dstu/base/error.hpp"
#include "dstu/cipher/block_cipher.hpp"
#include "dstu/cipher/kalyna.hpp"
#include "dstu/cipher/modes.hpp"
#include "test_kalyna_paths.hpp"
#include "test_random.hpp"
#include "vec.hpp"

using dstu::Bytes;
namespace ci = dstu::cipher;

namespace {

struct Size {
  std::size_t block_bits, key_octets;
  const char* name;
};
constexpr Size kSizes[] = {{128, 16, "kalyna128-128"},
                           {128, 32, "kalyna128-256"},
                           {256, 32, "kalyna256-256"},
                           {256, 64, "kalyna256-512"},
                           {512, 64, "kalyna512-512"}};

std::size_t block_bits_of(const std::string& name) { return std::stoul(name.substr(6, 3)); }

Bytes random_bytes(dstu::test::TestRng& rng, std::size_t n) {
  Bytes b(n);
  rng.fill(b.data(), n);
  return b;
}

}  // namespace

TEST_CASE("Kalyna ECB examples of DSTU 7624:2014, every SPN path") {
  const auto vecs = dstu::test::load_vectors("cipher/kalyna.vec", "ecb");
  REQUIRE(vecs.size() == 10);
  int checked = 0;
  dstu::test::for_each_kalyna_path([&](const std::string& path) {
    for (const auto& v : vecs) {
      INFO(v.where() << " path=" << path << " (" << ci::kalyna_cpu_path() << ")");
      const Bytes key = v.bytes("Key"), pt = v.bytes("Plaintext"), ct = v.bytes("Ciphertext");
      const ci::Kalyna c(block_bits_of(v.get("Cipher")), key);
      CHECK(c.name() == v.get("Cipher"));
      Bytes out(pt.size());
      ci::ecb_encrypt(c, out, pt);
      CHECK(dstu::to_hex(out) == dstu::to_hex(ct));
      ci::ecb_decrypt(c, out, ct);
      CHECK(dstu::to_hex(out) == dstu::to_hex(pt));
      ++checked;
    }
  });
  CHECK(checked == 10 * static_cast<int>(dstu::test::kalyna_paths().size()));
}

TEST_CASE("Kalyna: every vector path equals the portable path on random runs") {
  dstu::test::TestRng rng(7624);
  const auto paths = dstu::test::kalyna_paths();
  for (const Size& s : kSizes) {
    for (int trial = 0; trial < 3; ++trial) {
      const Bytes key = random_bytes(rng, s.key_octets);
      const std::size_t b = s.block_bits / 8;
      // Runs across batch boundaries (256 octets) and every tail length in blocks.
      for (std::size_t blocks : {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 33, 40}) {
        const Bytes pt = random_bytes(rng, blocks * b);
        dstu::cpu::set_override("portable");
        const ci::Kalyna ref(s.block_bits, key);
        Bytes want(pt.size()), back(pt.size());
        ref.encrypt_blocks(want.data(), pt.data(), blocks);
        for (const std::string& path : paths) {
          dstu::cpu::set_override(path);
          INFO(s.name << " blocks=" << blocks << " path=" << path);
          const ci::Kalyna c(s.block_bits, key);  // schedule made on this path
          Bytes got(pt.size());
          c.encrypt_blocks(got.data(), pt.data(), blocks);
          CHECK(got == want);
          c.decrypt_blocks(back.data(), got.data(), blocks);
          CHECK(back == pt);
          Bytes inplace = pt;
          c.encrypt_blocks(inplace.data(), inplace.data(), blocks);
          CHECK(inplace == want);
          ref.decrypt_blocks(inplace.data(), inplace.data(), blocks);  // portable's schedule, this path
          CHECK(inplace == pt);
        }
        dstu::cpu::set_override("native");
      }
    }
  }
}

TEST_CASE("Kalyna: the registry names the five sizes; bad sizes are refused") {
  const auto names = ci::block_cipher_names();
  std::map<std::string, bool> have;
  for (const auto& n : names) have[n] = true;
  dstu::test::TestRng rng(7625);
  for (const Size& s : kSizes) {
    CHECK(have[s.name]);
    const Bytes key = random_bytes(rng, s.key_octets);
    const auto c = ci::make_block_cipher(s.name, key);
    CHECK(c->name() == s.name);
    CHECK(c->block_size() == s.block_bits / 8);
    CHECK(c->key_size() == s.key_octets);
    // The registry's object is the same cipher as the class.
    const ci::Kalyna direct(s.block_bits, key);
    const Bytes pt = random_bytes(rng, 3 * c->block_size());
    Bytes a(pt.size()), b(pt.size());
    c->encrypt_blocks(a.data(), pt.data(), 3);
    direct.encrypt_blocks(b.data(), pt.data(), 3);
    CHECK(a == b);
    CHECK_THROWS_AS(ci::make_block_cipher(s.name, Bytes(s.key_octets + 8)), dstu::Error);
  }
  CHECK_THROWS_AS(ci::Kalyna(512, Bytes(128)), dstu::Error);
  CHECK_THROWS_AS(ci::Kalyna(128, Bytes(24)), dstu::Error);
  CHECK_THROWS_AS(ci::Kalyna(192, Bytes(24)), dstu::Error);
  CHECK_THROWS_AS(ci::Kalyna(256, Bytes(16)), dstu::Error);
}
