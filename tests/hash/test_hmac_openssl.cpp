// Differential tests against OpenSSL's libcrypto (an independent implementation): every
// SHA-1/SHA-2/SHA-3 hash of the registry (EVP_Digest), SHAKE128/256 at many output
// lengths (EVP_DigestFinalXOF), HMAC over each (HMAC()) and PBKDF2 (PKCS5_PBKDF2_HMAC), on
// random inputs of many lengths fed in random pieces, once per CPU path.
#include <doctest/doctest.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>

#include "cpu_paths.hpp"
#include "dstu/hash/hasher.hpp"
#include "dstu/hash/hmac.hpp"
#include "dstu/hash/sha3.hpp"
#include "sha_kat.hpp"
#include "test_random.hpp"

using dstu::Bytes;
using dstu::test::random_bytes;
namespace hash = dstu::hash;

namespace {

const std::pair<const char*, const EVP_MD* (*)()> kDigests[] = {
    {"sha1", EVP_sha1},           {"sha224", EVP_sha224},         {"sha256", EVP_sha256},
    {"sha384", EVP_sha384},       {"sha512", EVP_sha512},         {"sha512-224", EVP_sha512_224},
    {"sha512-256", EVP_sha512_256}, {"sha3-224", EVP_sha3_224},   {"sha3-256", EVP_sha3_256},
    {"sha3-384", EVP_sha3_384},   {"sha3-512", EVP_sha3_512},
};

Bytes openssl_digest(const EVP_MD* md, const Bytes& m) {
  Bytes out(static_cast<std::size_t>(EVP_MD_get_size(md)));
  unsigned len = 0;
  REQUIRE(EVP_Digest(m.data(), m.size(), out.data(), &len, md, nullptr) == 1);
  return out;
}

Bytes openssl_shake(const EVP_MD* md, const Bytes& m, std::size_t n) {
  Bytes out(n);
  EVP_MD_CTX* c = EVP_MD_CTX_new();
  REQUIRE(EVP_DigestInit_ex(c, md, nullptr) == 1);
  REQUIRE(EVP_DigestUpdate(c, m.data(), m.size()) == 1);
  REQUIRE(EVP_DigestFinalXOF(c, out.data(), n) == 1);
  EVP_MD_CTX_free(c);
  return out;
}

Bytes openssl_hmac(const EVP_MD* md, const Bytes& key, const Bytes& m) {
  Bytes out(EVP_MAX_MD_SIZE);
  unsigned len = 0;
  const std::uint8_t dummy = 0;  // HMAC() takes a null key as "reuse the context's key"
  REQUIRE(HMAC(md, key.empty() ? &dummy : key.data(), static_cast<int>(key.size()), m.data(), m.size(), out.data(),
               &len) != nullptr);
  out.resize(len);
  return out;
}

/// Lengths 0..300 (every padding boundary of every block size), then random up to 5000.
std::size_t length(dstu::test::TestRng& rng, int i) { return i <= 300 ? static_cast<std::size_t>(i) : rng.range(301, 5000); }

void feed_in_pieces(dstu::test::TestRng& rng, hash::Hasher& h, const Bytes& m) {
  for (std::size_t at = 0; at < m.size();) {
    const std::size_t n = rng.range(0, m.size() - at);
    h.update(std::span<const std::uint8_t>(m).subspan(at, n));
    at += n;
  }
}

}  // namespace

TEST_CASE("every SHA digest equals OpenSSL's, lengths 0..5000 fed in random pieces, every CPU path") {
  dstu::test::for_each_cpu_path([](const std::string& path) {
    dstu::test::TestRng rng(3001);
    for (const auto& digest : kDigests) {
      const char* name = digest.first;  // not a structured binding: INFO captures it (clang 14)
      auto h = hash::make_hasher(name);
      for (int i = 0; i < 340; ++i) {
        const Bytes m = random_bytes(rng, length(rng, i));
        feed_in_pieces(rng, *h, m);
        INFO(name << " length " << m.size() << " path " << path);
        CHECK(h->final() == openssl_digest(digest.second(), m));
      }
    }
  }, true);
}

TEST_CASE("SHAKE128/256 equal OpenSSL's at output lengths 0..700, every CPU path") {
  dstu::test::for_each_cpu_path([](const std::string& path) {
    dstu::test::TestRng rng(3002);
    for (std::size_t bits : {128, 256}) {
      const EVP_MD* md = bits == 128 ? EVP_shake128() : EVP_shake256();
      for (int i = 0; i < 340; ++i) {
        const Bytes m = random_bytes(rng, length(rng, i));
        const std::size_t n = rng.range(1, 700);
        hash::Shake x(bits);
        x.update(std::span<const std::uint8_t>(m).first(m.size() / 2));
        x.update(std::span<const std::uint8_t>(m).subspan(m.size() / 2));
        Bytes out(n);
        const std::size_t cut = rng.range(0, n);
        x.squeeze(std::span<std::uint8_t>(out).first(cut));
        x.squeeze(std::span<std::uint8_t>(out).subspan(cut));
        INFO("SHAKE" << bits << " length " << m.size() << " output " << n << " path " << path);
        CHECK(out == openssl_shake(md, m, n));
      }
    }
  }, true);
}

TEST_CASE("HMAC over every SHA hash equals OpenSSL's, keys 0..300 octets, every CPU path") {
  dstu::test::for_each_cpu_path([](const std::string& path) {
    dstu::test::TestRng rng(3003);
    for (const auto& digest : kDigests) {
      const char* name = digest.first;  // (as above)
      for (int i = 0; i < 60; ++i) {
        const Bytes key = random_bytes(rng, i < 30 ? rng.range(0, 300) : rng.range(60, 150));
        const Bytes m = random_bytes(rng, rng.range(0, 600));
        hash::Hmac mac(name, key);
        mac.update(std::span<const std::uint8_t>(m).first(m.size() / 3));
        mac.update(std::span<const std::uint8_t>(m).subspan(m.size() / 3));
        const dstu::SecureBytes got = mac.final();
        INFO("HMAC-" << name << " key " << key.size() << " data " << m.size() << " path " << path);
        CHECK(Bytes(got.begin(), got.end()) == openssl_hmac(digest.second(), key, m));
      }
    }
  });
}

TEST_CASE("PBKDF2 over every SHA hash equals OpenSSL's PKCS5_PBKDF2_HMAC") {
  dstu::test::TestRng rng(3004);
  for (const auto& digest : kDigests) {
    const char* name = digest.first;  // (as above)
    for (int i = 0; i < 4; ++i) {
      const Bytes pw = random_bytes(rng, rng.range(0, 200)), salt = random_bytes(rng, rng.range(0, 40));
      const std::uint64_t iterations = rng.range(1, 300);
      Bytes want(rng.range(1, 150)), got(want.size());
      const char dummy = 0;
      REQUIRE(PKCS5_PBKDF2_HMAC(pw.empty() ? &dummy : reinterpret_cast<const char*>(pw.data()), static_cast<int>(pw.size()),
                                salt.data(), static_cast<int>(salt.size()), static_cast<int>(iterations), digest.second(),
                                static_cast<int>(want.size()), want.data()) == 1);
      hash::pbkdf2(got, name, pw, salt, iterations);
      INFO("PBKDF2-HMAC-" << name << " password " << pw.size() << " c " << iterations);
      CHECK(got == want);
    }
  }
}
