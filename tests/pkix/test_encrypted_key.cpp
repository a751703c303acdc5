// Passphrase-protected private keys (dstu/pkix/encrypted_key.hpp): the jkurwa key
// store decrypts to its clear twin; round trips; wrong passphrases, damaged and
// truncated stores and other algorithms are errors of the right kind; PBKDF2 against
// its definition written out with the one-shot HMAC.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "dstu/base/der.hpp"
#include "dstu/base/error.hpp"
#include "dstu/cipher/gost28147.hpp"
#include "dstu/dstu4145/keys.hpp"
#include "dstu/ec2m/curve.hpp"
#include "dstu/hash/gost34311.hpp"
#include "dstu/pkix/dstu4145_key.hpp"
#include "dstu/pkix/ec_key.hpp"
#include "dstu/pkix/encrypted_key.hpp"
#include "dstu/pkix/key_info.hpp"
#include "dstu/rng/random.hpp"
#include "pbes2_store.hpp"
#include "vec.hpp"

using dstu::Bytes;
namespace d4 = dstu::dstu4145;
namespace pkix = dstu::pkix;
namespace hash = dstu::hash;

namespace {

Bytes text(const std::string& s) { return Bytes(s.begin(), s.end()); }

/// The errc of what f throws (or fails the test if it throws nothing).
template <class F>
dstu::Errc error_of(F&& f) {
  try {
    f();
  } catch (const dstu::Error& e) {
    return e.code();
  }
  FAIL("no error");
  return dstu::Errc::io;
}

/// PBKDF2 written out from RFC 8018 §5.2 with the one-shot HMAC: the slow twin.
Bytes pbkdf2_twin(const Bytes& password, const Bytes& salt, std::uint64_t c, std::size_t length) {
  Bytes out;
  for (std::uint32_t i = 1; out.size() < length; ++i) {
    Bytes first = salt;
    for (int shift : {24, 16, 8, 0}) first.push_back(static_cast<std::uint8_t>(i >> shift));
    auto u = hash::HmacGost34311::mac(password, first);
    auto t = u;
    for (std::uint64_t j = 1; j < c; ++j) {
      u = hash::HmacGost34311::mac(password, u);
      for (std::size_t k = 0; k < t.size(); ++k) t[k] ^= u[k];
    }
    out.insert(out.end(), t.begin(), t.end());
  }
  out.resize(length);
  return out;
}

}  // namespace

TEST_CASE("iteration counts above the limit are refused before any PBKDF2 round") {
  // At the limit the parameters read; past it, and at 2^63 (a hostile file that would
  // otherwise hold the decryption for ever), unsupported at once, naming the count.
  CHECK(pkix::pbes2_info(dstu::test::store_with_iterations(pkix::kMaxPbkdf2Iterations)).iterations == pkix::kMaxPbkdf2Iterations);
  for (const std::uint64_t n : {std::uint64_t{pkix::kMaxPbkdf2Iterations} + 1, std::uint64_t{1} << 63}) {
    INFO(n);
    const Bytes store = dstu::test::store_with_iterations(n);
    CHECK(error_of([&] { pkix::pbes2_info(store); }) == dstu::Errc::unsupported);
    CHECK(error_of([&] { pkix::decrypt_private_key_info(store, text("pass")); }) == dstu::Errc::unsupported);
    try {
      pkix::pbes2_info(store);
    } catch (const dstu::Error& e) {
      CHECK(std::string(e.what()).find(std::to_string(n)) != std::string::npos);
    }
  }
  // Writing: 0 and past the limit are refused, before the PBKDF2 rounds.
  const auto v = dstu::test::load_vectors("dstu4145/encrypted_keys.vec", "encrypted").front();
  dstu::rng::ChaCha20Drbg rng(15, 16);
  for (const std::uint64_t n : {std::uint64_t{0}, std::uint64_t{pkix::kMaxPbkdf2Iterations} + 1}) {
    INFO(n);
    CHECK(error_of([&] { pkix::encrypt_private_key_info(v.bytes("Clear"), text("pass"), n, rng); }) ==
          dstu::Errc::invalid_input);
  }
}

