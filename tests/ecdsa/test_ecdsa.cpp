// ECDSA and ECGDSA (lib/ecdsa): RFC 6979 nonces and signatures by python-ecdsa on every
// curve and SHA-2 hash, RFC 6979's own nonces, the ECGDSA examples of Hess, Schafheutle
// and Serf; sign/verify properties on every named curve in both schemes; strict
// encodings and their refusals.
#include <doctest/doctest.h>

#include <string>

#include "cpu_paths.hpp"
#include "dstu/base/error.hpp"
#include "dstu/ecdsa/rfc6979.hpp"
#include "dstu/ecdsa/sign.hpp"
#include "dstu/ecdsa/signature_codec.hpp"
#include "dstu/ecp/point.hpp"
#include "dstu/ecp/scalar_mul.hpp"
#include "dstu/hash/hmac_sha2.hpp"
#include "dstu/hash/sha2.hpp"
#include "test_random.hpp"
#include "vec.hpp"

using dstu::Bytes;
using dstu::ecdsa::Nonces;
using dstu::ecdsa::PrivateKey;
using dstu::ecdsa::Scheme;
using dstu::ecdsa::Signature;
using Curve = dstu::ecdsa::Group;
using dstu::mp::Nat;
namespace ecdsa = dstu::ecdsa;
namespace ecp = dstu::ecp;

namespace {

Bytes digest_of(const std::string& hash, const Bytes& msg) {
  const std::size_t bits = std::stoul(hash.substr(3));
  return bits <= 256 ? dstu::hash::Sha256::hash(bits, msg) : dstu::hash::Sha512::hash(bits, msg);
}

ecp::Scalar scalar(const std::string& hex) { return ecp::scalar_from_nat(Nat::from_hex(hex)); }

/// A random source that must not be read (deterministic signatures).
class NoEntropy final : public dstu::RandomSource {
 public:
  void fill(std::span<std::uint8_t>) override { FAIL("entropy read for a deterministic signature"); }
};

const char* const kHashes[] = {"sha224", "sha256", "sha384", "sha512"};

/// rfc6979.hpp's blinding factor written out from its specification with HmacSha2
/// alone: RFC 6979 §3.2 up to the K and V of the first nonce in [1, n-1], then the
/// leftmost qlen bits of HMAC_K(V || 0x02 || c || j), j = 0, 1, ..., for the first
/// counter c whose value is in [1, n-1].
Nat reference_blinding(const Curve& c, const std::string& hash, const Nat& d, const Bytes& h1) {
  const std::size_t qlen = c.order_bits(), rlen = (qlen + 7) / 8;
  const Nat& n = c.order();
  auto bits2int = [&](const Bytes& t) {
    const Nat z = Nat::from_bytes_be(t);
    return 8 * t.size() > qlen ? z >> (8 * t.size() - qlen) : z;
  };
  Bytes k, v;
  auto mac = [&](std::initializer_list<Bytes> parts) {
    dstu::hash::HmacSha2 m(hash, k);
    for (const Bytes& part : parts) m.update(part);
    const dstu::SecureBytes out = m.final();
    return Bytes(out.begin(), out.end());
  };
  const std::size_t hlen = dstu::hash::HmacSha2(hash, {}).mac_size();
  v.assign(hlen, 0x01);
  k.assign(hlen, 0x00);
  const Bytes x = d.to_bytes_be(rlen), h = (bits2int(h1) % n).to_bytes_be(rlen);
  for (std::uint8_t sep : {0x00, 0x01}) {
    k = mac({v, Bytes{sep}, x, h});
    v = mac({v});
  }
  for (;;) {
    Bytes t;
    while (t.size() < rlen) {
      v = mac({v});
      t.insert(t.end(), v.begin(), v.end());
    }
    const Nat cand = bits2int(Bytes(t.begin(), t.begin() + static_cast<std::ptrdiff_t>(rlen)));
    if (!cand.is_zero() && cand < n) break;
    k = mac({v, Bytes{0x00}});
    v = mac({v});
  }
  for (int counter = 0;; ++counter) {
    Bytes t;
    for (int j = 0; t.size() < rlen; ++j) {
      const Bytes block = mac({v, Bytes{0x02, static_cast<std::uint8_t>(counter), static_cast<std::uint8_t>(j)}});
      t.insert(t.end(), block.begin(), block.end());
    }
    const Nat b = bits2int(Bytes(t.begin(), t.begin() + static_cast<std::ptrdiff_t>(rlen)));
    if (!b.is_zero() && b < n) return b;
  }
}

}  // namespace

