// dstu::pkix — RFC 3161 timestamps as CAdES uses them (ETSI EN 319 122-1 §5.3, §5.2.8):
//
//   TimeStampToken ::= ContentInfo (a SignedData, eContentType id-ct-TSTInfo
//     1.2.840.113549.1.9.16.1.4, eContent attached)
//   TSTInfo ::= SEQUENCE { version 1, policy OID, messageImprint SEQUENCE { hashAlgorithm,
//     hashedMessage OCTET STRING }, serialNumber INTEGER, genTime GeneralizedTime,
//     accuracy OPTIONAL, ordering BOOLEAN DEFAULT FALSE, nonce INTEGER OPTIONAL,
//     tsa [0] GeneralName OPTIONAL, extensions [1] OPTIONAL }
//   TimeStampReq ::= SEQUENCE { version 1, messageImprint, reqPolicy OPTIONAL,
//     nonce OPTIONAL, certReq BOOLEAN DEFAULT FALSE, extensions [0] OPTIONAL }
//   TimeStampResp ::= SEQUENCE { status PKIStatusInfo, timeStampToken OPTIONAL }
//
// A signature timestamp (id-aa-signatureTimeStampToken, 1.2.840.113549.1.9.16.2.14) is an
// unsigned attribute of a SignerInfo over its signature value (the OCTET STRING's
// content); a content timestamp (id-aa-ets-contentTimestamp, 1.2.840.113549.1.9.16.2.20)
// is a signed attribute over the content. Ukrainian TSAs stamp GOST 34.311 imprints
// (1.2.804.2.1.1.1.1.2.1, the default DKE) and sign with DSTU 4145; their certificate is
// often not in the token. Nothing here is secret.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "dstu/base/bytes.hpp"
#include "dstu/pkix/certificate.hpp"
#include "dstu/pkix/cms.hpp"

