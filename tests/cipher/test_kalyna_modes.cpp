// The modes of DSTU 7624:2014 on Kalyna: the standard's examples of every mode once per
// path of the SPN layer (test-vectors/cipher/kalyna.vec), authenticated decryption and
// unwrapping that refuse a changed octet and release nothing.
#include <doctest/doctest.h>

#include <cstring>

#include "dstu/base/error.hpp"
#include "dstu/cipher/kalyna.hpp"
#include "dstu/cipher/modes.hpp"
#include "test_kalyna_paths.hpp"
#include "vec.hpp"

using dstu::Bytes;
namespace ci = dstu::cipher;

namespace {

std::size_t block_bits_of(const std::string& name) { return std::stoul(name.substr(6, 3)); }

ci::Kalyna cipher_of(const dstu::test::Vector& v) {
  return ci::Kalyna(block_bits_of(v.get("Cipher")), v.bytes("Key"));
}

/// Runs check(v) for every vector of a section once per SPN path; returns the count.
template <class F>
int each(const char* section, std::size_t expected, F&& check) {
  const auto vecs = dstu::test::load_vectors("cipher/kalyna.vec", section);
  CHECK(vecs.size() == expected);
  int n = 0;
  dstu::test::for_each_kalyna_path([&](const std::string& path) {
    for (const auto& v : vecs) {
      INFO(v.where() << " path=" << path << " (" << ci::kalyna_cpu_path() << ")");
      check(v);
      ++n;
    }
  });
  return n;
}

std::string hex(const Bytes& b) { return dstu::to_hex(b); }

using Crypt = void (*)(const ci::Kalyna&, std::span<const std::uint8_t>, std::span<std::uint8_t>,
                       std::span<const std::uint8_t>, std::size_t);

/// A confidentiality mode's vector both ways, apart and in place: enc(Plaintext) is
/// Ciphertext and dec(Ciphertext) is Plaintext (q: CFB's feedback, else ignored).
void both_ways(const dstu::test::Vector& v, Crypt enc, Crypt dec, Bytes pt, std::size_t q = 0) {
  const auto c = cipher_of(v);
  const Bytes iv = v.bytes("IV"), ct = v.bytes("Ciphertext");
  Bytes out(pt.size());
  enc(c, iv, out, pt, q);
  CHECK(hex(out) == hex(ct));
  dec(c, iv, out, ct, q);
  CHECK(hex(out) == hex(pt));
  Bytes inplace = pt;
  enc(c, iv, inplace, inplace, q);
  dec(c, iv, inplace, inplace, q);
  CHECK(hex(inplace) == hex(pt));
}

}  // namespace

TEST_CASE("Kalyna CBC, OFB, CFB, CTR and XTS examples, every SPN path") {
  each("cbc", 10, [](const dstu::test::Vector& v) {
    Bytes pt = v.bytes("Plaintext");
    const std::size_t b = std::stoul(v.get("Cipher").substr(6, 3)) / 8;
    if (pt.size() % b != 0) {  // padded by annex B.2, as the annex does
      const auto padded = ci::dstu7624_pad(pt, b);
      CHECK(ci::dstu7624_unpadded_length(padded, b) == static_cast<std::ptrdiff_t>(pt.size()));
      pt.assign(padded.begin(), padded.end());
    }
    both_ways(v, [](auto& c, auto iv, auto out, auto in, std::size_t) { ci::cbc_encrypt(c, iv, out, in); },
              [](auto& c, auto iv, auto out, auto in, std::size_t) { ci::cbc_decrypt(c, iv, out, in); }, pt);
  });
  const Crypt ofb = [](auto& c, auto iv, auto out, auto in, std::size_t) { ci::kalyna_ofb_crypt(c, iv, out, in); };
  each("ofb", 9, [&](const dstu::test::Vector& v) { both_ways(v, ofb, ofb, v.bytes("Plaintext")); });
  each("cfb", 8, [](const dstu::test::Vector& v) {
    both_ways(v, ci::kalyna_cfb_encrypt, ci::kalyna_cfb_decrypt, v.bytes("Plaintext"), std::stoul(v.get("Q")));
  });
  const Crypt ctr = [](auto& c, auto iv, auto out, auto in, std::size_t) { ci::kalyna_ctr_crypt(c, iv, out, in); };
  each("ctr", 2, [&](const dstu::test::Vector& v) { both_ways(v, ctr, ctr, v.bytes("Plaintext")); });
  each("xts", 10, [](const dstu::test::Vector& v) {
    both_ways(v, [](auto& c, auto iv, auto out, auto in, std::size_t) { ci::kalyna_xts_encrypt(c, iv, out, in); },
              [](auto& c, auto iv, auto out, auto in, std::size_t) { ci::kalyna_xts_decrypt(c, iv, out, in); },
              v.bytes("Plaintext"));
  });
}

