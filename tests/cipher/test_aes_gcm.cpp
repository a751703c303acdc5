// AES-GCM and GMAC (dstu/cipher/aes_gcm.hpp): NIST CAVP GCMVS and every Wycheproof
// aes_gcm test once per CPU path (every valid one accepted and reproduced, every invalid
// one refused with its output zeroed); GHASH of every path against SP 800-38D's
// Algorithm 1 written out bit by bit here; tag lengths, IV lengths, in place, errors.
#include <doctest/doctest.h>

#include <cstring>

#include "aes_internal.hpp"
#include "cpu_paths.hpp"
#include "dstu/base/error.hpp"
#include "dstu/cipher/aes_gcm.hpp"
#include "test_aes_support.hpp"

using dstu::Bytes;
using dstu::test::random_bytes;
namespace ci = dstu::cipher;

namespace {

/// X * Y in GF(2^128) by SP 800-38D §6.3 Algorithm 1, on blocks as octets.
Bytes gf_mul(const Bytes& x, const Bytes& y) {
  Bytes z(16, 0), v = y;
  for (int i = 0; i < 128; ++i) {
    if ((x[i / 8] >> (7 - i % 8)) & 1) {
      for (int j = 0; j < 16; ++j) z[j] ^= v[j];
    }
    const bool lsb = v[15] & 1;
    for (int j = 15; j > 0; --j) v[j] = static_cast<std::uint8_t>((v[j] >> 1) | (v[j - 1] << 7));
    v[0] >>= 1;
    if (lsb) v[0] ^= 0xe1;
  }
  return z;
}

Bytes ghash_reference(const Bytes& h, const Bytes& data) {
  Bytes x(16, 0);
  for (std::size_t at = 0; at < data.size(); at += 16) {
    for (int j = 0; j < 16; ++j) x[j] ^= data[at + j];
    x = gf_mul(x, h);
  }
  return x;
}

/// Decrypts; returns whether it was accepted, checks that a refusal zeroes the output.
bool open(const ci::AesGcm& g, const Bytes& iv, const Bytes& aad, const Bytes& ct, const Bytes& tag, Bytes& out) {
  out.assign(ct.size(), 0x5a);
  const bool ok = g.decrypt(out, iv, aad, ct, tag);
  if (!ok) CHECK(out == Bytes(ct.size(), 0));
  return ok;
}

void check_gcm_vectors(const std::string& file) {
  dstu::test::for_vectors_on_every_path(file, [](const dstu::test::Vector& v) {
    const std::string result = v.get("Result");
    const Bytes key = v.bytes("Key"), iv = v.bytes("IV"), aad = v.bytes("AAD");
    const Bytes p = v.bytes("Plaintext"), c = v.bytes("Ciphertext"), tag = v.bytes("Tag");
    bool accepted = false;
    Bytes out;
    try {
      const ci::AesGcm g(key);
      accepted = open(g, iv, aad, c, tag, out);
      if (result == "valid") {
        Bytes c2(p.size()), t2(tag.size());
        g.encrypt(c2, t2, iv, aad, p);
        CHECK(c2 == c);
        CHECK(t2 == tag);
      }
    } catch (const dstu::Error&) {
      accepted = false;  // an invalid key or IV length: refused
    }
    CHECK(accepted == (result == "valid"));
    if (accepted) CHECK(out == p);
  });
}

}  // namespace

TEST_CASE("AES-GCM: NIST CAVP GCMVS (IVs of 8, 96 and 1024 bits, every tag length), every CPU path") {
  check_gcm_vectors("cipher/aes_gcm.vec");
}

TEST_CASE("AES-GCM: every Wycheproof aes_gcm test, every CPU path") {
  check_gcm_vectors("cipher/aes_wycheproof_gcm.vec");
}

