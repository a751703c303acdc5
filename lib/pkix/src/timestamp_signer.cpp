// A CMS signer's timestamps checked, the time its chain is checked at, and the hash a
// new timestamp asks for (timestamp.hpp).
#include <algorithm>
#include <string>
#include <variant>
#include <vector>

#include "dstu/base/error.hpp"
#include "dstu/pkix/timestamp.hpp"

namespace dstu::pkix {
namespace {

/// Checks each token of `tokens_of(si)` over `stamped`; a token that does not read is
/// an invalid timestamp.
template <class TokensOf>
void check_each(std::vector<SignerTimestamp>& out, SignerTimestamp::Kind kind, const TokensOf& tokens_of,
                std::span<const std::uint8_t> stamped, std::span<const Certificate> certificates) {
  std::vector<TimestampToken> tokens;
  try {
    tokens = tokens_of();
  } catch (const Error& e) {
    SignerTimestamp t;
    t.kind = kind;
    t.verdict.verdict = SignatureVerdict::invalid;
    t.verdict.reason = std::string("does not read: ") + e.what();
    out.push_back(std::move(t));
    return;
  }
  for (const TimestampToken& token : tokens) out.push_back({kind, verify_timestamp(token, stamped, certificates)});
}

}  // namespace

std::vector<SignerTimestamp> check_signer_timestamps(const SignedData& sd, std::size_t signer,
                                                     std::span<const std::uint8_t> content,
                                                     std::span<const Certificate> tsa_certificates) {
  if (signer >= sd.signers.size()) throw_invalid("no signer " + std::to_string(signer + 1) + " in the SignedData");
  const SignerInfo& si = sd.signers[signer];
  const auto has = [](const std::vector<CmsAttribute>& attributes, const char* oid) {
    return std::any_of(attributes.begin(), attributes.end(), [&](const CmsAttribute& a) { return a.oid == oid; });
  };
  std::vector<SignerTimestamp> out;
  if (!has(si.unsigned_attributes, kOidSignatureTimestamp) && !has(si.signed_attributes, kOidContentTimestamp)) return out;
  // The TSA's certificate may travel in the signed file rather than in its token.
  std::vector<Certificate> certificates(sd.certificates);
  certificates.insert(certificates.end(), tsa_certificates.begin(), tsa_certificates.end());
  check_each(out, SignerTimestamp::Kind::signature, [&] { return signature_timestamps(si); }, si.signature, certificates);
  check_each(out, SignerTimestamp::Kind::content, [&] { return content_timestamps(si); }, content, certificates);
  return out;
}

std::string default_timestamp_hash(const AnyPublicKey& key) {
  return std::holds_alternative<dstu4145::PublicKey>(key) ? "gost34311" : "sha256";
}

ChainTime signer_chain_time(std::span<const SignerTimestamp> timestamps, std::optional<std::int64_t> signing_time,
                            std::int64_t now) {
  std::optional<std::int64_t> earliest;
  for (const SignerTimestamp& t : timestamps) {
    const bool proof = t.kind == SignerTimestamp::Kind::signature && t.verdict.verdict == SignatureVerdict::valid &&
                       t.verdict.signature_checked;
    if (proof && (!earliest || t.verdict.time < *earliest)) earliest = t.verdict.time;
  }
  if (earliest) return {ChainTime::Source::signature_timestamp, *earliest};
  if (signing_time) return {ChainTime::Source::signing_time, *signing_time};
  return {ChainTime::Source::now, now};
}

}  // namespace dstu::pkix
