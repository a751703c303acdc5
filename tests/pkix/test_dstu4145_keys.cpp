// DSTU 4145 keys in their envelopes (dstu/pkix/dstu4145_key.hpp): round trips of every
// form on every curve; the keys, digests and signatures that BouncyCastle, jkurwa and
// Cryptonite wrote (tests/interop/fixtures); two real certificates and the key
// identifier they carry; malformed input; d >= n read mod n.
#include <doctest/doctest.h>

#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>

#include "dstu/base/der.hpp"
#include "dstu/base/error.hpp"
#include "dstu/dstu4145/encoding.hpp"
#include "dstu/dstu4145/keys.hpp"
#include "dstu/dstu4145/sign.hpp"
#include "dstu/ec2m/point.hpp"
#include "dstu/hash/gost34311.hpp"
#include "dstu/pkix/dstu4145_key.hpp"
#include "dstu/rng/random.hpp"
#include "dstu_test_util.hpp"
#include "interop_fixture.hpp"
#include "test_random.hpp"

using dstu::Bytes;
using dstu::mp::Nat;
namespace d4 = dstu::dstu4145;
namespace pkix = dstu::pkix;
namespace ec2m = dstu::ec2m;
namespace der = dstu::der;

using dstu::test::interop_fixture;

TEST_CASE("keys round-trip in every form on every curve") {
  dstu::rng::ChaCha20Drbg rng(dstu::test::seed(), 300);
  for (const ec2m::Curve* c : ec2m::Curve::all_named()) {
    INFO(c->name());
    const d4::PrivateKey priv = d4::generate_key(*c, rng);
    const d4::PublicKey pub = priv.public_key();
    const Bytes spki = pkix::encode_spki(pub);
    const d4::PublicKey back = pkix::decode_dstu4145_spki(spki);
    CHECK(back.curve == c);
    CHECK(ec2m::same_point(*c, back.q, pub.q));
    for (auto form : {pkix::Dstu4145Form::uapki, pkix::Dstu4145Form::bouncycastle}) {
      const dstu::SecureBytes p8 = pkix::encode_pkcs8(priv, form);
      const d4::PrivateKey again = pkix::decode_dstu4145_pkcs8(p8);
      CHECK(d4::keys_match(again, pub));
    }
    CHECK(pkix::key_id(pub).size() == 32);
  }
}

TEST_CASE("keys and signatures written by BouncyCastle, jkurwa and Cryptonite") {
  std::ifstream in(std::string(DSTU_INTEROP_FIXTURES) + "/kat.json");
  const auto kat = nlohmann::json::parse(in);
  int verified = 0;
  for (const auto& v : kat["verify"]) {
    INFO(v["id"].get<std::string>());
    const d4::PublicKey pub = pkix::decode_dstu4145_spki(interop_fixture(v["pub"]));
    Bytes digest = interop_fixture(v["in"]);
    if (!v.value("digest", false)) {
      const auto d = dstu::hash::Gost34311::hash(digest);
      digest.assign(d.begin(), d.end());
    }
    const Bytes sig = interop_fixture(v["sig"]);
    const d4::Signature decoded = v.value("raw", false) ? d4::decode_signature(*pub.curve, sig)
                                                        : d4::decode_signature_der(*pub.curve, sig);
    const bool want = v.value("valid", true);
    CHECK(d4::verify_digest(pub, digest, decoded) == want);
    ++verified;
  }
  CHECK(verified >= 5);
  // Private keys in both layouts give the published public keys.
  for (const auto& files : std::vector<std::pair<std::string, std::string>>{
           {"jkurwa-m257.priv.der", "jkurwa-m257.pub.der"},
           {"jkurwa-m257.priv-be.der", "jkurwa-m257.pub-be.der"},
           {"cryptonite-m257.priv.der", "cryptonite-m257.pub.der"},
           {"cert-root.priv.der", "cert-root.spki.der"},
           {"cert-userfiz.priv.der", "cert-userfiz.spki.der"}}) {
    const std::string& priv = files.first;  // not a binding: INFO captures it (clang)
    const std::string& pub = files.second;
    INFO(priv);
    CHECK(d4::keys_match(pkix::decode_dstu4145_pkcs8(interop_fixture(priv)),
                         pkix::decode_dstu4145_spki(interop_fixture(pub))));
  }
  // BouncyCastle's short signature (40 octets in DER on dstu163) verifies in the DER form,
  // split in half; as raw octets 40 is not a length DSTU 4145 allows on dstu163.
  const d4::PublicKey bc = pkix::decode_dstu4145_spki(interop_fixture("bc-short-m163.pub.der"));
  const Bytes short_der = interop_fixture("bc-short-m163.sig.der");
  CHECK(short_der.size() == 42);
  CHECK(d4::verify_digest(bc, interop_fixture("bc-short-m163.digest"), d4::decode_signature_der(*bc.curve, short_der)));
  CHECK_THROWS_AS(d4::decode_signature(*bc.curve, Bytes(short_der.begin() + 2, short_der.end())), dstu::Error);
  CHECK(d4::keys_match(pkix::decode_dstu4145_pkcs8(interop_fixture("bc-short-m163.priv.der")), bc));
}