namespace dstu::pkix {

inline constexpr const char* kOidSignatureTimestamp = "1.2.840.113549.1.9.16.2.14";
inline constexpr const char* kOidContentTimestamp = "1.2.840.113549.1.9.16.2.20";
inline constexpr const char* kOidTstInfo = "1.2.840.113549.1.9.16.1.4";

/// A TSTInfo as read.
struct TstInfo {
  std::string policy;
  std::string hash_oid;  ///< messageImprint's hash algorithm
  Bytes imprint;         ///< messageImprint's hashedMessage
  Bytes serial;          ///< INTEGER content octets
  std::int64_t gen_time = 0;         ///< seconds since the epoch (fractions dropped)
  std::optional<Bytes> nonce;        ///< INTEGER content octets
  std::optional<Name> tsa;           ///< the tsa field when it is a directoryName
};

/// A TimeStampToken as read: its SignedData and the TSTInfo it carries.
struct TimestampToken {
  SignedData signed_data;
  TstInfo info;
};

/// Reads a TimeStampToken (DER ContentInfo). Error(invalid_input) naming what is wrong:
/// not a SignedData, eContentType other than id-ct-TSTInfo, no eContent, not one signer,
/// a TSTInfo that does not decode (version other than 1, an imprint hash dstu does not
/// know is read, not refused), anything after the end.
TimestampToken read_timestamp_token(std::span<const std::uint8_t> der);

/// What verify_timestamp found.
struct TimestampVerdict {
  SignatureVerdict verdict = SignatureVerdict::unsupported;
  std::string reason;  ///< one line for invalid and unsupported; for valid, empty
  std::int64_t time = 0;                       ///< genTime
  std::optional<Certificate> tsa_certificate;  ///< the one its signature was checked with
  bool signature_checked = false;  ///< false: no TSA certificate found, imprint only
};

/// Verifies a token over `stamped` (the octets it is meant to cover): the imprint is the
/// hash of `stamped` under messageImprint's algorithm (GOST 34.311 with the default DKE
/// for 1.2.804.2.1.1.1.1.2.1); the token's signer by verify_signer over the TSTInfo, with
/// its certificate from the token or else from `tsa_certificates` (by issuer and serial,
/// or key identifier); that certificate's extendedKeyUsage must name id-kp-timeStamping
/// (RFC 3161 §2.3; whether the extension is critical and names it alone is not checked).
/// Invalid with the first check that failed ("the timestamp is over other data" for an
/// imprint that differs). Without any certificate for its signer:
/// valid when the imprint matches, signature_checked false (the caller says "not
/// checked"). The TSA certificate's chain is the caller's to check, at genTime.
TimestampVerdict verify_timestamp(const TimestampToken& token, std::span<const std::uint8_t> stamped,
                                  std::span<const Certificate> tsa_certificates = {});

/// The imprint a request carries: make_hasher's name ("gost34311" with the default DKE,
/// "sha256", ...) hashed over `stamped`, and its OID. Error(invalid_input) for another name.
struct MessageImprint {
  std::string hash_oid;
  Bytes hash;
};
MessageImprint message_imprint(const std::string& hash_name, std::span<const std::uint8_t> stamped);

/// The names message_imprint takes, in a stable order.
std::vector<std::string> timestamp_hash_names();

/// The imprint hash a timestamp of a signature by `key` asks for when the user names
/// none: GOST 34.311 for a DSTU 4145 key (what Ukrainian TSAs stamp), SHA-256 otherwise.
std::string default_timestamp_hash(const AnyPublicKey& key);

/// A DER TimeStampReq: version 1, the imprint, the nonce (big-endian octets, written as
/// a positive INTEGER: leading zeros dropped, one added before a high bit; an empty or
/// all-zero nonce leaves the field out), certReq TRUE (the TSA's certificate in the
/// token: ours read it from there).
Bytes timestamp_request(const MessageImprint& imprint, std::span<const std::uint8_t> nonce);

/// The token of a DER TimeStampResp, checked against the request it answers: status
/// granted (0) or grantedWithMods (1), the token present and readable, its imprint and
/// nonce those of the request (`nonce` as timestamp_request took it; without one, the
/// token's is not checked). Error(invalid_input) otherwise, naming the PKIStatus,
/// its statusString and failInfo bits when the TSA refused.
Bytes read_timestamp_response(std::span<const std::uint8_t> der, const MessageImprint& imprint,
                              std::span<const std::uint8_t> nonce);

/// `p7s` (a DER ContentInfo SignedData) with `token` added to signer `signer`'s unsigned
/// attributes as a signature timestamp; every other octet as it was, but the lengths
/// that enclose the SignerInfo. Error(invalid_input) for a signer out of range or a
/// token verify_timestamp does not find valid over that signer's signature value (with
/// the certificate the token carries: a forged or altered token is refused here, not
/// first when the file is verified).
Bytes add_signature_timestamp(std::span<const std::uint8_t> p7s, std::size_t signer, std::span<const std::uint8_t> token);

/// The signature timestamp tokens of a signer, in received order, each read; a token that
/// does not read is an Error(invalid_input) naming the signer's attribute.
std::vector<TimestampToken> signature_timestamps(const SignerInfo& signer);

/// The content timestamp tokens of a signer (signed attribute), each read.
std::vector<TimestampToken> content_timestamps(const SignerInfo& signer);

/// One of a signer's timestamps, checked.
struct SignerTimestamp {
  enum class Kind { signature, content } kind = Kind::signature;
  TimestampVerdict verdict;  ///< a token that does not read: invalid, saying why
};

/// Every timestamp of signer `signer` of `sd`: its signature timestamps (unsigned
/// attribute) over its signature value, then its content timestamps (signed attribute)
/// over `content`, each in received order, by verify_timestamp with the TSA's certificate
/// from the token, from sd.certificates or from `tsa_certificates`. The TSA's chain is
/// the caller's to check, at each verdict's time. Error(invalid_input) only for a signer
/// index out of range.
std::vector<SignerTimestamp> check_signer_timestamps(const SignedData& sd, std::size_t signer,
                                                     std::span<const std::uint8_t> content,
                                                     std::span<const Certificate> tsa_certificates = {});

/// The time a signer's certificate must be valid at (CAdES, ETSI EN 319 102-1 §5.6.2.1:
/// the best proof of existence), and where it comes from: the earliest signature timestamp
/// that is valid with its TSA's signature checked, else the signingTime attribute, else now.
struct ChainTime {
  enum class Source { signature_timestamp, signing_time, now } source = Source::now;
  std::int64_t at = 0;
};
ChainTime signer_chain_time(std::span<const SignerTimestamp> timestamps, std::optional<std::int64_t> signing_time,
                            std::int64_t now);

}  // namespace dstu::pkix
