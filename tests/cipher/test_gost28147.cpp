// GOST 28147-89: known answers in every mode (both implementations, every CPU path),
// the registry, S-box packing, round trips and bad input. The differential tests of
// the kernels are in test_gost28147_lanes.cpp, the key wrap in test_gost28147_wrap.cpp.
#include <doctest/doctest.h>

#include <algorithm>
#include <vector>

#include "cpu_paths.hpp"
#include "dstu/base/error.hpp"
#include "dstu/cipher/block_cipher.hpp"
#include "dstu/cipher/gost28147.hpp"
#include "dstu/cipher/modes.hpp"
#include "gost28147_test_util.hpp"
#include "test_random.hpp"
#include "vec.hpp"

using dstu::Bytes;
using dstu::cipher::Gost28147;
using dstu::cipher::Gost28147Impl;
using dstu::cipher::SBox;

namespace {

const Gost28147Impl kImpls[] = {Gost28147Impl::constant_time, Gost28147Impl::table_vartime};

const char* impl_name(Gost28147Impl i) { return i == Gost28147Impl::constant_time ? "ct" : "table"; }

template <class A>
std::string hex(const A& a) {
  return dstu::to_hex(std::span<const std::uint8_t>(a.data(), a.size()));
}

/// Checks one vector of any mode with cipher c; returns false for an unknown mode.
bool check_vector(const dstu::test::Vector& v, const Gost28147& c) {
  const std::string mode = v.get("Mode");
  const Bytes pt = v.bytes("Plaintext");
  Bytes out(pt.size()), back(pt.size());
  if (mode == "ecb") {
    c.ecb_encrypt(out, pt);
    CHECK(dstu::to_hex(out) == v.get("Ciphertext"));
    c.ecb_decrypt(back, out);
    CHECK(back == pt);
  } else if (mode == "ctr") {
    c.ctr_crypt(out, pt, v.bytes("IV"));
    CHECK(dstu::to_hex(out) == v.get("Ciphertext"));
    c.ctr_crypt(back, out, v.bytes("IV"));
    CHECK(back == pt);
  } else if (mode == "cfb") {
    c.cfb_encrypt(out, pt, v.bytes("IV"));
    CHECK(dstu::to_hex(out) == v.get("Ciphertext"));
    c.cfb_decrypt(back, out, v.bytes("IV"));
    CHECK(back == pt);
  } else if (mode == "mac") {
    CHECK(hex(c.mac(pt)) == v.get("Mac"));
  } else if (mode == "wrap") {
    const Bytes iv = v.bytes("IV");
    const auto wrapped = dstu::cipher::gost28147_wrap(c, std::span<const std::uint8_t, 32>(pt.data(), 32),
                                                      std::span<const std::uint8_t, 8>(iv.data(), 8));
    CHECK(hex(wrapped) == v.get("Ciphertext"));
    std::uint8_t cek[32];
    CHECK(dstu::cipher::gost28147_unwrap(c, v.bytes("Ciphertext"), cek));
    CHECK(Bytes(cek, cek + 32) == pt);
  } else {
    return false;
  }
  return true;
}

}  // namespace

TEST_CASE("GOST 28147 known answers, every mode, both implementations, every CPU path") {
  struct File {
    const char* path;
    std::size_t vectors;
  };
  for (const File f : {File{"cipher/gost28147.vec", 6}, File{"cipher/gost28147_published.vec", 17}}) {
    std::vector<dstu::test::Vector> vecs;
    for (const auto& v : dstu::test::load_vectors(f.path)) {
      if (v.has("Mode")) vecs.push_back(v);
    }
    REQUIRE(vecs.size() == f.vectors);
    std::size_t checked = 0;
    dstu::test::for_each_cpu_path(
        [&](const std::string& path) {
          for (const auto& v : vecs) {
            for (Gost28147Impl impl : kImpls) {
              INFO(v.where() << " path=" << path << " impl=" << std::string(impl_name(impl)));
              const Gost28147 c(v.bytes("Key"), dstu::test::gost28147_sbox(v.get("SBox")), impl);
              CHECK(check_vector(v, c));
              ++checked;
            }
          }
        },
        /*thorough=*/true);
    CHECK(checked == dstu::test::cpu_paths(true).size() * 2 * f.vectors);
  }
}

