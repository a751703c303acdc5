// ECDSA and ECGDSA keys in their envelopes (dstu/pkix/ec_key.hpp) against OpenSSL: its
// PKCS#8, SEC 1 and SPKI keys on every curve decode to its d and Q and re-encode to the
// same octets; its ECDSA signatures verify; ECGDSA keys carry their own algorithm OID
// and d^-1 G; refusals.
#include <doctest/doctest.h>

#include <algorithm>

#include "dstu/base/der.hpp"
#include "dstu/base/error.hpp"
#include "dstu/pkix/ec_key.hpp"
#include "dstu/pkix/key.hpp"
#include "dstu/ecdsa/signature_codec.hpp"
#include "dstu/ecp/point.hpp"
#include "dstu/ecp/scalar_mul.hpp"
#include "dstu/hash/sha2.hpp"
#include "test_random.hpp"
#include "vec.hpp"

using dstu::Bytes;
using dstu::ecdsa::Scheme;
using dstu::mp::Nat;
namespace ecdsa = dstu::ecdsa;
namespace pkix = dstu::pkix;
namespace ecp = dstu::ecp;

namespace {

Bytes plain(const dstu::SecureBytes& s) { return Bytes(s.begin(), s.end()); }

Bytes digest_of(const std::string& hash, const Bytes& msg) {
  const std::size_t bits = std::stoul(hash.substr(3));
  return bits <= 256 ? dstu::hash::Sha256::hash(bits, msg) : dstu::hash::Sha512::hash(bits, msg);
}

}  // namespace

TEST_CASE("OpenSSL's keys in all three forms and its signatures, every curve") {
  std::size_t count = 0;
  for (const ecdsa::Group* c : ecdsa::Group::all_named()) {
    for (const auto& v : dstu::test::load_vectors("ecdsa/openssl.vec", c->name())) {
      INFO(v.where());
      const ecdsa::SchemeKey k8 = pkix::decode_ec_pkcs8(v.bytes("Pkcs8"));
      CHECK(k8.scheme == Scheme::ecdsa);
      CHECK(&k8.key.group() == c);
      CHECK(dstu::mp::ct_eq(k8.key.d(), ecp::scalar_from_nat(Nat::from_hex(v.get("D")))));
      CHECK(plain(pkix::encode_pkcs8(k8)) == v.bytes("Pkcs8"));
      const ecdsa::PrivateKey k1 = pkix::decode_sec1(v.bytes("Sec1"));
      CHECK(dstu::mp::ct_eq(k1.d(), k8.key.d()));
      CHECK(plain(pkix::encode_sec1(k1)) == v.bytes("Sec1"));
      const ecdsa::SchemePublicKey pub = pkix::decode_ec_spki(v.bytes("Spki"));
      CHECK(pub.scheme == Scheme::ecdsa);
      CHECK(c->same_point(pub.key.q, ecdsa::public_key(Scheme::ecdsa, k8.key).q));
      CHECK(pkix::encode_spki(pub) == v.bytes("Spki"));
      // Each envelope read as the other is refused, and the any-kind readers choose EC
      // by the algorithm OID.
      CHECK_THROWS_AS(pkix::decode_ec_pkcs8(v.bytes("Spki")), dstu::Error);
      CHECK_THROWS_AS(pkix::decode_ec_spki(v.bytes("Pkcs8")), dstu::Error);
      CHECK(std::holds_alternative<ecdsa::SchemeKey>(pkix::decode_pkcs8(v.bytes("Pkcs8"))));
      CHECK(std::holds_alternative<ecdsa::SchemePublicKey>(pkix::decode_spki(v.bytes("Spki"))));
      const Bytes digest = digest_of(v.get("Hash"), v.bytes("Msg"));
      CHECK(ecdsa::verify(Scheme::ecdsa, pub.key, digest, ecdsa::decode_der(v.bytes("Sig"))));
      ++count;
    }
  }
  CHECK(count == 19 + 10);  // GF(p), then the NIST B- and K-curves
}

TEST_CASE("ECGDSA keys: ecgPublicKey OID and Q = d^-1 G, round trip") {
  dstu::rng::ChaCha20Drbg rng(dstu::test::seed(), 611);
  const ecdsa::Group& c = ecdsa::Group::named("brainpoolP320r1");
  const ecdsa::PrivateKey key = ecdsa::PrivateKey::generate(c, rng);
  const dstu::SecureBytes der = pkix::encode_pkcs8(ecdsa::SchemeKey{Scheme::ecgdsa, key});
  const ecdsa::SchemeKey back = pkix::decode_ec_pkcs8(der);
  CHECK(back.scheme == Scheme::ecgdsa);
  CHECK(dstu::mp::ct_eq(back.key.d(), key.d()));
  const Bytes spki = pkix::encode_spki(ecdsa::SchemePublicKey{Scheme::ecgdsa, ecdsa::public_key(Scheme::ecgdsa, key)});
  const ecdsa::SchemePublicKey pub = pkix::decode_ec_spki(spki);
  CHECK(pub.scheme == Scheme::ecgdsa);
  CHECK(c.same_point(pub.key.q, ecdsa::public_key(Scheme::ecgdsa, key).q));
  dstu::der::Reader r(spki);
  dstu::der::Reader seq = r.enter(dstu::der::kSequence, "spki");
  dstu::der::Reader alg = seq.enter(dstu::der::kSequence, "alg");
  CHECK(alg.oid("alg") == "1.3.36.3.3.2.5.2.1");
}

