// dstu::pkix — offline certification paths (RFC 5280 §6, the parts an offline verifier
// of Ukrainian qualified certificates needs): from a certificate to one of the trust
// anchors the user gave, through the intermediate certificates the user gave, with the
// CRLs the user gave. Nothing is fetched: a CRL distribution point is reported, never
// followed.
//
// A path is built issuer by issuer: a candidate issuer's subject equals the
// certificate's issuer (by DER octets, then by the names' text when a CA re-encoded its
// name), and when both carry them the certificate's AKI equals the candidate's SKI.
// Every certificate on the path is then checked at the given time: its signature under
// its issuer's key, its validity period, for issuers cA (basicConstraints) with the
// keyCertSign bit when keyUsage is present and pathLenConstraint honoured, and no
// critical extension that the check does not process (RFC 5280 §6.1.4(o)); the anchor's
// own signature (self-signed) and validity are checked too, since a user's anchor file
// can be any certificate.
// Revocation: each non-anchor certificate is looked up in the CRLs whose issuer is its
// issuer. Not used, and noted: a CRL whose signature does not verify under the issuer's
// key, whose issuer's keyUsage lacks cRLSign, whose nextUpdate passed before the given
// time, of limited scope (issuingDistributionPoint), or with a critical extension not
// processed. A CRL issued after the given time is used (it says most about a signing time
// checked later); its entries dated after that time do not revoke. A delta CRL newer
// than its base adds to it. A key compromise counts from the entry's invalidity date when
// that is earlier. When no usable CRL covers a certificate its revocation status is "not
// checked", which does not make the path invalid unless the options demand CRLs.
// Nothing here is secret.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "dstu/pkix/certificate.hpp"
#include "dstu/pkix/crl.hpp"

namespace dstu::pkix {

/// What the user trusts and what they gave besides: anchors, other certificates a path may
/// pass through, and CRLs.
struct TrustStore {
  std::vector<Certificate> anchors;
  std::vector<Certificate> intermediates;
  std::vector<Crl> crls;
};

/// Signature checks remembered across verify_chain calls, for a run that checks chains at
/// many times (each signed file's own time): a certificate's or CRL's signature under an
/// issuer's key is verified once. Thread-safe; grows with the distinct pairs seen.
class SignatureMemo {
 public:
  /// compute() once per (signed object's DER, issuer's subjectPublicKeyInfo), then its
  /// answer. compute runs outside the lock.
  SignatureCheck check(std::span<const std::uint8_t> signed_der, std::span<const std::uint8_t> issuer_spki,
                       const std::function<SignatureCheck()>& compute);

 private:
  std::mutex mutex_;
  std::map<std::string, SignatureCheck, std::less<>> checks_;
};

struct ChainOptions {
  /// The time the path must be valid at, seconds since the epoch (now, or a signing time).
  std::int64_t at = 0;
  /// The keyUsage bits the end certificate must have when it carries keyUsage (0: none
  /// required). Signing requires kDigitalSignature or kNonRepudiation: give either and
  /// the check accepts either (Ukrainian signing certificates set one or both).
  std::uint16_t end_usage = 0;
  /// Every non-anchor certificate must be covered by a usable CRL.
  bool require_crl = false;
  /// When given, signatures are checked through it (and remembered in it).
  SignatureMemo* memo = nullptr;
};

enum class ChainVerdict {
  valid,    ///< a path reaches an anchor and every check passed
  invalid,  ///< a path reaches an anchor, and a certificate on it fails a check (revoked, expired, ...)
  no_path,  ///< no path reaches an anchor (an unknown issuer, or only paths with bad signatures)
};

/// Revocation status of one certificate of the path.
enum class RevocationStatus { good, revoked, not_checked };

/// One certificate of the path, end certificate first, anchor last.
struct PathElement {
  const Certificate* cert = nullptr;  ///< points into the leaf argument or the TrustStore
  bool anchor = false;
  RevocationStatus revocation = RevocationStatus::not_checked;
  std::optional<std::int64_t> revoked_at;  ///< when revoked
  std::optional<int> revocation_reason;    ///< CRLReason when the CRL entry gives one
};

struct ChainResult {
  ChainVerdict verdict = ChainVerdict::no_path;
  /// One line naming the certificate ('CN=' and its subject's CN, or the whole name when
  /// it has no CN) and what failed, e.g. "certificate 'CN=Ivan' was revoked on
  /// YYYY-MM-DD HH:MM:SS UTC (keyCompromise)"; empty when valid.
  std::string reason;
  std::vector<PathElement> path;  ///< the path checked (empty for no_path)
  /// Remarks that do not change the verdict, one line each: CRLs not used and why,
  /// certificates whose revocation was not checked.
  std::vector<std::string> notes;
};

/// The path from `leaf` to an anchor of `store`, checked at options.at (above). When
/// several candidate paths exist, a valid one is preferred, then an invalid one (with
/// its reason), then no_path (with the reason of the closest attempt: the one that got
/// furthest, a signature that does not verify before an issuer not found). A leaf that
/// is itself an anchor (the same DER) is a path of one, checked as an anchor (validity,
/// self-signature). A revocation dated after options.at does not revoke (a signature
/// made before it stays good) and is noted. Paths are at most ten certificates long.
ChainResult verify_chain(const Certificate& leaf, const TrustStore& store, const ChainOptions& options);

/// The time as "YYYY-MM-DD HH:MM:SS UTC" (the form of the reasons and notes).
std::string format_time(std::int64_t seconds_since_epoch);

}  // namespace dstu::pkix
