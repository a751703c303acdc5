// Differential tests of AES and TDES against OpenSSL's libcrypto (EVP), an independent
// implementation, on random keys, IVs, counters and lengths, on every CPU path of ours:
// AES-128/192/256 in ECB, CBC, CFB8, CFB128, OFB, CTR (counters that wrap), GCM (random
// IV lengths, AAD and tag lengths, both directions), CMAC, KW and KWP; TDES (three and
// two keys) in ECB, CBC, CFB8, CFB64, OFB, and DES where OpenSSL's legacy provider
// loads. Built only where CMake finds libcrypto (else reported SKIPPED).
#include <doctest/doctest.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/provider.h>

#include <string>

#include "cpu_paths.hpp"
#include "dstu/cipher/aes.hpp"
#include "dstu/cipher/aes_cmac.hpp"
#include "dstu/cipher/aes_gcm.hpp"
#include "dstu/cipher/aes_kw.hpp"
#include "dstu/cipher/des.hpp"
#include "dstu/cipher/modes.hpp"
#include "test_aes_support.hpp"

using dstu::Bytes;
using dstu::test::random_bytes;
namespace ci = dstu::cipher;

namespace {

/// One-shot EVP encryption or decryption without padding.
Bytes evp(const std::string& name, bool enc, const Bytes& key, const Bytes& iv, const Bytes& in) {
  EVP_CIPHER* c = EVP_CIPHER_fetch(nullptr, name.c_str(), nullptr);
  REQUIRE_MESSAGE(c != nullptr, name);
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  EVP_CIPHER_CTX_set_flags(ctx, EVP_CIPHER_CTX_FLAG_WRAP_ALLOW);
  REQUIRE(EVP_CipherInit_ex(ctx, c, nullptr, key.data(), iv.empty() ? nullptr : iv.data(), enc ? 1 : 0) == 1);
  EVP_CIPHER_CTX_set_padding(ctx, 0);
  Bytes out(in.size() + 64);
  int len = 0, fin = 0;
  const bool ok = EVP_CipherUpdate(ctx, out.data(), &len, in.data(), static_cast<int>(in.size())) == 1 &&
                  EVP_CipherFinal_ex(ctx, out.data() + len, &fin) == 1;
  EVP_CIPHER_CTX_free(ctx);
  EVP_CIPHER_free(c);
  out.resize(ok ? static_cast<std::size_t>(len + fin) : 0);
  return out;
}

void evp_gcm(bool enc, const Bytes& key, const Bytes& iv, const Bytes& aad, const Bytes& in, Bytes& out, Bytes& tag) {
  const std::string name = "AES-" + std::to_string(key.size() * 8) + "-GCM";
  EVP_CIPHER* c = EVP_CIPHER_fetch(nullptr, name.c_str(), nullptr);
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  REQUIRE(EVP_CipherInit_ex(ctx, c, nullptr, nullptr, nullptr, enc ? 1 : 0) == 1);
  REQUIRE(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_SET_IVLEN, static_cast<int>(iv.size()), nullptr) == 1);
  REQUIRE(EVP_CipherInit_ex(ctx, nullptr, nullptr, key.data(), iv.data(), enc ? 1 : 0) == 1);
  int len = 0;
  if (!aad.empty()) EVP_CipherUpdate(ctx, nullptr, &len, aad.data(), static_cast<int>(aad.size()));
  out.assign(in.size() + 16, 0);
  EVP_CipherUpdate(ctx, out.data(), &len, in.data(), static_cast<int>(in.size()));
  if (!enc) EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_SET_TAG, static_cast<int>(tag.size()), tag.data());
  int fin = 0;
  const int ok = EVP_CipherFinal_ex(ctx, out.data() + len, &fin);
  if (enc) EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_GET_TAG, static_cast<int>(tag.size()), tag.data());
  out.resize(ok == 1 ? in.size() : 0);
  EVP_CIPHER_CTX_free(ctx);
  EVP_CIPHER_free(c);
}