TEST_CASE("real certificates verify, and the key identifier is the one they carry") {
  std::map<std::string, d4::PublicKey> issuers;
  for (const auto& v : dstu::test::load_vectors("dstu4145/certificates.vec", "certificate")) {
    INFO(v.where() << " " << v.get("Id"));
    const Bytes cert = v.bytes("Der");
    der::Reader top(cert);
    der::Reader certificate = top.enter(der::kSequence, "Certificate");
    const der::Element tbs = certificate.expect(der::kSequence, "tbs");
    certificate.expect(der::kSequence, "signatureAlgorithm");
    const Bytes sig_bits = certificate.bit_string("signature");
    der::Reader sig_reader(sig_bits);
    const Bytes sig = sig_reader.octet_string("r||s");
    // The subject key is the SubjectPublicKeyInfo of the TBS (7th field with version).
    der::Reader fields(tbs.content);
    for (int i = 0; i < 6; ++i) fields.next();
    const der::Element spki = fields.expect(der::kSequence, "spki");
    const d4::PublicKey subject = pkix::decode_dstu4145_spki(spki.encoded);
    REQUIRE(subject.dke.has_value());  // these certificates carry the DKE explicitly
    const std::string who = v.get("Id");
    const d4::PublicKey& issuer = v.get("Issuer") == "root" && issuers.count("root") ? issuers.at("root") : subject;
    dstu::hash::Gost34311Params params;
    params.sbox = dstu::cipher::SBox::from_packed(*issuer.dke);
    const auto digest = dstu::hash::Gost34311::hash(tbs.encoded, params);
    CHECK(d4::verify_digest(issuer, digest, d4::decode_signature(*issuer.curve, sig)));
    // The private key file belongs to this certificate's subject.
    const ec2m::Curve& c = *subject.curve;
    const d4::PrivateKey priv(c, ec2m::scalar_from_nat(Nat::from_bytes_le(v.bytes("PrivateLe"))));
    CHECK(d4::keys_match(priv, subject));
    // The SubjectKeyIdentifier extension holds key_id: look for OCTET STRING(32) of it.
    const Bytes id = pkix::key_id(subject);
    Bytes needle{0x04, 0x20};
    needle.insert(needle.end(), id.begin(), id.end());
    CHECK(std::search(cert.begin(), cert.end(), needle.begin(), needle.end()) != cert.end());
    if (who.find("root") != std::string::npos) issuers["root"] = subject;
  }
  CHECK(issuers.count("root") == 1);
}

