// CMAC (aes_cmac.hpp), KW and KWP (aes_kw.hpp) and CBC with PKCS#7 padding on AES:
// SP 800-38B's examples (AES and TDES), NIST CAVP KWVS, and every Wycheproof aes_cmac,
// aes_wrap and aes_cbc_pkcs5 test, once per CPU path: every valid one reproduced and
// accepted, every invalid one refused (nothing released); random wrap/unwrap round trips.
#include <doctest/doctest.h>

#include <algorithm>

#include "cpu_paths.hpp"
#include "dstu/base/error.hpp"
#include "dstu/cipher/aes.hpp"
#include "dstu/cipher/aes_cmac.hpp"
#include "dstu/cipher/aes_kw.hpp"
#include "dstu/cipher/modes.hpp"
#include "test_aes_support.hpp"

using dstu::Bytes;
namespace ci = dstu::cipher;

namespace {

/// The unwrapped key data, or nothing: an invalid KEK length is refused too.
std::optional<dstu::SecureBytes> unwrap(const std::string& mode, const Bytes& key, const Bytes& c) {
  try {
    const ci::Aes kek(key);
    return mode == "kw" ? ci::aes_kw_unwrap(kek, c) : ci::aes_kwp_unwrap(kek, c);
  } catch (const dstu::Error&) {
    return std::nullopt;
  }
}

}  // namespace

TEST_CASE("CMAC: SP 800-38B Appendix D (AES-128/192/256 and TDES)") {
  dstu::test::for_vectors_on_every_path("cipher/aes_cmac.vec", [](const dstu::test::Vector& v) {
    const std::string name = v.get("Cipher");
    const auto names = ci::block_cipher_names();
    REQUIRE_MESSAGE(std::find(names.begin(), names.end(), name) != names.end(), name, " is not registered");
    const auto c = ci::make_block_cipher(name, v.bytes("Key"));
    const Bytes tag = v.bytes("Tag");
    CHECK(ci::cmac(*c, v.bytes("Msg")) == tag);
    CHECK(ci::cmac_verify(*c, v.bytes("Msg"), tag));
    CHECK(ci::cmac_verify(*c, v.bytes("Msg"), Bytes(tag.begin(), tag.begin() + 4)));
  });
}

TEST_CASE("CMAC: every Wycheproof aes_cmac test") {
  dstu::test::for_vectors_on_every_path("cipher/aes_wycheproof_cmac.vec", [](const dstu::test::Vector& v) {
    const Bytes tag = v.bytes("Tag");
    bool accepted = false;
    try {
      const ci::Aes c(v.bytes("Key"));
      accepted = ci::cmac_verify(c, v.bytes("Msg"), tag);
      if (v.get("Result") == "valid") CHECK(ci::cmac(c, v.bytes("Msg"), tag.size()) == tag);
    } catch (const dstu::Error&) {
      accepted = false;
    }
    CHECK(accepted == (v.get("Result") == "valid"));
  });
}

TEST_CASE("KW and KWP: NIST CAVP KWVS (SP 800-38F), wrap and unwrap with FAIL records refused") {
  dstu::test::for_vectors_on_every_path("cipher/aes_kw.vec", [](const dstu::test::Vector& v) {
    const std::string mode = v.get("Mode");
    const Bytes key = v.bytes("Key"), c = v.bytes("Ciphertext");
    const auto got = unwrap(mode, key, c);
    if (v.get("Result") == "invalid") {
      CHECK_FALSE(got.has_value());
      return;
    }
    const Bytes p = v.bytes("Plaintext");
    REQUIRE(got.has_value());
    CHECK(Bytes(got->begin(), got->end()) == p);
    const ci::Aes kek(key);
    CHECK((mode == "kw" ? ci::aes_kw_wrap(kek, p) : ci::aes_kwp_wrap(kek, p)) == c);
  });
}