Bytes evp_cmac(const Bytes& key, const Bytes& msg) {
  EVP_MAC* mac = EVP_MAC_fetch(nullptr, "CMAC", nullptr);
  EVP_MAC_CTX* ctx = EVP_MAC_CTX_new(mac);
  char cipher[32];
  std::snprintf(cipher, sizeof cipher, "AES-%zu-CBC", key.size() * 8);
  const OSSL_PARAM params[] = {OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_CIPHER, cipher, 0), OSSL_PARAM_END};
  REQUIRE(EVP_MAC_init(ctx, key.data(), key.size(), params) == 1);
  EVP_MAC_update(ctx, msg.data(), msg.size());
  Bytes tag(16);
  std::size_t len = 0;
  EVP_MAC_final(ctx, tag.data(), &len, tag.size());
  EVP_MAC_CTX_free(ctx);
  EVP_MAC_free(mac);
  return tag;
}

}  // namespace

TEST_CASE("AES against OpenSSL: ECB, CBC, CFB8, CFB128, OFB, CTR on random inputs, every CPU path") {
  dstu::test::TestRng rng(0x55e1);
  dstu::test::for_each_cpu_path([&](const std::string& path) {
    for (int round = 0; round < 24; ++round) {
      const std::size_t bits = 128 + 64 * static_cast<std::size_t>(round % 3);
      const Bytes key = random_bytes(rng, bits / 8), iv = random_bytes(rng, 16);
      const std::size_t blocks = rng.range(0, 300);
      const Bytes whole = random_bytes(rng, 16 * blocks), any = random_bytes(rng, 16 * blocks + rng.range(0, 15));
      const ci::Aes c(key);
      const std::string b = "AES-" + std::to_string(bits) + "-";
      INFO(path << " (" << ci::aes_path() << "), AES-" << bits << ", " << blocks << " blocks");
      Bytes out(whole.size()), out_any(any.size());
      ci::ecb_encrypt(c, out, whole);
      CHECK(out == evp(b + "ECB", true, key, {}, whole));
      ci::ecb_decrypt(c, out, whole);
      CHECK(out == evp(b + "ECB", false, key, {}, whole));
      ci::aes_cbc_encrypt(c, iv, out, whole);
      CHECK(out == evp(b + "CBC", true, key, iv, whole));
      ci::aes_cbc_decrypt(c, iv, out, whole);
      CHECK(out == evp(b + "CBC", false, key, iv, whole));
      ci::cfb_encrypt(c, iv, out_any, any);
      CHECK(out_any == evp(b + "CFB", true, key, iv, any));
      ci::cfb_decrypt(c, iv, out_any, any);
      CHECK(out_any == evp(b + "CFB", false, key, iv, any));
      ci::cfb_encrypt(c, iv, out_any, any, 1);
      CHECK(out_any == evp(b + "CFB8", true, key, iv, any));
      ci::cfb_decrypt(c, iv, out_any, any, 1);
      CHECK(out_any == evp(b + "CFB8", false, key, iv, any));
      ci::ofb_crypt(c, iv, out_any, any);
      CHECK(out_any == evp(b + "OFB", true, key, iv, any));
      Bytes ctr = iv;  // OpenSSL's CTR steps the whole block: wrap its low octets often
      if (round % 2) std::fill(ctr.begin() + 8 + static_cast<long>(round % 8), ctr.end(), 0xff);
      ci::aes_ctr_crypt(c, ctr, out_any, any);
      CHECK(out_any == evp(b + "CTR", true, key, ctr, any));
    }
  }, true);
}

TEST_CASE("AES-GCM against OpenSSL: random IV, AAD, text and tag lengths, both ways, every CPU path") {
  dstu::test::TestRng rng(0x6c3);
  dstu::test::for_each_cpu_path([&](const std::string& path) {
    for (int round = 0; round < 40; ++round) {
      const Bytes key = random_bytes(rng, 16 + 8 * rng.range(0, 2));
      const Bytes iv = random_bytes(rng, round % 4 == 0 ? 12 : rng.range(1, 100));
      const Bytes aad = random_bytes(rng, rng.range(0, 300)), p = random_bytes(rng, rng.range(0, 2000));
      const std::size_t tag_len = std::array<std::size_t, 7>{4, 8, 12, 13, 14, 15, 16}[round % 7];
      INFO(path << " (" << ci::aes_path() << "), IV " << iv.size() << ", AAD " << aad.size() << ", text "
                << p.size() << ", tag " << tag_len);
      const ci::AesGcm g(key);
      Bytes c(p.size()), tag(tag_len), theirs, their_tag(tag_len);
      g.encrypt(c, tag, iv, aad, p);
      evp_gcm(true, key, iv, aad, p, theirs, their_tag);
      CHECK(c == theirs);
      CHECK(tag == their_tag);
      Bytes back(c.size()), opened;
      CHECK(g.decrypt(back, iv, aad, c, tag));
      CHECK(back == p);
      evp_gcm(false, key, iv, aad, c, opened, tag);
      CHECK(opened == p);
    }
  }, true);
}

