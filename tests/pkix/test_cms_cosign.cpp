// Signers added to a SignedData (dstu/pkix/cms_sign.hpp, add_cms_signer): to jkurwa's
// attached message.p7 and to our own detached files, by the OpenSSL ECDSA test key and by
// jkurwa's DSTU 4145 test key; every signer verifies, the signers already there keep their
// encodings octet for octet, a certificate and a digest algorithm carried already are not
// repeated, and the content a detached file needs is required (and refused for an
// attached one).
#include <doctest/doctest.h>

#include <string>

#include "cms_fixture.hpp"
#include "dstu/base/error.hpp"
#include "dstu/pkix/cms.hpp"
#include "dstu/pkix/cms_sign.hpp"
#include "dstu/rng/random.hpp"

using dstu::Bytes;
namespace pkix = dstu::pkix;
using dstu::test::cms_file;
using dstu::test::dstu_cert;
using dstu::test::dstu_key;
using dstu::test::ecdsa_cert;
using dstu::test::ecdsa_key;
using dstu::test::text;

namespace {

/// Every signer of `p7` valid over `content`.
void check_all_valid(const pkix::SignedData& sd, const Bytes& content) {
  for (std::size_t i = 0; i < sd.signers.size(); ++i) {
    const pkix::SignerVerdict v = pkix::verify_signer(sd, i, content);
    CHECK_MESSAGE(v.verdict == pkix::SignatureVerdict::valid, "signer " << i + 1 << ": " << v.reason);
  }
}

}  // namespace

TEST_CASE("an ECDSA signer added to jkurwa's attached message.p7: both verify, jkurwa's signer unchanged") {
  const Bytes original = cms_file("message.p7");
  dstu::rng::ChaCha20Drbg rng(30, 1);
  const Bytes two = pkix::add_cms_signer(original, ecdsa_key(), ecdsa_cert(), std::nullopt, {}, rng);
  const pkix::SignedData before = pkix::read_signed_data(original), after = pkix::read_signed_data(two);
  REQUIRE(after.signers.size() == 2);
  CHECK(after.content == before.content);
  CHECK(after.signers[0].signed_attrs == before.signers[0].signed_attrs);  // jkurwa's order, as received
  CHECK(after.signers[0].signature == before.signers[0].signature);
  CHECK(after.digest_oids == std::vector<std::string>{"1.2.804.2.1.1.1.1.2.1", "2.16.840.1.101.3.4.2.1"});
  REQUIRE(after.certificates.size() == 2);
  CHECK(after.certificates[1].der == ecdsa_cert().der);
  check_all_valid(after, text("123"));
  // A detached content is refused for an attached file.
  const Bytes content = text("123");
  CHECK_THROWS_AS(pkix::add_cms_signer(original, ecdsa_key(), ecdsa_cert(), std::span<const std::uint8_t>(content), {}, rng),
                  dstu::Error);
}

TEST_CASE("a detached file co-signed: the content is needed; the same signer again repeats no certificate") {
  dstu::rng::ChaCha20Drbg rng(31, 1);
  const Bytes content = text("a contract\n");
  pkix::CmsSignOptions options;
  const Bytes one = pkix::sign_cms(dstu_key(), dstu_cert(), content, options, rng);
  CHECK_THROWS_AS(pkix::add_cms_signer(one, ecdsa_key(), ecdsa_cert(), std::nullopt, {}, rng), dstu::Error);
  const std::span<const std::uint8_t> view(content);
  const Bytes two = pkix::add_cms_signer(one, ecdsa_key(), ecdsa_cert(), view, {}, rng);
  options.hash = "kupyna256";
  const Bytes three = pkix::add_cms_signer(two, dstu_key(), dstu_cert(), view, options, rng);
  const pkix::SignedData sd = pkix::read_signed_data(three);
  REQUIRE(sd.signers.size() == 3);
  CHECK(!sd.content);
  CHECK(sd.certificates.size() == 2);  // SELF_SIGNED1 once, the ECDSA certificate once
  CHECK(sd.digest_oids.size() == 3);   // GOST 34.311, SHA-256, Kupyna-256
  check_all_valid(sd, content);
  // Over other content, every signer fails on its messageDigest.
  const Bytes other = text("another contract\n");
  for (std::size_t i = 0; i < sd.signers.size(); ++i) {
    CHECK(pkix::verify_signer(sd, i, other).reason == "messageDigest does not match the content");
  }
  // A signer added over the wrong content fails alone.
  const Bytes four = pkix::add_cms_signer(one, ecdsa_key(), ecdsa_cert(), std::span<const std::uint8_t>(other), {}, rng);
  const pkix::SignedData mixed = pkix::read_signed_data(four);
  CHECK(pkix::verify_signer(mixed, 0, content).verdict == pkix::SignatureVerdict::valid);
  CHECK(pkix::verify_signer(mixed, 1, content).verdict == pkix::SignatureVerdict::invalid);
  // Another key's certificate is refused, as sign_cms refuses it.
  CHECK_THROWS_AS(pkix::add_cms_signer(one, ecdsa_key(), dstu_cert(), view, {}, rng), dstu::Error);
}
