// Where other implementations of DSTU 7624:2014 differ on inputs the annex examples do not
// cover, a test for each side: the uacrypt project's vectors for GCM, GMAC and CCM on
// partial blocks and CCM without AAD (test-vectors/cipher/kalyna_uacrypt.vec), which these
// functions reproduce (they read the standard's text the same way), and BouncyCastle's
// tags for the same kind of input (test-vectors/cipher/kalyna_bc.vec), which differ from
// them on partial blocks and agree on whole blocks.
#include <doctest/doctest.h>

#include "dstu/cipher/kalyna.hpp"
#include "test_kalyna_paths.hpp"
#include "vec.hpp"

using dstu::Bytes;
namespace ci = dstu::cipher;

namespace {

ci::Kalyna cipher_of(const dstu::test::Vector& v) {
  return ci::Kalyna(std::stoul(v.get("Cipher").substr(6, 3)), v.bytes("Key"));
}

/// Our GCM output (ciphertext || tag) for vector v, tag of v's length.
Bytes our_gcm(const dstu::test::Vector& v) {
  const auto c = cipher_of(v);
  const Bytes iv = v.bytes("IV"), aad = v.bytes("AAD"), pt = v.bytes("Plaintext");
  Bytes ct(pt.size()), tag(v.bytes("Tag").size());
  ci::kalyna_gcm_encrypt(c, iv, aad, pt, ct, tag);
  ct.insert(ct.end(), tag.begin(), tag.end());
  return ct;
}

Bytes our_gmac(const dstu::test::Vector& v) {
  Bytes tag(v.bytes("Tag").size());
  ci::kalyna_gmac(cipher_of(v), v.bytes("Msg"), tag);
  return tag;
}

Bytes our_ccm(const dstu::test::Vector& v) {
  const auto c = cipher_of(v);
  const Bytes pt = v.bytes("Plaintext");
  Bytes ct(pt.size()), tag(v.bytes("Tag").size());
  ci::kalyna_ccm_encrypt(c, v.bytes("Nonce"), v.bytes("AAD"), pt, ct, tag, std::stoul(v.get("LengthOctets")));
  ct.insert(ct.end(), tag.begin(), tag.end());
  return ct;
}

Bytes concat(const Bytes& a, const Bytes& b) {
  Bytes r = a;
  r.insert(r.end(), b.begin(), b.end());
  return r;
}

}  // namespace

TEST_CASE("uacrypt's side: GCM, GMAC and CCM on partial blocks and without AAD, every SPN path") {
  int n = 0;
  dstu::test::for_each_kalyna_path([&](const std::string& path) {
    for (const auto& v : dstu::test::load_vectors("cipher/kalyna_uacrypt.vec", "gcm")) {
      INFO(v.where() << " path=" << path);
      CHECK(dstu::to_hex(our_gcm(v)) == dstu::to_hex(concat(v.bytes("Ciphertext"), v.bytes("Tag"))));
      const auto c = cipher_of(v);
      Bytes pt(v.bytes("Ciphertext").size());
      CHECK(ci::kalyna_gcm_decrypt(c, v.bytes("IV"), v.bytes("AAD"), v.bytes("Ciphertext"), v.bytes("Tag"), pt));
      CHECK(pt == v.bytes("Plaintext"));
      ++n;
    }
    for (const auto& v : dstu::test::load_vectors("cipher/kalyna_uacrypt.vec", "gmac")) {
      INFO(v.where() << " path=" << path);
      CHECK(dstu::to_hex(our_gmac(v)) == v.get("Tag"));
      ++n;
    }
    for (const auto& v : dstu::test::load_vectors("cipher/kalyna_uacrypt.vec", "ccm")) {
      INFO(v.where() << " path=" << path);
      CHECK(dstu::to_hex(our_ccm(v)) == dstu::to_hex(concat(v.bytes("Ciphertext"), v.bytes("Tag"))));
      ++n;
    }
  });
  CHECK(n == 74 * static_cast<int>(dstu::test::kalyna_paths().size()));
}

TEST_CASE("BouncyCastle's side: the same inputs give other tags (the ciphertexts agree)") {
  int n = 0;
  for (const auto& v : dstu::test::load_vectors("cipher/kalyna_bc.vec", "gcm")) {
    INFO(v.where());
    const Bytes ours = our_gcm(v), ct = v.bytes("Ciphertext");
    CHECK(Bytes(ours.begin(), ours.begin() + static_cast<std::ptrdiff_t>(ct.size())) == ct);
    CHECK(Bytes(ours.begin() + static_cast<std::ptrdiff_t>(ct.size()), ours.end()) != v.bytes("Tag"));
    ++n;
  }
  for (const auto& v : dstu::test::load_vectors("cipher/kalyna_bc.vec", "gmac")) {
    INFO(v.where());
    CHECK(our_gmac(v) != v.bytes("Tag"));
    ++n;
  }
  for (const auto& v : dstu::test::load_vectors("cipher/kalyna_bc.vec", "ccm")) {
    INFO(v.where());
    const Bytes ours = our_ccm(v), ct = v.bytes("Ciphertext");
    CHECK(Bytes(ours.begin(), ours.begin() + static_cast<std::ptrdiff_t>(ct.size())) == ct);
    CHECK(Bytes(ours.begin() + static_cast<std::ptrdiff_t>(ct.size()), ours.end()) != v.bytes("Tag"));
    ++n;
  }
  CHECK(n == 42);
}
