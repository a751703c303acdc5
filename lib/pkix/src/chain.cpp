// Offline certification paths (chain.hpp): issuers found by name and key identifier among
// the anchors and intermediates, tried depth first without loops; each complete path
// checked as RFC 5280 §6.1 does (validity, basicConstraints, keyUsage, pathLenConstraint)
// with revocation from the given CRLs (RFC 5280 §6.3, delta CRLs by §5.2.4).
#include "dstu/pkix/chain.hpp"

#include <algorithm>
#include <ctime>
#include <iterator>
#include <string_view>
#include <utility>

namespace dstu::pkix {
namespace {

/// Longest path tried, end certificate and anchor included; deeper paths are not
/// built (RFC 5280 leaves the bound to the implementation).
constexpr std::size_t kMaxPathLength = 10;

/// CRLReason removeFromCRL (RFC 5280 §5.3.1): in a delta CRL, an entry of the base no
/// longer revoked.
constexpr int kRemoveFromCrl = 8;

/// How the reasons name a certificate: "CN=" and its subject's common name, or the
/// whole subject when it has none.
std::string display(const Name& name) {
  for (const auto& rdn : name.rdns) {
    for (const auto& attribute : rdn) {
      if (attribute.oid == "2.5.4.3") return "CN=" + attribute.text;
    }
  }
  return to_string(name);
}

std::string quoted(const Certificate& cert) { return "'" + display(cert.subject) + "'"; }

bool same_name(const Name& a, const Name& b) { return a.der == b.der || to_string(a) == to_string(b); }

bool self_issued(const Certificate& cert) { return same_name(cert.subject, cert.issuer); }

/// RFC 5280 §4.2.1.1: when both identifiers are present they must agree.
bool key_ids_agree(const std::optional<Bytes>& authority, const std::optional<Bytes>& subject) {
  return !authority || !subject || *authority == *subject;
}

bool may_issue(const Certificate& issuer, const Certificate& cert) {
  return same_name(issuer.subject, cert.issuer) && key_ids_agree(cert.authority_key_id, issuer.subject_key_id);
}

/// Compares two INTEGER contents (cRLNumber, BaseCRLNumber) as non-negative numbers.
int compare_numbers(std::span<const std::uint8_t> a, std::span<const std::uint8_t> b) {
  while (!a.empty() && a.front() == 0) a = a.subspan(1);
  while (!b.empty() && b.front() == 0) b = b.subspan(1);
  if (a.size() != b.size()) return a.size() < b.size() ? -1 : 1;
  const auto [ia, ib] = std::mismatch(a.begin(), a.end(), b.begin());
  if (ia == a.end()) return 0;
  return *ia < *ib ? -1 : 1;
}

std::string crl_label(const Crl& crl) {
  return std::string(crl.is_delta() ? "delta CRL" : "CRL") + " of '" + display(crl.issuer) + "' issued " +
         format_time(crl.this_update);
}



std::string usage_names(std::uint16_t bits) {
  std::string out;
  for (const std::string& name : key_usage_names(bits)) out += (out.empty() ? "" : " or ") + name;
  return out;
}

/// The certificate extensions a path check processes or may pass over (RFC 5280 §6.1.4(o):
/// a critical extension outside them fails the path): basicConstraints, keyUsage,
/// extKeyUsage, certificatePolicies (Ukrainian CAs mark it critical; no policy is
/// required), SKI, AKI, CRL distribution points, freshestCRL, subject and issuer
/// alternative names, subjectDirectoryAttributes, privateKeyUsagePeriod, authority
/// information access and qcStatements (critical in Ukrainian qualified certificates).
bool known_certificate_extension(std::string_view oid) {
  static constexpr std::string_view kKnown[] = {
      "2.5.29.19", "2.5.29.15", "2.5.29.37", "2.5.29.32", "2.5.29.14", "2.5.29.35", "2.5.29.31", "2.5.29.46",
      "2.5.29.17", "2.5.29.18", "2.5.29.9",  "2.5.29.16", "1.3.6.1.5.5.7.1.1", "1.3.6.1.5.5.7.1.3"};
  return std::find(std::begin(kKnown), std::end(kKnown), oid) != std::end(kKnown);
}

/// Why a CRL cannot be read as complete for its issuer's certificates (RFC 5280 §5: a CRL
/// with a critical extension the reader does not process is not used), or "" when it can.
/// An issuingDistributionPoint limits its scope (CA certificates only, some reasons, a
/// partition), which this check does not follow: such a CRL is not used at all.
std::string crl_scope_problem(const Crl& crl) {
  static constexpr std::string_view kKnown[] = {"2.5.29.20", "2.5.29.27", "2.5.29.35", "2.5.29.18", "2.5.29.46",
                                                "1.3.6.1.5.5.7.1.1"};
  for (const Extension& e : crl.extensions) {
    if (e.oid == "2.5.29.28") return "it has an issuingDistributionPoint (a CRL of limited scope)";
    if (e.critical && std::find(std::begin(kKnown), std::end(kKnown), e.oid) == std::end(kKnown)) {
      return "it has a critical extension " + e.oid + " that dstu does not process";
    }
  }
  static constexpr std::string_view kEntryKnown[] = {"2.5.29.21", "2.5.29.24"};
  for (const RevokedCertificate& r : crl.revoked) {
    for (const Extension& e : r.extensions) {
      if (e.critical && std::find(std::begin(kEntryKnown), std::end(kEntryKnown), e.oid) == std::end(kEntryKnown)) {
        return "an entry has a critical extension " + e.oid + " that dstu does not process";
      }
    }
  }
  return "";
}

std::string revocation_text(const Certificate& cert, const RevokedCertificate& entry);

/// When a revocation takes effect for signatures: the revocation date, or for a key
/// compromise the invalidity date when it is earlier (the key was no longer the signer's
/// from then on).
std::int64_t effective_date(const RevokedCertificate& entry) {
  constexpr int kKeyCompromise = 1;
  if (entry.reason == kKeyCompromise && entry.invalidity_date) return std::min(entry.date, *entry.invalidity_date);
  return entry.date;
}

std::string revocation_text(const Certificate& cert, const RevokedCertificate& entry) {
  std::string text = "certificate " + quoted(cert) + " was revoked on " + format_time(entry.date);
  if (entry.reason && !reason_name(*entry.reason).empty()) text += " (" + std::string(reason_name(*entry.reason)) + ")";
  if (effective_date(entry) < entry.date) text += ", its key compromised from " + format_time(effective_date(entry));
  return text;
}

/// The signature of a certificate or CRL under issuer's key, through `memo` when given.
template <class Signed>
SignatureCheck signature_of(const Signed& object, const Certificate& issuer, SignatureMemo* memo) {
  const auto compute = [&] { return verify_signature(object, *issuer.public_key); };
  return memo != nullptr ? memo->check(object.der, issuer.spki, compute) : compute();
}

/// Checks a complete path (leaf first, anchor last) at options.at.
class PathCheck {
 public:
  PathCheck(const TrustStore& store, const ChainOptions& options) : store_(store), options_(options) {}

