#include "test_tsa.hpp"

#include <ctime>
#include <optional>

#include "dstu/base/der.hpp"
#include "dstu/base/error.hpp"
#include "dstu/dstu4145/keys.hpp"
#include "dstu/ec2m/curve.hpp"
#include "dstu/pkix/cms_sign.hpp"
#include "dstu/pkix/timestamp.hpp"
#include "test_pki.hpp"

namespace dstu::test {
namespace {

constexpr const char* kPolicy = "1.2.804.2.1.1.1.2.3.1";
constexpr const char* kOidCodeSigning = "1.3.6.1.5.5.7.3.3";
constexpr std::int64_t kFrom = 1704067200;  // 2024-01-01
constexpr std::int64_t kTo = 2082758400;    // 2036-01-01

Bytes copy(std::span<const std::uint8_t> s) { return Bytes(s.begin(), s.end()); }

/// What tsa_reply takes from a TimeStampReq.
struct Request {
  Bytes imprint_algorithm;  ///< the AlgorithmIdentifier's encoding
  Bytes imprint;
  std::optional<Bytes> nonce;  ///< INTEGER content octets
  bool cert_req = false;
};

Request read_request(std::span<const std::uint8_t> der_bytes) {
  der::Reader top(der_bytes);
  der::Reader seq = top.enter(der::kSequence, "TimeStampReq");
  top.finish("TimeStampReq");
  if (seq.small_integer("version") != 1) throw_invalid("TimeStampReq version");
  Request req;
  der::Reader imprint = seq.enter(der::kSequence, "messageImprint");
  req.imprint_algorithm = copy(imprint.expect(der::kSequence, "hashAlgorithm").encoded);
  req.imprint = imprint.octet_string("hashedMessage");
  imprint.finish("messageImprint");
  if (!seq.empty() && seq.peek() == der::kOid) seq.next();
  if (!seq.empty() && seq.peek() == der::kInteger) req.nonce = copy(seq.next().content);
  if (!seq.empty() && seq.peek() == 0x01) req.cert_req = seq.next().content[0] != 0;
  if (!seq.empty() && seq.peek() == der::context(0)) seq.next();
  seq.finish("TimeStampReq");
  return req;
}

void raw_element(der::Writer& w, std::uint8_t tag, std::span<const std::uint8_t> content) {
  w.begin(tag);
  w.raw(content);
  w.end();
}

std::string gen_time(std::int64_t t, const std::string& fraction) {
  const std::time_t tt = static_cast<std::time_t>(t);
  std::tm tm{};
  gmtime_r(&tt, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y%m%d%H%M%S", &tm);
  return std::string(buf) + (fraction.empty() ? "" : "." + fraction) + "Z";
}

Bytes tst_info(const TestTsa& tsa, const Request& req, const TsaReplyOptions& options) {
  der::Writer w;
  w.begin(der::kSequence);
  w.integer(1);
  w.oid(kPolicy);
  w.begin(der::kSequence);
  w.raw(req.imprint_algorithm);
  Bytes imprint = req.imprint;
  if (options.wrong_imprint) imprint.back() ^= 1;
  w.octet_string(imprint);
  w.end();
  w.integer(Bytes{0x01});
  const std::string time = gen_time(options.time, options.fraction);
  raw_element(w, 0x18, Bytes(time.begin(), time.end()));
  w.begin(der::kSequence);  // accuracy { seconds 1 }
  w.integer(1);
  w.end();
  if (req.nonce) {
    Bytes nonce = *req.nonce;
    if (options.wrong_nonce) nonce.back() ^= 1;
    raw_element(w, der::kInteger, nonce);
  }
  w.begin(0xa0);  // tsa [0] directoryName [4]
  w.begin(0xa4);
  w.raw(tsa.certificate.subject.der);
  w.end();
  w.end();
  w.end();
  return w.finish();
}

/// The token without its certificates: ContentInfo > [0] > SignedData less its [0].
Bytes without_certificates(const Bytes& token) {
  der::Reader top(token);
  der::Reader info = top.enter(der::kSequence, "ContentInfo");
  const der::Element type = info.expect(der::kOid, "contentType");
  der::Reader explicit_content = info.enter(der::context(0), "content");
  der::Reader body = explicit_content.enter(der::kSequence, "SignedData");
  der::Writer w;
  w.begin(der::kSequence);
  w.raw(type.encoded);
  w.begin(der::context(0));
  w.begin(der::kSequence);
  while (!body.empty()) {
    const der::Element e = body.next();
    if (e.tag != der::context(0)) w.raw(e.encoded);
  }
  w.end();
  w.end();
  w.end();
  return w.finish();
}

void status_info(der::Writer& w, const TsaReplyOptions& options) {
  w.begin(der::kSequence);
  w.integer(static_cast<std::uint64_t>(options.status));
  if (!options.status_text.empty()) {
    w.begin(der::kSequence);
    raw_element(w, 0x0c, Bytes(options.status_text.begin(), options.status_text.end()));
    w.end();
  }
  if (options.status >= 2) raw_element(w, der::kBitString, Bytes{0x05, 0x20});  // badRequest (bit 2)
  w.end();
}

}  // namespace

TestTsa issue_test_tsa(const std::string& issuer_cn, const dstu4145::PrivateKey& issuer_key, RandomSource& rng,
                       bool time_stamping) {
  const dstu4145::PrivateKey key = dstu4145::generate_key(*ec2m::Curve::find_named("dstu257"), rng);
  CertificateSpec spec{"Test TSA", {time_stamping ? std::uint8_t{0x40} : std::uint8_t{0x41}}, kFrom, kTo, false, std::nullopt, std::uint16_t{pkix::kDigitalSignature}, {}};
  spec.ext_key_usage = {time_stamping ? kOidTimeStamping : kOidCodeSigning};
  const Bytes der = issue_certificate(spec, key.public_key(), issuer_cn, issuer_key, rng);
  return {pkix::AnyPrivateKey(key), pkix::read_certificate(der)};
}

Bytes tsa_reply(const TestTsa& tsa, std::span<const std::uint8_t> request, const TsaReplyOptions& options,
                RandomSource& rng) {
  const Request req = read_request(request);
  der::Writer w;
  w.begin(der::kSequence);
  status_info(w, options);
  if (options.status <= 1) {
    pkix::CmsSignOptions sign;
    sign.attached = true;
    sign.hash = options.hash;
    sign.signing_time = options.time;
    sign.content_type = pkix::kOidTstInfo;
    Bytes token = pkix::sign_cms(tsa.key, tsa.certificate, tst_info(tsa, req, options), sign, rng);
    if (options.omit_certificate || !req.cert_req) token = without_certificates(token);
    w.raw(token);
  }
  w.end();
  return w.finish();
}

}  // namespace dstu::test
