// RSA against OpenSSL (test-vectors/rsa/openssl.vec, 1024-4096 bits, and openssl-large.vec,
// 7168-16384 bits, written by tests/rsa/make_openssl_vectors.py): OpenSSL's keys pass check_key, dstu's PKCS#1 v1.5
// signature equals OpenSSL's octet for octet (the scheme is deterministic, so this checks
// the whole private operation: blinding, CRT, Garner), and OpenSSL's PSS signatures verify.
#include <doctest/doctest.h>

#include "dstu/rng/random.hpp"
#include "dstu/rsa/pkcs1.hpp"
#include "vec.hpp"

namespace rsa = dstu::rsa;
using dstu::mp::Nat;

namespace {

void check_file(const char* name) {
  dstu::rng::ChaCha20Drbg rng(42, 0);
  const auto vectors = dstu::test::load_vectors(name);
  REQUIRE(vectors.size() == 4);
  for (const auto& v : vectors) {
    INFO(v.where());
    rsa::PrivateKey key;
    key.n = Nat::from_hex(v.get("N"));
    key.e = Nat::from_hex(v.get("E"));
    key.d = Nat::from_hex(v.get("D"));
    key.p = Nat::from_hex(v.get("P"));
    key.q = Nat::from_hex(v.get("Q"));
    key.dp = Nat::from_hex(v.get("Dp"));
    key.dq = Nat::from_hex(v.get("Dq"));
    key.qinv = Nat::from_hex(v.get("Qinv"));
    CHECK(key.bits() == std::stoul(v.get("Bits")));
    CHECK_NOTHROW(rsa::check_key(key));
    const std::string hash = v.get("Hash");
    const dstu::Bytes digest = rsa::hash_message(hash, v.bytes("Msg"));
    CHECK(rsa::sign_pkcs1v15(key, hash, digest, rng) == v.bytes("Sig"));
    CHECK(rsa::verify_pkcs1v15_vartime(key.public_key(), hash, digest, v.bytes("Sig")));
    CHECK(rsa::verify_pss_vartime(key.public_key(), hash, digest, rsa::kSaltHashLength, v.bytes("SigPss")));
    CHECK_FALSE(rsa::verify_pss_vartime(key.public_key(), hash, digest, 0, v.bytes("SigPss")));
    // A key rebuilt from OpenSSL's primes has the same CRT values.
    const rsa::PrivateKey rebuilt = rsa::PrivateKey::from_primes(key.p, key.q, key.e);
    CHECK(rebuilt.dp == key.dp);
    CHECK(rebuilt.dq == key.dq);
    CHECK(rebuilt.qinv == key.qinv);
  }
}

}  // namespace

TEST_CASE("OpenSSL keys and signatures, 1024-4096 bits") { check_file("rsa/openssl.vec"); }

TEST_CASE("OpenSSL keys and signatures, 7168-16384 bits") { check_file("rsa/openssl-large.vec"); }