  ChainResult run(const std::vector<const Certificate*>& certs) {
    ChainResult result;
    for (std::size_t i = 0; i < certs.size(); ++i) {
      PathElement element;
      element.cert = certs[i];
      element.anchor = i + 1 == certs.size();
      result.path.push_back(element);
    }
    for (std::size_t i = 0; i < certs.size(); ++i) check_certificate(result, certs, i);
    if (const auto* anchor = certs.back(); self_issued(*anchor)) check_self_signature(result, *anchor);
    for (std::size_t i = 0; i + 1 < certs.size(); ++i) {
      check_revocation(result, *certs[i], *certs[i + 1], result.path[i]);
    }
    if (options_.require_crl) {
      for (std::size_t i = 0; i + 1 < certs.size(); ++i) {
        if (result.path[i].revocation != RevocationStatus::not_checked) continue;
        fail(result, "revocation of " + quoted(*certs[i]) + " could not be checked (no usable CRL of " +
                         quoted(*certs[i + 1]) + ") and CRLs are required");
      }
    }
    result.verdict = failed_ ? ChainVerdict::invalid : ChainVerdict::valid;
    return result;
  }

 private:
  void fail(ChainResult& result, std::string reason) {
    if (!failed_) result.reason = std::move(reason);
    failed_ = true;
  }