TEST_CASE("the registry makes GOST 28147 with DKE No.1, and the generic modes run on it") {
  const auto names = dstu::cipher::block_cipher_names();
  CHECK(std::find(names.begin(), names.end(), "gost28147") != names.end());
  Bytes key(32);
  for (std::size_t i = 0; i < key.size(); ++i) key[i] = static_cast<std::uint8_t>(i);
  const auto c = dstu::cipher::make_block_cipher("gost28147", key);
  CHECK(c->name() == "gost28147");
  CHECK(c->block_size() == 8);
  CHECK(c->key_size() == 32);
  const Gost28147 direct(key, SBox::dke1());
  // gost89's ECB vector under DKE No.1 (test-vectors/cipher/gost28147.vec).
  const Bytes pt = dstu::from_hex("0001020304050607f1f2f3f4f5f6f7f8");
  Bytes out(pt.size()), want(pt.size());
  dstu::cipher::ecb_encrypt(*c, out, pt);
  CHECK(dstu::to_hex(out) == "e393a17df2b6de6f2086d8230c277432");
  // GOST 28147-89's gamma with feedback is SP 800-38A CFB with full-block segments.
  const Bytes iv = dstu::from_hex("f1f2f3f4f5f6f7f8");
  dstu::cipher::cfb_encrypt(*c, iv, out, pt);
  direct.cfb_encrypt(want, pt, iv);
  CHECK(out == want);
  CHECK_THROWS_AS(dstu::cipher::make_block_cipher("gost28147", Bytes(31)), dstu::Error);
}

TEST_CASE("S-box packed form: expand, compress, and the published rows") {
  auto sboxes = dstu::test::load_vectors("cipher/gost28147.vec", "sbox");
  for (const auto& v : dstu::test::load_vectors("cipher/gost28147_published.vec", "sbox")) sboxes.push_back(v);
  CHECK(sboxes.size() == 6);
  for (const auto& v : sboxes) {
    INFO(v.where());
    const SBox s = dstu::test::gost28147_sbox(v.get("Name"));
    std::string rows;
    for (int r = 0; r < 8; ++r) {
      std::uint16_t seen = 0;
      for (int c = 0; c < 16; ++c) {
        rows += "0123456789abcdef"[s.at(r, c)];
        seen = static_cast<std::uint16_t>(seen | 1u << s.at(r, c));
      }
      CHECK(seen == 0xffff);  // every published row is a permutation
    }
    CHECK(rows == v.get("Rows"));
    CHECK(SBox::from_packed(s.packed()) == s);
    if (v.has("Packed")) {
      CHECK(hex(s.packed()) == v.get("Packed"));
      CHECK(SBox::from_packed(v.bytes("Packed")) == s);
    }
  }
  CHECK(!(SBox::dke1() == SBox::test_paramset()));
}

