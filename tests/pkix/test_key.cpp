// A key of any kind (dstu/pkix/key.hpp): the key identifier of every kind (Ukrainian
// PKI's written out for DSTU 4145, SHA-256 of the SPKI for ECDSA/ECGDSA), the hash a key
// implies (GOST 34.311 under the key's DKE, nothing else changed), the default hash,
// public and private parts, and the any-kind envelope readers choosing by OID.
#include <doctest/doctest.h>

#include <algorithm>
#include <variant>

#include "dstu/base/der.hpp"
#include "dstu/base/error.hpp"
#include "dstu/cipher/gost28147.hpp"
#include "dstu/ec2m/point.hpp"
#include "dstu/hash/gost34311.hpp"
#include "dstu/hash/sha2.hpp"
#include "dstu/pkix/ec_key.hpp"
#include "dstu/pkix/key.hpp"
#include "dstu/rng/random.hpp"
#include "test_random.hpp"

using dstu::Bytes;
namespace d4 = dstu::dstu4145;
namespace ecdsa = dstu::ecdsa;
namespace cipher = dstu::cipher;
namespace hash = dstu::hash;
namespace pkix = dstu::pkix;

namespace {

Bytes digest(hash::Hasher& h, const Bytes& msg) {
  h.update(msg);
  return h.final();
}

/// An S-box other than DKE No.1: its rows rotated (still a valid packed S-box).
d4::Dke other_dke() {
  d4::Dke dke{};
  const auto packed = cipher::SBox::dke1().packed();
  std::rotate_copy(packed.begin(), packed.begin() + 8, packed.end(), dke.begin());
  return dke;
}

}  // namespace

TEST_CASE("key identifiers of every kind") {
  dstu::rng::ChaCha20Drbg rng(dstu::test::seed(), 670);
  const d4::PrivateKey d = d4::generate_key(dstu::ec2m::Curve::named("dstu431"), rng);
  // Ukrainian PKI's: GOST 34.311 (DKE No.1) of the DER OCTET STRING of the LE compressed point.
  dstu::der::Writer w;
  w.octet_string(dstu::ec2m::compress_le(d.curve(), d.public_key().q));
  const auto want = hash::Gost34311::hash(w.finish());
  CHECK(pkix::key_id(pkix::AnyPublicKey(d.public_key())) == Bytes(want.begin(), want.end()));
  CHECK(pkix::key_id(pkix::public_key(pkix::AnyPrivateKey(d))) == Bytes(want.begin(), want.end()));
  for (const ecdsa::Scheme scheme : {ecdsa::Scheme::ecdsa, ecdsa::Scheme::ecgdsa}) {
    const ecdsa::SchemeKey e{scheme, ecdsa::PrivateKey::generate(ecdsa::Group::named("P-384"), rng)};
    const pkix::AnyPublicKey pub = pkix::public_key(pkix::AnyPrivateKey(e));
    const Bytes id = pkix::key_id(pub);
    CHECK(id == hash::Sha256::hash(256, pkix::encode_spki(pub)));
    CHECK(id.size() == 32);
  }
}

