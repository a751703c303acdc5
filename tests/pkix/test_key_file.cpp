// The one key file reader (dstu/pkix/key_file.hpp): every kind, DER and PEM, clear and
// protected, reads to the key it holds and says which kind it is; the passphrase is
// asked once, only after the PBES2 parameters passed; a leading EC PARAMETERS block must
// fit. Refusals: each armor label over another structure's DER, unknown labels, DER of
// other structures (a signature, a certificate), other algorithms, a protected key
// without a passphrase source, a wrong passphrase, and no decoder tried "just in case":
// each error is the one decoder's the label, structure and OID choose.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <variant>

#include "dstu/base/der.hpp"
#include "dstu/base/error.hpp"
#include "dstu/base/pem.hpp"
#include "dstu/dstu4145/keys.hpp"
#include "dstu/cipher/gost28147.hpp"
#include "dstu/pkix/ec_key.hpp"
#include "dstu/pkix/key_file.hpp"
#include "dstu/rng/random.hpp"
#include "pbes2_store.hpp"
#include "interop_fixture.hpp"
#include "test_random.hpp"
#include "vec.hpp"

using dstu::Bytes;
using dstu::SecureBytes;
namespace d4 = dstu::dstu4145;
namespace ecdsa = dstu::ecdsa;
namespace pkix = dstu::pkix;

namespace {

using dstu::test::interop_fixture;

Bytes text(const std::string& s) { return Bytes(s.begin(), s.end()); }

Bytes armor(const std::string& label, std::span<const std::uint8_t> der) {
  return text(dstu::pem::encode({label, {}, Bytes(der.begin(), der.end())}));
}

/// A passphrase source that counts its calls and keeps the parameters it was shown.
class CountingPassphrase final : public pkix::PassphraseSource {
 public:
  explicit CountingPassphrase(std::string pass) : pass_(std::move(pass)) {}
  SecureBytes passphrase(const pkix::Pbes2Info& parameters) override {
    ++calls;
    seen = parameters;
    return SecureBytes(pass_.begin(), pass_.end());
  }
  int calls = 0;
  pkix::Pbes2Info seen;