TEST_CASE("RFC 6979 deterministic ECDSA: python-ecdsa's answers on every curve and hash, every CPU path") {
  std::size_t count = 0, paths = 0;
  dstu::test::for_each_cpu_path([&](const std::string& path) {
    ++paths;
    for (const Curve* c : Curve::all_named()) {
      const char* file = c->binary() ? "ecdsa/rfc6979_binary.vec" : "ecdsa/rfc6979.vec";
      for (const auto& v : dstu::test::load_vectors(file, c->name())) {
        INFO(v.where() << " on " << path);
        const PrivateKey key(*c, scalar(v.get("D")));
        const Bytes digest = digest_of(v.get("Hash"), v.bytes("Msg"));
        ecdsa::Rfc6979 gen(*c, v.get("Hash"), key.d(), digest);
        CHECK(dstu::mp::ct_eq(gen.next(), scalar(v.get("K"))));
        NoEntropy none;
        const Signature sig = ecdsa::sign(Scheme::ecdsa, key, v.get("Hash"), digest, none, Nonces::deterministic);
        CHECK(sig.r == Nat::from_bytes_be(v.bytes("R")));
        CHECK(sig.s == Nat::from_bytes_be(v.bytes("S")));
        const ecdsa::PublicKey pub{c, c->decode_point(v.bytes("Q"))};
        CHECK(c->same_point(pub.q, ecdsa::public_key(Scheme::ecdsa, key).q));
        CHECK(ecdsa::verify(Scheme::ecdsa, pub, digest, sig));
        ++count;
      }
    }
  });
  CHECK(count == (19 + 10) * 8 * paths);  // python-ecdsa on the GF(p) curves, RFC 6979 A.2.8-A.2.17 on the binary ones
}

TEST_CASE("RFC 6979 Appendix A.2: the RFC's own nonces") {
  const auto vs = dstu::test::load_vectors("ecdsa/rfc6979.vec", "rfc6979-appendix");
  REQUIRE(vs.size() == 6);
  for (const auto& v : vs) {
    INFO(v.where());
    const Curve& c = Curve::named(v.get("Curve"));
    const Bytes digest = digest_of(v.get("Hash"), v.bytes("Msg"));
    ecdsa::Rfc6979 gen(c, v.get("Hash"), scalar(v.get("D")), digest);
    CHECK(dstu::mp::ct_eq(gen.next(), scalar(v.get("K"))));
  }
}