TEST_CASE("the hash a key implies: GOST 34.311 under its DKE, every other hash as named") {
  dstu::rng::ChaCha20Drbg rng(dstu::test::seed(), 671);
  const Bytes msg{'a', 'b', 'c'};
  const d4::PrivateKey plain = d4::generate_key(dstu::ec2m::Curve::named("dstu257"), rng);
  const d4::PrivateKey with_dke(plain.curve(), plain.d(), other_dke());
  hash::Gost34311Params params;
  params.sbox = cipher::SBox::from_packed(other_dke());
  const auto under_dke = hash::Gost34311::hash(msg, params);
  const auto standard = hash::Gost34311::hash(msg);
  REQUIRE(under_dke != standard);
  const pkix::AnyPublicKey dke_key = with_dke.public_key(), no_dke = plain.public_key();
  CHECK(digest(*pkix::make_hasher(dke_key, "gost34311"), msg) == Bytes(under_dke.begin(), under_dke.end()));
  CHECK(digest(*pkix::make_hasher(no_dke, "gost34311"), msg) == Bytes(standard.begin(), standard.end()));
  CHECK(pkix::make_hasher(dke_key, "gost34311")->name() == "gost34311");
  const ecdsa::SchemeKey p256{ecdsa::Scheme::ecdsa, ecdsa::PrivateKey::generate(ecdsa::Group::named("P-256"), rng)};
  const pkix::AnyPublicKey ec = pkix::public_key(pkix::AnyPrivateKey(p256));
  for (const std::string& name : hash::hasher_names()) {
    INFO(name);
    const Bytes want = digest(*hash::make_hasher(name), msg);
    if (name != "gost34311") CHECK(digest(*pkix::make_hasher(dke_key, name), msg) == want);
    CHECK(digest(*pkix::make_hasher(ec, name), msg) == want);
  }
  CHECK_THROWS_AS(pkix::make_hasher(ec, "md5"), dstu::Error);
  // The default hash: GOST 34.311 for DSTU 4145, SHA-2 by the size of n for ECDSA.
  CHECK(pkix::default_hash(dke_key) == "gost34311");
  CHECK(pkix::default_hash(ec) == "sha256");
  const pkix::AnyPublicKey p521 = pkix::public_key(pkix::AnyPrivateKey(
      ecdsa::SchemeKey{ecdsa::Scheme::ecgdsa, ecdsa::PrivateKey::generate(ecdsa::Group::named("P-521"), rng)}));
  CHECK(pkix::default_hash(p521) == "sha512");
  CHECK(pkix::curve_name(p521) == "P-521");
  CHECK(pkix::curve_name(dke_key) == "dstu257");
}

TEST_CASE("public and private parts; the any-kind envelope readers choose by OID") {
  dstu::rng::ChaCha20Drbg rng(dstu::test::seed(), 672);
  const d4::PrivateKey d = d4::generate_key(dstu::ec2m::Curve::named("dstu163"), rng);
  const ecdsa::SchemeKey e{ecdsa::Scheme::ecgdsa, ecdsa::PrivateKey::generate(ecdsa::Group::named("B-283"), rng)};
  for (const pkix::AnyPrivateKey& key : {pkix::AnyPrivateKey(d), pkix::AnyPrivateKey(e)}) {
    const pkix::AnyKey any = pkix::any_key(key);
    CHECK(pkix::is_private(any));
    const pkix::AnyPublicKey pub = pkix::public_key(any);
    const pkix::AnyKey pub_any = pkix::any_key(pub);
    CHECK_FALSE(pkix::is_private(pub_any));
    CHECK(pkix::key_id(pkix::public_key(pub_any)) == pkix::key_id(pub));
    try {
      (void)pkix::private_key(pub_any);
      FAIL("a public key gave a private one");
    } catch (const dstu::Error& err) {
      CHECK(std::string(err.what()) == "a public key, not a private one");
    }
    // The envelopes read back as the same kind and key.
    const pkix::AnyPrivateKey back = pkix::decode_pkcs8(pkix::encode_pkcs8(key));
    CHECK(back.index() == key.index());
    CHECK(pkix::key_id(pkix::public_key(back)) == pkix::key_id(pub));
    const pkix::AnyPublicKey pub_back = pkix::decode_spki(pkix::encode_spki(pub));
    CHECK(pub_back.index() == pub.index());
    CHECK(pkix::key_id(pub_back) == pkix::key_id(pub));
  }
  // The ECDSA decoders refuse a DSTU 4145 envelope and the other way round.
  CHECK_THROWS_AS(pkix::decode_ec_pkcs8(pkix::encode_pkcs8(d)), dstu::Error);
  CHECK_THROWS_AS(pkix::decode_dstu4145_pkcs8(pkix::encode_pkcs8(e)), dstu::Error);
}
