// RFC 3161 requests and responses (timestamp.hpp), and a signature timestamp added to a
// SignedData's SignerInfo with every other octet kept.
#include <string_view>
#include <utility>

#include "dstu/base/der.hpp"
#include "dstu/base/error.hpp"
#include "dstu/pkix/timestamp.hpp"
#include "hash_oids.hpp"
#include "timestamp_internal.hpp"

namespace dstu::pkix {
namespace {

constexpr std::uint8_t kBoolean = 0x01;
constexpr std::uint8_t kUtf8String = 0x0c;
constexpr std::uint8_t kSet = 0x31;
constexpr std::uint8_t kUnsignedAttrs = 0xa1;  // SignerInfo's [1] IMPLICIT SET OF Attribute

/// The hashes a request may name: those CMS names (hash_oids.hpp), less SHA-1 (collisions
/// make an imprint under it worthless).
bool imprint_hash(const detail::DigestOid& d) { return std::string_view(d.name) != "sha1"; }

/// The nonce as a TSTInfo carries it: a positive INTEGER's minimal content octets.
Bytes nonce_content(std::span<const std::uint8_t> nonce) {
  der::Writer w;
  w.integer(nonce);
  const Bytes encoded = w.finish();
  der::Reader r(encoded);
  const der::Element e = r.next();
  return Bytes(e.content.begin(), e.content.end());
}

bool has_nonce(std::span<const std::uint8_t> nonce) {
  for (std::uint8_t b : nonce) {
    if (b != 0) return true;
  }
  return false;
}

/// PKIStatus names (RFC 3161 §2.4.2).
std::string status_name(std::uint64_t status) {
  static const char* const names[] = {"granted", "grantedWithMods", "rejection", "waiting", "revocationWarning",
                                      "revocationNotification"};
  return status < 6 ? names[status] : "status " + std::to_string(status);
}

/// PKIFailureInfo bit names (RFC 3161 §2.4.2); other bits by number.
std::string fail_bit_name(std::size_t bit) {
  switch (bit) {
    case 0: return "badAlg";
    case 2: return "badRequest";
    case 5: return "badDataFormat";
    case 14: return "timeNotAvailable";
    case 15: return "unacceptedPolicy";
    case 16: return "unacceptedExtension";
    case 17: return "addInfoNotAvailable";
    case 25: return "systemFailure";
    default: return "bit " + std::to_string(bit);
  }
}

/// The failInfo BIT STRING's set bits, by name.
std::string fail_info_text(const der::Element& e) {
  const auto c = e.content;
  if (c.empty() || c[0] > 7 || (c.size() == 1 && c[0] != 0)) throw_invalid("failInfo: a BIT STRING that does not decode");
  std::string out;
  for (std::size_t i = 1; i < c.size(); ++i) {
    for (int b = 0; b < 8; ++b) {
      if (!(c[i] & (0x80 >> b))) continue;
      out += (out.empty() ? "" : ", ") + fail_bit_name((i - 1) * 8 + static_cast<std::size_t>(b));
    }
  }
  return out;
}

/// PKIStatusInfo ::= SEQUENCE { status, statusString PKIFreeText OPTIONAL, failInfo
/// OPTIONAL }: the status, and for a refusal an Error naming it.
void check_status(der::Reader& resp) {
  der::Reader info = resp.enter(der::kSequence, "PKIStatusInfo");
  const std::uint64_t status = info.small_integer("status");
  std::string text;
  if (!info.empty() && info.peek() == der::kSequence) {
    der::Reader strings = info.enter(der::kSequence, "statusString");
    while (!strings.empty()) {
      const der::Element s = strings.expect(kUtf8String, "statusString");
      text += (text.empty() ? "" : "; ") + std::string(s.content.begin(), s.content.end());
    }
  }
  std::string fail;
  if (!info.empty()) fail = fail_info_text(info.expect(der::kBitString, "failInfo"));
  info.finish("PKIStatusInfo");
  if (status <= 1) return;
  std::string message = "the TSA answered " + status_name(status);
  if (!text.empty()) message += ": \"" + text + "\"";
  if (!fail.empty()) message += " (" + fail + ")";
  throw_invalid(message);
}

void require_answers(const TstInfo& info, const MessageImprint& imprint, std::span<const std::uint8_t> nonce) {
  if (info.hash_oid != imprint.hash_oid || info.imprint != imprint.hash) {
    throw_invalid("the TSA's token is over another imprint than the request's");
  }
  if (!has_nonce(nonce)) return;
  if (!info.nonce || *info.nonce != nonce_content(nonce)) throw_invalid("the TSA's token carries another nonce than the request's");
}

/// An Attribute { id-aa-signatureTimeStampToken, SET { token } }.
Bytes timestamp_attribute(std::span<const std::uint8_t> token) {
  der::Writer w;
  w.begin(der::kSequence);
  w.oid(kOidSignatureTimestamp);
  w.begin(kSet);
  w.raw(token);
  w.end();
  w.end();
  return w.finish();
}

/// The SignerInfo with `attribute` after its unsigned attributes ([1] made when absent).
void rewrite_signer_info(der::Writer& w, std::span<const std::uint8_t> encoded, std::span<const std::uint8_t> attribute) {
  der::Reader top(encoded);
  der::Reader seq = top.enter(der::kSequence, "SignerInfo");
  w.begin(der::kSequence);
  bool appended = false;
  while (!seq.empty()) {
    const der::Element e = seq.next();
    if (e.tag != kUnsignedAttrs) {
      w.raw(e.encoded);
      continue;
    }
    w.begin(kUnsignedAttrs);
    w.raw(e.content);
    w.raw(attribute);
    w.end();
    appended = true;
  }
  if (!appended) {
    w.begin(kUnsignedAttrs);
    w.raw(attribute);
    w.end();
  }
  w.end();
}

/// The SignedData's elements as they are, its signerInfos with signer `index` rewritten.
void rewrite_signed_data(der::Writer& w, std::span<const std::uint8_t> body, std::size_t index,
                         std::span<const std::uint8_t> attribute) {
  der::Reader r(body);
  w.begin(der::kSequence);
  while (!r.empty()) {
    const der::Element e = r.next();
    if (!r.empty() || e.tag != kSet) {
      w.raw(e.encoded);
      continue;
    }
    der::Reader signers(e.content);
    w.begin(kSet);
    for (std::size_t i = 0; !signers.empty(); ++i) {
      const der::Element si = signers.next();
      if (i == index) {
        rewrite_signer_info(w, si.encoded, attribute);
      } else {
        w.raw(si.encoded);
      }
    }
    w.end();
  }
  w.end();
}

}  // namespace

std::vector<std::string> timestamp_hash_names() {
  std::vector<std::string> names;
  for (const detail::DigestOid& d : detail::kDigestOids) {
    if (imprint_hash(d)) names.emplace_back(d.name);
  }
  return names;
}

MessageImprint message_imprint(const std::string& hash_name, std::span<const std::uint8_t> stamped) {
  for (const detail::DigestOid& d : detail::kDigestOids) {
    if (imprint_hash(d) && hash_name == d.name) return {d.oid, detail::imprint_digest(hash_name, stamped)};
  }
  throw_invalid("a timestamp imprint by " + hash_name + ": dstu asks for gost34311, kupyna256/384/512 or sha224/256/384/512");
}

Bytes timestamp_request(const MessageImprint& imprint, std::span<const std::uint8_t> nonce) {
  der::Writer w;
  w.begin(der::kSequence);
  w.integer(1);
  w.begin(der::kSequence);
  w.begin(der::kSequence);
  w.oid(imprint.hash_oid);
  w.end();
  w.octet_string(imprint.hash);
  w.end();
  if (has_nonce(nonce)) w.integer(nonce);
  w.begin(kBoolean);
  w.raw(Bytes{0xff});  // certReq TRUE
  w.end();
  w.end();
  return w.finish();
}

Bytes read_timestamp_response(std::span<const std::uint8_t> der_bytes, const MessageImprint& imprint,
                              std::span<const std::uint8_t> nonce) {
  der::Reader top(der_bytes);
  der::Reader resp = top.enter(der::kSequence, "TimeStampResp");
  top.finish("TimeStampResp");
  check_status(resp);
  if (resp.empty()) throw_invalid("the TSA granted the request but sent no token");
  const der::Element token = resp.expect(der::kSequence, "timeStampToken");
  resp.finish("TimeStampResp");
  require_answers(read_timestamp_token(token.encoded).info, imprint, nonce);
  return Bytes(token.encoded.begin(), token.encoded.end());
}

Bytes add_signature_timestamp(std::span<const std::uint8_t> p7s, std::size_t signer, std::span<const std::uint8_t> token) {
  const SignedData sd = read_signed_data(p7s);
  if (signer >= sd.signers.size()) throw_invalid("no signer " + std::to_string(signer + 1) + " in the SignedData");
  const TimestampToken read = read_timestamp_token(token);
  // The token as a verifier will check it: over this signature value, and signed by the
  // TSA whose certificate it carries (a token without one is checked when verified).
  const TimestampVerdict verdict = verify_timestamp(read, sd.signers[signer].signature);
  if (verdict.verdict != SignatureVerdict::valid) {
    const std::string reason = verdict.reason == "the timestamp is over other data"
                                   ? "it is not over signer " + std::to_string(signer + 1) + "'s signature value"
                                   : verdict.reason;
    throw_invalid("the timestamp: " + reason);
  }

  // The envelope read_signed_data accepted: ContentInfo { contentType, [0] { SignedData } }.
  der::Reader top(sd.der);
  der::Reader info = top.enter(der::kSequence, "ContentInfo");
  const der::Element type = info.expect(der::kOid, "contentType");
  der::Reader explicit_content = info.enter(der::context(0), "SignedData");
  const der::Element body = explicit_content.expect(der::kSequence, "SignedData");
  der::Writer w;
  w.begin(der::kSequence);
  w.raw(type.encoded);
  w.begin(der::context(0));
  rewrite_signed_data(w, body.content, signer, timestamp_attribute(read.signed_data.der));
  w.end();
  w.end();
  return w.finish();
}

}  // namespace dstu::pkix