TEST_CASE("GHASH of every path equals SP 800-38D Algorithm 1 on every length up to 70 blocks") {
  dstu::test::TestRng rng(0x6c);
  const Bytes h = random_bytes(rng, 16);
  ci::aes_impl::GhashKey key;
  ci::aes_impl::ghash_key_init(key, h.data());
  for (std::size_t blocks = 0; blocks <= 70; ++blocks) {
    const Bytes data = random_bytes(rng, 16 * blocks);
    const Bytes want = ghash_reference(h, data);
    dstu::test::for_each_cpu_path(
        [&](const std::string& path) {
          INFO(blocks << " blocks on " << path);
          std::uint64_t x[2] = {0, 0};
          ci::aes_impl::kernels().ghash(key, x, data.data(), blocks);
          Bytes got(16);
          for (int i = 0; i < 8; ++i) {
            got[i] = static_cast<std::uint8_t>(x[1] >> (56 - 8 * i));
            got[8 + i] = static_cast<std::uint8_t>(x[0] >> (56 - 8 * i));
          }
          CHECK(got == want);
        },
        true);
  }
}

TEST_CASE("AES-GCM: every path agrees on random lengths; in place; truncated tags; GMAC; refusals") {
  dstu::test::TestRng rng(0x6c2);
  for (int round = 0; round < 40; ++round) {
    const Bytes key = random_bytes(rng, 16 + 8 * rng.range(0, 2));
    const Bytes iv = random_bytes(rng, round % 3 == 0 ? 12 : rng.range(1, 80));
    const Bytes aad = random_bytes(rng, rng.range(0, 100));
    const Bytes p = random_bytes(rng, round < 8 ? round : rng.range(0, 1200));
    const std::size_t tag_len = std::array<std::size_t, 7>{4, 8, 12, 13, 14, 15, 16}[round % 7];
    const ci::AesGcm g(key);
    dstu::cpu::set_override("portable");
    Bytes want_c(p.size()), want_t(16);
    g.encrypt(want_c, want_t, iv, aad, p);
    dstu::test::for_each_cpu_path(
        [&](const std::string& path) {
          INFO("round " << round << " on " << path << ", " << p.size() << " octets, IV " << iv.size());
          Bytes c = p, t(tag_len), out;
          g.encrypt(c, t, iv, aad, c);  // in place
          CHECK(c == want_c);
          CHECK(t == Bytes(want_t.begin(), want_t.begin() + static_cast<long>(tag_len)));
          CHECK(open(g, iv, aad, c, t, out));
          CHECK(out == p);
          Bytes self = c;
          CHECK(g.decrypt(self, iv, aad, self, t));
          CHECK(self == p);
          Bytes bad_t = t;
          bad_t[rng.range(0, tag_len - 1)] ^= static_cast<std::uint8_t>(1 << rng.range(0, 7));
          CHECK_FALSE(open(g, iv, aad, c, bad_t, out));
          if (!c.empty()) {
            Bytes bad_c = c;
            bad_c[rng.range(0, c.size() - 1)] ^= 1;
            CHECK_FALSE(open(g, iv, aad, bad_c, t, out));
          }
          Bytes mac(16);
          g.gmac(mac, iv, aad);
          CHECK(g.gmac_verify(iv, aad, mac));
          mac[0] ^= 0x80;
          CHECK_FALSE(g.gmac_verify(iv, aad, mac));
        },
        true);
  }
}

TEST_CASE("AES-GCM: tag lengths, IV and output errors") {
  const ci::AesGcm g(Bytes(16, 7));
  const Bytes iv(12, 1), p(5, 2);
  Bytes c(5), t(16);
  for (const std::size_t bad : {0, 1, 3, 5, 7, 9, 10, 11, 17}) {
    Bytes tb(bad);
    CHECK_THROWS_AS(g.encrypt(c, tb, iv, {}, p), dstu::Error);
  }
  CHECK_THROWS_AS(g.encrypt(c, t, Bytes{}, {}, p), dstu::Error);
  Bytes short_out(4);
  CHECK_THROWS_AS(g.encrypt(short_out, t, iv, {}, p), dstu::Error);
  CHECK_THROWS_AS(ci::AesGcm(Bytes(15)), dstu::Error);
}