  void check_certificate(ChainResult& result, const std::vector<const Certificate*>& certs, std::size_t i) {
    const Certificate& cert = *certs[i];
    if (options_.at < cert.not_before) {
      fail(result,
           "certificate " + quoted(cert) + " is not yet valid (valid from " + format_time(cert.not_before) + ")");
    } else if (options_.at > cert.not_after) {
      fail(result, "certificate " + quoted(cert) + " expired on " + format_time(cert.not_after));
    }
    for (const Extension& e : cert.extensions) {
      if (e.critical && !known_certificate_extension(e.oid)) {
        fail(result, "certificate " + quoted(cert) + " has a critical extension " + e.oid + " that dstu does not process");
      }
    }
    if (i == 0) {
      if (cert.key_usage && options_.end_usage != 0 && (*cert.key_usage & options_.end_usage) == 0) {
        fail(result, "certificate " + quoted(cert) + " lacks the key usage required (" +
                         usage_names(options_.end_usage) + ")");
      }
      return;
    }
    const bool anchor = i + 1 == certs.size();
    // A v1 anchor has no extensions at all, and is a CA because the user trusts it as one.
    const bool v1_anchor = anchor && cert.version == 1 && cert.extensions.empty();
    if (!v1_anchor && !(cert.basic_constraints && cert.basic_constraints->ca)) {
      fail(result, "certificate " + quoted(cert) + " is not a CA (basicConstraints cA is not set) but issued " +
                       quoted(*certs[i - 1]));
    }
    if (cert.key_usage && (*cert.key_usage & kKeyCertSign) == 0) {
      fail(result, "certificate " + quoted(cert) + " may not sign certificates (its keyUsage lacks keyCertSign)");
    }
    if (cert.basic_constraints && cert.basic_constraints->path_len) {
      // RFC 5280 §4.2.1.9: the non-self-issued intermediates below this certificate.
      std::uint64_t below = 0;
      for (std::size_t j = 1; j < i; ++j) below += self_issued(*certs[j]) ? 0 : 1;
      if (below > *cert.basic_constraints->path_len) {
        fail(result, "certificate " + quoted(cert) + " allows " + std::to_string(*cert.basic_constraints->path_len) +
                         " CA certificates below it (pathLenConstraint), the path has " + std::to_string(below));
      }
    }
  }

  void check_self_signature(ChainResult& result, const Certificate& anchor) {
    if (!anchor.public_key) {
      fail(result, "the self-signature of anchor " + quoted(anchor) + " cannot be checked: " + anchor.key_error);
      return;
    }
    const SignatureCheck check = signature_of(anchor, anchor, options_.memo);
    if (check.verdict == SignatureVerdict::valid) return;
    fail(result, "the self-signature of anchor " + quoted(anchor) +
                     (check.verdict == SignatureVerdict::unsupported ? " cannot be checked: " : " does not verify: ") +
                     check.reason);
  }

  /// Whether the CRL may be used for certificates of `issuer` at options.at; when not,
  /// a note says why.
  bool usable(ChainResult& result, const Crl& crl, const Certificate& issuer) {
    if (const std::string problem = crl_scope_problem(crl); !problem.empty()) {
      result.notes.push_back(crl_label(crl) + " not used: " + problem);
      return false;
    }
    if (issuer.key_usage && (*issuer.key_usage & kCrlSign) == 0) {
      result.notes.push_back(crl_label(crl) + " not used: its issuer's keyUsage lacks cRLSign");
      return false;
    }
    if (!issuer.public_key) {
      result.notes.push_back(crl_label(crl) + " not used: the issuer's key is not one dstu reads");
      return false;
    }
    const SignatureCheck check = signature_of(crl, issuer, options_.memo);
    if (check.verdict != SignatureVerdict::valid) {
      result.notes.push_back(crl_label(crl) + " not used: its signature " +
                             (check.verdict == SignatureVerdict::unsupported ? "cannot be checked: "
                                                                             : "does not verify: ") +
                             check.reason);
      return false;
    }
    // A CRL issued after options.at is used: it is the best evidence of the status at
    // that time (a signing time, checked later), its entries dated after it not revoking.
    if (crl.next_update && *crl.next_update < options_.at) {
      result.notes.push_back(crl_label(crl) + " not used: not current at " + format_time(options_.at) +
                             " (next update due " + format_time(*crl.next_update) + ")");
      return false;
    }
    return true;
  }

