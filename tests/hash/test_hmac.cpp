// HMAC over every hash (hmac.hpp) and PBKDF2: RFC 2202 and RFC 4231 test cases, Project
// Wycheproof's HMAC-SHA-1/SHA3-256/SHA-512 files, HMAC-GOST34.311's KAT, once per CPU path;
// RFC 2104 written out over one-shot digests for every registered hash and key lengths
// around the block; HMAC-Kupyna through an explicitly supplied hasher; RFC 6070 and
// RFC 7914 PBKDF2; the per-hash classes against the generic one; refusals.
#include <doctest/doctest.h>

#include "cpu_paths.hpp"
#include "dstu/base/error.hpp"
#include "dstu/hash/gost34311.hpp"
#include "dstu/hash/hmac.hpp"
#include "dstu/hash/hmac_sha2.hpp"
#include "dstu/hash/kupyna.hpp"
#include "hash_test_util.hpp"
#include "test_random.hpp"
#include "vec.hpp"

using dstu::Bytes;
namespace hash = dstu::hash;

namespace {

Bytes plain(const dstu::SecureBytes& s) { return Bytes(s.begin(), s.end()); }

/// RFC 2104 §2 written out with one-shot digests of `make()`'s hash.
template <class Make>
Bytes hmac_written_out(Make make, std::span<const std::uint8_t> key, std::span<const std::uint8_t> data) {
  auto h = make();
  const std::size_t b = h->block_size();
  Bytes k(key.begin(), key.end());
  if (k.size() > b) {
    h->update(k);
    k = h->final();
  }
  k.resize(b, 0);
  Bytes inner(k), outer(k);
  for (auto& x : inner) x ^= 0x36;
  for (auto& x : outer) x ^= 0x5c;
  inner.insert(inner.end(), data.begin(), data.end());
  h->update(inner);
  const Bytes ih = h->final();
  outer.insert(outer.end(), ih.begin(), ih.end());
  h->update(outer);
  return h->final();
}

}  // namespace

TEST_CASE("HMAC RFC 2202 and RFC 4231 test cases, every CPU path") {
  for (const char* name : {"sha1", "sha224", "sha256", "sha384", "sha512"}) {
    const auto vs = dstu::test::load_vectors("hash/hmac_rfc.vec", name);
    REQUIRE(vs.size() >= 6);
    dstu::test::for_each_cpu_path([&](const std::string& path) {
      for (const auto& v : vs) {
        INFO(v.where() << " on " << path);
        CHECK(plain(hash::Hmac::mac(name, v.bytes("Key"), v.bytes("Data"))) == v.bytes("Mac"));
      }
    });
  }
}

TEST_CASE("HMAC Wycheproof vectors (SHA-1, SHA3-256, SHA-512), every CPU path") {
  for (const char* name : {"sha1", "sha3-256", "sha512"}) {
    const auto vs = dstu::test::load_vectors("hash/hmac_wycheproof.vec", name);
    REQUIRE(vs.size() == (std::string(name) == "sha1" ? 170u : 174u));
    dstu::test::for_each_cpu_path([&](const std::string& path) {
      for (const auto& v : vs) {
        INFO(v.where() << " tcId " << v.get("TcId") << " on " << path);
        hash::Hmac mac(name, v.bytes("Key"));
        mac.update(v.bytes("Data"));
        const bool valid = v.get("Result") == "valid";
        CHECK(mac.verify(v.bytes("Tag")) == valid);
        // The same object again (final went back to the keyed state), data in two parts.
        const Bytes data = v.bytes("Data"), tag = v.bytes("Tag");
        mac.update(std::span(data).first(data.size() / 2));
        mac.update(std::span(data).subspan(data.size() / 2));
        const Bytes full = plain(mac.final());
        CHECK((Bytes(full.begin(), full.begin() + static_cast<std::ptrdiff_t>(tag.size())) == tag) == valid);
      }
    });
  }
}

TEST_CASE("HMAC-GOST34.311 KAT through the generic HMAC and the named class") {
  const auto vs = dstu::test::load_vectors("hash/hmac_gost34311.vec");
  REQUIRE(!vs.empty());
  dstu::test::for_each_cpu_path([&](const std::string& path) {
    for (const auto& v : vs) {
      INFO(v.where() << " on " << path);
      hash::Gost34311Params p;
      p.sbox = dstu::test::sbox_named(v.get("SBox"));
      const Bytes iv = v.bytes("IV");
      std::copy(iv.begin(), iv.end(), p.iv.begin());
      CHECK(dstu::test::hex(hash::HmacGost34311::mac(v.bytes("Key"), v.bytes("Msg"), p)) == v.get("Mac"));
      p.impl = dstu::cipher::Gost28147Impl::constant_time;
      hash::Hmac mac(hash::make_gost34311_hasher(p), v.bytes("Key"));
      mac.update(v.bytes("Msg"));
      CHECK(dstu::to_hex(plain(mac.final())) == v.get("Mac"));
      if (v.get("SBox") == "dke1" && iv == Bytes(32, 0)) {
        CHECK(dstu::to_hex(plain(hash::Hmac::mac("gost34311", v.bytes("Key"), v.bytes("Msg")))) == v.get("Mac"));
      }
    }
  });
}