TEST_CASE("constant-time and table round functions agree on random keys, S-boxes and blocks") {
  dstu::test::TestRng rng(2814701);
  for (int k = 0; k < 200; ++k) {
    std::uint8_t key[32];
    rng.fill(key, sizeof key);
    SBox sbox = SBox::dke1();
    if (k % 4 == 1) sbox = SBox::test_paramset();
    if (k % 4 >= 2) {  // any 8x16 nibble table, not only permutations
      std::uint8_t n[128];
      rng.fill(n, sizeof n);
      for (auto& x : n) x &= 15;
      sbox = SBox::from_nibbles(n);
    }
    const Gost28147 ct(key, sbox, Gost28147Impl::constant_time);
    const Gost28147 tb(key, sbox, Gost28147Impl::table_vartime);
    for (int i = 0; i < 50; ++i) {
      const std::uint64_t x = rng.u64();
      INFO("key#" << k << " block#" << i << " seed=" << dstu::test::seed());
      REQUIRE(ct.encrypt_word(x) == tb.encrypt_word(x));
      REQUIRE(ct.decrypt_word(x) == tb.decrypt_word(x));
      REQUIRE(ct.decrypt_word(ct.encrypt_word(x)) == x);
    }
    std::uint8_t msg[77];
    rng.fill(msg, sizeof msg);
    const std::size_t n = rng.range(0, sizeof msg);
    CHECK(ct.mac({msg, n}) == tb.mac({msg, n}));
  }
}

TEST_CASE("modes: round trips at every length, in place, and MAC edge cases") {
  dstu::test::TestRng rng(2814702);
  std::uint8_t key[32], iv[8];
  rng.fill(key, sizeof key);
  rng.fill(iv, sizeof iv);
  const Gost28147 c(key);
  for (std::size_t n = 0; n <= 40; ++n) {
    Bytes pt(n), ct(n), back(n);
    rng.fill(pt.data(), n);
    c.ctr_crypt(ct, pt, iv);
    c.ctr_crypt(back, ct, iv);
    CHECK(back == pt);
    c.cfb_encrypt(ct, pt, iv);
    c.cfb_decrypt(back, ct, iv);
    CHECK(back == pt);
    Bytes inplace = ct;
    c.cfb_decrypt(inplace, inplace, iv);
    CHECK(inplace == pt);
    // A CTR/CFB prefix of a longer message encrypts the same.
    if (n > 0) {
      Bytes shorter(n - 1);
      c.cfb_encrypt(shorter, std::span<const std::uint8_t>(pt).first(n - 1), iv);
      CHECK(Bytes(ct.begin(), ct.end() - 1) == shorter);
    }
  }
  CHECK(dstu::to_hex(c.mac({})) == "00000000");
  // Zero padding: a partial last block MACs like its zero-extended form.
  const std::uint8_t a[5] = {1, 2, 3, 4, 5}, b[8] = {1, 2, 3, 4, 5, 0, 0, 0};
  CHECK(c.mac(a) == c.mac(b));
  // One block is MACed as it is, not extended by a zero block (gost89 extends it:
  // test_gost28147_interop.cpp).
  const std::uint8_t b2[16] = {1, 2, 3, 4, 5};
  CHECK(c.mac(b) != c.mac(b2));
}

TEST_CASE("GOST 28147 rejects bad S-boxes, keys and IVs") {
  using dstu::Error;
  const std::vector<std::uint8_t> n127(127, 1), n129(129, 1), p63(63, 0), p65(65, 0);
  CHECK_THROWS_AS(SBox::from_nibbles(n127), Error);
  CHECK_THROWS_AS(SBox::from_nibbles(n129), Error);
  CHECK_THROWS_AS(SBox::from_packed(p63), Error);
  CHECK_THROWS_AS(SBox::from_packed(p65), Error);
  std::vector<std::uint8_t> big(128, 3);
  big[77] = 16;
  CHECK_THROWS_AS(SBox::from_nibbles(big), Error);
  const std::vector<std::uint8_t> k31(31, 0), k32(32, 0), iv7(7, 0);
  CHECK_THROWS_AS(Gost28147{k31}, Error);
  const Gost28147 c(k32);
  Bytes out(8), in(8), odd(7), odd_out(7);
  CHECK_THROWS_AS(c.ctr_crypt(out, in, iv7), Error);
  CHECK_THROWS_AS(c.ecb_encrypt(odd_out, odd), Error);
  CHECK_THROWS_AS(c.ecb_encrypt(odd_out, in), Error);
}