  /// The newest usable complete CRL and the newest delta that applies to it.
  std::pair<const Crl*, const Crl*> crls_for(ChainResult& result, const Certificate& cert, const Certificate& issuer) {
    std::vector<const Crl*> full, deltas;
    for (const Crl& crl : store_.crls) {
      if (!same_name(crl.issuer, cert.issuer) || !key_ids_agree(crl.authority_key_id, issuer.subject_key_id)) continue;
      if (!usable(result, crl, issuer)) continue;
      (crl.is_delta() ? deltas : full).push_back(&crl);
    }
    const Crl* base = nullptr;
    for (const Crl* crl : full) {
      if (base == nullptr || crl->this_update > base->this_update) base = crl;
    }
    const Crl* delta = nullptr;
    for (const Crl* crl : deltas) {
      // RFC 5280 §5.2.4: a delta applies to a complete CRL numbered at least its base,
      // and must itself be newer than that CRL (its cRLNumber greater).
      if (base == nullptr || !base->crl_number || compare_numbers(*base->crl_number, *crl->delta_base) < 0) {
        result.notes.push_back(crl_label(*crl) + " not used: no usable complete CRL numbered from its base on");
        continue;
      }
      if (!crl->crl_number || compare_numbers(*crl->crl_number, *base->crl_number) <= 0) {
        result.notes.push_back(crl_label(*crl) + " not used: not newer than the complete CRL it would update");
        continue;
      }
      if (delta == nullptr || crl->this_update > delta->this_update) delta = crl;
    }
    return {base, delta};
  }

  void check_revocation(ChainResult& result, const Certificate& cert, const Certificate& issuer, PathElement& element) {
    const auto [base, delta] = crls_for(result, cert, issuer);
    if (base == nullptr) {
      std::string note = "revocation of " + quoted(cert) + " not checked: no usable CRL of " + quoted(issuer);
      if (!cert.crl_distribution_points.empty()) {
        note += " (distribution point " + cert.crl_distribution_points[0] + ")";
      }
      result.notes.push_back(std::move(note));
      return;
    }
    // The delta's entry decides when it took effect by options.at (a removeFromCRL dated
    // later leaves a hold of the base in force); otherwise the base's.
    const RevokedCertificate* entry = delta ? find_revoked(*delta, cert.serial) : nullptr;
    if (entry != nullptr && effective_date(*entry) > options_.at) {
      const RevokedCertificate* earlier = find_revoked(*base, cert.serial);
      if (earlier != nullptr && entry->reason == kRemoveFromCrl) {
        result.notes.push_back("certificate " + quoted(cert) + " was released from hold on " + format_time(entry->date) +
                               ", after " + format_time(options_.at));
      }
      if (earlier != nullptr) entry = earlier;
    }
    if (entry == nullptr) entry = find_revoked(*base, cert.serial);
    element.revocation = RevocationStatus::good;
    if (entry == nullptr) return;
    if (entry->reason == kRemoveFromCrl) {
      if (entry->date > options_.at) {
        result.notes.push_back("certificate " + quoted(cert) + " was released from hold on " + format_time(entry->date) +
                               ", after " + format_time(options_.at));
      }
      return;
    }
    if (effective_date(*entry) > options_.at) {
      result.notes.push_back(revocation_text(cert, *entry) + ", after " + format_time(options_.at) +
                             ": good at that time");
      return;
    }
    element.revocation = RevocationStatus::revoked;
    element.revoked_at = effective_date(*entry);
    element.revocation_reason = entry->reason;
    fail(result, revocation_text(cert, *entry));
  }

  const TrustStore& store_;
  const ChainOptions& options_;
  bool failed_ = false;
};

/// Depth-first search over issuers, keeping the best outcome.
class PathBuilder {
 public:
  PathBuilder(const Certificate& leaf, const TrustStore& store, const ChainOptions& options)
      : leaf_(leaf), store_(store), options_(options) {}

  ChainResult run() {
    std::vector<const Certificate*> certs{&leaf_};
    extend(certs);
    if (best_) return *best_;
    ChainResult none;
    none.reason = closest_;
    return none;
  }

 private:
  bool is_anchor(const Certificate& cert) const {
    return std::any_of(store_.anchors.begin(), store_.anchors.end(),
                       [&](const Certificate& a) { return a.der == cert.der; });
  }

