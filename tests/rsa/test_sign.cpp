// RSA signatures (lib/rsa): PKCS#1 v1.5 and PSS sign -> verify round trips at 1024, 2048
// and 3072 bits with every hash, the encodings' fixed parts, refusals (another message,
// another key, a flipped bit, a wrong salt length, a signature of the wrong length or
// >= n), and fault injection: a corrupted CRT value makes signing throw.
#include <doctest/doctest.h>

#include <string>

#include "dstu/base/error.hpp"
#include "dstu/mp/modular.hpp"
#include "dstu/mp/prime.hpp"
#include "dstu/rng/random.hpp"
#include "dstu/rsa/keygen.hpp"
#include "dstu/rsa/pkcs1.hpp"
#include "dstu/rsa/scheme.hpp"

namespace mp = dstu::mp;
namespace rsa = dstu::rsa;
using dstu::Bytes;
using mp::Nat;

namespace {

const rsa::PrivateKey& test_key(std::size_t bits) {
  static const rsa::PrivateKey k1024 = [] {
    dstu::rng::ChaCha20Drbg rng(8017, 1024);
    return rsa::generate_key(1024, rng);
  }();
  static const rsa::PrivateKey k2048 = [] {
    dstu::rng::ChaCha20Drbg rng(8017, 2048);
    return rsa::generate_key(2048, rng);
  }();
  static const rsa::PrivateKey k3072 = [] {
    dstu::rng::ChaCha20Drbg rng(8017, 3072);
    return rsa::generate_key(3072, rng);
  }();
  return bits == 1024 ? k1024 : bits == 2048 ? k2048 : k3072;
}

const char* const kHashes[] = {"sha224", "sha256", "sha384", "sha512"};

Bytes message(int i) { return Bytes{'m', 's', 'g', static_cast<std::uint8_t>(i)}; }

}  // namespace

TEST_CASE("EMSA-PKCS1-v1_5 layout") {
  const Bytes digest(32, 0xab);
  const Bytes em = rsa::emsa_pkcs1v15_encode("sha256", digest, 128);
  REQUIRE(em.size() == 128);
  CHECK(em[0] == 0x00);
  CHECK(em[1] == 0x01);
  for (std::size_t i = 2; i < 128 - 51 - 1; ++i) CHECK(em[i] == 0xff);
  CHECK(em[128 - 52] == 0x00);
  CHECK(em[128 - 51] == 0x30);
  CHECK(Bytes(em.end() - 32, em.end()) == digest);
  CHECK_THROWS_AS(rsa::emsa_pkcs1v15_encode("sha256", Bytes(31), 128), dstu::Error);
  CHECK_THROWS_AS(rsa::emsa_pkcs1v15_encode("sha512", Bytes(64), 64 + 19 + 10), dstu::Error);
  CHECK_THROWS_AS(rsa::emsa_pkcs1v15_encode("sha1", Bytes(20), 128), dstu::Error);
}

TEST_CASE("PKCS#1 v1.5 round trips") {
  dstu::rng::ChaCha20Drbg rng(1, 1);
  for (std::size_t bits : {1024u, 2048u, 3072u}) {
    const rsa::PrivateKey& key = test_key(bits);
    const rsa::PublicKey pub = key.public_key();
    const rsa::PublicKey other = test_key(bits == 1024 ? 2048 : 1024).public_key();
    for (int i = 0; i < 4; ++i) {
      const char* hash = kHashes[i];
      INFO(bits << " bits, " << std::string(hash));
      const Bytes digest = rsa::hash_message(hash, message(i));
      Bytes sig = rsa::sign_pkcs1v15(key, hash, digest, rng);
      CHECK(sig.size() == key.size());
      CHECK(rsa::verify_pkcs1v15_vartime(pub, hash, digest, sig));
      // Deterministic: blinding does not change the signature.
      CHECK(rsa::sign_pkcs1v15(key, hash, digest, rng) == sig);
      CHECK_FALSE(rsa::verify_pkcs1v15_vartime(pub, hash, rsa::hash_message(hash, message(i + 1)), sig));
      CHECK_FALSE(rsa::verify_pkcs1v15_vartime(other, hash, digest, sig));
      CHECK_FALSE(rsa::verify_pkcs1v15_vartime(pub, hash, digest, Bytes(sig.begin() + 1, sig.end())));
      CHECK_FALSE(rsa::verify_pkcs1v15_vartime(pub, hash, digest, key.n.to_bytes_be(key.size())));
      sig[sig.size() / 2] ^= 0x10;
      CHECK_FALSE(rsa::verify_pkcs1v15_vartime(pub, hash, digest, sig));
      CHECK_THROWS_AS(rsa::verify_pkcs1v15_vartime(pub, hash, Bytes(digest.size() - 1), sig), dstu::Error);
    }
  }
}