TEST_CASE("CMAC, KW and KWP against OpenSSL on random inputs") {
  dstu::test::TestRng rng(0x38b);
  for (int round = 0; round < 60; ++round) {
    const Bytes key = random_bytes(rng, 16 + 8 * static_cast<std::size_t>(round % 3));
    const ci::Aes c(key);
    const Bytes msg = random_bytes(rng, rng.range(0, 200));
    CHECK(ci::cmac(c, msg) == evp_cmac(key, msg));
    const std::string b = "AES-" + std::to_string(key.size() * 8);
    const Bytes kw = random_bytes(rng, 8 * rng.range(2, 12)), kwp = random_bytes(rng, rng.range(1, 90));
    CHECK(ci::aes_kw_wrap(c, kw) == evp(b + "-WRAP", true, key, {}, kw));
    CHECK(ci::aes_kwp_wrap(c, kwp) == evp(b + "-WRAP-PAD", true, key, {}, kwp));
  }
}

TEST_CASE("TDES and DES against OpenSSL: ECB, CBC, CFB8, CFB64, OFB on random inputs") {
  dstu::test::TestRng rng(0x3de5);
  // Single DES lives in OpenSSL 3's legacy provider: compared where it loads.
  // Loading one provider by hand stops the default from loading by itself: load both, and
  // unload them at the end (LeakSanitizer counts them otherwise).
  OSSL_PROVIDER* legacy_provider = OSSL_PROVIDER_load(nullptr, "legacy");
  OSSL_PROVIDER* default_provider = OSSL_PROVIDER_load(nullptr, "default");
  const bool legacy = legacy_provider != nullptr && default_provider != nullptr;
  if (!legacy) MESSAGE("OpenSSL's legacy provider did not load: single DES is not compared");
  for (int round = 0; round < 60; ++round) {
    const int kind = round % 3;  // 0: three keys, 1: two keys, 2: DES
    if (kind == 2 && !legacy) continue;
    const Bytes key = random_bytes(rng, kind == 0 ? 24 : kind == 1 ? 16 : 8), iv = random_bytes(rng, 8);
    const std::string b = kind == 0 ? "DES-EDE3" : kind == 1 ? "DES-EDE" : "DES";
    const std::size_t blocks = rng.range(0, 40);
    const Bytes whole = random_bytes(rng, 8 * blocks), any = random_bytes(rng, 8 * blocks + rng.range(0, 7));
    const ci::Tdes c(key);
    INFO(b << ", " << blocks << " blocks");
    Bytes out(whole.size()), out_any(any.size());
    ci::ecb_encrypt(c, out, whole);
    CHECK(out == evp(b + "-ECB", true, key, {}, whole));
    ci::cbc_decrypt(c, iv, out, whole);
    CHECK(out == evp(b + "-CBC", false, key, iv, whole));
    ci::cbc_encrypt(c, iv, out, whole);
    CHECK(out == evp(b + "-CBC", true, key, iv, whole));
    ci::cfb_encrypt(c, iv, out_any, any);
    CHECK(out_any == evp(b + "-CFB", true, key, iv, any));
    if (kind != 1) {  // OpenSSL has no two-key CFB8
      ci::cfb_decrypt(c, iv, out_any, any, 1);
      CHECK(out_any == evp(b + "-CFB8", false, key, iv, any));
    }
    ci::ofb_crypt(c, iv, out_any, any);
    CHECK(out_any == evp(b + "-OFB", true, key, iv, any));
  }
  if (legacy_provider) OSSL_PROVIDER_unload(legacy_provider);
  if (default_provider) OSSL_PROVIDER_unload(default_provider);
}
