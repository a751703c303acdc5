// DES and TDES (dstu/cipher/des.hpp): NIST CAVP TDESVS (ECB, CBC, OFB, CFB64, CFB8: the
// known-answer tests with K1 = K2 = K3, which are single DES, and the multi-block tests
// with three keys, two keys and one key) through the generic modes, as TDES and, where
// the three keys are equal, as DES, once per CPU path (scalar, AVX2, AVX-512 lanes);
// every path against the portable one on random runs; CMAC over TDES (SP 800-38B D.4);
// the complementation property; the registry.
#include <doctest/doctest.h>

#include "cpu_paths.hpp"
#include "dstu/base/error.hpp"
#include "dstu/cipher/aes_cmac.hpp"
#include "dstu/cipher/des.hpp"
#include "dstu/cipher/modes.hpp"
#include "test_random.hpp"
#include "vec.hpp"

using dstu::Bytes;
namespace ci = dstu::cipher;

namespace {

Bytes crypt(const ci::BlockCipher& c, const std::string& mode, bool encrypt, const Bytes& iv, const Bytes& in) {
  Bytes out(in.size());
  if (mode == "ecb") {
    encrypt ? ci::ecb_encrypt(c, out, in) : ci::ecb_decrypt(c, out, in);
  } else if (mode == "cbc") {
    encrypt ? ci::cbc_encrypt(c, iv, out, in) : ci::cbc_decrypt(c, iv, out, in);
  } else if (mode == "cfb64" || mode == "cfb8") {
    const std::size_t seg = mode == "cfb8" ? 1 : 8;
    encrypt ? ci::cfb_encrypt(c, iv, out, in, seg) : ci::cfb_decrypt(c, iv, out, in, seg);
  } else if (mode == "ofb") {
    ci::ofb_crypt(c, iv, out, in);
  } else {
    FAIL("unknown mode " << mode);
  }
  return out;
}

}  // namespace

TEST_CASE("TDES and DES: NIST CAVP TDESVS in ECB, CBC, OFB, CFB64 and CFB8") {
  const auto vectors = dstu::test::load_vectors("cipher/des_tdes.vec");
  REQUIRE(vectors.size() > 100);
  int single = 0;
  dstu::test::for_each_cpu_path(
      [&](const std::string& path) {
        for (const auto& v : vectors) {
          INFO(v.where() << " on " << path);
          const Bytes key = v.bytes("Key"), iv = v.has("IV") ? v.bytes("IV") : Bytes{};
          const Bytes p = v.bytes("Plaintext"), x = v.bytes("Ciphertext");
          const std::string mode = v.get("Mode");
          const ci::Tdes t(key);
          CHECK(crypt(t, mode, true, iv, p) == x);
          CHECK(crypt(t, mode, false, iv, x) == p);
          const Bytes k1(key.begin(), key.begin() + 8), k2(key.begin() + 8, key.begin() + 16);
          if (Bytes(key.begin() + 16, key.end()) == k1) {  // two-key form
            const ci::Tdes t2(Bytes(key.begin(), key.begin() + 16));
            CHECK(crypt(t2, mode, true, iv, p) == x);
            if (k1 == k2) {  // and single DES
              const ci::Tdes d(k1);
              CHECK(d.name() == "des");
              CHECK(crypt(d, mode, true, iv, p) == x);
              CHECK(crypt(d, mode, false, iv, x) == p);
              ++single;
            }
          }
        }
      },
      true);
  CHECK(single > 50);
}

TEST_CASE("TDES and DES: every CPU path equals the portable one on runs of 0 to 40 blocks") {
  dstu::test::TestRng rng(0xde5);
  for (const std::size_t key_len : {8, 16, 24}) {
    Bytes key(key_len);
    rng.fill(key.data(), key.size());
    const ci::Tdes c(key);
    for (std::size_t blocks = 0; blocks <= 40; ++blocks) {
      Bytes p(8 * blocks);
      rng.fill(p.data(), p.size());
      dstu::cpu::set_override("portable");
      Bytes want_e(p.size()), want_d(p.size());
      c.encrypt_blocks(want_e.data(), p.data(), blocks);
      c.decrypt_blocks(want_d.data(), p.data(), blocks);
      dstu::test::for_each_cpu_path(
          [&](const std::string& path) {
            INFO(key_len << "-octet key, " << blocks << " blocks on " << path);
            Bytes e = p, d(p.size());
            c.encrypt_blocks(e.data(), e.data(), blocks);  // in place
            c.decrypt_blocks(d.data(), p.data(), blocks);
            CHECK(e == want_e);
            CHECK(d == want_d);
          },
          true);
    }
  }
}

TEST_CASE("CMAC over TDES: SP 800-38B Appendix D.4") {
  for (const auto& v : dstu::test::load_vectors("cipher/aes_cmac.vec")) {
    if (v.get("Cipher") != "tdes") continue;
    INFO(v.where());
    const auto c = ci::make_block_cipher("tdes", v.bytes("Key"));
    CHECK(ci::cmac(*c, v.bytes("Msg")) == v.bytes("Tag"));
  }
}

TEST_CASE("DES and TDES: the registry, names and key lengths") {
  CHECK(ci::make_block_cipher("des", Bytes(8, 1))->name() == "des");
  CHECK(ci::make_block_cipher("tdes2", Bytes(16, 1))->name() == "tdes2");
  CHECK(ci::make_block_cipher("tdes", Bytes(24, 1))->block_size() == 8);
  CHECK_THROWS_AS(ci::make_block_cipher("tdes", Bytes(16, 1)), dstu::Error);
  CHECK_THROWS_AS(ci::Tdes(Bytes(12)), dstu::Error);
  // FIPS 46-3's complementation property: E_~K(~P) = ~E_K(P).
  const Bytes k = {0x13, 0x34, 0x57, 0x79, 0x9b, 0xbc, 0xdf, 0xf1}, p = {1, 35, 69, 103, 137, 171, 205, 239};
  Bytes nk(8), np(8), c(8), nc(8);
  for (int i = 0; i < 8; ++i) nk[i] = static_cast<std::uint8_t>(~k[i]), np[i] = static_cast<std::uint8_t>(~p[i]);
  ci::Tdes(k).encrypt_blocks(c.data(), p.data(), 1);
  ci::Tdes(nk).encrypt_blocks(nc.data(), np.data(), 1);
  for (int i = 0; i < 8; ++i) CHECK(nc[i] == static_cast<std::uint8_t>(~c[i]));
  CHECK(c == Bytes{0x85, 0xe8, 0x13, 0x54, 0x0f, 0x0a, 0xb4, 0x05});
}