 private:
  std::string pass_;
};

/// The message of what read_key_file throws (fails the test if it reads).
std::string refusal(std::span<const std::uint8_t> file, pkix::PassphraseSource* source = nullptr) {
  try {
    (void)pkix::read_key_file(file, source);
  } catch (const dstu::Error& e) {
    return e.what();
  }
  FAIL("read");
  return "";
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

/// Same kind and same public key.
bool same_key(const pkix::AnyKey& a, const pkix::AnyKey& b) {
  return a.index() == b.index() && pkix::key_id(pkix::public_key(a)) == pkix::key_id(pkix::public_key(b));
}

/// A DSTU 4145 key with a DKE (the DKE No.1 S-box packed), so that the parameters carry one.
d4::PrivateKey dstu_key(dstu::rng::ChaCha20Drbg& rng) {
  const d4::PrivateKey plain = d4::generate_key(dstu::ec2m::Curve::named("dstu257"), rng);
  d4::Dke dke{};
  const auto packed = dstu::cipher::SBox::dke1().packed();
  std::copy(packed.begin(), packed.end(), dke.begin());
  return d4::PrivateKey(plain.curve(), plain.d(), dke);
}

/// One file of each form and kind: its bytes, the kind it holds, whether it is private.
struct Sample {
  std::string name;
  Bytes der;
  std::string label;
  pkix::AnyKey key;
};

std::vector<Sample> samples() {
  dstu::rng::ChaCha20Drbg rng(dstu::test::seed(), 660);
  const d4::PrivateKey d = dstu_key(rng);
  const auto p256 = dstu::test::load_vectors("ecdsa/openssl.vec", "P-256").front();
  const ecdsa::SchemeKey e = pkix::decode_ec_pkcs8(p256.bytes("Pkcs8"));
  const ecdsa::SchemeKey g{ecdsa::Scheme::ecgdsa,
                           ecdsa::PrivateKey::generate(ecdsa::Group::named("brainpoolP256r1"), rng)};
  const auto bytes = [](const SecureBytes& s) { return Bytes(s.begin(), s.end()); };
  const auto pub_of = [](const auto& k) { return pkix::any_key(pkix::public_key(pkix::AnyPrivateKey(k))); };
  return {
      {"dstu uapki", bytes(pkix::encode_pkcs8(d)), "PRIVATE KEY", d},
      {"dstu bouncycastle", bytes(pkix::encode_pkcs8(d, pkix::Dstu4145Form::bouncycastle)), "PRIVATE KEY", d},
      {"dstu spki", pkix::encode_spki(d.public_key()), "PUBLIC KEY", d.public_key()},
      {"jkurwa be", interop_fixture("jkurwa-m257.priv-be.der"), "PRIVATE KEY",
       pkix::decode_dstu4145_pkcs8(interop_fixture("jkurwa-m257.priv-be.der"))},
      {"jkurwa be spki", interop_fixture("jkurwa-m257.pub-be.der"), "PUBLIC KEY",
       pkix::decode_dstu4145_spki(interop_fixture("jkurwa-m257.pub-be.der"))},
      {"ecdsa pkcs8", p256.bytes("Pkcs8"), "PRIVATE KEY", e},
      {"ecdsa sec1", p256.bytes("Sec1"), "EC PRIVATE KEY", e},
      {"ecdsa spki", p256.bytes("Spki"), "PUBLIC KEY", pub_of(e)},
      {"ecgdsa pkcs8", bytes(pkix::encode_pkcs8(g)), "PRIVATE KEY", g},
      {"ecgdsa spki", pkix::encode_spki(std::get<ecdsa::SchemePublicKey>(pkix::public_key(pkix::AnyPrivateKey(g)))),
       "PUBLIC KEY", pub_of(g)},
  };
}

}  // namespace

TEST_CASE("every kind reads from DER and PEM to the key it holds, and says which kind") {
  for (const Sample& s : samples()) {
    INFO(s.name);
    for (const Bytes& file : {s.der, armor(s.label, s.der)}) {
      const pkix::KeyFile k = pkix::read_key_file(file, nullptr);
      CHECK_FALSE(k.encrypted);
      CHECK(same_key(k.key, s.key));
      CHECK(pkix::is_private(k.key) == pkix::is_private(s.key));
    }
  }
  // The DKE travels with a DSTU 4145 key, private and public.
  const std::vector<Sample> all = samples();
  CHECK(std::get<d4::PrivateKey>(pkix::read_key_file(all[0].der, nullptr).key).dke().has_value());
  CHECK(std::get<d4::PublicKey>(pkix::read_key_file(all[2].der, nullptr).key).dke.has_value());
}

TEST_CASE("protected keys of every kind open with their passphrase, asked once after the parameters") {
  dstu::rng::ChaCha20Drbg rng(dstu::test::seed(), 661);
  const std::string pass = "correct horse";
  for (const Sample& s : samples()) {
    if (!pkix::is_private(s.key)) continue;
    INFO(s.name);
    for (const auto encoding : {pkix::KeyFileEncoding::der, pkix::KeyFileEncoding::pem}) {
      const SecureBytes file =
          pkix::encode_protected_key_file(pkix::private_key(s.key), encoding, text(pass), 2, rng);
      CountingPassphrase right(pass);
      const pkix::KeyFile k = pkix::read_key_file(file, &right);
      CHECK(k.encrypted);
      CHECK(same_key(k.key, s.key));
      CHECK(right.calls == 1);
      CHECK(right.seen.iterations == 2);
      CHECK(right.seen.salt_size == 32);
      CountingPassphrase wrong(pass + "!");
      CHECK(contains(refusal(file, &wrong), "wrong passphrase"));
      CHECK(wrong.calls == 1);
      CHECK(contains(refusal(file, nullptr), "a protected private key, and no passphrase to open it"));
    }
  }
  // jkurwa's store, as gost89 writes it.
  const auto v = dstu::test::load_vectors("dstu4145/encrypted_keys.vec", "encrypted").front();
  const std::string jk(reinterpret_cast<const char*>(v.bytes("Passphrase").data()), v.bytes("Passphrase").size());
  CountingPassphrase source(jk);
  const pkix::KeyFile k = pkix::read_key_file(v.bytes("Encrypted"), &source);
  CHECK(k.encrypted);
  CHECK(same_key(k.key, pkix::read_key_file(v.bytes("Clear"), nullptr).key));
  // Parameters refused (an iteration count of 2^63): the passphrase is never asked.
  CountingPassphrase never("x");
  const Bytes slow = dstu::test::store_with_iterations(std::uint64_t{1} << 63);
  for (const Bytes& file : {slow, armor("ENCRYPTED PRIVATE KEY", slow)}) {
    CHECK(contains(refusal(file, &never), "9223372036854775808"));
  }
  CHECK(never.calls == 0);
  // What the source throws goes out unchanged.
  struct Refusing final : pkix::PassphraseSource {
    SecureBytes passphrase(const pkix::Pbes2Info&) override { throw dstu::Error(dstu::Errc::io, "no terminal"); }
  } refusing;
  CHECK(refusal(v.bytes("Encrypted"), &refusing) == "no terminal");
}

TEST_CASE("each armor label over another structure's DER is refused by that label's reader") {
  dstu::rng::ChaCha20Drbg rng(dstu::test::seed(), 662);
  const std::vector<Sample> all = samples();
  const SecureBytes sealed = pkix::encode_protected_key_file(pkix::private_key(all[0].key),
                                                             pkix::KeyFileEncoding::der, text("pw"), 1, rng);
  struct Structure {
    std::string label;
    Bytes der;
  };
  const std::vector<Structure> structures{{"PRIVATE KEY", all[0].der},        // PrivateKeyInfo (DSTU)
                                          {"PRIVATE KEY", all[5].der},        // PrivateKeyInfo (ECDSA)
                                          {"EC PRIVATE KEY", all[6].der},     // ECPrivateKey
                                          {"PUBLIC KEY", all[2].der},         // SubjectPublicKeyInfo (DSTU)
                                          {"PUBLIC KEY", all[7].der},         // SubjectPublicKeyInfo (ECDSA)
                                          {"ENCRYPTED PRIVATE KEY", Bytes(sealed.begin(), sealed.end())}};
  CountingPassphrase pass("pw");
  int refused = 0;
  for (const char* label : {"PRIVATE KEY", "EC PRIVATE KEY", "PUBLIC KEY", "ENCRYPTED PRIVATE KEY"}) {
    for (const Structure& s : structures) {
      INFO(label << " over the DER of a " << s.label);
      if (s.label == label) {
        CHECK_NOTHROW(pkix::read_key_file(armor(label, s.der), &pass));
        continue;
      }
      CHECK_THROWS_AS(pkix::read_key_file(armor(label, s.der), &pass), dstu::Error);
      ++refused;
    }
  }
  CHECK(refused == 4 * 6 - 6);
  // Only the sealed file asked for the passphrase (once, under its own label).
  CHECK(pass.calls == 1);
  // Labels of other things are no key files.
  for (const char* label : {"CERTIFICATE", "OPENSSH PRIVATE KEY", "DSTU 4145 SIGNATURE"}) {
    const std::string why = refusal(armor(label, all[0].der));
    CHECK(contains(why, "not a DSTU 4145 key file, nor an ECDSA/ECGDSA or RSA one (armor label '" + std::string(label) + "')"));
  }
}

TEST_CASE("DER of other structures, other algorithms and text are no key files") {
  CHECK(refusal(Bytes{}) == "the key file is empty");
  // ECDSA-Sig-Value: SEQUENCE { INTEGER, INTEGER }, which is also the structure of a PKCS#1
  // RSAPublicKey: read as one, and refused by the RSA key's checks.
  dstu::der::Writer sig;
  sig.begin(dstu::der::kSequence);
  sig.integer(std::uint64_t{5});
  sig.integer(std::uint64_t{7});
  sig.end();
  CHECK(contains(refusal(sig.finish()), "RSA modulus size out of range"));
  // SEQUENCE { INTEGER, NULL }: no key's structure.
  dstu::der::Writer other;
  other.begin(dstu::der::kSequence);
  other.integer(std::uint64_t{5});
  other.null();
  other.end();
  CHECK(contains(refusal(other.finish()), "not a DSTU 4145 key file, nor an ECDSA/ECGDSA or RSA one (a DER structure"));
  // A certificate: its first element (the TBS) is a SEQUENCE that begins with [0].
  const auto cert = dstu::test::load_vectors("dstu4145/certificates.vec", "certificate").front();
  CHECK(contains(refusal(cert.bytes("Der")), "not a DSTU 4145 key file, nor an ECDSA/ECGDSA or RSA one"));
  for (const Bytes& junk : {text("this is not a key"), Bytes{0x30, 0x00}, Bytes{0x04, 0x01, 0x00}}) {
    CHECK(contains(refusal(junk), "not a DSTU 4145 key file, nor an ECDSA/ECGDSA or RSA one ("));
  }
  // A key file with one octet after its structure.
  Bytes longer = samples()[2].der;
  longer.push_back(0);
  CHECK(contains(refusal(longer), "not a DSTU 4145 key file, nor an ECDSA/ECGDSA or RSA one (malformed DER: key file: "
                                  "trailing data)"));
  // An Ed25519 key (RFC 8410) in either envelope: unsupported, the OID named.
  const Bytes ed_alg = pkix::write_algorithm_identifier("1.3.101.112");
  const Bytes ed_spki = pkix::write_subject_public_key_info(ed_alg, Bytes(32, 1));
  const SecureBytes ed_pkcs8 = pkix::write_private_key_info(ed_alg, Bytes(34, 2));
  for (const Bytes& file : {ed_spki, Bytes(ed_pkcs8.begin(), ed_pkcs8.end())}) {
    try {
      (void)pkix::read_key_file(file, nullptr);
      FAIL("read");
    } catch (const dstu::Error& e) {
      CHECK(e.code() == dstu::Errc::unsupported);
      CHECK(contains(e.what(), "not a DSTU 4145 key, nor an ECDSA/ECGDSA or RSA one (algorithm 1.3.101.112)"));
    }
  }
}

TEST_CASE("no decoder is tried just in case: each error is the chosen decoder's") {
  const std::vector<Sample> all = samples();
  // A DSTU 4145 SubjectPublicKeyInfo with its OID made id-ecPublicKey: read as an EC key
  // (whose parameters are then a SEQUENCE: explicit, unsupported), never as the DSTU 4145
  // key its bytes otherwise are.
  const pkix::SubjectPublicKeyInfo spki = pkix::read_subject_public_key_info(all[2].der);
  const Bytes as_ec = pkix::write_subject_public_key_info(
      pkix::write_algorithm_identifier(pkix::kOidEcPublicKey, spki.algorithm.parameters), spki.subject_public_key);
  std::string why = refusal(as_ec);
  CHECK(contains(why, "explicit curve parameters"));
  CHECK_FALSE(contains(why, "DSTU 4145"));
  // And the ECDSA key's under a DSTU 4145 OID: the DSTU 4145 reader's refusal (P-256's
  // OID is no DSTU 4145 curve), never the ECDSA key its bytes otherwise are.
  const pkix::SubjectPublicKeyInfo ec_spki = pkix::read_subject_public_key_info(all[7].der);
  const Bytes as_dstu = pkix::write_subject_public_key_info(
      pkix::write_algorithm_identifier(pkix::kOidDstu4145Le, ec_spki.algorithm.parameters), ec_spki.subject_public_key);
  why = refusal(as_dstu);
  CHECK(contains(why, "unknown curve '1.2.840.10045.3.1.7'"));
  CHECK_FALSE(contains(why, "EC key"));
  // A public key file labelled as a private one: the PrivateKeyInfo reader's error, not
  // the public key it holds.
  why = refusal(armor("PRIVATE KEY", all[7].der));
  CHECK(contains(why, "PrivateKeyInfo"));
  // The same bytes under no label read as what their structure is.
  CHECK(std::holds_alternative<ecdsa::SchemePublicKey>(pkix::read_key_file(all[7].der, nullptr).key));
  // A DSTU 4145 private key on a curve OID that is none: that key's error, not "no key
  // file" and not another decoder's.
  Bytes damaged = all[0].der;
  const Bytes curve = dstu::der::encode_oid(dstu::ec2m::Curve::named("dstu257").oid());
  const auto at = std::search(damaged.begin(), damaged.end(), curve.begin(), curve.end());
  REQUIRE(at != damaged.end());
  at[static_cast<std::ptrdiff_t>(curve.size()) - 1] ^= 0x70;
  why = refusal(damaged);
  CHECK(contains(why, "unknown curve"));
  CHECK_FALSE(contains(why, "not a DSTU 4145 key file"));
}

TEST_CASE("armor headers: ignored in a public key, refused in a private one") {
  const std::vector<Sample> all = samples();
  const std::string pub = dstu::pem::encode({"PUBLIC KEY", {{"Comment", "mine"}}, all[2].der});
  CHECK(std::holds_alternative<d4::PublicKey>(pkix::read_key_file(text(pub), nullptr).key));
  const std::string priv = dstu::pem::encode({"PRIVATE KEY", {{"Proc-Type", "4,ENCRYPTED"}}, all[0].der});
  CHECK(contains(refusal(text(priv)), "armor headers ('Proc-Type: ...') in a private key"));
}

TEST_CASE("a leading EC PARAMETERS block must name the curve of the EC key after it") {
  const std::vector<Sample> all = samples();
  const std::string p256 = "-----BEGIN EC PARAMETERS-----\nBggqhkjOPQMBBw==\n-----END EC PARAMETERS-----\n";
  const std::string p384 = "-----BEGIN EC PARAMETERS-----\nBgUrgQQAIg==\n-----END EC PARAMETERS-----\n";
  const auto with = [](const std::string& params, const Bytes& armored) {
    return text(params + std::string(armored.begin(), armored.end()));
  };
  for (const std::size_t i : {5, 6, 7}) {  // the P-256 key in all three forms
    INFO(all[i].name);
    const Bytes key = armor(all[i].label, all[i].der);
    CHECK(same_key(pkix::read_key_file(with(p256, key), nullptr).key, all[i].key));
    CHECK(contains(refusal(with(p384, key)),
                   "EC PARAMETERS name curve 1.3.132.0.34, the key is on 1.2.840.10045.3.1.7"));
  }
  CHECK(contains(refusal(with(p256, armor("PRIVATE KEY", all[0].der))),
                 "EC PARAMETERS before a key that is not an EC key"));
  CHECK(contains(refusal(text(p256)), "EC PARAMETERS without a key after them"));
  const std::string explicit_params = "-----BEGIN EC PARAMETERS-----\nMAMCAQE=\n-----END EC PARAMETERS-----\n";
  CHECK(contains(refusal(with(explicit_params, armor("PRIVATE KEY", all[5].der))), "only named curves are read"));
}

TEST_CASE("written key files read back to the same key; clear and protected labels") {
  dstu::rng::ChaCha20Drbg rng(dstu::test::seed(), 663);
  for (const Sample& s : samples()) {
    INFO(s.name);
    if (pkix::is_private(s.key)) {
      const pkix::AnyPrivateKey key = pkix::private_key(s.key);
      const SecureBytes clear = pkix::encode_private_key_file(key, pkix::KeyFileEncoding::pem);
      CHECK(std::string(clear.begin(), clear.end()).rfind("-----BEGIN PRIVATE KEY-----\n", 0) == 0);
      CHECK(same_key(pkix::read_key_file(clear, nullptr).key, s.key));
      const SecureBytes sealed = pkix::encode_protected_key_file(key, pkix::KeyFileEncoding::pem, text("p"), 1, rng);
      CHECK(std::string(sealed.begin(), sealed.end()).rfind("-----BEGIN ENCRYPTED PRIVATE KEY-----\n", 0) == 0);
      const SecureBytes der = pkix::encode_private_key_file(key, pkix::KeyFileEncoding::der);
      CHECK(der == pkix::encode_pkcs8(key));
    } else {
      const Bytes pem = pkix::encode_public_key_file(pkix::public_key(s.key), pkix::KeyFileEncoding::pem);
      CHECK(std::string(pem.begin(), pem.end()).rfind("-----BEGIN PUBLIC KEY-----\n", 0) == 0);
      CHECK(same_key(pkix::read_key_file(pem, nullptr).key, s.key));
      CHECK(pkix::encode_public_key_file(pkix::public_key(s.key), pkix::KeyFileEncoding::der) ==
            pkix::encode_spki(pkix::public_key(s.key)));
    }
  }
}