TEST_CASE("RFC 6979 blinding factors: in [1, n-1], reproducible, the nonces and signatures unchanged") {
  // Every named curve with every hash: SHA-224 on P-521 takes three HMAC blocks per
  // candidate; on the binary curves about half the candidates are out of range.
  for (const Curve* c : Curve::all_named()) {
    for (const char* h : kHashes) {
      INFO(c->name() << " " << std::string(h));
      dstu::rng::ChaCha20Drbg rng(dstu::test::seed(), 602);
      Bytes d_octets(c->order_bits() / 8 - 1);  // d < 2^(qlen - 8) < n
      rng.fill(d_octets);
      const Nat d_nat = Nat(1) + Nat::from_bytes_be(d_octets);
      const PrivateKey key(*c, ecp::scalar_from_nat(d_nat));
      const ecp::Scalar n = ecp::scalar_from_nat(c->order());
      const ecp::Scalar half_n = dstu::mp::shift_right(n, 1);
      bool upper_half = false;
      for (int m = 0; m < 24; ++m) {
        const Bytes digest = digest_of(h, Bytes{static_cast<std::uint8_t>(m), 0x42});
        ecdsa::Rfc6979 blinded(*c, h, key.d(), digest), plain(*c, h, key.d(), digest), again(*c, h, key.d(), digest);
        const ecp::Scalar k = blinded.next();
        const ecp::Scalar b = blinded.blinding();
        CHECK(dstu::mp::ct_eq(k, plain.next()));
        CHECK(dstu::mp::ct_eq(blinded.next(), plain.next()));  // K and V as they were
        again.next();
        CHECK(dstu::mp::ct_eq(b, again.blinding()));
        CHECK(dstu::mp::ct_eq(b, ecp::scalar_from_nat(reference_blinding(*c, h, d_nat, digest))));
        CHECK(!dstu::mp::ct_is_zero(b));
        CHECK(dstu::mp::ct_lt(b, n));
        CHECK(!dstu::mp::ct_eq(b, k));
        upper_half = upper_half || dstu::mp::ct_lt(half_n, b) != 0;
        // Signing inverts k blinded by b; sign_with_nonce inverts it in constant time.
        NoEntropy none;
        const Signature sig = ecdsa::sign(Scheme::ecdsa, key, h, digest, none, Nonces::deterministic);
        const Signature direct = ecdsa::sign_with_nonce(Scheme::ecdsa, key, digest, k);
        CHECK(sig.r == direct.r);
        CHECK(sig.s == direct.s);
      }
      CHECK(upper_half);  // b reaches above n / 2 (all of n's length)
    }
  }
}

TEST_CASE("ECGDSA: the examples of Hess, Schafheutle and Serf, every CPU path") {
  std::size_t count = 0;
  dstu::test::for_each_cpu_path([&](const std::string& path) {
    for (const char* name : {"brainpoolP256r1", "brainpoolP320r1", "brainpoolP384r1", "brainpoolP512r1"}) {
      const Curve& c = Curve::named(name);
      for (const auto& v : dstu::test::load_vectors("ecdsa/ecgdsa.vec", name)) {
        INFO(v.where() << " on " << path);
        const PrivateKey key(c, scalar(v.get("X")));
        const Bytes digest = digest_of(v.get("Hash"), v.bytes("Msg"));
        const Signature sig = ecdsa::sign_with_nonce(Scheme::ecgdsa, key, digest, scalar(v.get("Nonce")));
        CHECK(ecdsa::encode_p1363(c, sig) == v.bytes("Signature"));
        const ecdsa::PublicKey pub = ecdsa::public_key(Scheme::ecgdsa, key);
        CHECK(ecdsa::verify(Scheme::ecgdsa, pub, digest, sig));
        CHECK_FALSE(ecdsa::verify(Scheme::ecdsa, pub, digest, sig));
        ++count;
      }
    }
  });
  CHECK(count >= 8);
}

