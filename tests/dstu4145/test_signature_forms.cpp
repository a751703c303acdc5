// Signature octets: the lengths DSTU 4145 allows, the DER form only when asked for, and
// the regression for raw signatures that begin like DER (04 LL) on every curve in both
// byte orders, which were once unwrapped and reported invalid.
#include <doctest/doctest.h>

#include "cpu_paths.hpp"
#include "der_lookalike.hpp"
#include "dstu/base/der.hpp"
#include "dstu/base/error.hpp"
#include "dstu/rng/random.hpp"
#include "test_random.hpp"

using dstu::Bytes;
namespace d4 = dstu::dstu4145;
namespace ec2m = dstu::ec2m;

namespace {

Bytes random_digest(dstu::rng::ChaCha20Drbg& rng) {
  Bytes d(32);
  rng.fill(d);
  return d;
}

bool same(const d4::Signature& a, const d4::Signature& b) { return a.r == b.r && a.s == b.s; }

}  // namespace

TEST_CASE("raw signatures that begin like a DER OCTET STRING stay raw (every curve, both orders)") {
  dstu::test::for_each_cpu_path([](const std::string& path) {
    dstu::rng::ChaCha20Drbg rng(dstu::test::seed(), 310);
    int made = 0;
    for (const ec2m::Curve* c : ec2m::Curve::all_named()) {
      for (const bool be : {false, true}) {
        INFO(c->name() << (be ? " s_be || r_be" : " r_le || s_le") << " path=" << path);
        const auto look = dstu::test::der_lookalike(*c, be, rng, [&](std::uint64_t) { return random_digest(rng); });
        if (!look) {
          // s_be cannot begin 04 LL below n on this curve; the octets still decode as raw.
          Bytes octets = d4::encode_signature_be(*c, {dstu::mp::Nat(5), dstu::mp::Nat(7)});
          octets[0] = 0x04;
          octets[1] = dstu::test::der_length_octet(*c);
          const d4::Signature got = d4::decode_signature(*c, octets, true);
          CHECK(got.r == dstu::mp::Nat(5));
          CHECK(got.s.to_bytes_le(octets.size() / 2).back() == 0x04);
          continue;
        }
        REQUIRE(look->octets[0] == 0x04);
        REQUIRE(look->octets[1] == dstu::test::der_length_octet(*c));
        // The octets do parse as one DER OCTET STRING: the case is real.
        dstu::der::Reader reader(look->octets);
        CHECK(reader.next().tag == dstu::der::kOctetString);
        CHECK(reader.empty());
        const d4::Signature got = d4::decode_signature(*c, look->octets, be);
        CHECK(same(got, look->sig));
        const d4::PublicKey pub = look->key.public_key();
        CHECK(d4::verify_digest(pub, look->digest, got));
        ++made;
      }
    }
    CHECK(made >= 15);  // all ten little-endian, most big-endian
  });
}

TEST_CASE("raw signature lengths: exactly what DSTU 4145 allows") {
  dstu::rng::ChaCha20Drbg rng(dstu::test::seed(), 311);
  for (const ec2m::Curve* c : ec2m::Curve::all_named()) {
    INFO(c->name());
    const std::size_t half = d4::signature_half_bytes(*c);
    const d4::SignatureLengths len = d4::raw_signature_lengths(*c);
    CHECK(len.min == 2 * half);
    CHECK(len.max == 2 * half + 64);
    const d4::PrivateKey key = d4::generate_key(*c, rng);
    const Bytes digest = random_digest(rng);
    const d4::Signature sig = d4::sign_digest(key, digest, rng);
    const Bytes le = d4::encode_signature_le(*c, sig);
    REQUIRE(le.size() == len.min);
    // Longer halves (L_D a larger multiple of 16) carry the same numbers.
    for (std::size_t extra : {1u, 16u, 32u}) {
      Bytes longer = sig.r.to_bytes_le(half + extra);
      const Bytes s = sig.s.to_bytes_le(half + extra);
      longer.insert(longer.end(), s.begin(), s.end());
      CHECK(same(d4::decode_signature(*c, longer), sig));
    }
    // Anything else is an error, never a verdict.
    for (std::size_t bad : {std::size_t{0}, std::size_t{1}, len.min - 2, len.min - 1, len.min + 1, len.max + 2}) {
      INFO(bad);
      CHECK_THROWS_AS(d4::decode_signature(*c, Bytes(bad, 0x11)), dstu::Error);
    }
    // The DER form only through its own decoder; a raw signature is not DER.
    dstu::der::Writer w;
    w.octet_string(le);
    const Bytes der = w.finish();
    CHECK(same(d4::decode_signature_der(*c, der), sig));
    CHECK_THROWS_AS(d4::decode_signature_der(*c, le), dstu::Error);
    // 2 + 2h octets is a length the standard allows: read as raw halves, never unwrapped.
    CHECK_FALSE(same(d4::decode_signature(*c, der), sig));
  }
}

TEST_CASE("the DER form reads BouncyCastle's shorter halves and refuses anything but one OCTET STRING") {
  const ec2m::Curve& c = ec2m::Curve::named("dstu163");
  // r = 5, s = 7 in one-octet halves, as BouncyCastle writes small numbers.
  const Bytes short_halves = {0x04, 0x02, 0x05, 0x07};
  const d4::Signature got = d4::decode_signature_der(c, short_halves);
  CHECK(got.r == dstu::mp::Nat(5));
  CHECK(got.s == dstu::mp::Nat(7));
  CHECK_THROWS_AS(d4::decode_signature_der(c, Bytes{0x04, 0x03, 1, 2, 3}), dstu::Error);        // odd content
  CHECK_THROWS_AS(d4::decode_signature_der(c, Bytes{0x04, 0x00}), dstu::Error);                 // empty
  CHECK_THROWS_AS(d4::decode_signature_der(c, Bytes{0x04, 0x02, 5, 7, 0}), dstu::Error);        // trailing octet
  CHECK_THROWS_AS(d4::decode_signature_der(c, Bytes{0x30, 0x02, 5, 7}), dstu::Error);           // not OCTET STRING
  CHECK_THROWS_AS(d4::decode_signature_der(c, Bytes{0x04, 0x05, 5, 7}), dstu::Error);           // truncated
}
