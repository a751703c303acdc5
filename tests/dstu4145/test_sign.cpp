// DSTU 4145 signatures: every known answer of test-vectors/dstu4145/signatures.vec
// (Annex B.1, BouncyCastle 163/173/283/431 and truncation, Cryptonite 257/367, jkurwa
// 257, the derived end-to-end vectors) signed with the injected nonce and verified,
// once per CPU path; then round trips and negative cases.
#include <doctest/doctest.h>

#include "cpu_paths.hpp"
#include "dstu/dstu4145/encoding.hpp"
#include "dstu/dstu4145/keys.hpp"
#include "dstu/dstu4145/sign.hpp"
#include "dstu/ec2m/point.hpp"
#include "dstu/gf2m/ops.hpp"
#include "dstu/parallel/team.hpp"
#include "dstu/hash/hasher.hpp"
#include "dstu/rng/random.hpp"
#include "dstu_test_util.hpp"
#include "test_random.hpp"

using dstu::Bytes;
using dstu::mp::Nat;
namespace d4 = dstu::dstu4145;
namespace ec2m = dstu::ec2m;
namespace gf2m = dstu::gf2m;

namespace {

/// The digest to sign: the vector's own octets, or h written little-endian.
Bytes digest_of(const dstu::test::Vector& v, const ec2m::Curve& c) {
  if (v.has("Digest")) return v.bytes("Digest");
  return Nat::from_hex(v.get("H")).to_bytes_le(c.field_bytes());
}

}  // namespace

TEST_CASE("signature known answers") {
  dstu::test::for_each_cpu_path([](const std::string& path) {
    for (const auto& v : dstu::test::load_vectors("dstu4145/signatures.vec", "signature")) {
      INFO(v.where() << " " << v.get("Id") << " path=" << path);
      std::unique_ptr<ec2m::Curve> holder;
      const ec2m::Curve& c = dstu::test::curve_of(v, holder);
      const Bytes digest = digest_of(v, c);
      CHECK(gf2m::equal(c.field(), d4::hash_to_field(c, digest), gf2m::from_hex(c.field(), v.get("H"))));
      ec2m::AffinePoint q;
      q.x = gf2m::from_hex(c.field(), v.get("Qx"));
      q.y = gf2m::from_hex(c.field(), v.get("Qy"));
      const d4::PublicKey pub{&c, q, std::nullopt};
      REQUIRE(d4::valid_public_key(pub));
      const d4::Signature want{Nat::from_hex(v.get("R")), Nat::from_hex(v.get("S"))};
      CHECK(d4::verify_digest(pub, digest, want));
      if (v.has("SignatureLe")) {
        const d4::Signature got = d4::decode_signature(c, v.bytes("SignatureLe"));
        CHECK(got.r == want.r);
        CHECK(got.s == want.s);
      }
      if (v.has("SignatureDer")) {
        const d4::Signature got = d4::decode_signature_der(c, v.bytes("SignatureDer"));
        CHECK(got.r == want.r);
        CHECK(got.s == want.s);
      }
      if (!v.has("D")) continue;
      const d4::PrivateKey priv(c, ec2m::scalar_from_nat(Nat::from_hex(v.get("D"))));
      CHECK(d4::keys_match(priv, pub));
      if (!v.has("E")) continue;
      auto e = dstu::test::nonce(c, Nat::from_hex(v.get("E")));
      const d4::Signature sig = d4::sign_digest(priv, digest, e);
      CHECK(sig.r == want.r);
      CHECK(sig.s == want.s);
    }
  });
}

TEST_CASE("end-to-end: message -> hash -> signature octets") {
  for (const auto& v : dstu::test::load_vectors("dstu4145/signatures.vec", "end-to-end")) {
    INFO(v.where() << " " << v.get("Id"));
    const ec2m::Curve& c = ec2m::Curve::named(v.get("Oid"));
    auto h = dstu::hash::make_hasher(v.get("Hash"));
    h->update(v.bytes("Message"));
    const Bytes digest = h->final();
    CHECK(dstu::to_hex(digest) == v.get("Digest"));
    const d4::PrivateKey priv(c, ec2m::scalar_from_nat(Nat::from_hex(v.get("D"))));
    CHECK(dstu::to_hex(ec2m::compress_le(c, priv.public_key().q)) == v.get("QCompressedLe"));
    auto e = dstu::test::nonce(c, Nat::from_hex(v.get("E")));
    const d4::Signature sig = d4::sign_digest(priv, digest, e);
    CHECK(dstu::to_hex(d4::encode_signature_le(c, sig)) == v.get("SignatureLe"));
    CHECK(d4::verify_digest(priv.public_key(), digest, sig));
  }
}

TEST_CASE("sign and verify round trips on every curve, random keys and digests") {
  dstu::test::for_each_cpu_path([](const std::string&) {
    dstu::rng::ChaCha20Drbg rng(dstu::test::seed(), 200);
    for (const ec2m::Curve* c : ec2m::Curve::all_named()) {
      for (int i = 0; i < 8; ++i) {
        const d4::PrivateKey priv = d4::generate_key(*c, rng);
        const d4::PublicKey pub = priv.public_key();
        REQUIRE(d4::valid_public_key(pub));
        Bytes digest(i == 0 ? 0 : 32 + 16 * (i % 3));
        rng.fill(digest);
        const d4::Signature sig = d4::sign_digest(priv, digest, rng);
        INFO(c->name() << " i=" << i);
        CHECK(d4::verify_digest(pub, digest, sig));
        CHECK(sig.r.bits() <= c->order_bits() - 1);
        const Bytes le = d4::encode_signature_le(*c, sig);
        CHECK(le.size() == 2 * d4::signature_half_bytes(*c));
        const d4::Signature back = d4::decode_signature(*c, d4::encode_signature_be(*c, sig), true);
        CHECK(back.r == sig.r);
        CHECK(back.s == sig.s);
      }
    }
  });
}