TEST_CASE("sign and verify on every named curve, both schemes, hedged and deterministic") {
  dstu::rng::ChaCha20Drbg rng(dstu::test::seed(), 601);
  for (const Curve* c : Curve::all_named()) {
    for (Scheme scheme : {Scheme::ecdsa, Scheme::ecgdsa}) {
      INFO(c->name() << " " << ecdsa::scheme_name(scheme));
      const PrivateKey key = PrivateKey::generate(*c, rng);
      const ecdsa::PublicKey pub = ecdsa::public_key(scheme, key);
      for (const char* h : kHashes) {
        Bytes msg(1 + rng.uniform(100));
        rng.fill(msg);
        const Bytes digest = digest_of(h, msg);
        const Signature a = ecdsa::sign(scheme, key, h, digest, rng);
        const Signature b = ecdsa::sign(scheme, key, h, digest, rng);
        CHECK(ecdsa::verify(scheme, pub, digest, a));
        CHECK(ecdsa::verify(scheme, pub, digest, b));
        CHECK_FALSE(a.r == b.r);  // hedged: fresh randomness, fresh nonce
        const Signature d1 = ecdsa::sign(scheme, key, h, digest, rng, Nonces::deterministic);
        const Signature d2 = ecdsa::sign(scheme, key, h, digest, rng, Nonces::deterministic);
        CHECK((d1.r == d2.r && d1.s == d2.s));
        CHECK(ecdsa::verify(scheme, pub, digest, d1));
        // Another message, a changed r or s, r or s out of range: refused.
        Bytes other = digest;
        other[0] ^= 1;  // the last octets fall outside e when the digest is longer than n
        CHECK_FALSE(ecdsa::verify(scheme, pub, other, a));
        CHECK_FALSE(ecdsa::verify(scheme, pub, digest, Signature{a.r + Nat(1), a.s}));
        CHECK_FALSE(ecdsa::verify(scheme, pub, digest, Signature{a.r, a.s + Nat(1)}));
        // (r, n - s) is ECDSA's well-known second valid signature (k and -k give the same
        // x); ECGDSA's equation has no such symmetry.
        CHECK(ecdsa::verify(scheme, pub, digest, Signature{a.r, c->order() - a.s}) == (scheme == Scheme::ecdsa));
        CHECK_FALSE(ecdsa::verify(scheme, pub, digest, Signature{a.r + c->order(), a.s}));
        CHECK_FALSE(ecdsa::verify(scheme, pub, digest, Signature{a.r, a.s + c->order()}));
        CHECK_FALSE(ecdsa::verify(scheme, pub, digest, Signature{Nat(0), a.s}));
        CHECK_FALSE(ecdsa::verify(scheme, pub, digest, Signature{a.r, Nat(0)}));
        // Another key.
        const ecdsa::PublicKey other_pub = ecdsa::public_key(scheme, PrivateKey::generate(*c, rng));
        CHECK_FALSE(ecdsa::verify(scheme, other_pub, digest, a));
      }
    }
  }
}

TEST_CASE("e is the leftmost L(n) bits of the digest") {
  const Curve& p192 = Curve::named("P-192");
  Bytes digest(64, 0);
  digest[0] = 0x80;
  digest[24] = 0xff;  // beyond 192 bits: dropped
  CHECK(ecdsa::digest_to_integer(p192, digest) == Nat::power_of_two(191));
  const Curve& p521 = Curve::named("P-521");
  CHECK(ecdsa::digest_to_integer(p521, digest) == Nat::from_bytes_be(digest));  // shorter: whole
  const Bytes short_digest{0x01, 0x02};
  CHECK(ecdsa::digest_to_integer(p192, short_digest) == Nat(0x0102));
}

TEST_CASE("keys: d in [1, n-1]; the two schemes publish d G and d^-1 G") {
  const Curve& c = Curve::named("brainpoolP256r1");
  CHECK_THROWS_AS(PrivateKey(c, ecp::Scalar{}), dstu::Error);
  CHECK_THROWS_AS(PrivateKey(c, ecp::scalar_from_nat(c.order())), dstu::Error);
  const PrivateKey one(c, ecp::scalar_from_nat(Nat(1)));
  CHECK(c.same_point(ecdsa::public_key(Scheme::ecdsa, one).q, c.generator()));
  CHECK(c.same_point(ecdsa::public_key(Scheme::ecgdsa, one).q, c.generator()));
  const PrivateKey minus_one(c, ecp::scalar_from_nat(c.order() - Nat(1)));
  const ecdsa::Point neg_g = ecp::negate(*c.prime_curve(), std::get<ecp::AffinePoint>(c.generator()));
  CHECK(c.same_point(ecdsa::public_key(Scheme::ecdsa, minus_one).q, neg_g));
  CHECK(c.same_point(ecdsa::public_key(Scheme::ecgdsa, minus_one).q, neg_g));
  CHECK(ecdsa::scheme_from_name("ecgdsa") == Scheme::ecgdsa);
  CHECK_THROWS_AS(ecdsa::scheme_from_name("dsa"), dstu::Error);
  CHECK_THROWS_AS(ecdsa::sign_with_nonce(Scheme::ecdsa, one, Bytes(32, 1), ecp::Scalar{}), dstu::Error);
}

