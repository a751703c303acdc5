// RFC 3161 timestamps (dstu/pkix/timestamp.hpp): DSTU 4145 tokens of the tests' own TSA
// (test_tsa.hpp) verified over what they stamp and refused over other data, with a
// changed signature, from a certificate without id-kp-timeStamping; a token without its
// certificate checked only with one supplied, by issuer and serial or by key identifier;
// GOST 34.311 and SHA-256 imprints; TSTInfos that do not decode; requests and responses
// round trip, with refusals named; a signature timestamp added to a .p7s that still
// verifies; ECDSA tokens OpenSSL's `ts` made (test-vectors/pki/tsa); the
// tsa_reply tool answering as the TSA of a make_test_pki directory.
#include <doctest/doctest.h>
#include <unistd.h>

#include <cstdlib>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
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

Bytes read_path(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE_MESSAGE(in.good(), "missing fixture " << path);
  return Bytes(std::istreambuf_iterator<char>(in), {});
}

Bytes tsa_file(const std::string& name) { return read_path(std::string(DSTU_PKI_TSA) + "/" + name); }

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const dstu::Error& e) {
    return e.what();
  }
  return "no error";
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

/// The encoded children of a constructed element's content.
std::vector<Bytes> children(std::span<const std::uint8_t> content) {
  std::vector<Bytes> out;
  dstu::der::Reader r(content);
  while (!r.empty()) {
    const auto e = r.next();
    out.emplace_back(e.encoded.begin(), e.encoded.end());
  }
  return out;
}

/// The SignedData's children of a ContentInfo.
std::vector<Bytes> signed_data_children(const Bytes& p7s) {
  dstu::der::Reader top(p7s);
  dstu::der::Reader info = top.enter(dstu::der::kSequence, "ContentInfo");
  info.next();
  dstu::der::Reader explicit_content = info.enter(dstu::der::context(0), "content");
  return children(explicit_content.expect(dstu::der::kSequence, "SignedData").content);
}

/// A CA and the TSAs it issued: one for timestamping, one (code signing) that is not.
struct Fixture {
  dstu::rng::ChaCha20Drbg rng{31, 1};
  dstu::dstu4145::PrivateKey ca_key = dstu::dstu4145::generate_key(*dstu::ec2m::Curve::find_named("dstu257"), rng);
  test::TestTsa tsa = test::issue_test_tsa("Test CA", ca_key, rng);
  test::TestTsa not_tsa = test::issue_test_tsa("Test CA", ca_key, rng, false);
  dstu::dstu4145::PrivateKey user_key = dstu::dstu4145::generate_key(*dstu::ec2m::Curve::find_named("dstu257"), rng);
  pkix::Certificate user = pkix::read_certificate(test::issue_certificate(
      {"Test Signer", {0x31}, 1704067200, 2082758400, false, std::nullopt,
       std::uint16_t{pkix::kDigitalSignature | pkix::kNonRepudiation}, {}},
      user_key.public_key(), "Test CA", ca_key, rng));

  Bytes token(const test::TestTsa& signer, const Bytes& stamped, const test::TsaReplyOptions& options = {},
              const std::string& hash = "gost34311") {
    const pkix::MessageImprint imprint = pkix::message_imprint(hash, stamped);
    const Bytes nonce{0x12, 0x34, 0x56, 0x78};
    const Bytes response = test::tsa_reply(signer, pkix::timestamp_request(imprint, nonce), options, rng);
    return pkix::read_timestamp_response(response, imprint, nonce);
  }

  /// `tst_info` signed by the TSA as a token is (attached, eContentType `type`).
  Bytes signed_tst_info(const Bytes& tst_info, const char* type = pkix::kOidTstInfo, bool attached = true) {
    pkix::CmsSignOptions options;
    options.attached = attached;
    options.signing_time = 1767225600;
    options.content_type = type;
    return pkix::sign_cms(tsa.key, tsa.certificate, tst_info, options, rng);
  }