TEST_CASE("the default path on two threads signs and verifies as the sequential twin, before and after it chooses") {
  // 150 signatures per curve cross warming, measuring and the decided form; both
  // sides draw their nonces from DRBGs of the same seed, so the signatures are equal.
  dstu::parallel::init(2);
  for (const char* name : {"dstu163", "dstu257", "dstu431"}) {
    const ec2m::Curve& c = ec2m::Curve::named(name);
    dstu::rng::ChaCha20Drbg key_rng(dstu::test::seed(), 201);
    const d4::PrivateKey priv = d4::generate_key(c, key_rng);
    const d4::PublicKey pub = priv.public_key();
    dstu::rng::ChaCha20Drbg one(dstu::test::seed(), 202), two(dstu::test::seed(), 202);
    for (int i = 0; i < 150; ++i) {
      Bytes digest(32);
      key_rng.fill(digest);
      const d4::Signature a = d4::sign_digest(priv, digest, one, 1);
      const d4::Signature b = d4::sign_digest(priv, digest, two, 2);
      INFO(std::string(name) << " i=" << i);
      CHECK(a.r == b.r);
      CHECK(a.s == b.s);
      CHECK(d4::verify_digest(pub, digest, b, 2));
      digest[i % 20] ^= 1;  // within the m bits of h on every curve here
      CHECK_FALSE(d4::verify_digest(pub, digest, b, 2));
    }
  }
}

TEST_CASE("negative cases: every bit flipped, r and s out of range, wrong digest, wrong key") {
  dstu::rng::ChaCha20Drbg rng(dstu::test::seed(), 201);
  for (const char* name : {"dstu163", "dstu257", "dstu431"}) {
    const ec2m::Curve& c = ec2m::Curve::named(name);
    const d4::PrivateKey priv = d4::generate_key(c, rng);
    const d4::PublicKey pub = priv.public_key();
    Bytes digest(32);
    rng.fill(digest);
    const d4::Signature sig = d4::sign_digest(priv, digest, rng);
    const Bytes octets = d4::encode_signature_le(c, sig);
    INFO(name);
    for (std::size_t bit = 0; bit < 8 * octets.size(); ++bit) {
      Bytes bad = octets;
      bad[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
      CHECK_FALSE(d4::verify_digest(pub, digest, d4::decode_signature(c, bad)));
    }
    const Nat n = c.order();
    for (const auto& [r, s] : std::vector<std::pair<Nat, Nat>>{
             {Nat(), sig.s}, {sig.r, Nat()}, {n, sig.s}, {sig.r, n}, {n + sig.r, sig.s}, {sig.r, n + sig.s},
             {sig.r + n + n, sig.s}}) {
      CHECK_FALSE(d4::verify_digest(pub, digest, {r, s}));
    }
    Bytes other = digest;
    other[0] ^= 1;
    CHECK_FALSE(d4::verify_digest(pub, other, sig));
    const d4::PrivateKey stranger = d4::generate_key(c, rng);
    CHECK_FALSE(d4::verify_digest(stranger.public_key(), digest, sig));
    CHECK_THROWS_AS(d4::decode_signature(c, Bytes(octets.begin(), octets.end() - 1)), dstu::Error);
    CHECK_THROWS_AS(d4::decode_signature(c, Bytes(octets.begin(), octets.end() - 2)), dstu::Error);
    CHECK_THROWS_AS(d4::decode_signature(c, Bytes()), dstu::Error);
    CHECK_THROWS_AS(d4::decode_signature(c, Bytes(1000, 1)), dstu::Error);
  }
  // A signature made on one curve checked against a key on another.
  const d4::PrivateKey a = d4::generate_key(ec2m::Curve::named("dstu257"), rng);
  Bytes digest(32, 7);
  const d4::Signature sig = d4::sign_digest(a, digest, rng);
  const d4::PrivateKey b = d4::generate_key(ec2m::Curve::named("dstu233"), rng);
  CHECK_FALSE(d4::verify_digest(b.public_key(), digest, sig));
}

TEST_CASE("private keys out of range are refused") {
  const ec2m::Curve& c = ec2m::Curve::named("dstu257");
  CHECK_THROWS_AS(d4::PrivateKey(c, ec2m::Scalar{}), dstu::Error);
  CHECK_THROWS_AS(d4::PrivateKey(c, c.scalar_field().order_scalar()), dstu::Error);
  CHECK_NOTHROW(d4::PrivateKey(c, ec2m::scalar_from_nat(c.order() - Nat(1))));
  CHECK_NOTHROW(d4::PrivateKey(c, ec2m::scalar_from_nat(Nat(1))));
}

TEST_CASE("random_scalar is uniform-looking and in range") {
  const ec2m::Curve& c = ec2m::Curve::named("dstu163");
  dstu::rng::ChaCha20Drbg rng(1, 2);
  int top = 0;
  for (int i = 0; i < 2000; ++i) {
    const Nat k = ec2m::scalar_to_nat(d4::random_scalar(c, rng));
    CHECK(k > Nat());
    CHECK(k < c.order());
    top += k.bit(c.order_bits() - 2);
  }
  CHECK(top > 800);  // the second-highest bit is set about half the time
  CHECK(top < 1200);
}