TEST_CASE("the jkurwa key store decrypts to its clear twin") {
  for (const auto& v : dstu::test::load_vectors("dstu4145/encrypted_keys.vec", "encrypted")) {
    INFO(v.get("Id"));
    const Bytes store = v.bytes("Encrypted");
    CHECK(pkix::is_encrypted_private_key(store));
    CHECK_FALSE(pkix::is_encrypted_private_key(v.bytes("Clear")));
    CHECK_FALSE(pkix::is_encrypted_private_key(pkix::encode_spki(pkix::decode_dstu4145_pkcs8(v.bytes("Clear")).public_key())));
    const pkix::Pbes2Info info = pkix::pbes2_info(store);
    CHECK(info.iterations == std::stoull(v.get("Iterations")));
    CHECK(info.salt_size == 32);
    const dstu::SecureBytes clear = pkix::decrypt_private_key_info(store, v.bytes("Passphrase"));
    CHECK(Bytes(clear.begin(), clear.end()) == v.bytes("Clear"));
    const d4::PrivateKey key = pkix::decode_dstu4145_pkcs8(clear);
    CHECK(key.curve().m() == 257);
    // One octet off in the passphrase: an error, never a wrong key.
    Bytes wrong = v.bytes("Passphrase");
    wrong.back() ^= 1;
    CHECK(error_of([&] { pkix::decrypt_private_key_info(store, wrong); }) == dstu::Errc::invalid_input);
  }
}

TEST_CASE("encrypted keys round trip on every curve and decrypt only with their passphrase") {
  dstu::rng::ChaCha20Drbg rng(11, 12);
  for (const dstu::ec2m::Curve* c : dstu::ec2m::Curve::all_named()) {
    INFO(c->name());
    const d4::PrivateKey key = d4::generate_key(*c, rng);
    const dstu::SecureBytes clear = pkix::encode_pkcs8(key);
    for (const std::string& pass : {std::string(""), std::string("p"), std::string(32, 'x'), std::string(77, 'y')}) {
      const Bytes store = pkix::encrypt_private_key_info(clear, text(pass), 3, rng);
      CHECK(pkix::is_encrypted_private_key(store));
      CHECK(pkix::pbes2_info(store).iterations == 3);
      const dstu::SecureBytes back = pkix::decrypt_private_key_info(store, text(pass));
      CHECK(std::equal(back.begin(), back.end(), clear.begin(), clear.end()));
      CHECK(error_of([&] { pkix::decrypt_private_key_info(store, text(pass + "!")); }) == dstu::Errc::invalid_input);
    }
  }
  // Fresh salt and IV each time: two encryptions of one key differ.
  const d4::PrivateKey key = d4::generate_key(dstu::ec2m::Curve::named("dstu163"), rng);
  const dstu::SecureBytes clear = pkix::encode_pkcs8(key);
  CHECK(pkix::encrypt_private_key_info(clear, text("a"), 1, rng) != pkix::encrypt_private_key_info(clear, text("a"), 1, rng));
  // Only a PrivateKeyInfo is encrypted.
  CHECK(error_of([&] { pkix::encrypt_private_key_info(text("not DER"), text("a"), 1, rng); }) ==
        dstu::Errc::invalid_input);
}

