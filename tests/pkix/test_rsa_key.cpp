// RSA keys in lib/pkix (dstu/pkix/rsa_key.hpp, key.hpp, key_file.hpp): OpenSSL's keys of
// 512 to 4096 bits in every form it writes (PKCS#8, PKCS#1, SPKI, RSAPublicKey, PEM and
// DER, PBES2 with AES-256-CBC) read to the same key, and dstu's encodings of that key are
// OpenSSL's octets (DER is canonical); keys written and sealed (GOST and AES PBES2) read
// back; every refusal: truncated, trailing data, wrong version, multi-prime, CRT values
// that disagree, non-minimal INTEGER, e even, n even, rsaEncryption without NULL, the
// legacy OpenSSL PEM encryption.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <variant>

#include "dstu/base/der.hpp"
#include "dstu/base/error.hpp"
#include "dstu/base/pem.hpp"
#include "dstu/hash/sha2.hpp"
#include "dstu/pkix/key.hpp"
#include "dstu/pkix/key_file.hpp"
#include "dstu/pkix/rsa_key.hpp"
#include "dstu/rng/random.hpp"
#include "dstu/rsa/keygen.hpp"
#include "rsa_key_fixture.hpp"
#include "test_random.hpp"

using dstu::Bytes;
using dstu::SecureBytes;
namespace mp = dstu::mp;
namespace pkix = dstu::pkix;
namespace rsa = dstu::rsa;
using dstu::test::rsa_key_vector;