  bool on_path(const std::vector<const Certificate*>& certs, const Certificate& cert) const {
    return std::any_of(certs.begin(), certs.end(), [&](const Certificate* c) { return c->der == cert.der; });
  }

  /// Records a path that reached no anchor, if it got further than those before.
  void dead_end(std::size_t depth, int rank, std::string reason) {
    if (closest_.empty() || depth > closest_depth_ || (depth == closest_depth_ && rank > closest_rank_)) {
      closest_ = std::move(reason);
      closest_depth_ = depth;
      closest_rank_ = rank;
    }
  }

  void complete(const std::vector<const Certificate*>& certs) {
    ChainResult result = PathCheck(store_, options_).run(certs);
    if (!best_ || (best_->verdict == ChainVerdict::invalid && result.verdict == ChainVerdict::valid)) best_ = result;
  }

  bool done() const { return best_ && best_->verdict == ChainVerdict::valid; }

  void extend(std::vector<const Certificate*>& certs) {
    const Certificate& cert = *certs.back();
    if (is_anchor(cert)) {
      complete(certs);
      return;
    }
    if (certs.size() >= kMaxPathLength) {
      dead_end(certs.size(), 0, "no trust anchor for " + quoted(leaf_) + " within " +
                                    std::to_string(kMaxPathLength) + " certificates");
      return;
    }
    bool any = false;
    for (const auto* pool : {&store_.anchors, &store_.intermediates}) {
      for (const Certificate& candidate : *pool) {
        if (done()) return;
        if (!may_issue(candidate, cert) || on_path(certs, candidate)) continue;
        any = true;
        try_issuer(certs, candidate);
      }
    }
    if (!any) {
      dead_end(certs.size(), 0, "no trust anchor for " + quoted(leaf_) + ": issuer '" + display(cert.issuer) +
                                    "' not among the certificates given");
    }
  }

  void try_issuer(std::vector<const Certificate*>& certs, const Certificate& issuer) {
    const Certificate& cert = *certs.back();
    if (!issuer.public_key) {
      dead_end(certs.size(), 1, "signature of " + quoted(cert) + " cannot be checked under " + quoted(issuer) +
                                    ": its key is not one dstu reads (" + issuer.key_error + ")");
      return;
    }
    const SignatureCheck check = signature_of(cert, issuer, options_.memo);
    if (check.verdict == SignatureVerdict::unsupported) {
      dead_end(certs.size(), 1, "signature of " + quoted(cert) + " cannot be checked under " + quoted(issuer) + ": " +
                                    check.reason);
      return;
    }
    if (check.verdict == SignatureVerdict::invalid) {
      dead_end(certs.size(), 2, "signature of " + quoted(cert) + " does not verify under " + quoted(issuer));
      return;
    }
    certs.push_back(&issuer);
    extend(certs);
    certs.pop_back();
  }

  const Certificate& leaf_;
  const TrustStore& store_;
  const ChainOptions& options_;
  std::optional<ChainResult> best_;
  std::string closest_;
  std::size_t closest_depth_ = 0;
  int closest_rank_ = 0;
};

}  // namespace

SignatureCheck SignatureMemo::check(std::span<const std::uint8_t> signed_der, std::span<const std::uint8_t> issuer_spki,
                                    const std::function<SignatureCheck()>& compute) {
  std::string key(signed_der.begin(), signed_der.end());
  key.append(issuer_spki.begin(), issuer_spki.end());
  {
    const std::lock_guard lock(mutex_);
    if (auto it = checks_.find(key); it != checks_.end()) return it->second;
  }
  SignatureCheck check = compute();
  const std::lock_guard lock(mutex_);
  checks_.emplace(std::move(key), check);
  return check;
}

ChainResult verify_chain(const Certificate& leaf, const TrustStore& store, const ChainOptions& options) {
  return PathBuilder(leaf, store, options).run();
}

std::string format_time(std::int64_t seconds_since_epoch) {
  const auto t = static_cast<std::time_t>(seconds_since_epoch);
  std::tm tm{};
  if (gmtime_r(&t, &tm) == nullptr) return std::to_string(seconds_since_epoch) + " s since the epoch";
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%d %H:%M:%S UTC", &tm);
  return text;
}

}  // namespace dstu::pkix