TEST_CASE("HMAC over every keyed hash equals RFC 2104 written out, keys around the block") {
  dstu::test::TestRng rng(2104);
  for (const auto& name : hash::hasher_names()) {
    if (name.rfind("kupyna", 0) == 0) continue;  // no keyed Kupyna in this build: next case
    const auto make = [&] { return hash::make_hasher(name, hash::Use::keyed); };
    const std::size_t b = make()->block_size();
    for (std::size_t klen : {std::size_t{0}, std::size_t{1}, b - 1, b, b + 1, 2 * b + 3}) {
      Bytes key(klen), data(rng.range(0, 3 * b));
      rng.fill(key.data(), key.size());
      rng.fill(data.data(), data.size());
      INFO(name << " key " << klen << " data " << data.size());
      CHECK(plain(hash::Hmac::mac(name, key, data)) == hmac_written_out(make, key, data));
    }
  }
}

TEST_CASE("HMAC-Kupyna by name runs on the constant-time Kupyna and equals the construction written out") {
  for (const char* name : {"kupyna256", "kupyna384", "kupyna512"}) {
    // The written-out twin hashes with the table implementation (public data in a
    // test), so the constant-time permutation under the key is checked against it.
    const auto make = [&] { return hash::make_hasher(name); };
    for (std::size_t klen : {0, 20, 64, 65, 128, 129, 300}) {
      const Bytes key(klen, 0x0b), data(100, 0xdd);
      hash::Hmac mac(name, key);
      mac.update(data);
      INFO(name << " key " << klen);
      CHECK(plain(mac.final()) == hmac_written_out(make, key, data));
    }
  }
}

TEST_CASE("PBKDF2: RFC 6070 and RFC 7914 vectors; the GOST 34.311 one equals the generic") {
  for (const char* name : {"sha1", "sha256"}) {
    for (const auto& v : dstu::test::load_vectors("hash/pbkdf2.vec", name)) {
      INFO(v.where());
      Bytes dk(v.bytes("DK").size());
      hash::pbkdf2(dk, name, v.bytes("Password"), v.bytes("Salt"), std::stoull(v.get("Iterations")));
      CHECK(dk == v.bytes("DK"));
    }
  }
  const Bytes pw = {'p', 'w'}, salt(20, 0x55);
  Bytes a(40), b(40);
  hash::pbkdf2_hmac_gost34311(a, pw, salt, 7);
  hash::pbkdf2(b, "gost34311", pw, salt, 7);
  CHECK(a == b);
  CHECK_THROWS_AS(hash::pbkdf2(b, "sha256", pw, salt, 0), dstu::Error);
  CHECK_THROWS_AS(hash::pbkdf2(std::span<std::uint8_t>(), "sha256", pw, salt, 1), dstu::Error);
}

TEST_CASE("HMAC: reset, verify's tag lengths, HmacSha2's names, refusals") {
  const Bytes key(10, 0x42), data(50, 0x17);
  hash::Hmac mac("sha256", key);
  CHECK(mac.hash_name() == "sha256");
  CHECK(mac.mac_size() == 32);
  mac.update(Bytes(5, 0));
  mac.reset();
  mac.update(data);
  const Bytes full = plain(mac.final());
  CHECK(full == plain(hash::Hmac::mac("sha256", key, data)));
  mac.update(data);
  CHECK(mac.verify(std::span(full).first(16)));
  mac.update(data);
  CHECK_THROWS_AS(mac.verify(std::span(full).first(15)), dstu::Error);  // under half the MAC
  Bytes longer(full);
  longer.push_back(0);
  CHECK_THROWS_AS(mac.verify(longer), dstu::Error);
  Bytes small(31);
  CHECK_THROWS_AS(mac.final(small), dstu::Error);
  CHECK_THROWS_AS(hash::Hmac("md5", key), dstu::Error);
  CHECK_THROWS_AS(hash::Hmac(std::unique_ptr<hash::Hasher>(), key), dstu::Error);
  CHECK(plain(hash::HmacSha2("sha384", key).final()) == plain(hash::Hmac::mac("sha384", key, {})));
  CHECK_FALSE(hash::HmacSha2::supports("sha1"));
  CHECK_FALSE(hash::HmacSha2::supports("sha3-256"));
  CHECK_THROWS_AS(hash::HmacSha2("sha3-256", key), dstu::Error);
}