TEST_CASE("ECDSA and ECGDSA keys seal and open the same way; only a key pkix reads is sealed by default") {
  dstu::rng::ChaCha20Drbg rng(11, 13);
  for (const char* curve : {"P-256", "brainpoolP384r1", "K-233"}) {
    for (const auto scheme : {dstu::ecdsa::Scheme::ecdsa, dstu::ecdsa::Scheme::ecgdsa}) {
      INFO(curve);
      const dstu::ecdsa::SchemeKey key{scheme, dstu::ecdsa::PrivateKey::generate(dstu::ecdsa::Group::named(curve), rng)};
      const dstu::SecureBytes clear = pkix::encode_pkcs8(key);
      const Bytes store = pkix::encrypt_private_key_info(clear, text("pw"), 2, rng);
      const dstu::SecureBytes back = pkix::decrypt_private_key_info(store, text("pw"));
      CHECK(std::equal(back.begin(), back.end(), clear.begin(), clear.end()));
      CHECK(error_of([&] { pkix::decrypt_private_key_info(store, text("pW")); }) == dstu::Errc::invalid_input);
    }
  }
  // A PrivateKeyInfo of another algorithm is framed right but is no key we read.
  const Bytes rsa = [] {
    const dstu::SecureBytes info = pkix::write_private_key_info(
        pkix::write_algorithm_identifier("1.2.840.113549.1.1.1", Bytes{0x05, 0x00}), Bytes(8, 1));
    return Bytes(info.begin(), info.end());
  }();
  CHECK(error_of([&] { pkix::encrypt_private_key_info(rsa, text("a"), 1, rng); }) == dstu::Errc::invalid_input);
}

TEST_CASE("damaged, truncated and foreign stores are errors of the right kind") {
  const auto v = dstu::test::load_vectors("dstu4145/encrypted_keys.vec", "encrypted").front();
  const Bytes store = v.bytes("Encrypted");
  const Bytes pass = v.bytes("Passphrase");
  for (std::size_t n = 0; n < store.size(); ++n) {
    INFO("prefix " << n);
    const Bytes cut(store.begin(), store.begin() + static_cast<std::ptrdiff_t>(n));
    CHECK(error_of([&] { pkix::decrypt_private_key_info(cut, pass); }) == dstu::Errc::invalid_input);
  }
  // Every octet of the structure flipped in turn (not the encrypted data): an error,
  // or (salt, IV, S-box, iteration count) a wrong passphrase; never a different key.
  // On the same key re-encrypted with one PBKDF2 round, so that this stays quick.
  dstu::rng::ChaCha20Drbg rng(13, 14);
  const Bytes quick = pkix::encrypt_private_key_info(v.bytes("Clear"), pass, 1, rng);
  REQUIRE(quick.size() == store.size() - 1);  // iteration count 1 takes one octet less
  const std::size_t data_start = quick.size() - v.bytes("Clear").size();
  for (std::size_t i = 0; i < data_start; ++i) {
    Bytes bad = quick;
    bad[i] ^= 0x01;
    INFO("octet " << i);
    CHECK_THROWS_AS(pkix::decrypt_private_key_info(bad, pass), dstu::Error);
  }
  // Another encryption scheme, KDF or PRF: unsupported, named.
  const auto replace_oid = [&](const std::string& from, const std::string& to) {
    const Bytes a = dstu::der::encode_oid(from), b = dstu::der::encode_oid(to);
    REQUIRE(a.size() == b.size());
    Bytes out = store;
    const auto at = std::search(out.begin(), out.end(), a.begin(), a.end());
    REQUIRE(at != out.end());
    std::copy(b.begin(), b.end(), at);
    return out;
  };
  for (const auto& swap : {std::pair<std::string, std::string>{"1.2.840.113549.1.5.13", "1.2.840.113549.1.5.14"},
                                 {"1.2.840.113549.1.5.12", "1.2.840.113549.1.5.11"},
                                 {"1.2.804.2.1.1.1.1.1.2", "1.2.804.2.1.1.1.1.1.3"},
                                 {"1.2.804.2.1.1.1.1.1.1.3", "1.2.804.2.1.1.1.1.1.1.2"}}) {
    const std::string& from = swap.first;  // not a binding: INFO captures it (clang)
    INFO(from);
    const Bytes foreign = replace_oid(from, swap.second);
    CHECK(error_of([&] { pkix::decrypt_private_key_info(foreign, pass); }) == dstu::Errc::unsupported);
  }
}

