// GOST 34.311-95 and HMAC-GOST34.311: KATs once per CPU path and round function, both
// empty-message readings, streaming with random split points, bad input.
#include <doctest/doctest.h>

#include <vector>

#include "cpu_paths.hpp"
#include "dstu/base/error.hpp"
#include "dstu/hash/gost34311.hpp"
#include "hash_test_util.hpp"
#include "test_random.hpp"
#include "vec.hpp"

using dstu::Bytes;
using dstu::cipher::Gost28147Impl;
using dstu::hash::Gost34311;
using dstu::hash::Gost34311Final;
using dstu::hash::Gost34311Params;
using dstu::hash::HmacGost34311;
using dstu::test::hex;

namespace {

Gost34311Params params_of(const dstu::test::Vector& v, Gost28147Impl impl, Gost34311Final fin) {
  Gost34311Params p;
  p.sbox = dstu::test::sbox_named(v.get("SBox"));
  const Bytes iv = v.bytes("IV");
  REQUIRE(iv.size() == 32);
  std::copy(iv.begin(), iv.end(), p.iv.begin());
  p.impl = impl;
  p.final = fin;
  return p;
}

/// Feeds msg in random pieces.
template <class H>
void update_split(H& h, const Bytes& msg, dstu::test::TestRng& rng) {
  std::size_t at = 0;
  while (at < msg.size()) {
    const std::size_t n = rng.range(0, std::min<std::size_t>(msg.size() - at, rng.range(0, 1) ? 7 : 100));
    h.update(std::span<const std::uint8_t>(msg).subspan(at, n));
    at += n;
  }
}

}  // namespace

TEST_CASE("GOST 34.311 known answers, both round functions, every CPU path") {
  const auto vecs = dstu::test::load_vectors("hash/gost34311.vec");
  int checked = 0;
  dstu::test::for_each_cpu_path([&](const std::string& path) {
    for (const auto& v : vecs) {
      for (Gost28147Impl impl : {Gost28147Impl::table_vartime, Gost28147Impl::constant_time}) {
        INFO(v.where() << " path=" << path << " ct=" << (impl == Gost28147Impl::constant_time));
        const Bytes msg = v.bytes("Msg");
        const auto std_p = params_of(v, impl, Gost34311Final::process_empty_block);
        const auto skip_p = params_of(v, impl, Gost34311Final::skip_empty_block);
        CHECK(hex(Gost34311::hash(msg, std_p)) == v.get("Digest"));
        if (msg.empty()) {
          // The other reading (BouncyCastle, gost89): no step on the empty final block.
          REQUIRE(v.has("DigestSkipEmpty"));
          CHECK(hex(Gost34311::hash(msg, skip_p)) == v.get("DigestSkipEmpty"));
          CHECK(v.get("DigestSkipEmpty") != v.get("Digest"));
        } else {
          CHECK(hex(Gost34311::hash(msg, skip_p)) == v.get("Digest"));
        }
        ++checked;
      }
    }
  });
  CHECK(checked == static_cast<int>(dstu::test::cpu_paths().size()) * 2 * 14);
}

TEST_CASE("HMAC-GOST34.311 known answer") {
  const auto vecs = dstu::test::load_vectors("hash/hmac_gost34311.vec");
  dstu::test::for_each_cpu_path([&](const std::string& path) {
    for (const auto& v : vecs) {
      INFO(v.where() << " path=" << path);
      const auto p = params_of(v, Gost28147Impl::constant_time, Gost34311Final::process_empty_block);
      CHECK(hex(HmacGost34311::mac(v.bytes("Key"), v.bytes("Msg"), p)) == v.get("Mac"));
      HmacGost34311 h(v.bytes("Key"), p);
      h.update(v.bytes("Msg"));
      CHECK(hex(h.final()) == v.get("Mac"));
      h.update(v.bytes("Msg"));  // final() reset it to the keyed state
      CHECK(hex(h.final()) == v.get("Mac"));
    }
  });
}

TEST_CASE("HMAC follows RFC 2104 for short, block-size and long keys") {
  dstu::test::TestRng rng(34311);
  for (std::size_t klen : {0, 1, 31, 32, 33, 64, 100}) {
    Bytes key(klen), msg(rng.range(0, 90));
    rng.fill(key.data(), key.size());
    rng.fill(msg.data(), msg.size());
    Bytes k(32, 0);
    if (klen > 32) {
      const auto d = Gost34311::hash(key);
      std::copy(d.begin(), d.end(), k.begin());
    } else {
      std::copy(key.begin(), key.end(), k.begin());
    }
    Bytes inner(32), outer(32);
    for (int i = 0; i < 32; ++i) inner[i] = k[i] ^ 0x36, outer[i] = k[i] ^ 0x5c;
    inner.insert(inner.end(), msg.begin(), msg.end());
    const auto ih = Gost34311::hash(inner);
    outer.insert(outer.end(), ih.begin(), ih.end());
    INFO("klen=" << klen);
    CHECK(HmacGost34311::mac(key, msg) == Gost34311::hash(outer));
  }
}

TEST_CASE("GOST 34.311 streaming: random split points give the one-shot digest") {
  dstu::test::TestRng rng(34312);
  std::vector<std::size_t> lengths;
  for (std::size_t n = 0; n <= 300; ++n) lengths.push_back(n);
  for (std::size_t n : {1000, 4096, 4097, 65599}) lengths.push_back(n);
  Gost34311 h;
  for (std::size_t n : lengths) {
    Bytes msg(n);
    rng.fill(msg.data(), n);
    const auto want = Gost34311::hash(msg);
    update_split(h, msg, rng);
    INFO("n=" << n);
    CHECK(h.final() == want);  // final() also resets h for the next message
    Gost34311Params ct;
    ct.impl = Gost28147Impl::constant_time;
    if (n % 16 == 0) CHECK(Gost34311::hash(msg, ct) == want);
  }
}

TEST_CASE("GOST 34.311 copies, reset and bad output size") {
  Gost34311 a;
  const Bytes x = {1, 2, 3};
  a.update(x);
  Gost34311 b = a;
  b.update(x);
  a.update(x);
  CHECK(a.final() == b.final());
  a.update(x);
  a.reset();
  CHECK(a.final() == Gost34311::hash({}));
  Bytes small(31);
  CHECK_THROWS_AS(a.final(small), dstu::Error);
}
