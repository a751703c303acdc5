// RFC 3161 timestamp tokens read and verified (timestamp.hpp): the SignedData by
// read_signed_data, the TSTInfo it carries decoded strictly, its signer by verify_signer.
#include "dstu/pkix/timestamp.hpp"

#include <algorithm>
#include <string_view>
#include <utility>

#include "dstu/base/der.hpp"
#include "dstu/base/error.hpp"
#include "dstu/hash/hasher.hpp"
#include "timestamp_internal.hpp"
#include "x509_internal.hpp"

namespace dstu::pkix {
namespace {

constexpr const char* kOidTimeStamping = "1.3.6.1.5.5.7.3.8";  // RFC 5280 §4.2.1.12

constexpr std::uint8_t kBoolean = 0x01;
constexpr std::uint8_t kGeneralizedTime = 0x18;
constexpr std::uint8_t kTsa = 0xa0;            // tsa [0] GeneralName (a CHOICE: EXPLICIT)
constexpr std::uint8_t kExtensions = 0xa1;     // extensions [1] IMPLICIT Extensions
constexpr std::uint8_t kDirectoryName = 0xa4;  // GeneralName's [4] EXPLICIT Name

using detail::copy;
using detail::named;

/// An INTEGER's content octets, which DER keeps minimal (X.690 §8.3.2).
Bytes integer_content(der::Reader& r, const char* what) {
  const der::Element e = r.expect(der::kInteger, what);
  const auto c = e.content;
  if (c.empty()) throw_invalid(std::string(what) + ": an empty INTEGER");
  if (c.size() > 1 && ((c[0] == 0x00 && !(c[1] & 0x80)) || (c[0] == 0xff && (c[1] & 0x80)))) {
    throw_invalid(std::string(what) + ": an INTEGER that is not minimal");
  }
  return copy(c);
}

/// genTime: "YYYYMMDDHHMMSS[.f*]Z", the fraction without trailing zeros and the dot
/// without a fraction (RFC 3161 §2.4.2); the fraction is dropped.
std::int64_t read_gen_time(der::Reader& r) {
  const der::Element e = r.expect(kGeneralizedTime, "a GeneralizedTime");
  const auto c = e.content;
  if (c.size() > 16 && c[14] == '.') {
    const auto fraction = c.subspan(15, c.size() - 16);
    const bool digits = std::all_of(fraction.begin(), fraction.end(), [](std::uint8_t d) { return d >= '0' && d <= '9'; });
    if (!digits || fraction.back() == '0') throw_invalid("a fraction of a second that is not DER");
    Bytes whole = copy(c.first(14));
    whole.push_back(c.back());
    return read_time(kGeneralizedTime, whole);
  }
  return read_time(kGeneralizedTime, c);
}

/// tsa [0] GeneralName: kept when it is a directoryName, other choices passed over.
std::optional<Name> read_tsa_name(const der::Element& element) {
  der::Reader inner(element.content);
  const der::Element general_name = inner.next();
  inner.finish("tsa");
  if (general_name.tag != kDirectoryName) return std::nullopt;
  der::Reader name(general_name.content);
  Name out = detail::read_name(name.next(), "tsa directoryName");
  name.finish("tsa directoryName");
  return out;
}

void read_message_imprint(TstInfo& info, der::Reader& r) {
  der::Reader imprint = r.enter(der::kSequence, "messageImprint");
  Bytes parameters;
  detail::read_algorithm(imprint, "hashAlgorithm", info.hash_oid, parameters);
  info.imprint = imprint.octet_string("hashedMessage");
  imprint.finish("messageImprint");
}

/// The optional fields after genTime, each at most once and in order.
void read_tst_tail(TstInfo& info, der::Reader& seq) {
  if (!seq.empty() && seq.peek() == der::kSequence) seq.next();  // accuracy
  if (!seq.empty() && seq.peek() == kBoolean) {
    const der::Element ordering = seq.next();
    // DER leaves a DEFAULT value out (X.690 §11.5): only TRUE may appear.
    if (ordering.content.size() != 1 || ordering.content[0] != 0xff) throw_invalid("ordering: not a DER TRUE");
  }
  if (!seq.empty() && seq.peek() == der::kInteger) info.nonce = integer_content(seq, "nonce");
  if (!seq.empty() && seq.peek() == kTsa) info.tsa = read_tsa_name(seq.next());
  if (!seq.empty() && seq.peek() == kExtensions) seq.next();
}

TstInfo read_tst_info(std::span<const std::uint8_t> der_bytes) {
  der::Reader top(der_bytes);
  der::Reader seq = top.enter(der::kSequence, "TSTInfo");
  top.finish("TSTInfo");
  if (seq.small_integer("version") != 1) throw_invalid("a TSTInfo version other than 1");
  TstInfo info;
  info.policy = seq.oid("policy");
  read_message_imprint(info, seq);
  info.serial = integer_content(seq, "serialNumber");
  info.gen_time = named("genTime", [&] { return read_gen_time(seq); });
  read_tst_tail(info, seq);
  seq.finish("TSTInfo");
  return info;
}

/// The certificate the signer's sid names among `certs`: issuer and serial, or SKI.
const Certificate* find_by_sid(std::span<const Certificate> certs, const SignerInfo& si) {
  for (const Certificate& cert : certs) {
    if (si.subject_key_id ? cert.subject_key_id == si.subject_key_id
                          : si.issuer && cert.issuer.der == si.issuer->der && cert.serial == si.serial) {
      return &cert;
    }
  }
  return nullptr;
}

TimestampVerdict verdict_of(TimestampVerdict out, SignatureVerdict verdict, std::string reason) {
  out.verdict = verdict;
  out.reason = std::move(reason);
  return out;
}

std::vector<TimestampToken> tokens_of(const std::vector<CmsAttribute>& attributes, const char* oid, const char* what) {
  std::vector<TimestampToken> out;
  for (const CmsAttribute& a : attributes) {
    if (a.oid != oid) continue;
    for (const Bytes& value : a.values) {
      out.push_back(named(std::string("the signer's ") + what + " attribute", [&] { return read_timestamp_token(value); }));
    }
  }
  return out;
}

}  // namespace

namespace detail {

Bytes imprint_digest(const std::string& hash_name, std::span<const std::uint8_t> octets) {
  const auto hasher = hash::make_hasher(hash_name);
  hasher->update(octets);
  return hasher->final();
}

bool imprint_matches(const TstInfo& info, std::span<const std::uint8_t> stamped) {
  const std::string name = cms_digest_name(info.hash_oid);
  if (name.empty()) throw Error(Errc::unsupported, "the imprint's hash " + info.hash_oid + " is not one dstu knows");
  return imprint_digest(name, stamped) == info.imprint;
}

}  // namespace detail

TimestampToken read_timestamp_token(std::span<const std::uint8_t> der_bytes) {
  return named("TimeStampToken", [&] {
    TimestampToken token;
    token.signed_data = read_signed_data(der_bytes);
    const SignedData& sd = token.signed_data;
    if (sd.content_type != kOidTstInfo) throw_invalid("eContentType " + sd.content_type + ", not id-ct-TSTInfo");
    if (!sd.content) throw_invalid("no eContent (the TSTInfo is not attached)");
    if (sd.signers.size() != 1) throw_invalid(std::to_string(sd.signers.size()) + " signers, not one");
    token.info = read_tst_info(*sd.content);
    return token;
  });
}

TimestampVerdict verify_timestamp(const TimestampToken& token, std::span<const std::uint8_t> stamped,
                                  std::span<const Certificate> tsa_certificates) {
  TimestampVerdict out;
  out.time = token.info.gen_time;
  if (cms_digest_name(token.info.hash_oid).empty()) {
    return verdict_of(out, SignatureVerdict::unsupported, "the imprint's hash " + token.info.hash_oid + " is not one dstu knows");
  }
  if (!detail::imprint_matches(token.info, stamped)) {
    return verdict_of(out, SignatureVerdict::invalid, "the timestamp is over other data");
  }
  const SignedData& sd = token.signed_data;
  if (sd.signers.size() != 1 || !sd.content) throw_invalid("a TimeStampToken not as read_timestamp_token reads it");
  const SignerInfo& si = sd.signers[0];
  const Certificate* cert = find_by_sid(sd.certificates, si);
  if (cert == nullptr) cert = find_by_sid(tsa_certificates, si);
  if (cert == nullptr) return verdict_of(out, SignatureVerdict::valid, {});
  out.tsa_certificate = *cert;
  out.signature_checked = true;
  const auto& eku = cert->ext_key_usage;
  if (std::find(eku.begin(), eku.end(), kOidTimeStamping) == eku.end()) {
    return verdict_of(out, SignatureVerdict::invalid, "the TSA's certificate is not one for timestamping (extendedKeyUsage)");
  }
  const SignerVerdict signer = verify_signer(sd, 0, *sd.content, cert);
  if (signer.verdict != SignatureVerdict::valid) return verdict_of(out, signer.verdict, "the TSA's signature: " + signer.reason);
  return verdict_of(out, SignatureVerdict::valid, {});
}

std::vector<TimestampToken> signature_timestamps(const SignerInfo& signer) {
  return tokens_of(signer.unsigned_attributes, kOidSignatureTimestamp, "signatureTimeStampToken");
}

std::vector<TimestampToken> content_timestamps(const SignerInfo& signer) {
  return tokens_of(signer.signed_attributes, kOidContentTimestamp, "contentTimestamp");
}

}  // namespace dstu::pkix