TEST_CASE("DER signatures: canonical round trip, everything else refused") {
  const Signature sig{Nat::from_hex("80"), Nat::from_hex("7f")};
  const Bytes der = ecdsa::encode_der(sig);
  CHECK(der == Bytes{0x30, 0x07, 0x02, 0x02, 0x00, 0x80, 0x02, 0x01, 0x7f});
  const Signature back = ecdsa::decode_der(der);
  CHECK((back.r == sig.r && back.s == sig.s));
  const Bytes bad[] = {
      {0x30, 0x81, 0x07, 0x02, 0x02, 0x00, 0x80, 0x02, 0x01, 0x7f},  // long-form short length
      {0x30, 0x08, 0x02, 0x03, 0x00, 0x00, 0x80, 0x02, 0x01, 0x7f},  // leading zero
      {0x30, 0x06, 0x02, 0x01, 0x80, 0x02, 0x01, 0x7f},              // negative r
      {0x30, 0x07, 0x02, 0x02, 0x00, 0x80, 0x02, 0x01, 0x7f, 0x00},  // trailing octet
      {0x30, 0x09, 0x02, 0x02, 0x00, 0x80, 0x02, 0x01, 0x7f, 0x05, 0x00},  // extra element
      {0x30, 0x04, 0x02, 0x02, 0x00, 0x80},                          // no s
      {0x31, 0x07, 0x02, 0x02, 0x00, 0x80, 0x02, 0x01, 0x7f},        // SET
      {0x30, 0x80, 0x02, 0x02, 0x00, 0x80, 0x02, 0x01, 0x7f, 0x00, 0x00},  // indefinite (BER)
      {0x30, 0x06, 0x02, 0x00, 0x02, 0x01, 0x7f, 0x00},              // empty INTEGER
      {},
  };
  for (const Bytes& b : bad) {
    INFO(dstu::Bytes(b).size());
    CHECK_THROWS_AS(ecdsa::decode_der(b), dstu::Error);
  }
}

TEST_CASE("P1363 signatures: exactly 2 ceil(L(n)/8) octets") {
  const Curve& c = Curve::named("P-521");
  const Signature sig{c.order() - Nat(1), Nat(5)};
  const Bytes raw = ecdsa::encode_p1363(c, sig);
  CHECK(raw.size() == 132);
  const Signature back = ecdsa::decode_p1363(c, raw);
  CHECK((back.r == sig.r && back.s == sig.s));
  CHECK_THROWS_AS(ecdsa::decode_p1363(c, Bytes(131)), dstu::Error);
  CHECK_THROWS_AS(ecdsa::decode_p1363(c, Bytes(133)), dstu::Error);
  CHECK_THROWS_AS(ecdsa::encode_p1363(c, Signature{Nat::power_of_two(528), Nat(1)}), dstu::Error);
  CHECK(ecdsa::signature_format_from_name("p1363") == ecdsa::SignatureFormat::p1363);
  CHECK_THROWS_AS(ecdsa::signature_format_from_name("raw"), dstu::Error);
}

TEST_CASE("signature_in_range: 1 <= r, s < n, and verify refuses what it refuses") {
  dstu::rng::ChaCha20Drbg rng(dstu::test::seed(), 645);
  const Curve& c = Curve::named("P-256");
  const PrivateKey key = PrivateKey::generate(c, rng);
  const Bytes digest(32, 0x42);
  const Signature sig = ecdsa::sign(Scheme::ecdsa, key, "sha256", digest, rng);
  CHECK(ecdsa::signature_in_range(c, sig));
  const Nat& n = c.order();
  for (const Signature& bad : {Signature{Nat(0), sig.s}, Signature{sig.r, Nat(0)}, Signature{n, sig.s},
                               Signature{sig.r, n}, Signature{sig.r + n, sig.s}}) {
    CHECK_FALSE(ecdsa::signature_in_range(c, bad));
    CHECK_FALSE(ecdsa::verify(Scheme::ecdsa, ecdsa::public_key(Scheme::ecdsa, key), digest, bad));
  }
  CHECK(ecdsa::signature_in_range(c, Signature{n - Nat(1), Nat(1)}));
}
