// Kupyna on the constant-time S-box layer it shares with Kalyna, and Kupyna-KMAC
// (DSTU 7564:2014's MAC): the standard's digests (hash/kupyna.vec) and MACs
// (hash/kupyna_kmac.vec) once per path of the layer, the layer against the table
// implementation on random messages, streaming, and bad keys.
#include <doctest/doctest.h>

#include "dstu/base/error.hpp"
#include "dstu/hash/kupyna.hpp"
#include "dstu/hash/kupyna_kmac.hpp"
#include "test_kalyna_paths.hpp"
#include "test_random.hpp"
#include "vec.hpp"

using dstu::Bytes;
using dstu::hash::Kupyna;
using dstu::hash::KupynaImpl;
using dstu::hash::KupynaKmac;

TEST_CASE("Kupyna known answers on the constant-time layer, every SPN path, both implementations") {
  const auto vecs = dstu::test::load_vectors("hash/kupyna.vec");
  int checked = 0;
  dstu::test::for_each_kalyna_path([&](const std::string& path) {
    for (const auto& v : vecs) {
      INFO(v.where() << " path=" << path << " (" << dstu::cipher::kalyna_cpu_path() << ")");
      const std::size_t bits = std::stoul(v.get("DigestBits"));
      const std::uint64_t msg_bits = std::stoull(v.get("MsgBits"));
      const Bytes msg = v.bytes("Msg");
      for (KupynaImpl impl : {KupynaImpl::constant_time, KupynaImpl::vartime}) {
        Kupyna k(bits, impl);
        k.update_bits(msg, msg_bits);
        CHECK(dstu::to_hex(k.final()) == v.get("Digest"));
      }
      ++checked;
    }
  });
  CHECK(checked == static_cast<int>(vecs.size() * dstu::test::kalyna_paths().size()));
}

TEST_CASE("Kupyna: the constant-time layer on every path equals the tables on random messages") {
  dstu::test::TestRng rng(7564'1);
  for (std::size_t bits : {256, 384, 512, 8, 264}) {
    for (std::size_t n : {0, 1, 51, 52, 63, 64, 65, 115, 116, 127, 128, 129, 200, 1000, 4097}) {
      Bytes msg(n);
      rng.fill(msg.data(), n);
      dstu::cpu::set_override("portable");  // the tables
      const Bytes want = Kupyna::hash(bits, msg);
      dstu::test::for_each_kalyna_path([&](const std::string& path) {
        INFO("bits=" << bits << " n=" << n << " path=" << path);
        Kupyna k(bits, KupynaImpl::constant_time);
        std::size_t at = 0;
        while (at < n) {  // random split points
          const std::size_t take = std::min<std::size_t>(n - at, rng.range(0, 150));
          k.update(std::span<const std::uint8_t>(msg).subspan(at, take));
          at += take;
        }
        CHECK(k.final() == want);
      });
    }
  }
}

TEST_CASE("Kupyna-KMAC examples of DSTU 7564:2014, every SPN path; streaming; verify") {
  const auto vecs = dstu::test::load_vectors("hash/kupyna_kmac.vec");
  REQUIRE(vecs.size() == 6);
  dstu::test::for_each_kalyna_path([&](const std::string& path) {
    for (const auto& v : vecs) {
      INFO(v.where() << " path=" << path);
      const std::size_t bits = std::stoul(v.get("MacBits"));
      const Bytes key = v.bytes("Key"), msg = v.bytes("Msg"), mac = v.bytes("Mac");
      CHECK(dstu::to_hex(KupynaKmac::mac(bits, key, msg)) == v.get("Mac"));
      KupynaKmac m(bits, key);
      m.update(std::span<const std::uint8_t>(msg).first(msg.size() / 3));
      m.update(std::span<const std::uint8_t>(msg).subspan(msg.size() / 3));
      CHECK(m.verify(mac));          // and starts again under the same key
      m.update(msg);
      CHECK(m.final() == mac);
      m.update(msg);
      Bytes bad = mac;
      bad[0] ^= 1;
      CHECK_FALSE(m.verify(bad));
    }
  });
}

TEST_CASE("Kupyna-KMAC refuses keys of another length and other sizes") {
  CHECK_THROWS_AS(KupynaKmac(256, Bytes(31)), dstu::Error);
  CHECK_THROWS_AS(KupynaKmac(384, Bytes(32)), dstu::Error);
  CHECK_THROWS_AS(KupynaKmac(320, Bytes(40)), dstu::Error);
  const Bytes k1(32, 1), k2(32, 2), msg(100, 3);
  CHECK(KupynaKmac::mac(256, k1, msg) != KupynaKmac::mac(256, k2, msg));
  KupynaKmac m(512, Bytes(64, 9));
  Bytes small(32);
  CHECK_THROWS_AS(m.final(small), dstu::Error);
}
