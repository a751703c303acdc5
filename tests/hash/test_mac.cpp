// A MAC behind the Hasher interface (mac.hpp): HMAC over every hash and Kupyna-KMAC give
// what Hmac and KupynaKmac give, in one call or streamed and through hash_file; the
// adapters go back to the keyed state after final() and reset(); the hashes each MAC
// takes, its key length, and the refusals.
#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "dstu/base/error.hpp"
#include "dstu/hash/hmac.hpp"
#include "dstu/hash/kupyna_kmac.hpp"
#include "dstu/hash/mac.hpp"
#include "test_random.hpp"
#include "vec.hpp"

using dstu::Bytes;
namespace hash = dstu::hash;

namespace {

Bytes plain(const dstu::SecureBytes& s) { return Bytes(s.begin(), s.end()); }

Bytes random_bytes(dstu::test::TestRng& rng, std::size_t n) {
  Bytes b(n);
  rng.fill(b.data(), n);
  return b;
}

/// The MAC of msg by h, fed in two parts.
Bytes streamed(hash::Hasher& h, std::span<const std::uint8_t> msg) {
  h.update(msg.first(msg.size() / 3));
  h.update(msg.subspan(msg.size() / 3));
  return h.final();
}

}  // namespace

TEST_CASE("HMAC as a Hasher equals Hmac over every hash; final and reset go back to the keyed state") {
  dstu::test::TestRng rng(0x6d61);
  for (const std::string& name : hash::hasher_names()) {
    INFO(name);
    const Bytes key = random_bytes(rng, rng.range(0, 200)), msg = random_bytes(rng, rng.range(0, 1000));
    const Bytes want = plain(hash::Hmac::mac(name, key, msg));
    auto h = hash::make_mac_hasher(hash::Mac::hmac, name, key);
    CHECK(h->name() == "hmac-" + name);
    CHECK(h->digest_size() == want.size());
    CHECK(h->block_size() == 0);
    CHECK(streamed(*h, msg) == want);
    CHECK(streamed(*h, msg) == want);  // final() left it keyed
    h->update(msg);
    h->reset();
    CHECK(streamed(*h, msg) == want);
    CHECK_FALSE(hash::mac_key_size(hash::Mac::hmac, name).has_value());
  }
}

TEST_CASE("KMAC as a Hasher: the DSTU 7564:2014 examples, streamed, after reset") {
  const auto vecs = dstu::test::load_vectors("hash/kupyna_kmac.vec");
  REQUIRE(vecs.size() >= 3);
  for (const auto& v : vecs) {
    INFO(v.where());
    const std::string name = "kupyna" + v.get("MacBits");
    const Bytes key = v.bytes("Key"), msg = v.bytes("Msg"), mac = v.bytes("Mac");
    REQUIRE(hash::mac_key_size(hash::Mac::kmac, name) == key.size());
    auto h = hash::make_mac_hasher(hash::Mac::kmac, name, key);
    CHECK(h->name() == "kmac-" + name);
    CHECK(h->digest_size() == mac.size());
    CHECK(streamed(*h, msg) == mac);
    h->update(msg);
    h->reset();
    CHECK(streamed(*h, msg) == mac);
    CHECK(streamed(*h, msg) == hash::KupynaKmac::mac(key.size() * 8, key, msg));
  }
}

TEST_CASE("a MAC through hash_file equals the one-shot MAC (past the first read, on the read-ahead thread)") {
  dstu::test::TestRng rng(0x6d62);
  const Bytes data = random_bytes(rng, (std::size_t{3} << 20) + 17), key = random_bytes(rng, 32);
  const std::filesystem::path path = std::filesystem::temp_directory_path() / "dstu-test-mac.bin";
  std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(data.data()),
                                              static_cast<std::streamsize>(data.size()));
  auto hmac = hash::make_mac_hasher(hash::Mac::hmac, "sha256", key);
  CHECK(hash::hash_file(*hmac, path.string()) == plain(hash::Hmac::mac("sha256", key, data)));
  auto kmac = hash::make_mac_hasher(hash::Mac::kmac, "kupyna256", key);
  CHECK(hash::hash_file(*kmac, path.string()) == hash::KupynaKmac::mac(256, key, data));
  std::filesystem::remove(path);
}

TEST_CASE("MAC names, defaults, and refusals") {
  CHECK(hash::mac_from_name("hmac") == hash::Mac::hmac);
  CHECK(hash::mac_from_name("kmac") == hash::Mac::kmac);
  CHECK_FALSE(hash::mac_from_name("cmac").has_value());
  CHECK(hash::mac_name(hash::Mac::kmac) == "kmac");
  CHECK(hash::default_mac_hash(hash::Mac::hmac) == "gost34311");
  CHECK(hash::default_mac_hash(hash::Mac::kmac) == "kupyna256");
  CHECK(hash::mac_key_size(hash::Mac::kmac, "kupyna384") == 48);
  CHECK(hash::mac_key_size(hash::Mac::kmac, "kupyna512") == 64);
  CHECK_THROWS_WITH_AS(hash::mac_key_size(hash::Mac::kmac, "sha256"),
                       doctest::Contains("KMAC is Kupyna's MAC"), dstu::Error);
  CHECK_THROWS_AS(hash::mac_key_size(hash::Mac::hmac, "md5"), dstu::Error);
  CHECK_THROWS_WITH_AS(hash::make_mac_hasher(hash::Mac::kmac, "kupyna256", Bytes(33)),
                       doctest::Contains("a key of 33 octets (32 expected)"), dstu::Error);
  CHECK_THROWS_AS(hash::make_mac_hasher(hash::Mac::kmac, "gost34311", Bytes(32)), dstu::Error);
  CHECK_THROWS_AS(hash::make_mac_hasher(hash::Mac::hmac, "nohash", Bytes(32)), dstu::Error);
  // No block size: HMAC is not built over a MAC.
  CHECK_THROWS_AS(hash::Hmac(hash::make_mac_hasher(hash::Mac::hmac, "sha256", Bytes(16)), Bytes(16)), dstu::Error);
}
