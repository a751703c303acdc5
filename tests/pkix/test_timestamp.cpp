// RFC 3161 timestamps (dstu/pkix/timestamp.hpp): DSTU 4145 tokens of the tests' own TSA
// (test_tsa.hpp) verified over what they stamp and refused over other data, with a
// changed signature, from a certificate without id-kp-timeStamping; a token without its
// certificate checked only with one supplied; GOST 34.311 and SHA-256 imprints; requests
// and responses round trip, with refusals named; a signature timestamp added to a .p7s
// that still verifies.
#include <doctest/doctest.h>

#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "dstu/base/der.hpp"
#include "dstu/base/error.hpp"
#include "dstu/dstu4145/keys.hpp"
#include "dstu/ec2m/curve.hpp"
#include "dstu/pkix/cms.hpp"
#include "dstu/pkix/cms_sign.hpp"
#include "dstu/pkix/timestamp.hpp"
#include "dstu/rng/random.hpp"
#include "test_pki.hpp"
#include "test_tsa.hpp"

using dstu::Bytes;
namespace pkix = dstu::pkix;
namespace test = dstu::test;
using pkix::SignatureVerdict;

namespace {

Bytes text(const std::string& s) { return Bytes(s.begin(), s.end()); }

/// A CA and the TSAs it issued: one for timestamping, one (code signing) that is not.
struct Fixture {
  dstu::rng::ChaCha20Drbg rng{31, 1};
  dstu::dstu4145::PrivateKey ca_key = dstu::dstu4145::generate_key(*dstu::ec2m::Curve::find_named("dstu257"), rng);
  test::TestTsa tsa = test::issue_test_tsa("Test CA", ca_key, rng);
  test::TestTsa not_tsa = test::issue_test_tsa("Test CA", ca_key, rng, false);

  Bytes token(const test::TestTsa& signer, const Bytes& stamped, const test::TsaReplyOptions& options = {},
              const std::string& hash = "gost34311") {
    const pkix::MessageImprint imprint = pkix::message_imprint(hash, stamped);
    const Bytes nonce{0x12, 0x34, 0x56, 0x78};
    const Bytes response = test::tsa_reply(signer, pkix::timestamp_request(imprint, nonce), options, rng);
    return pkix::read_timestamp_response(response, imprint, nonce);
  }
};

Fixture& fixture() {
  static Fixture f;
  return f;
}

}  // namespace

TEST_CASE("a DSTU 4145 token over a GOST 34.311 imprint: read, verified, and not over other data") {
  Fixture& f = fixture();
  const Bytes stamped = text("the stamped octets");
  const pkix::TimestampToken token = pkix::read_timestamp_token(f.token(f.tsa, stamped));
  CHECK(token.info.hash_oid == "1.2.804.2.1.1.1.1.2.1");
  CHECK(token.info.policy == "1.2.804.2.1.1.1.2.3.1");
  CHECK(token.info.gen_time == 1767225600);
  CHECK(token.info.serial == Bytes{0x01});
  CHECK(token.info.nonce == Bytes{0x12, 0x34, 0x56, 0x78});
  REQUIRE(token.info.tsa.has_value());
  CHECK(pkix::to_string(*token.info.tsa) == "CN=Test TSA");

  const pkix::TimestampVerdict ok = pkix::verify_timestamp(token, stamped);
  CHECK_MESSAGE(ok.verdict == SignatureVerdict::valid, ok.reason);
  CHECK(ok.signature_checked);
  CHECK(ok.time == 1767225600);
  REQUIRE(ok.tsa_certificate.has_value());
  CHECK(ok.tsa_certificate->der == f.tsa.certificate.der);

  const pkix::TimestampVerdict other = pkix::verify_timestamp(token, text("other octets"));
  CHECK(other.verdict == SignatureVerdict::invalid);
  CHECK(other.reason == "the timestamp is over other data");
}