TEST_CASE("the layout of d is decided by the OID, never by d's octets: a d that reads as DER") {
  // d little-endian = 30 1E 02 01 01 04 19 <25 octets>: a whole ECPrivateKey in DER,
  // as long as d's field (L(n) = 256 bits on dstu257).
  // Under the LE OID these are d's octets and nothing else (a reader that peeked at
  // the first octet used to take the 26 inner octets for d: another key).
  const ec2m::Curve& c = ec2m::Curve::named("dstu257");
  Bytes dle = {0x30, 0x1e, 0x02, 0x01, 0x01, 0x04, 0x19};
  for (int i = 0; i < 24; ++i) dle.push_back(static_cast<std::uint8_t>(0x11 * (i + 1)));
  dle.push_back(0x00);  // the top octet: d < 2^248 < n
  REQUIRE(dle.size() == (c.order_bits() + 7) / 8);
  ec2m::Scalar d;
  REQUIRE(d.set_bytes_le(dle));
  const d4::PrivateKey key(c, d);
  for (const auto form : {pkix::Dstu4145Form::uapki, pkix::Dstu4145Form::bouncycastle}) {
    const dstu::SecureBytes der = pkix::encode_pkcs8(key, form);
    const d4::PrivateKey back = pkix::decode_dstu4145_pkcs8(der);
    CHECK(ec2m::scalar_to_nat(back.d()) == ec2m::scalar_to_nat(d));
  }
}

TEST_CASE("malformed and invalid keys are errors") {
  dstu::rng::ChaCha20Drbg rng(dstu::test::seed(), 301);
  const ec2m::Curve& c = ec2m::Curve::named("dstu257");
  const d4::PrivateKey priv = d4::generate_key(c, rng);
  const Bytes spki = pkix::encode_spki(priv.public_key());
  const dstu::SecureBytes p8 = pkix::encode_pkcs8(priv);
  for (std::size_t cut = 0; cut < spki.size(); cut += 3) {
    CHECK_THROWS_AS(pkix::decode_dstu4145_spki(Bytes(spki.begin(), spki.begin() + static_cast<long>(cut))), dstu::Error);
  }
  for (std::size_t cut = 0; cut < p8.size(); cut += 3) {
    CHECK_THROWS_AS(pkix::decode_dstu4145_pkcs8(Bytes(p8.begin(), p8.begin() + static_cast<long>(cut))), dstu::Error);
  }
  Bytes extra = spki;
  extra.push_back(0);
  CHECK_THROWS_AS(pkix::decode_dstu4145_spki(extra), dstu::Error);
  CHECK_THROWS_AS(pkix::decode_dstu4145_spki(Bytes(100, 0x30)), dstu::Error);
  CHECK_THROWS_AS(pkix::decode_dstu4145_pkcs8(Bytes{0x30, 0x00}), dstu::Error);
  // Points that are not keys: x = 0 (order 2), and random x, and a point of order h n.
  auto with_point = [&](const Bytes& point) {
    der::Writer inner;
    inner.octet_string(point);
    der::Writer w;
    w.begin(der::kSequence);
    w.begin(der::kSequence);
    w.oid(pkix::kOidDstu4145Le);
    w.begin(der::kSequence);
    w.oid(c.oid());
    w.end();
    w.end();
    w.bit_string(inner.finish());
    w.end();
    return w.finish();
  };
  CHECK_NOTHROW(pkix::decode_dstu4145_spki(with_point(ec2m::compress_le(c, priv.public_key().q))));
  CHECK_THROWS_AS(pkix::decode_dstu4145_spki(with_point(Bytes(33, 0))), dstu::Error);
  CHECK_THROWS_AS(pkix::decode_dstu4145_spki(with_point(Bytes(32, 1))), dstu::Error);  // wrong length
  int refused = 0;
  for (int i = 0; i < 40; ++i) {
    Bytes x(33);
    rng.fill(x);
    x[32] &= 1;
    try {
      pkix::decode_dstu4145_spki(with_point(x));
    } catch (const dstu::Error&) {
      ++refused;
    }
  }
  CHECK(refused >= 30);  // not on the curve, or of order 2n or 4n: h = 4 on dstu257
  // Wrong algorithm OID.
  Bytes wrong = spki;
  const Bytes oid = der::encode_oid(pkix::kOidDstu4145Le);
  auto at = std::search(wrong.begin(), wrong.end(), oid.begin(), oid.end());
  REQUIRE(at != wrong.end());
  at[oid.size() - 1] ^= 0x07;
  CHECK_THROWS_AS(pkix::decode_dstu4145_spki(wrong), dstu::Error);
}