TEST_CASE("KW: every Wycheproof aes_wrap test") {
  // "acceptable": tcId 12, 54, 109 wrap 8-octet keys, which SP 800-38F §5.3.1 and
  // RFC 3394 §2 do not allow (KW needs two semiblocks): refused here.
  dstu::test::for_vectors_on_every_path("cipher/aes_wycheproof_kw.vec", [](const dstu::test::Vector& v) {
    const Bytes c = v.bytes("Ciphertext");
    const auto got = unwrap("kw", v.bytes("Key"), c);
    CHECK(got.has_value() == (v.get("Result") == "valid"));
    if (v.get("Result") == "valid") {
      CHECK(Bytes(got->begin(), got->end()) == v.bytes("Plaintext"));
      CHECK(ci::aes_kw_wrap(ci::Aes(v.bytes("Key")), v.bytes("Plaintext")) == c);
    }
  });
}

TEST_CASE("CBC with PKCS#7 padding: every Wycheproof aes_cbc_pkcs5 test") {
  dstu::test::for_vectors_on_every_path("cipher/aes_wycheproof_cbc_pkcs5.vec", [](const dstu::test::Vector& v) {
    const ci::Aes c(v.bytes("Key"));
    const Bytes iv = v.bytes("IV"), ct = v.bytes("Ciphertext");
    std::ptrdiff_t len = -1;
    Bytes out(ct.size());
    if (!ct.empty() && ct.size() % 16 == 0) {
      ci::aes_cbc_decrypt(c, iv, out, ct);
      len = ci::pkcs7_unpadded_length(out, 16);
    }
    CHECK((len >= 0) == (v.get("Result") == "valid"));
    if (v.get("Result") == "valid") {
      CHECK(Bytes(out.begin(), out.begin() + len) == v.bytes("Plaintext"));
      const auto padded = ci::pkcs7_pad(v.bytes("Plaintext"), 16);
      Bytes enc(padded.size());
      ci::aes_cbc_encrypt(c, iv, enc, padded);
      CHECK(enc == ct);
    }
  });
}

TEST_CASE("KW and KWP: random round trips; every single-bit change refused; length errors") {
  dstu::test::TestRng rng(0x3394);
  for (int round = 0; round < 60; ++round) {
    Bytes key(16 + 8 * rng.range(0, 2));
    rng.fill(key.data(), key.size());
    const ci::Aes kek(key);
    const bool padded = round % 2;
    Bytes data(padded ? rng.range(1, 70) : 8 * rng.range(2, 9));
    rng.fill(data.data(), data.size());
    const Bytes w = padded ? ci::aes_kwp_wrap(kek, data) : ci::aes_kw_wrap(kek, data);
    auto back = padded ? ci::aes_kwp_unwrap(kek, w) : ci::aes_kw_unwrap(kek, w);
    REQUIRE(back.has_value());
    CHECK(Bytes(back->begin(), back->end()) == data);
    Bytes bad = w;
    bad[rng.range(0, bad.size() - 1)] ^= static_cast<std::uint8_t>(1 << rng.range(0, 7));
    CHECK_FALSE((padded ? ci::aes_kwp_unwrap(kek, bad) : ci::aes_kw_unwrap(kek, bad)).has_value());
  }
  const ci::Aes kek(Bytes(16, 9));
  CHECK_THROWS_AS(ci::aes_kw_wrap(kek, Bytes(8)), dstu::Error);
  CHECK_THROWS_AS(ci::aes_kw_wrap(kek, Bytes(20)), dstu::Error);
  CHECK_THROWS_AS(ci::aes_kwp_wrap(kek, Bytes{}), dstu::Error);
  CHECK_FALSE(ci::aes_kw_unwrap(kek, Bytes(16)).has_value());
  CHECK_FALSE(ci::aes_kw_unwrap(kek, Bytes(25)).has_value());
  CHECK_FALSE(ci::aes_kwp_unwrap(kek, Bytes(8)).has_value());
}