TEST_CASE("key decoding refuses what is wrong") {
  const auto vs = dstu::test::load_vectors("ecdsa/openssl.vec", "P-256");
  REQUIRE(vs.size() == 1);
  const Bytes pkcs8 = vs[0].bytes("Pkcs8"), sec1 = vs[0].bytes("Sec1"), spki = vs[0].bytes("Spki");
  // Truncated, or one octet more.
  for (const Bytes* b : {&pkcs8, &sec1, &spki}) {
    CHECK_THROWS_AS(pkix::decode_ec_pkcs8(Bytes(b->begin(), b->end() - 1)), dstu::Error);
    Bytes longer = *b;
    longer.push_back(0);
    CHECK_THROWS_AS(pkix::decode_ec_spki(longer), dstu::Error);
  }
  // The public key inside the SEC 1 key changed: it no longer belongs to d.
  Bytes wrong_pub = sec1;
  wrong_pub[wrong_pub.size() - 1] ^= 1;
  CHECK_THROWS_AS(pkix::decode_sec1(wrong_pub), dstu::Error);
  // A point off the curve in an SPKI.
  Bytes off = spki;
  off[off.size() - 1] ^= 1;
  CHECK_THROWS_AS(pkix::decode_ec_spki(off), dstu::Error);
  // d = 0 (the 32 octets after "04 20" in the SEC 1 key).
  Bytes zero_d = sec1;
  const std::size_t at = 7;  // 30 77 02 01 01 04 20 | d
  REQUIRE(zero_d[5] == 0x04);
  std::fill(zero_d.begin() + at, zero_d.begin() + at + 32, 0);
  CHECK_THROWS_AS(pkix::decode_sec1(zero_d), dstu::Error);
  // Unknown curve OID and a DSTU 4145 algorithm: not ours.
  Bytes other_curve = spki;
  other_curve[other_curve.size() - 67] ^= 0x7f;  // last octet of the curve OID
  CHECK_THROWS_AS(pkix::decode_ec_spki(other_curve), dstu::Error);
  dstu::der::Writer w;
  w.begin(dstu::der::kSequence);
  w.begin(dstu::der::kSequence);
  w.oid("1.2.804.2.1.1.1.1.3.1.1");
  w.end();
  w.bit_string(Bytes(33, 1));
  w.end();
  const Bytes dstu_spki = w.finish();
  CHECK_THROWS_AS(pkix::decode_ec_spki(dstu_spki), dstu::Error);
}

TEST_CASE("binary-curve keys: refusals (another curve's point, wrong d length, changed public key)") {
  const auto b233 = dstu::test::load_vectors("ecdsa/openssl.vec", "B-233");
  REQUIRE(b233.size() == 1);
  const Bytes spki = b233[0].bytes("Spki"), sec1 = b233[0].bytes("Sec1");
  CHECK(pkix::decode_ec_spki(spki).key.group->name() == "B-233");
  // The curve OID's last arc 27 (sect233r1) made 26 (sect233k1): B-233's point is not on K-233.
  Bytes other = spki;
  const Bytes oid_tail{0x2b, 0x81, 0x04, 0x00, 0x1b};  // 1.3.132.0.27
  auto at = std::search(other.begin(), other.end(), oid_tail.begin(), oid_tail.end());
  REQUIRE(at != other.end());
  at[4] = 0x1a;
  CHECK_THROWS_AS(pkix::decode_ec_spki(other), dstu::Error);
  // A changed coordinate: off the curve.
  Bytes off = spki;
  off[off.size() - 1] ^= 1;
  CHECK_THROWS_AS(pkix::decode_ec_spki(off), dstu::Error);
  // The SEC 1 key's public key changed: it no longer belongs to d (or is off the curve).
  Bytes wrong_pub = sec1;
  wrong_pub[wrong_pub.size() - 1] ^= 1;
  CHECK_THROWS_AS(pkix::decode_sec1(wrong_pub), dstu::Error);
  // K-233's d takes ceil(232 / 8) = 29 octets; 30 (ceil(m / 8)) and none are refused, a
  // shorter one (an older writer's, its top octets zero) is read as the same d.
  const auto k233_sec1 = [](const Bytes& d) {
    dstu::der::Writer w;
    w.begin(dstu::der::kSequence);
    w.integer(1);
    w.octet_string(d);
    w.begin(dstu::der::context(0));
    w.oid("1.3.132.0.26");
    w.end();
    w.end();
    return w.finish();
  };
  Bytes padded(29, 0x01);
  padded[0] = 0;
  const ecdsa::PrivateKey full = pkix::decode_sec1(k233_sec1(padded));
  CHECK(full.group().name() == "K-233");
  CHECK(pkix::encode_sec1(pkix::decode_sec1(k233_sec1(Bytes(28, 0x01)))) == pkix::encode_sec1(full));
  CHECK_THROWS_AS(pkix::decode_sec1(k233_sec1(Bytes(30, 0x01))), dstu::Error);
  CHECK_THROWS_AS(pkix::decode_sec1(k233_sec1(Bytes{})), dstu::Error);
}