namespace {

/// A PKCS#8 key with d's octets as given: under the LE OID d little-endian, under the
/// BE OID BouncyCastle's ECPrivateKey with d big-endian.
dstu::SecureBytes pkcs8_with_d(const ec2m::Curve& c, const Nat& d, std::size_t octets, bool le) {
  der::Writer w;
  w.begin(der::kSequence);
  w.integer(std::uint64_t{0});
  w.begin(der::kSequence);
  w.oid(le ? pkix::kOidDstu4145Le : pkix::kOidDstu4145Be);
  w.oid(c.oid());
  w.end();
  if (le) {
    w.octet_string(d.to_bytes_le(octets));
  } else {
    Bytes be = d.to_bytes_le(octets);
    std::reverse(be.begin(), be.end());
    der::Writer ecpk;
    ecpk.begin(der::kSequence);
    ecpk.integer(std::uint64_t{1});
    ecpk.octet_string(be);
    ecpk.end();
    w.octet_string(ecpk.finish());
  }
  w.end();
  return w.finish_secret();
}

std::string error_text(const dstu::SecureBytes& der) {
  try {
    (void)pkix::decode_dstu4145_pkcs8(der);
  } catch (const dstu::Error& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("d >= n is read mod n, as jkurwa writes it and the peers sign with it; d = 0 mod n is refused") {
  // jkurwa draws d from ceil(L(n)/8) random octets and does not reduce it: d + n and
  // d + 2n of that width are its keys for d, in both layouts, and sign as d does.
  dstu::rng::ChaCha20Drbg rng(dstu::test::seed(), 302);
  for (const ec2m::Curve* c : ec2m::Curve::all_named()) {
    INFO(c->name());
    const std::size_t octets = (c->order_bits() + 7) / 8;
    const Nat n = c->order();
    const d4::PrivateKey key = d4::generate_key(*c, rng);
    const Nat d = ec2m::scalar_to_nat(key.d());
    for (const bool le : {true, false}) {
      INFO("le " << le);
      for (const Nat& wide : {d + n, d + n + n}) {
        if (wide.bits() > 8 * octets) continue;
        const d4::PrivateKey back = pkix::decode_dstu4145_pkcs8(pkcs8_with_d(*c, wide, octets, le));
        CHECK(ec2m::scalar_to_nat(back.d()) == d);
        CHECK(d4::keys_match(back, key.public_key()));
      }
      // n itself (and 2n where it fits) is 0 mod n: the key's fault, named as such.
      for (const Nat& zero : {Nat(0), n, n + n}) {
        if (zero.bits() > 8 * octets) continue;
        const std::string why = error_text(pkcs8_with_d(*c, zero, octets, le));
        CHECK(why.find("0 mod n") != std::string::npos);
      }
    }
  }
  // dstu257, where half of jkurwa's keys lie: n < 2^256, so every d < 2^256 is a key.
  const ec2m::Curve& c = ec2m::Curve::named("dstu257");
  CHECK(c.order().bits() == 256);
  const Nat top = (Nat(1) << 256) - Nat(1);
  const d4::PrivateKey k = pkix::decode_dstu4145_pkcs8(pkcs8_with_d(c, top, 32, true));
  CHECK(ec2m::scalar_to_nat(k.d()) == top % c.order());
}
