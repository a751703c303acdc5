// The GOST 28147-89 key wrap of Ukrainian CMS: round trips on every CPU path, the
// structure (the IV and the MAC inside, recovered by undoing each layer with the modes),
// and refusals: any changed octet, a wrong KEK or S-box, a wrong length; a refused
// unwrap leaves the output all zero. The published vector (UAPKI) is in
// test-vectors/cipher/gost28147_published.vec.
#include <doctest/doctest.h>

#include <algorithm>

#include "cpu_paths.hpp"
#include "dstu/base/bytes.hpp"
#include "dstu/base/error.hpp"
#include "dstu/cipher/gost28147.hpp"
#include "test_random.hpp"

using dstu::Bytes;
namespace ci = dstu::cipher;

namespace {

/// A random KEK, key and IV.
struct Inputs {
  Bytes key = Bytes(32), cek = Bytes(32), iv = Bytes(8);
  explicit Inputs(dstu::test::TestRng& rng) {
    rng.fill(key.data(), key.size());
    rng.fill(cek.data(), cek.size());
    rng.fill(iv.data(), iv.size());
  }
};

std::array<std::uint8_t, 44> wrap(const ci::Gost28147& kek, const Bytes& cek, const Bytes& iv) {
  return ci::gost28147_wrap(kek, std::span<const std::uint8_t, 32>(cek.data(), 32),
                            std::span<const std::uint8_t, 8>(iv.data(), 8));
}

}  // namespace

TEST_CASE("key wrap: round trips, and the layers inside") {
  dstu::test::TestRng rng(2814720);
  dstu::test::for_each_cpu_path([&](const std::string& path) {
    for (int trial = 0; trial < 8; ++trial) {
      INFO("path " << path << " trial " << trial << " seed " << dstu::test::seed());
      Inputs in(rng);
      const Bytes& cek = in.cek;
      Bytes iv = in.iv;
      const ci::Gost28147 kek(in.key);
      const auto w = wrap(kek, cek, iv);
      std::uint8_t back[32];
      CHECK(ci::gost28147_unwrap(kek, w, back));
      CHECK(Bytes(back, back + 32) == cek);
      // Undo the layers: CFB under the fixed IV, reversal, IV || CFB_iv(CEK || MAC).
      Bytes inner(44), key_mac(36);
      kek.cfb_decrypt(inner, w, dstu::from_hex("4adda22c79e82105"));
      std::reverse(inner.begin(), inner.end());
      CHECK(Bytes(inner.begin(), inner.begin() + 8) == iv);
      kek.cfb_decrypt(key_mac, std::span<const std::uint8_t>(inner).subspan(8), iv);
      CHECK(Bytes(key_mac.begin(), key_mac.begin() + 32) == cek);
      const auto mac = kek.mac(cek);
      CHECK(std::equal(mac.begin(), mac.end(), key_mac.begin() + 32));
      // A fresh IV gives another wrap of the same key.
      iv[0] ^= 1;
      CHECK(wrap(kek, cek, iv) != w);
    }
  });
}

TEST_CASE("key unwrap refuses every changed octet, another KEK or S-box, and releases nothing") {
  dstu::test::TestRng rng(2814721);
  const Inputs in(rng);
  const Bytes &key = in.key, &cek = in.cek;
  const ci::Gost28147 kek(key);
  const auto w = wrap(kek, cek, in.iv);
  std::uint8_t out[32];
  for (std::size_t i = 0; i < w.size(); ++i) {
    for (const std::uint8_t flip : {0x01, 0x80, 0xff}) {
      auto bad = w;
      bad[i] ^= flip;
      std::fill(std::begin(out), std::end(out), 0x5a);
      INFO("octet " << i << " flip " << int(flip));
      CHECK_FALSE(ci::gost28147_unwrap(kek, bad, out));
      CHECK(std::all_of(std::begin(out), std::end(out), [](std::uint8_t x) { return x == 0; }));
    }
  }
  Bytes other = key;
  other[31] ^= 0x40;
  CHECK_FALSE(ci::gost28147_unwrap(ci::Gost28147(other), w, out));
  CHECK_FALSE(ci::gost28147_unwrap(ci::Gost28147(key, ci::SBox::test_paramset()), w, out));
  CHECK(ci::gost28147_unwrap(ci::Gost28147(key, ci::SBox::dke1(), ci::Gost28147Impl::table_vartime), w, out));
  CHECK(Bytes(out, out + 32) == cek);
  CHECK_THROWS_AS(ci::gost28147_unwrap(kek, std::span<const std::uint8_t>(w).first(43), out), dstu::Error);
  const Bytes longer(45, 0);
  CHECK_THROWS_AS(ci::gost28147_unwrap(kek, longer, out), dstu::Error);
}