TEST_CASE("Kalyna MAC (CMAC) and GMAC examples, every SPN path; a changed octet fails") {
  each("cmac", 3, [](const dstu::test::Vector& v) {
    const auto c = cipher_of(v);
    const Bytes msg = v.bytes("Msg"), tag = v.bytes("Tag");
    Bytes got(tag.size());
    ci::kalyna_cmac(c, msg, got);
    CHECK(hex(got) == hex(tag));
    CHECK(ci::kalyna_cmac_verify(c, msg, tag));
    Bytes bad = msg;
    bad.back() ^= 1;
    CHECK_FALSE(ci::kalyna_cmac_verify(c, bad, tag));
  });
  each("gmac", 5, [](const dstu::test::Vector& v) {
    const auto c = cipher_of(v);
    const Bytes msg = v.bytes("Msg"), tag = v.bytes("Tag");
    Bytes got(tag.size());
    ci::kalyna_gmac(c, msg, got);
    CHECK(hex(got) == hex(tag));
    CHECK(ci::kalyna_gmac_verify(c, msg, tag));
    Bytes bad = tag;
    bad[0] ^= 0x80;
    CHECK_FALSE(ci::kalyna_gmac_verify(c, msg, bad));
  });
}

TEST_CASE("Kalyna GCM and CCM examples, every SPN path; a changed octet fails, output zeroed") {
  each("gcm", 6, [](const dstu::test::Vector& v) {
    const auto c = cipher_of(v);
    const Bytes iv = v.bytes("IV"), aad = v.bytes("AAD"), pt = v.bytes("Plaintext"), ct = v.bytes("Ciphertext"),
                tag = v.bytes("Tag");
    Bytes out(pt.size()), t(tag.size());
    ci::kalyna_gcm_encrypt(c, iv, aad, pt, out, t);
    CHECK(hex(out) == hex(ct));
    CHECK(hex(t) == hex(tag));
    CHECK(ci::kalyna_gcm_decrypt(c, iv, aad, ct, tag, out));
    CHECK(hex(out) == hex(pt));
    Bytes bad = ct;
    bad[bad.size() / 2] ^= 4;
    CHECK_FALSE(ci::kalyna_gcm_decrypt(c, iv, aad, bad, tag, out));
    CHECK(out == Bytes(out.size(), 0));
  });
  each("ccm", 5, [](const dstu::test::Vector& v) {
    const auto c = cipher_of(v);
    const Bytes nonce = v.bytes("Nonce"), aad = v.bytes("AAD"), pt = v.bytes("Plaintext"), ct = v.bytes("Ciphertext"),
                tag = v.bytes("Tag");
    const std::size_t nb = std::stoul(v.get("LengthOctets"));
    Bytes out(pt.size()), t(tag.size());
    ci::kalyna_ccm_encrypt(c, nonce, aad, pt, out, t, nb);
    CHECK(hex(out) == hex(ct));
    CHECK(hex(t) == hex(tag));
    // The tag before CTR, as the annex prints it.
    Bytes all = ct;
    all.insert(all.end(), tag.begin(), tag.end());
    ci::kalyna_ctr_crypt(c, nonce, all, all);
    CHECK(hex(Bytes(all.begin() + static_cast<std::ptrdiff_t>(pt.size()), all.end())) == hex(v.bytes("RawMac")));
    CHECK(ci::kalyna_ccm_decrypt(c, nonce, aad, ct, tag, out, nb));
    CHECK(hex(out) == hex(pt));
    Bytes bad = tag;
    bad.back() ^= 1;
    CHECK_FALSE(ci::kalyna_ccm_decrypt(c, nonce, aad, ct, bad, out, nb));
    CHECK(out == Bytes(out.size(), 0));
  });
}

TEST_CASE("Kalyna KW and KW with padding examples, every SPN path; a changed octet fails") {
  each("kw", 6, [](const dstu::test::Vector& v) {
    const auto c = cipher_of(v);
    const Bytes pt = v.bytes("Plaintext"), ct = v.bytes("Ciphertext");
    const auto wrapped = ci::kalyna_kw_wrap(c, pt);
    CHECK(hex(Bytes(wrapped.begin(), wrapped.end())) == hex(ct));
    dstu::SecureBytes out;
    REQUIRE(ci::kalyna_kw_unwrap(c, ct, out));
    CHECK(hex(Bytes(out.begin(), out.end())) == hex(pt));
    Bytes bad = ct;
    bad[3] ^= 0x10;
    CHECK_FALSE(ci::kalyna_kw_unwrap(c, bad, out));
    CHECK(out.empty());
  });
  each("kwp", 4, [](const dstu::test::Vector& v) {
    const auto c = cipher_of(v);
    const Bytes pt = v.bytes("Plaintext"), ct = v.bytes("Ciphertext");
    const auto wrapped = ci::kalyna_kwp_wrap(c, pt);
    CHECK(hex(Bytes(wrapped.begin(), wrapped.end())) == hex(ct));
    dstu::SecureBytes out;
    REQUIRE(ci::kalyna_kwp_unwrap(c, ct, out));
    CHECK(hex(Bytes(out.begin(), out.end())) == hex(pt));
    Bytes bad = ct;
    bad.back() ^= 0x01;
    CHECK_FALSE(ci::kalyna_kwp_unwrap(c, bad, out));
    CHECK(out.empty());
  });
}