TEST_CASE("PSS round trips") {
  dstu::rng::ChaCha20Drbg rng(1, 2);
  for (std::size_t bits : {1024u, 2048u, 3072u}) {
    const rsa::PrivateKey& key = test_key(bits);
    const rsa::PublicKey pub = key.public_key();
    for (int i = 0; i < 4; ++i) {
      const char* hash = kHashes[i];
      INFO(bits << " bits, " << std::string(hash));
      const Bytes digest = rsa::hash_message(hash, message(i));
      const std::size_t h_len = rsa::digest_size(hash);
      if ((bits - 1 + 7) / 8 < 2 * h_len + 2) {  // SHA-512 at 1024 bits: a 64-octet salt does not fit
        CHECK_THROWS_AS(rsa::sign_pss(key, hash, digest, rsa::kSaltHashLength, rng), dstu::Error);
        continue;
      }
      Bytes sig = rsa::sign_pss(key, hash, digest, rsa::kSaltHashLength, rng);
      CHECK(sig.size() == key.size());
      CHECK(rsa::verify_pss_vartime(pub, hash, digest, rsa::kSaltHashLength, sig));
      CHECK(rsa::verify_pss_vartime(pub, hash, digest, h_len, sig));
      CHECK(rsa::verify_pss_vartime(pub, hash, digest, rsa::kSaltAny, sig));
      CHECK_FALSE(rsa::verify_pss_vartime(pub, hash, digest, h_len - 1, sig));
      CHECK_FALSE(rsa::verify_pss_vartime(pub, hash, rsa::hash_message(hash, message(i + 1)), h_len, sig));
      // Randomised: a second signature differs and verifies too.
      const Bytes sig2 = rsa::sign_pss(key, hash, digest, rsa::kSaltHashLength, rng);
      CHECK(sig2 != sig);
      CHECK(rsa::verify_pss_vartime(pub, hash, digest, h_len, sig2));
      // Salt 0 (deterministic) and the longest salt the modulus allows.
      const Bytes s0 = rsa::sign_pss(key, hash, digest, 0, rng);
      CHECK(rsa::verify_pss_vartime(pub, hash, digest, 0, s0));
      CHECK(rsa::sign_pss(key, hash, digest, 0, rng) == s0);
      const std::size_t max_salt = (bits - 1 + 7) / 8 - h_len - 2;
      const Bytes smax = rsa::sign_pss(key, hash, digest, max_salt, rng);
      CHECK(rsa::verify_pss_vartime(pub, hash, digest, max_salt, smax));
      CHECK_THROWS_AS(rsa::sign_pss(key, hash, digest, max_salt + 1, rng), dstu::Error);
      sig[3] ^= 0x01;
      CHECK_FALSE(rsa::verify_pss_vartime(pub, hash, digest, h_len, sig));
      CHECK_THROWS_AS(rsa::verify_pss_vartime(pub, hash, Bytes(h_len + 1), h_len, sig), dstu::Error);
      CHECK_THROWS_AS(rsa::verify_pss_vartime(pub, "sha1", Bytes(20), 20, sig), dstu::Error);
    }
  }
}

TEST_CASE("PSS at a modulus length that is a multiple of 8 plus one, and at a multiple of 8") {
  dstu::rng::ChaCha20Drbg rng(1, 3);
  // 1033 bits: emBits = modBits - 1 = 1032 is a multiple of 8, so emLen (129) is one octet
  // short of k (130) and the signature's representative has a zero top octet. Generation
  // makes multiples of 8 only: the key is made from two 517-bit primes whose product has
  // 1033 bits.
  const auto streams = [](std::uint64_t k) { return std::make_unique<dstu::rng::ChaCha20Drbg>(1033, k); };
  rsa::PrivateKey odd;
  for (std::uint64_t k = 0; odd.bits() != 1033; k += 2) {
    const Nat p = mp::random_prime({517}, [&](std::uint64_t i) { return streams(1000 * k + i); }, 1).prime;
    const Nat q = mp::random_prime({517}, [&](std::uint64_t i) { return streams(1000 * (k + 1) + i); }, 1).prime;
    if ((p * q).bits() == 1033) odd = rsa::PrivateKey::from_primes(p, q, Nat(65537));
  }
  REQUIRE_NOTHROW(rsa::check_key(odd));
  REQUIRE(odd.size() == 130);
  for (const std::size_t salt : {std::size_t{0}, std::size_t{32}, rsa::max_salt_length(1033, "sha256")}) {
    CAPTURE(salt);
    const Bytes digest = rsa::hash_message("sha256", message(8));
    const Bytes sig = rsa::sign_pss(odd, "sha256", digest, salt, rng);
    REQUIRE(sig.size() == 130);
    CHECK(rsa::verify_pss_vartime(odd.public_key(), "sha256", digest, salt, sig));
    CHECK(rsa::verify_pss_vartime(odd.public_key(), "sha256", digest, rsa::kSaltAny, sig));
    CHECK_FALSE(rsa::verify_pss_vartime(odd.public_key(), "sha256", rsa::hash_message("sha256", message(9)), salt, sig));
  }
  CHECK(rsa::max_salt_length(1033, "sha256") == 129 - 32 - 2);
  // 1032 bits: emBits 1031, emLen = k = 129.
  const rsa::PrivateKey key = rsa::generate_key(1032, rng);
  REQUIRE(key.bits() == 1032);
  {
    const Bytes digest = rsa::hash_message("sha256", message(7));
    const Bytes sig = rsa::sign_pss(key, "sha256", digest, 32, rng);
    CHECK(rsa::verify_pss_vartime(key.public_key(), "sha256", digest, 32, sig));
    const Bytes sig1 = rsa::sign_pkcs1v15(key, "sha256", digest, rng);
    CHECK(rsa::verify_pkcs1v15_vartime(key.public_key(), "sha256", digest, sig1));
  }
}