  /// A detached .p7s over `content` by the user.
  Bytes p7s(const Bytes& content) {
    pkix::CmsSignOptions options;
    options.signing_time = 1767225600;
    return pkix::sign_cms(pkix::AnyPrivateKey(user_key), user, content, options, rng);
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

TEST_CASE("a SHA-256 imprint under a DSTU 4145 TSA, a fraction of a second in genTime") {
  Fixture& f = fixture();
  const Bytes stamped = text("sha-256 stamped");
  test::TsaReplyOptions options;
  options.fraction = "25";
  const pkix::TimestampToken token = pkix::read_timestamp_token(f.token(f.tsa, stamped, options, "sha256"));
  CHECK(token.info.hash_oid == "2.16.840.1.101.3.4.2.1");
  CHECK(token.info.imprint.size() == 32);
  CHECK(token.info.gen_time == 1767225600);
  const pkix::TimestampVerdict ok = pkix::verify_timestamp(token, stamped);
  CHECK_MESSAGE(ok.verdict == SignatureVerdict::valid, ok.reason);
  CHECK(ok.signature_checked);
  CHECK(pkix::verify_timestamp(token, text("sha-256 stamped!")).verdict == SignatureVerdict::invalid);

  options.fraction = "250";  // DER leaves no trailing zero in the fraction
  CHECK(contains(error_of([&] { f.token(f.tsa, stamped, options); }), "genTime"));
}

TEST_CASE("a changed signature octet, a TSA certificate without timeStamping: invalid") {
  Fixture& f = fixture();
  const Bytes stamped = text("tampered");
  Bytes der = f.token(f.tsa, stamped);
  const pkix::TimestampToken good = pkix::read_timestamp_token(der);
  const Bytes& signature = good.signed_data.signers[0].signature;
  const auto at = std::search(der.begin(), der.end(), signature.begin(), signature.end());
  REQUIRE(at != der.end());
  at[3] ^= 0x01;
  const pkix::TimestampVerdict bad = pkix::verify_timestamp(pkix::read_timestamp_token(der), stamped);
  CHECK(bad.verdict == SignatureVerdict::invalid);
  CHECK(bad.signature_checked);
  CHECK(contains(bad.reason, "the TSA's signature"));

  const pkix::TimestampVerdict not_tsa = pkix::verify_timestamp(pkix::read_timestamp_token(f.token(f.not_tsa, stamped)), stamped);
  CHECK(not_tsa.verdict == SignatureVerdict::invalid);
  CHECK(contains(not_tsa.reason, "extendedKeyUsage"));
}

TEST_CASE("a token without its certificate: the imprint only, then the certificate supplied") {
  Fixture& f = fixture();
  const Bytes stamped = text("no certificate");
  test::TsaReplyOptions options;
  options.omit_certificate = true;
  const pkix::TimestampToken token = pkix::read_timestamp_token(f.token(f.tsa, stamped, options));
  CHECK(token.signed_data.certificates.empty());
  const pkix::TimestampVerdict unchecked = pkix::verify_timestamp(token, stamped);
  CHECK(unchecked.verdict == SignatureVerdict::valid);
  CHECK_FALSE(unchecked.signature_checked);
  CHECK_FALSE(unchecked.tsa_certificate.has_value());
  CHECK(pkix::verify_timestamp(token, text("other")).verdict == SignatureVerdict::invalid);

  const std::vector<pkix::Certificate> others{f.not_tsa.certificate, f.user};
  CHECK_FALSE(pkix::verify_timestamp(token, stamped, others).signature_checked);
  const std::vector<pkix::Certificate> certs{f.user, f.tsa.certificate};
  const pkix::TimestampVerdict checked = pkix::verify_timestamp(token, stamped, certs);
  CHECK_MESSAGE(checked.verdict == SignatureVerdict::valid, checked.reason);
  CHECK(checked.signature_checked);
  REQUIRE(checked.tsa_certificate.has_value());
  CHECK(checked.tsa_certificate->der == f.tsa.certificate.der);
}

TEST_CASE("a request: version 1, the imprint, the nonce as a positive INTEGER, certReq TRUE") {
  const pkix::MessageImprint imprint = pkix::message_imprint("gost34311", text("abc"));
  CHECK(imprint.hash_oid == "1.2.804.2.1.1.1.1.2.1");
  CHECK(imprint.hash.size() == 32);
  const Bytes request = pkix::timestamp_request(imprint, Bytes{0x00, 0x80, 0x01});
  dstu::der::Reader top(request);
  dstu::der::Reader seq = top.enter(dstu::der::kSequence, "TimeStampReq");
  CHECK(seq.small_integer("version") == 1);
  dstu::der::Reader mi = seq.enter(dstu::der::kSequence, "messageImprint");
  dstu::der::Reader alg = mi.enter(dstu::der::kSequence, "hashAlgorithm");
  CHECK(alg.oid("hash") == imprint.hash_oid);
  CHECK(alg.empty());
  CHECK(mi.octet_string("hash") == imprint.hash);
  const auto nonce = seq.expect(dstu::der::kInteger, "nonce");
  CHECK(Bytes(nonce.content.begin(), nonce.content.end()) == Bytes{0x00, 0x80, 0x01});
  const auto cert_req = seq.expect(0x01, "certReq");
  CHECK(Bytes(cert_req.content.begin(), cert_req.content.end()) == Bytes{0xff});
  CHECK(seq.empty());

  CHECK(children(dstu::der::Reader(request).expect(dstu::der::kSequence, "r").content).size() == 3 + 0 + 1);
  const Bytes no_nonce = pkix::timestamp_request(imprint, {});
  CHECK(children(dstu::der::Reader(no_nonce).expect(dstu::der::kSequence, "r").content).size() == 3);
  CHECK(pkix::message_imprint("sha256", text("abc")).hash_oid == "2.16.840.1.101.3.4.2.1");
  CHECK(contains(error_of([] { pkix::message_imprint("md5", text("abc")); }), "md5"));
}

TEST_CASE("responses: a rejection named with its text and failInfo, another nonce, another imprint") {
  Fixture& f = fixture();
  const Bytes stamped = text("response checks");
  const pkix::MessageImprint imprint = pkix::message_imprint("gost34311", stamped);
  const Bytes nonce{0x01, 0x02, 0x03};
  const Bytes request = pkix::timestamp_request(imprint, nonce);

  test::TsaReplyOptions rejected;
  rejected.status = 2;
  rejected.status_text = "no time source";
  const std::string refusal =
      error_of([&] { pkix::read_timestamp_response(test::tsa_reply(f.tsa, request, rejected, f.rng), imprint, nonce); });
  CHECK(contains(refusal, "rejection"));
  CHECK(contains(refusal, "\"no time source\""));
  CHECK(contains(refusal, "badRequest"));

  test::TsaReplyOptions wrong_nonce;
  wrong_nonce.wrong_nonce = true;
  CHECK(contains(
      error_of([&] { pkix::read_timestamp_response(test::tsa_reply(f.tsa, request, wrong_nonce, f.rng), imprint, nonce); }),
      "nonce"));
  test::TsaReplyOptions wrong_imprint;
  wrong_imprint.wrong_imprint = true;
  CHECK(contains(error_of([&] {
                   pkix::read_timestamp_response(test::tsa_reply(f.tsa, request, wrong_imprint, f.rng), imprint, nonce);
                 }),
                 "imprint"));
  // The request's nonce with a leading zero octet is the same INTEGER.
  test::TsaReplyOptions with_mods;
  with_mods.status = 1;
  const Bytes token =
      pkix::read_timestamp_response(test::tsa_reply(f.tsa, request, with_mods, f.rng), imprint, Bytes{0x00, 0x01, 0x02, 0x03});
  CHECK(pkix::verify_timestamp(pkix::read_timestamp_token(token), stamped).verdict == SignatureVerdict::valid);
  CHECK(contains(error_of([&] {
                   pkix::read_timestamp_response(test::tsa_reply(f.tsa, request, {}, f.rng), imprint, Bytes{0x01, 0x02, 0x04});
                 }),
                 "nonce"));
  const Bytes truncated(request.begin(), request.end() - 1);
  CHECK(contains(error_of([&] { pkix::read_timestamp_response(truncated, imprint, nonce); }), "DER"));
}

TEST_CASE("a signature timestamp added to a .p7s: read back, the signer still verifies, the token over its signature") {
  Fixture& f = fixture();
  const Bytes content = text("signed content");
  const Bytes p7s = f.p7s(content);
  const pkix::SignedData before = pkix::read_signed_data(p7s);
  CHECK(pkix::signature_timestamps(before.signers[0]).empty());
  CHECK(pkix::content_timestamps(before.signers[0]).empty());
  const Bytes& signature = before.signers[0].signature;
  const Bytes token = f.token(f.tsa, signature);

  const Bytes stamped = pkix::add_signature_timestamp(p7s, 0, token);
  const pkix::SignedData after = pkix::read_signed_data(stamped);
  const pkix::SignerVerdict signer = pkix::verify_signer(after, 0, content);
  CHECK_MESSAGE(signer.verdict == SignatureVerdict::valid, signer.reason);
  const std::vector<pkix::TimestampToken> tokens = pkix::signature_timestamps(after.signers[0]);
  REQUIRE(tokens.size() == 1);
  CHECK(tokens[0].signed_data.der == token);
  const pkix::TimestampVerdict ok = pkix::verify_timestamp(tokens[0], after.signers[0].signature);
  CHECK_MESSAGE(ok.verdict == SignatureVerdict::valid, ok.reason);
  CHECK(ok.signature_checked);

  // Every element is as it was but the SignerInfo, which gains the [1] at its end.
  const std::vector<Bytes> old_body = signed_data_children(p7s), new_body = signed_data_children(stamped);
  REQUIRE(old_body.size() == new_body.size());
  for (std::size_t i = 0; i + 1 < old_body.size(); ++i) CHECK(old_body[i] == new_body[i]);
  const Bytes new_signer = children(dstu::der::Reader(new_body.back()).next().content)[0];
  const Bytes old_signer = children(dstu::der::Reader(old_body.back()).next().content)[0];
  const std::vector<Bytes> old_parts = children(dstu::der::Reader(old_signer).next().content);
  const std::vector<Bytes> new_parts = children(dstu::der::Reader(new_signer).next().content);
  REQUIRE(new_parts.size() == old_parts.size() + 1);
  for (std::size_t i = 0; i < old_parts.size(); ++i) CHECK(old_parts[i] == new_parts[i]);
  CHECK(new_parts.back()[0] == 0xa1);

  // A second one joins the same unsigned attributes.
  const Bytes twice = pkix::add_signature_timestamp(stamped, 0, f.token(f.tsa, signature));
  const pkix::SignedData again = pkix::read_signed_data(twice);
  CHECK(pkix::signature_timestamps(again.signers[0]).size() == 2);
  CHECK(again.signers[0].unsigned_attributes.size() == 2);
  CHECK(pkix::verify_signer(again, 0, content).verdict == SignatureVerdict::valid);

  CHECK(contains(error_of([&] { pkix::add_signature_timestamp(p7s, 0, f.token(f.tsa, content)); }), "signature value"));
  CHECK(contains(error_of([&] { pkix::add_signature_timestamp(p7s, 1, token); }), "no signer 2"));
  // A token whose TSA signature was altered (on its way over plain HTTP) is refused here.
  Bytes forged = token;
  const Bytes tsa_signature = pkix::read_timestamp_token(token).signed_data.signers.at(0).signature;
  const auto at = std::search(forged.begin(), forged.end(), tsa_signature.begin(), tsa_signature.end());
  REQUIRE(at != forged.end());
  at[2] ^= 0x01;
  CHECK(contains(error_of([&] { pkix::add_signature_timestamp(p7s, 0, forged); }), "the TSA's signature"));
  CHECK(contains(error_of([&] { pkix::read_timestamp_token(p7s); }), "id-ct-TSTInfo"));
}

TEST_CASE("ECDSA tokens OpenSSL's ts wrote: read, verified, with and without the certificate") {
  const Bytes data = tsa_file("data.txt");
  const pkix::Certificate tsa = pkix::read_certificate(tsa_file("tsa.pem"));
  const pkix::TimestampToken token = pkix::read_timestamp_token(tsa_file("token.tst"));
  CHECK(token.info.policy == "1.2.3.4.1");
  CHECK(token.info.hash_oid == "2.16.840.1.101.3.4.2.1");
  CHECK(token.info.serial == Bytes{0x50, 0x02});
  CHECK(token.info.gen_time == 1795812127);  // 2026-11-27 20:42:07.358
  CHECK(token.info.nonce.has_value());
  REQUIRE(token.info.tsa.has_value());
  CHECK(pkix::to_string(*token.info.tsa) == "CN=dstu test TSA, O=dstu");
  const pkix::TimestampVerdict ok = pkix::verify_timestamp(token, data);
  CHECK_MESSAGE(ok.verdict == SignatureVerdict::valid, ok.reason);
  CHECK(ok.signature_checked);
  CHECK(pkix::verify_timestamp(token, text("other")).reason == "the timestamp is over other data");

  // The response answers the request: its imprint and nonce.
  const Bytes request_der = tsa_file("request.tsq");
  dstu::der::Reader request(request_der);
  const std::vector<Bytes> fields = children(request.expect(dstu::der::kSequence, "TimeStampReq").content);
  REQUIRE(fields.size() == 4);
  const auto nonce = dstu::der::Reader(fields[2]).expect(dstu::der::kInteger, "nonce");
  const Bytes nonce_octets(nonce.content.begin(), nonce.content.end());
  CHECK(token.info.nonce == nonce_octets);
  const pkix::MessageImprint imprint = pkix::message_imprint("sha256", data);
  CHECK(pkix::read_timestamp_response(tsa_file("response.tsr"), imprint, nonce_octets) == tsa_file("token.tst"));
  CHECK(contains(error_of([&] { pkix::read_timestamp_response(tsa_file("response.tsr"), imprint, Bytes{0x01}); }), "nonce"));

  const pkix::TimestampToken bare = pkix::read_timestamp_token(tsa_file("token-nocert.tst"));
  CHECK(bare.info.hash_oid == "2.16.840.1.101.3.4.2.2");
  CHECK_FALSE(bare.info.nonce.has_value());
  CHECK(bare.signed_data.certificates.empty());
  const pkix::TimestampVerdict unchecked = pkix::verify_timestamp(bare, data);
  CHECK(unchecked.verdict == SignatureVerdict::valid);
  CHECK_FALSE(unchecked.signature_checked);
  const std::vector<pkix::Certificate> certs{tsa};
  const pkix::TimestampVerdict checked = pkix::verify_timestamp(bare, data, certs);
  CHECK_MESSAGE(checked.verdict == SignatureVerdict::valid, checked.reason);
  CHECK(checked.signature_checked);
}

TEST_CASE("an RSA token OpenSSL's ts wrote: PKCS#1 v1.5 under rsaEncryption, verified; a changed signature octet is not") {
  const Bytes data = tsa_file("data.txt");
  Bytes der = tsa_file("rsa-token.tst");
  const pkix::TimestampToken token = pkix::read_timestamp_token(der);
  CHECK(token.info.hash_oid == "2.16.840.1.101.3.4.2.3");  // the imprint: SHA-512
  CHECK(token.info.policy == "1.2.3.4.2");
  REQUIRE(token.signed_data.signers.size() == 1);
  const pkix::SignerInfo& si = token.signed_data.signers[0];
  CHECK(si.signature_oid == "1.2.840.113549.1.1.1");  // rsaEncryption, the hash from digestAlgorithm
  CHECK(pkix::signer_algorithm_name(si) == "RSA PKCS#1 v1.5 with SHA-384");
  const pkix::TimestampVerdict ok = pkix::verify_timestamp(token, data);
  CHECK_MESSAGE(ok.verdict == SignatureVerdict::valid, ok.reason);
  CHECK(ok.signature_checked);
  CHECK(pkix::verify_timestamp(token, text("other")).reason == "the timestamp is over other data");

  const auto at = std::search(der.begin(), der.end(), si.signature.begin(), si.signature.end());
  REQUIRE(at != der.end());
  at[100] ^= 0x01;
  const pkix::TimestampVerdict bad = pkix::verify_timestamp(pkix::read_timestamp_token(der), data);
  CHECK(bad.verdict == SignatureVerdict::invalid);
  CHECK(bad.signature_checked);
  CHECK(contains(bad.reason, "the TSA's signature"));
}

TEST_CASE("tsa_reply answers a request as the TSA of a make_test_pki directory") {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / ("dstu-tsa-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string d = dir.string();
  REQUIRE(std::system((std::string(DSTU_MAKE_TEST_PKI) + " " + d).c_str()) == 0);
  const pkix::Certificate tsa = pkix::read_certificate(read_path(d + "/tsa.cer"));
  CHECK(tsa.ext_key_usage == std::vector<std::string>{test::kOidTimeStamping});
  const Bytes stamped = text("stamped by the tool");
  const pkix::MessageImprint imprint = pkix::message_imprint("gost34311", stamped);
  const Bytes nonce{0x0a, 0x0b};
  const Bytes request = pkix::timestamp_request(imprint, nonce);
  std::ofstream(d + "/q.tsq", std::ios::binary).write(reinterpret_cast<const char*>(request.data()),
                                                       static_cast<std::streamsize>(request.size()));
  const auto reply = [&](const std::string& args) {
    const std::string command = std::string(DSTU_TSA_REPLY) + " " + d + " " + args + " < " + d + "/q.tsq > " + d + "/r.tsr";
    REQUIRE(std::system(command.c_str()) == 0);
    return read_path(d + "/r.tsr");
  };
  const pkix::TimestampToken token =
      pkix::read_timestamp_token(pkix::read_timestamp_response(reply("--time @1800000000"), imprint, nonce));
  CHECK(token.info.gen_time == 1800000000);
  const pkix::TimestampVerdict ok = pkix::verify_timestamp(token, stamped);
  CHECK_MESSAGE(ok.verdict == SignatureVerdict::valid, ok.reason);
  CHECK(ok.signature_checked);

  const pkix::TimestampToken bare = pkix::read_timestamp_token(pkix::read_timestamp_response(reply("--omit-cert"), imprint, nonce));
  CHECK_FALSE(pkix::verify_timestamp(bare, stamped).signature_checked);
  const std::vector<pkix::Certificate> certs{tsa};
  CHECK(pkix::verify_timestamp(bare, stamped, certs).signature_checked);

  CHECK(contains(error_of([&] { pkix::read_timestamp_response(reply("--reject"), imprint, nonce); }), "rejection"));
  std::filesystem::remove_all(dir);
}

namespace {

/// A TSTInfo from its parts' encodings after the version.
Bytes tst_info(std::uint64_t version, const Bytes& time, const Bytes& tail) {
  dstu::der::Writer w;
  w.begin(dstu::der::kSequence);
  w.integer(version);
  w.oid("1.2.3.4");
  w.begin(dstu::der::kSequence);
  w.begin(dstu::der::kSequence);
  w.oid("2.16.840.1.101.3.4.2.1");
  w.end();
  w.octet_string(Bytes(32, 0x11));
  w.end();
  w.integer(Bytes{0x05});
  w.raw(time);
  w.raw(tail);
  w.end();
  return w.finish();
}

Bytes element(std::uint8_t tag, const std::string& content) {
  dstu::der::Writer w;
  w.begin(tag);
  w.raw(text(content));
  w.end();
  return w.finish();
}

}  // namespace

TEST_CASE("TSTInfos that do not decode, and tokens that are not tokens, are refused by name") {
  Fixture& f = fixture();
  const Bytes gen_time = element(0x18, "20260101000000Z");
  const pkix::TimestampToken good = pkix::read_timestamp_token(f.signed_tst_info(tst_info(1, gen_time, {})));
  CHECK(good.info.gen_time == 1767225600);
  CHECK(good.info.serial == Bytes{0x05});
  CHECK_FALSE(good.info.nonce.has_value());
  CHECK_FALSE(good.info.tsa.has_value());
  const auto refusal = [&](const Bytes& der) { return error_of([&] { pkix::read_timestamp_token(der); }); };
  CHECK(contains(refusal(f.signed_tst_info(tst_info(2, gen_time, {}))), "version"));
  CHECK(contains(refusal(f.signed_tst_info(tst_info(1, element(0x17, "260101000000Z"), {}))), "genTime"));
  CHECK(contains(refusal(f.signed_tst_info(tst_info(1, element(0x18, "20260101000000.Z"), {}))), "GeneralizedTime"));
  CHECK(contains(refusal(f.signed_tst_info(tst_info(1, element(0x18, "20260101000000.1a"), {}))), "genTime"));
  CHECK(contains(refusal(f.signed_tst_info(tst_info(1, gen_time, Bytes{0x01, 0x01, 0x00}))), "ordering"));
  CHECK(contains(refusal(f.signed_tst_info(tst_info(1, gen_time, Bytes{0x02, 0x02, 0x00, 0x01}))), "nonce"));
  CHECK(contains(refusal(f.signed_tst_info(tst_info(1, gen_time, Bytes{0x05, 0x00}))), "TSTInfo"));
  CHECK(contains(refusal(f.signed_tst_info(tst_info(1, gen_time, {}), "1.2.840.113549.1.7.1")), "id-ct-TSTInfo"));
  CHECK(contains(refusal(f.signed_tst_info(tst_info(1, gen_time, {}), pkix::kOidTstInfo, false)), "no eContent"));
  // Accuracy, ordering TRUE, a nonce, a tsa that is not a directoryName, extensions: read.
  const Bytes tail{0x30, 0x03, 0x02, 0x01, 0x01, 0x01, 0x01, 0xff, 0x02, 0x01, 0x07,
                   0xa0, 0x04, 0x82, 0x02, 'a', 'b', 0xa1, 0x00};
  const pkix::TimestampToken full = pkix::read_timestamp_token(f.signed_tst_info(tst_info(1, element(0x18, "20260101000000.5Z"), tail)));
  CHECK(full.info.nonce == Bytes{0x07});
  CHECK_FALSE(full.info.tsa.has_value());
  CHECK(full.info.gen_time == 1767225600);
  // An imprint hash dstu does not know: unsupported, not invalid.
  Bytes md5_info = tst_info(1, gen_time, {});
  const Bytes sha256_oid = dstu::der::encode_oid("2.16.840.1.101.3.4.2.1");
  const auto at = std::search(md5_info.begin(), md5_info.end(), sha256_oid.begin(), sha256_oid.end());
  REQUIRE(at != md5_info.end());
  at[sha256_oid.size() - 1] = 0x7f;  // 2.16.840.1.101.3.4.2.127
  const pkix::TimestampVerdict unknown = pkix::verify_timestamp(pkix::read_timestamp_token(f.signed_tst_info(md5_info)), {});
  CHECK(unknown.verdict == SignatureVerdict::unsupported);
}

namespace {

/// The token with its one SignerInfo naming the signer by `key_id` (version 3, [0]
/// subjectKeyIdentifier) instead of issuer and serial; the signature does not cover sid.
Bytes with_key_id(const Bytes& token, const Bytes& key_id) {
  namespace der = dstu::der;
  const std::vector<Bytes> body = signed_data_children(token);
  const Bytes signer = children(der::Reader(body.back()).next().content)[0];
  const std::vector<Bytes> parts = children(der::Reader(signer).next().content);
  der::Writer w;
  w.begin(der::kSequence);
  w.oid("1.2.840.113549.1.7.2");
  w.begin(der::context(0));
  w.begin(der::kSequence);
  for (std::size_t i = 0; i + 1 < body.size(); ++i) w.raw(body[i]);
  w.begin(0x31);
  w.begin(der::kSequence);
  w.integer(3);
  w.begin(0x80);
  w.raw(key_id);
  w.end();
  for (std::size_t i = 2; i < parts.size(); ++i) w.raw(parts[i]);
  for (int i = 0; i < 5; ++i) w.end();
  return w.finish();
}

}  // namespace

TEST_CASE("a token naming its TSA by key identifier: the supplied certificate found by it") {
  Fixture& f = fixture();
  const Bytes stamped = text("by key identifier");
  test::TsaReplyOptions options;
  options.omit_certificate = true;
  REQUIRE(f.tsa.certificate.subject_key_id.has_value());
  const pkix::TimestampToken token =
      pkix::read_timestamp_token(with_key_id(f.token(f.tsa, stamped, options), *f.tsa.certificate.subject_key_id));
  CHECK(token.signed_data.signers[0].version == 3);
  CHECK_FALSE(pkix::verify_timestamp(token, stamped).signature_checked);
  const std::vector<pkix::Certificate> certs{f.not_tsa.certificate, f.tsa.certificate};
  const pkix::TimestampVerdict ok = pkix::verify_timestamp(token, stamped, certs);
  CHECK_MESSAGE(ok.verdict == SignatureVerdict::valid, ok.reason);
  CHECK(ok.signature_checked);
  REQUIRE(ok.tsa_certificate.has_value());
  CHECK(ok.tsa_certificate->der == f.tsa.certificate.der);
}