namespace {

constexpr std::size_t kSizes[] = {512, 1024, 2048, 3072, 4096};

Bytes plain(const SecureBytes& s) { return Bytes(s.begin(), s.end()); }

Bytes text(const std::string& s) { return Bytes(s.begin(), s.end()); }

pkix::KeyFile read(const Bytes& file) {
  dstu::test::FixedPassphrase pass(dstu::test::kRsaKeyPassphrase);
  return pkix::read_key_file(file, &pass);
}

const rsa::PrivateKey& private_of(const pkix::KeyFile& k) {
  REQUIRE(std::holds_alternative<rsa::PrivateKey>(k.key));
  return std::get<rsa::PrivateKey>(k.key);
}

const rsa::PublicKey& public_of(const pkix::KeyFile& k) {
  REQUIRE(std::holds_alternative<rsa::PublicKey>(k.key));
  return std::get<rsa::PublicKey>(k.key);
}

/// What read_key_file throws for `file` (fails the test if it reads).
dstu::Error refusal(const Bytes& file) {
  try {
    (void)read(file);
  } catch (const dstu::Error& e) {
    return e;
  }
  FAIL("read");
  return dstu::Error(dstu::Errc::invalid_input, "");
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

/// An RSAPrivateKey of these numbers, as the encoder would write it but for `version`
/// and what `extra` adds after the coefficient.
Bytes rsa_private_der(std::uint64_t version, const rsa::PrivateKey& k, const Bytes& extra = {}) {
  dstu::der::Writer w;
  w.begin(dstu::der::kSequence);
  w.integer(version);
  for (const mp::Nat* x : {&k.n, &k.e, &k.d, &k.p, &k.q, &k.dp, &k.dq, &k.qinv}) w.integer(x->to_bytes_be());
  w.raw(extra);
  w.end();
  return w.finish();
}

rsa::PrivateKey openssl_key(std::size_t bits) {
  return pkix::decode_pkcs1_private_key(rsa_key_vector(bits, "pkcs1.der"));
}

}  // namespace

TEST_CASE("every form OpenSSL writes an RSA key in reads to the same key, 512 to 4096 bits") {
  for (const std::size_t bits : kSizes) {
    INFO("bits " << bits);
    const Bytes pkcs1 = rsa_key_vector(bits, "pkcs1.der");
    const Bytes rsapub = rsa_key_vector(bits, "rsapub.der");
    for (const char* form : {"pkcs8.pem", "pkcs8.der", "pkcs1.pem", "pkcs1.der", "enc.pem"}) {
      INFO(form);
      const pkix::KeyFile k = read(rsa_key_vector(bits, form));
      CHECK(k.encrypted == (std::string(form) == "enc.pem"));
      const rsa::PrivateKey& key = private_of(k);
      CHECK(key.bits() == bits);
      CHECK(plain(pkix::encode_pkcs1(key)) == pkcs1);
    }
    for (const char* form : {"spki.pem", "spki.der", "rsapub.pem", "rsapub.der"}) {
      INFO(form);
      const pkix::KeyFile k = read(rsa_key_vector(bits, form));
      CHECK_FALSE(k.encrypted);
      CHECK(pkix::encode_pkcs1(public_of(k)) == rsapub);
    }
  }
}

TEST_CASE("dstu's encodings of OpenSSL's RSA keys are OpenSSL's octets, PEM and DER") {
  using pkix::KeyFileEncoding;
  for (const std::size_t bits : kSizes) {
    INFO("bits " << bits);
    const rsa::PrivateKey key = openssl_key(bits);
    const rsa::PublicKey pub = key.public_key();
    CHECK(plain(pkix::encode_pkcs8(key)) == rsa_key_vector(bits, "pkcs8.der"));
    CHECK(pkix::encode_spki(pub) == rsa_key_vector(bits, "spki.der"));
    CHECK(pkix::encode_pkcs1(pub) == rsa_key_vector(bits, "rsapub.der"));
    CHECK(plain(pkix::encode_private_key_file(key, KeyFileEncoding::pem)) == rsa_key_vector(bits, "pkcs8.pem"));
    CHECK(plain(pkix::encode_private_key_file(key, KeyFileEncoding::der)) == rsa_key_vector(bits, "pkcs8.der"));
    CHECK(plain(pkix::encode_pkcs1_private_key_file(key, KeyFileEncoding::pem)) == rsa_key_vector(bits, "pkcs1.pem"));
    CHECK(plain(pkix::encode_pkcs1_private_key_file(key, KeyFileEncoding::der)) == rsa_key_vector(bits, "pkcs1.der"));
    CHECK(pkix::encode_public_key_file(pub, KeyFileEncoding::pem) == rsa_key_vector(bits, "spki.pem"));
    CHECK(pkix::encode_pkcs1_public_key_file(pub, KeyFileEncoding::pem) == rsa_key_vector(bits, "rsapub.pem"));
    CHECK(pkix::encode_pkcs1_public_key_file(pub, KeyFileEncoding::der) == rsa_key_vector(bits, "rsapub.der"));
  }
}

TEST_CASE("an RSA key in the key layer: kind, public key, identifier, hash, type name") {
  const rsa::PrivateKey key = openssl_key(2048);
  const pkix::AnyKey any = key;
  CHECK(pkix::is_private(any));
  const pkix::AnyPublicKey pub = pkix::public_key(any);
  REQUIRE(std::holds_alternative<rsa::PublicKey>(pub));
  CHECK(pkix::encode_spki(pub) == rsa_key_vector(2048, "spki.der"));
  // SHA-256 of the SubjectPublicKeyInfo, as for ECDSA keys (and as OpenSSL's DER hashes).
  CHECK(pkix::key_id(pub) == dstu::hash::Sha256::hash(256, rsa_key_vector(2048, "spki.der")));
  CHECK(pkix::default_hash(pub) == "sha256");
  CHECK(pkix::curve_name(pub) == "rsa2048");
  CHECK(pkix::make_hasher(pub, "sha384")->final() == dstu::hash::Sha512::hash(384, Bytes{}));
  CHECK_FALSE(pkix::is_private(pkix::any_key(pub)));
  CHECK_THROWS_AS(pkix::private_key(pkix::any_key(pub)), dstu::Error);
  CHECK(plain(pkix::encode_pkcs8(pkix::private_key(any))) == rsa_key_vector(2048, "pkcs8.der"));
  CHECK(std::holds_alternative<rsa::PrivateKey>(pkix::decode_pkcs8(rsa_key_vector(2048, "pkcs8.der"))));
  CHECK(std::holds_alternative<rsa::PublicKey>(pkix::decode_spki(rsa_key_vector(2048, "spki.der"))));
}

TEST_CASE("RSA keys written by dstu, clear and sealed (GOST and AES PBES2), read back equal") {
  dstu::rng::ChaCha20Drbg rng(dstu::test::seed(), 3001);
  const std::string pass = dstu::test::kRsaKeyPassphrase;
  const std::span<const std::uint8_t> pass_octets(reinterpret_cast<const std::uint8_t*>(pass.data()), pass.size());
  std::vector<rsa::PrivateKey> keys = {rsa::generate_key(1024, rng)};
  for (const std::size_t bits : {1024, 2048, 3072, 4096}) keys.push_back(openssl_key(bits));
  for (const rsa::PrivateKey& key : keys) {
    INFO("bits " << key.bits());
    const Bytes pkcs1 = plain(pkix::encode_pkcs1(key));
    for (const auto encoding : {pkix::KeyFileEncoding::pem, pkix::KeyFileEncoding::der}) {
      CHECK(plain(pkix::encode_pkcs1(private_of(read(plain(pkix::encode_private_key_file(key, encoding)))))) == pkcs1);
      CHECK(plain(pkix::encode_pkcs1(private_of(read(plain(pkix::encode_pkcs1_private_key_file(key, encoding)))))) ==
            pkcs1);
      CHECK(pkix::encode_pkcs1(public_of(read(pkix::encode_public_key_file(key.public_key(), encoding)))) ==
            pkix::encode_pkcs1(key.public_key()));
      CHECK(pkix::encode_pkcs1(public_of(read(pkix::encode_pkcs1_public_key_file(key.public_key(), encoding)))) ==
            pkix::encode_pkcs1(key.public_key()));
      for (const auto sealing : {pkix::KeyEncryption::gost28147_cfb, pkix::KeyEncryption::aes256_cbc}) {
        const SecureBytes sealed = pkix::encode_protected_key_file(key, encoding, pass_octets, 1000, rng,
                                                                   pkix::Dstu4145Form::uapki, sealing);
        const pkix::KeyFile k = read(plain(sealed));
        CHECK(k.encrypted);
        CHECK(plain(pkix::encode_pkcs1(private_of(k))) == pkcs1);
      }
    }
  }
}

TEST_CASE("AES sealing is OpenSSL's PBES2: PBKDF2-HMAC-SHA-256, AES-256-CBC, 16-octet salt and IV") {
  dstu::rng::ChaCha20Drbg rng(dstu::test::seed(), 3002);
  const Bytes pass = text("p");
  const Bytes sealed = plain(pkix::encode_protected_key_file(openssl_key(1024), pkix::KeyFileEncoding::der, pass, 2048,
                                                             rng, pkix::Dstu4145Form::uapki,
                                                             pkix::KeyEncryption::aes256_cbc));
  const pkix::Pbes2Info info = pkix::pbes2_info(sealed);
  CHECK(info.iterations == 2048);
  CHECK(info.salt_size == 16);
  // The AlgorithmIdentifiers as `openssl pkcs8 -topk8 -v2 aes256` writes them.
  const Bytes hmac_sha256 = {0x30, 0x0c, 0x06, 0x08, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x02, 0x09, 0x05, 0x00};
  const Bytes aes256_cbc_iv = {0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x01, 0x2a, 0x04, 0x10};
  CHECK(std::search(sealed.begin(), sealed.end(), hmac_sha256.begin(), hmac_sha256.end()) != sealed.end());
  CHECK(std::search(sealed.begin(), sealed.end(), aes256_cbc_iv.begin(), aes256_cbc_iv.end()) != sealed.end());
  dstu::test::FixedPassphrase wrong("q");
  CHECK_THROWS_AS(pkix::read_key_file(sealed, &wrong), dstu::Error);
}

TEST_CASE("RSA key refusals: structure, version, multi-prime, CRT, INTEGERs, e and n") {
  const rsa::PrivateKey key = openssl_key(1024);
  const Bytes good = rsa_key_vector(1024, "pkcs1.der");
  REQUIRE(rsa_private_der(0, key) == good);

  SUBCASE("truncated and trailing data, in every form") {
    for (const char* form : {"pkcs1.der", "pkcs8.der", "spki.der", "rsapub.der"}) {
      INFO(form);
      Bytes cut = rsa_key_vector(1024, form);
      cut.resize(cut.size() - 1);
      CHECK(refusal(cut).code() == dstu::Errc::invalid_input);
      Bytes longer = rsa_key_vector(1024, form);
      longer.push_back(0);
      CHECK(refusal(longer).code() == dstu::Errc::invalid_input);
    }
    Bytes cut = good;
    cut.resize(cut.size() - 1);
    CHECK_THROWS_AS(pkix::decode_pkcs1_private_key(cut), dstu::Error);
  }
  SUBCASE("an INTEGER longer than a 16384-bit key holds, refused before any arithmetic") {
    rsa::PrivateKey big = key;
    big.p = mp::Nat::power_of_two(8 * 4096) + mp::Nat(1);  // a 4 KiB "prime"
    const dstu::Error e = refusal(rsa_private_der(0, big));
    CHECK(e.code() == dstu::Errc::invalid_input);
    CHECK(contains(e.what(), "longer than a 16384-bit RSA key holds"));
  }
  SUBCASE("version") {
    const dstu::Error wrong = refusal(rsa_private_der(2, key));
    CHECK(wrong.code() == dstu::Errc::invalid_input);
    CHECK(contains(wrong.what(), "version 2"));
    // Version 1 carries otherPrimeInfos: SEQUENCE OF { prime, exponent, coefficient }.
    dstu::der::Writer other;
    other.begin(dstu::der::kSequence);
    other.begin(dstu::der::kSequence);
    for (int i = 0; i < 3; ++i) other.integer(std::uint64_t{7});
    other.end();
    other.end();
    const Bytes other_primes = other.finish();
    const dstu::Error multi = refusal(rsa_private_der(1, key, other_primes));
    CHECK(multi.code() == dstu::Errc::unsupported);
    CHECK(contains(multi.what(), "multi-prime"));
    // Version 0 with something after the coefficient.
    CHECK(refusal(rsa_private_der(0, key, other_primes)).code() == dstu::Errc::invalid_input);
  }
  SUBCASE("CRT values that disagree with the key: check_key refuses") {
    for (mp::Nat rsa::PrivateKey::*field :
         {&rsa::PrivateKey::d, &rsa::PrivateKey::dp, &rsa::PrivateKey::dq, &rsa::PrivateKey::qinv}) {
      rsa::PrivateKey bad = key;
      bad.*field = bad.*field + mp::Nat(2);
      CHECK(refusal(rsa_private_der(0, bad)).code() == dstu::Errc::invalid_input);
      // The same inside a PrivateKeyInfo, and written by our own encoder.
      CHECK(refusal(plain(pkix::encode_pkcs8(bad))).code() == dstu::Errc::invalid_input);
    }
    rsa::PrivateKey swapped = key;
    std::swap(swapped.p, swapped.q);
    CHECK(refusal(rsa_private_der(0, swapped)).code() == dstu::Errc::invalid_input);
  }
  SUBCASE("a non-minimal INTEGER") {
    // RSAPublicKey { n, e } with e = 65537 as 02 04 00 01 00 01 instead of 02 03 01 00 01.
    dstu::der::Writer w;
    w.begin(dstu::der::kSequence);
    w.integer(key.n.to_bytes_be());
    w.raw(Bytes{0x02, 0x04, 0x00, 0x01, 0x00, 0x01});
    w.end();
    const dstu::Error e = refusal(w.finish());
    CHECK(contains(e.what(), "non-minimal"));
  }
  SUBCASE("e even, n even, e = 1: refused in every form") {
    rsa::PublicKey even_e = key.public_key();
    even_e.e = mp::Nat(65538);
    rsa::PublicKey even_n = key.public_key();
    even_n.n = even_n.n + mp::Nat(1);
    rsa::PublicKey one = key.public_key();
    one.e = mp::Nat(1);
    for (const rsa::PublicKey& bad : {even_e, even_n, one}) {
      CHECK(refusal(pkix::encode_pkcs1(bad)).code() == dstu::Errc::invalid_input);
      CHECK(refusal(pkix::encode_spki(bad)).code() == dstu::Errc::invalid_input);
    }
    rsa::PrivateKey bad = key;
    bad.e = mp::Nat(65538);
    CHECK(refusal(rsa_private_der(0, bad)).code() == dstu::Errc::invalid_input);
  }
  SUBCASE("rsaEncryption parameters other than NULL") {
    const Bytes spki = rsa_key_vector(1024, "spki.der");
    const Bytes no_params = pkix::write_subject_public_key_info(pkix::write_algorithm_identifier(pkix::kOidRsaEncryption),
                                                                pkix::encode_pkcs1(key.public_key()));
    CHECK(contains(refusal(no_params).what(), "NULL"));
    const Bytes params = {0x06, 0x03, 0x2a, 0x03, 0x04};  // an OID where NULL belongs
    const Bytes oid_params = pkix::write_subject_public_key_info(
        pkix::write_algorithm_identifier(pkix::kOidRsaEncryption, params), pkix::encode_pkcs1(key.public_key()));
    CHECK(refusal(oid_params).code() == dstu::Errc::invalid_input);
  }
  SUBCASE("the legacy OpenSSL PEM encryption (Proc-Type headers)") {
    const std::string pem = dstu::pem::encode(
        {"RSA PRIVATE KEY", {{"Proc-Type", "4,ENCRYPTED"}, {"DEK-Info", "AES-256-CBC,00112233445566778899AABBCCDDEEFF"}},
         good});
    const dstu::Error e = refusal(text(pem));
    CHECK(contains(e.what(), "Proc-Type"));
  }
  SUBCASE("an armor label over the other PKCS#1 structure") {
    CHECK_THROWS_AS(read(text(dstu::pem::encode({"RSA PUBLIC KEY", {}, good}))), dstu::Error);
    CHECK_THROWS_AS(read(text(dstu::pem::encode({"RSA PRIVATE KEY", {}, rsa_key_vector(1024, "rsapub.der")}))),
                    dstu::Error);
    CHECK_THROWS_AS(read(text(dstu::pem::encode({"PUBLIC KEY", {}, rsa_key_vector(1024, "rsapub.der")}))),
                    dstu::Error);
  }
}