TEST_CASE("fault injection: a corrupted CRT value makes signing throw") {
  dstu::rng::ChaCha20Drbg rng(1, 4);
  const rsa::PrivateKey& good = test_key(1024);
  const Bytes digest = rsa::hash_message("sha256", message(0));
  auto faulty = [&](rsa::PrivateKey k) {
    CHECK_THROWS_AS(rsa::sign_pkcs1v15(k, "sha256", digest, rng), dstu::Error);
    CHECK_THROWS_AS(rsa::sign_pss(k, "sha256", digest, 32, rng), dstu::Error);
  };
  { rsa::PrivateKey k = good; k.dp = k.dp + Nat(2); faulty(k); }
  { rsa::PrivateKey k = good; k.dq = k.dq - Nat(2); faulty(k); }
  { rsa::PrivateKey k = good; k.qinv = k.qinv + Nat(1); faulty(k); }
  // The uncorrupted key still signs.
  CHECK(rsa::verify_pkcs1v15_vartime(good.public_key(), "sha256", digest, rsa::sign_pkcs1v15(good, "sha256", digest, rng)));
}

TEST_CASE("schemes by value, and batches equal to one-at-a-time signing on any thread count") {
  const rsa::PrivateKey& key = test_key(2048);
  CHECK(rsa::padding_from_name("pss") == rsa::Padding::pss);
  CHECK(rsa::padding_from_name("pkcs1") == rsa::Padding::pkcs1v15);
  CHECK(rsa::padding_name(rsa::Padding::pkcs1v15) == "pkcs1");
  CHECK_THROWS_AS(rsa::padding_from_name("oaep"), dstu::Error);
  // emBits = modBits - 1; emLen 256 at 2048 bits; SHA-256: 256 - 32 - 2.
  CHECK(rsa::max_salt_length(2048, "sha256") == 222);
  CHECK(rsa::max_salt_length(2041, "sha256") == 221);  // emBits 2040: 255 octets
  std::vector<Bytes> digests;
  for (int i = 0; i < 9; ++i) digests.push_back(rsa::hash_message("sha384", message(i)));
  std::vector<std::span<const std::uint8_t>> views(digests.begin(), digests.end());
  for (const rsa::Padding padding : {rsa::Padding::pss, rsa::Padding::pkcs1v15}) {
    CAPTURE(rsa::padding_name(padding));
    const rsa::Scheme scheme{padding, rsa::kSaltHashLength};
    dstu::rng::ChaCha20Drbg a(5, 5), b(5, 5);
    const std::vector<Bytes> one = rsa::sign_batch(key, scheme, "sha384", views, a, 1);
    const std::vector<Bytes> two = rsa::sign_batch(key, scheme, "sha384", views, b, 2);
    REQUIRE(one.size() == digests.size());
    CHECK(one == two);
    const rsa::Scheme any{padding, rsa::kSaltAny};
    for (std::size_t i = 0; i < digests.size(); ++i) {
      CHECK(rsa::verify_vartime(key.public_key(), scheme, "sha384", digests[i], one[i]));
      CHECK(rsa::verify_vartime(key.public_key(), any, "sha384", digests[i], one[i]));  // PKCS#1: no salt
      CHECK_FALSE(rsa::verify_vartime(key.public_key(), scheme, "sha384", digests[(i + 1) % digests.size()], one[i]));
    }
    // PSS signatures are randomised: two of the same digest differ; PKCS#1 v1.5 ones do not.
    CHECK((one[0] == rsa::sign(key, scheme, "sha384", digests[0], a)) == (padding == rsa::Padding::pkcs1v15));
  }
  dstu::rng::ChaCha20Drbg rng(6, 6);
  CHECK_THROWS_AS(rsa::sign(key, rsa::Scheme{rsa::Padding::pss, rsa::kSaltAny}, "sha256", digests[0], rng),
                  dstu::Error);
}