TEST_CASE("PBKDF2-HMAC-GOST34.311 = RFC 8018 written out, for several lengths and counts") {
  const Bytes salt = text("salt, salt, salt");
  for (const std::string& pw : {std::string(""), std::string("password"), std::string(40, 'k')}) {
    for (std::uint64_t c : {1, 2, 7}) {
      for (std::size_t len : {1, 31, 32, 33, 64, 100}) {
        INFO(pw << " c=" << c << " len=" << len);
        Bytes out(len);
        hash::pbkdf2_hmac_gost34311(out, text(pw), salt, c);
        CHECK(out == pbkdf2_twin(text(pw), salt, c, len));
      }
    }
  }
  Bytes out(32);
  CHECK_THROWS_AS(hash::pbkdf2_hmac_gost34311(out, text("p"), salt, 0), dstu::Error);
}

TEST_CASE("a right passphrase over a key that is refused names the key, never the passphrase") {
  // The store of a key jkurwa could write with d = n: the decryption is a PrivateKeyInfo,
  // so the passphrase was right; the key's decoder says what is wrong with d. A store
  // over d + n opens to the key d.
  dstu::rng::ChaCha20Drbg rng(17, 18);
  const dstu::ec2m::Curve& c = dstu::ec2m::Curve::named("dstu257");
  const auto pkcs8 = [&](const dstu::mp::Nat& d) {
    dstu::der::Writer w;
    w.begin(dstu::der::kSequence);
    w.integer(std::uint64_t{0});
    w.begin(dstu::der::kSequence);
    w.oid(pkix::kOidDstu4145Le);
    w.oid(c.oid());
    w.end();
    w.octet_string(d.to_bytes_le(32));
    w.end();
    return w.finish();
  };
  const auto any = [](std::span<const std::uint8_t>) { return true; };
  const Bytes zero_store = pkix::encrypt_private_key_info(pkcs8(c.order()), text("pw"), 2, rng, any);
  const dstu::SecureBytes clear = pkix::decrypt_private_key_info(zero_store, text("pw"));
  try {
    (void)pkix::decode_dstu4145_pkcs8(clear);
    FAIL("d = n was read");
  } catch (const dstu::Error& e) {
    CHECK(std::string(e.what()).find("0 mod n") != std::string::npos);
    CHECK(std::string(e.what()).find("passphrase") == std::string::npos);
  }
  CHECK(error_of([&] { pkix::decrypt_private_key_info(zero_store, text("pW")); }) == dstu::Errc::invalid_input);
  const d4::PrivateKey key = d4::generate_key(c, rng);
  const dstu::mp::Nat d = dstu::ec2m::scalar_to_nat(key.d());
  if ((d + c.order()).bits() <= 256) {
    const Bytes store = pkix::encrypt_private_key_info(pkcs8(d + c.order()), text("pw"), 2, rng);
    CHECK(d4::keys_match(pkix::decode_dstu4145_pkcs8(pkix::decrypt_private_key_info(store, text("pw"))), key.public_key()));
  }
  // Framing that is not a PrivateKeyInfo's (what a wrong passphrase gives) is refused
  // as a wrong passphrase even when it is DER: a bare SEQUENCE of an INTEGER.
  dstu::der::Writer w;
  w.begin(dstu::der::kSequence);
  w.integer(std::uint64_t{5});
  w.end();
  const Bytes not_info = pkix::encrypt_private_key_info(w.finish(), text("pw"), 1, rng, any);
  try {
    (void)pkix::decrypt_private_key_info(not_info, text("pw"));
    FAIL("decrypted");
  } catch (const dstu::Error& e) {
    CHECK(std::string(e.what()).find("wrong passphrase") != std::string::npos);
  }
}
