#include "cms_verify.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "batch_list.hpp"
#include "window.hpp"
#include "certificate_files.hpp"
#include "cms_files.hpp"
#include "dstu/base/error.hpp"
#include "dstu/dstu4145/batch.hpp"
#include "dstu/parallel/team.hpp"
#include "dstu/pkix/chain.hpp"
#include "dstu/pkix/cms.hpp"
#include "dstu/pkix/file_kind.hpp"
#include "dstu/pkix/timestamp.hpp"
#include "exit_codes.hpp"
#include "files.hpp"
#include "output.hpp"

namespace dstu::cli {
namespace {

enum class Status { valid, invalid, error };

const char* status_name(Status s) { return s == Status::valid ? "valid" : s == Status::invalid ? "invalid" : "error"; }

/// The first value of a name's attribute, or "".
std::string attribute(const pkix::Name& name, std::string_view oid) {
  for (const auto& rdn : name.rdns) {
    for (const pkix::NameAttribute& a : rdn) {
      if (a.oid == oid) return a.text;
    }
  }
  return "";
}

struct SignerReport {
  Status status = Status::invalid;
  std::string reason;
  Json fields = Json::object();
};

struct FileReport {
  Status status = Status::error;
  std::string reason;
  std::optional<bool> attached;
  std::string content;
  std::vector<SignerReport> signers;
};

[[noreturn]] void not_cms() {
  throw_invalid("not a CMS signed file (for a detached signature give the key or certificate with -p; --cms reads "
                "every file as CMS)");
}

/// A file between its preparation on the team and its report.
struct FileWork {
  FileReport report;
  std::vector<pkix::PreparedSigner> signers;
  std::vector<std::vector<pkix::SignerTimestamp>> timestamps;  ///< per signer
  std::optional<Bytes> extract;  ///< the attached content, when --extract asks for it
};

class CmsVerifier {
 public:
  CmsVerifier(const GlobalOptions& g, const CmsVerifyOptions& o) : g_(g), o_(o) {
    if (!o.signer_certificate.empty()) {
      signer_cert_ = load_certificate(o.signer_certificate, read_file(o.signer_certificate, kPkiFileLimit));
    }
    if (!o.trust.empty()) {
      add_trust_files(store_, o.trust, o.untrusted, o.crls);
      tsa_certificates_ = store_.anchors;
      tsa_certificates_.insert(tsa_certificates_.end(), store_.intermediates.begin(), store_.intermediates.end());
    }
    if (!o.at.empty()) at_ = parse_time(o.at);
    now_ = parse_time("now");
  }

  /// Reads a file and its content and makes every check of its signers but the DSTU 4145
  /// curve work (left pending for the window's batch) and the chains. Thread-safe: the
  /// window's files are prepared on the team.
  FileWork prepare(const std::string& file, const std::string& content_path) const {
    FileWork w;
    FileReport& r = w.report;
    try {
      const Bytes data = read_file(file, kPkiFileLimit);
      // Read as CMS first (what a run over .p7s files meets), and only a file that does
      // not read, or a bundle without signers, is told apart by its kind.
      pkix::SignedData sd;
      try {
        sd = pkix::read_signed_data(data, &cache_);
      } catch (const Error& e) {
        if (!o_.force && pkix::file_kind(data) != pkix::FileKind::signed_data) not_cms();
        throw Error(e.code(), std::string("CMS: ") + e.what());
      }
      if (!o_.force && sd.signers.empty()) not_cms();
      r.attached = sd.content.has_value();
      Bytes detached;
      if (!sd.content) {
        r.content = !content_path.empty() ? content_path : cms_content_beside(file);
        detached = read_file(r.content, kCmsContentLimit);
      } else if (!content_path.empty()) {
        throw_invalid("the signature is attached: it holds its content (no --content)");
      }
      const std::span<const std::uint8_t> content = sd.content ? std::span<const std::uint8_t>(*sd.content) : detached;
      if (sd.signers.empty()) {
        r.status = Status::invalid;
        r.reason = "no signer";
        return w;
      }
      for (std::size_t i = 0; i < sd.signers.size(); ++i) {
        w.signers.push_back(pkix::prepare_signer(sd, i, content, signer_cert_ ? &*signer_cert_ : nullptr, &cache_));
        w.timestamps.push_back(pkix::check_signer_timestamps(sd, i, content, tsa_certificates_));
      }
      r.status = Status::valid;
      if (!o_.extract.empty() && sd.content) w.extract = std::move(*sd.content);
    } catch (const Error& e) {
      r.status = Status::error;
      r.reason = e.what();
    }
    return w;
  }

  /// The file's report once its pending signatures are verified (valid[k] for its k-th
  /// pending signer): the signers' verdicts, their chains, --extract.
  FileReport finish(FileWork& w, std::span<const std::uint8_t> valid) {
    FileReport& r = w.report;
    if (r.status != Status::valid) return std::move(r);
    std::size_t k = 0;
    for (std::size_t i = 0; i < w.signers.size(); ++i) {
      const bool ok = w.signers[i].pending() && valid[k++] != 0;
      r.signers.push_back(check_signer(pkix::finish_signer(std::move(w.signers[i]), ok), w.timestamps[i]));
      if (r.signers.back().status != Status::valid && r.status == Status::valid) {
        r.status = Status::invalid;
        r.reason = "signer " + std::to_string(i + 1) + ": " + r.signers.back().reason;
      }
    }
    try {
      if (r.status == Status::valid && w.extract) write_file_atomic(o_.extract, *w.extract, 0644, Overwrite::refuse);
    } catch (const Error& e) {
      r.status = Status::error;
      r.reason = e.what();
      r.signers.clear();
    }
    return std::move(r);
  }

  void report(const std::string& file, const FileReport& r) const {
    if (g_.quiet && !g_.json) {
      if (r.status == Status::error) print_error(file + ": " + r.reason);
      return;
    }
    if (g_.json) {
      Json j = {{"file", file}, {"status", status_name(r.status)}, {"format", "cms"}};
      if (r.attached) j["attached"] = *r.attached;
      if (!r.content.empty()) j["content"] = r.content;
      if (!r.reason.empty()) j["reason"] = r.reason;
      Json signers = Json::array();
      for (const SignerReport& s : r.signers) {
        Json one = {{"status", status_name(s.status)}};
        one.update(s.fields);
        if (!s.reason.empty()) one["reason"] = s.reason;
        signers.push_back(one);
      }
      if (r.status != Status::error) j["signers"] = signers;
      print_json(j);
      return;
    }
    if (r.status == Status::error) {
      print_error(file + ": " + r.reason);
      return;
    }
    fmt::print("{}: {}{}\n", file, r.status == Status::valid ? "OK" : "INVALID", r.reason.empty() ? "" : " (" + r.reason + ")");
    for (std::size_t i = 0; i < r.signers.size(); ++i) {
      const Json& f = r.signers[i].fields;
      std::string line = fmt::format("  signer {}: {}", i + 1, f.value("subject", std::string("(no certificate)")));
      if (f.contains("drfo")) line += ", DRFO " + f["drfo"].get<std::string>();
      if (f.contains("edrpou")) line += ", EDRPOU " + f["edrpou"].get<std::string>();
      if (f.contains("serial")) line += "; certificate " + f["serial"].get<std::string>();
      if (f.contains("issuer")) line += " by " + f["issuer"].get<std::string>();
      if (f.contains("signing_time")) line += "; signed " + f["signing_time"].get<std::string>();
      for (const Json& t : f.value("timestamps", Json::array())) {
        line += "; " + t["kind"].get<std::string>() + " timestamp " + t.value("time", std::string("?")) + " " +
                t["status"].get<std::string>() + (t.contains("tsa") ? " (TSA " + t["tsa"].get<std::string>() + ")" : "");
      }
      if (f.contains("chain")) {
        line += "; chain " + (f["chain"].is_null() ? std::string("not checked") : f["chain"].get<std::string>()) +
                (f.contains("chain_at") ? " at " + f["chain_at"].get<std::string>() + " (" +
                                              f["chain_time_source"].get<std::string>() + ")"
                                        : "");
      }
      fmt::print("{}\n", line);
    }
    std::fflush(stdout);
  }

 private:
  SignerReport check_signer(const pkix::SignerVerdict& v, const std::vector<pkix::SignerTimestamp>& timestamps) {
    SignerReport s;
    s.fields["algorithm"] = v.algorithm;
    if (v.signing_time) s.fields["signing_time"] = pkix::format_time(*v.signing_time);
    if (v.certificate) {
      const pkix::Certificate& c = *v.certificate;
      s.fields["subject"] = pkix::to_string(c.subject);
      if (const std::string o = attribute(c.subject, "2.5.4.10"); !o.empty()) s.fields["organisation"] = o;
      if (c.drfo) s.fields["drfo"] = *c.drfo;
      if (c.edrpou) s.fields["edrpou"] = *c.edrpou;
      s.fields["serial"] = to_hex(c.serial);
      s.fields["issuer"] = pkix::to_string(c.issuer);
    }
    if (v.verdict != pkix::SignatureVerdict::valid) {
      s.status = Status::invalid;
      s.reason = v.reason.empty() ? "the signature cannot be checked" : v.reason;
      if (!store_.anchors.empty()) s.fields["chain"] = nullptr;
      return s;
    }
    s.status = Status::valid;
    const std::string timestamp_failure = check_timestamps(timestamps, s.fields);
    if (!timestamp_failure.empty()) {
      s.status = Status::invalid;
      s.reason = timestamp_failure;
      return s;
    }
    if (o_.trust.empty()) {
      s.fields["chain"] = nullptr;
      return s;
    }
    // The time the chain must hold at: --at, else the best proof of existence the file has.
    const pkix::ChainTime when = pkix::signer_chain_time(timestamps, v.signing_time, now_);
    const std::int64_t at = at_ ? *at_ : when.at;
    const char* source = at_                                                           ? "--at"
                         : when.source == pkix::ChainTime::Source::signature_timestamp ? "signatureTimestamp"
                         : when.source == pkix::ChainTime::Source::signing_time        ? "signingTime"
                                                                                       : "now";
    const pkix::ChainResult chain = chain_of(*v.certificate, at);
    s.fields["chain"] = chain_name(chain.verdict);
    s.fields["chain_at"] = pkix::format_time(at);
    s.fields["chain_time_source"] = source;
    if (!chain.notes.empty()) s.fields["chain_notes"] = chain.notes;
    if (chain.verdict != pkix::ChainVerdict::valid) {
      s.status = Status::invalid;
      s.reason = "the certificate's chain: " + chain.reason;
    }
    return s;
  }

  static const char* chain_name(pkix::ChainVerdict v) {
    return v == pkix::ChainVerdict::valid ? "valid" : v == pkix::ChainVerdict::invalid ? "invalid" : "no_path";
  }

  /// The signer's timestamps into fields["timestamps"], each TSA's chain checked at its
  /// time when --trust is given; the reason the first one that fails makes the signer
  /// invalid, or "". A timestamp whose TSA certificate is nowhere is "not_checked".
  std::string check_timestamps(const std::vector<pkix::SignerTimestamp>& timestamps, Json& fields) {
    if (timestamps.empty()) return "";
    std::string failure;
    Json list = Json::array();
    for (const pkix::SignerTimestamp& t : timestamps) {
      const char* kind = t.kind == pkix::SignerTimestamp::Kind::signature ? "signature" : "content";
      const pkix::TimestampVerdict& v = t.verdict;
      Json one = {{"kind", kind}};
      if (v.time != 0) one["time"] = pkix::format_time(v.time);
      if (v.tsa_certificate) one["tsa"] = pkix::to_string(v.tsa_certificate->subject);
      std::string status = v.verdict == pkix::SignatureVerdict::valid     ? (v.signature_checked ? "valid" : "not_checked")
                           : v.verdict == pkix::SignatureVerdict::invalid ? "invalid"
                                                                          : "unsupported";
      std::string reason = v.reason;
      if (status == "valid" && !o_.trust.empty()) {
        const pkix::ChainResult chain = chain_of(*v.tsa_certificate, v.time);
        one["tsa_chain"] = chain_name(chain.verdict);
        if (chain.verdict != pkix::ChainVerdict::valid) {
          status = "invalid";
          reason = "the TSA's chain: " + chain.reason;
        }
      }
      one["status"] = status;
      if (!reason.empty()) one["reason"] = reason;
      if (failure.empty() && (status == "invalid" || status == "unsupported")) {
        failure = std::string(kind) + " timestamp: " + (reason.empty() ? "cannot be checked" : reason);
      }
      list.push_back(std::move(one));
    }
    fields["timestamps"] = std::move(list);
    return failure;
  }

  /// The chain of a certificate at a time, checked once per run and time; every
  /// signature on the way (certificates, CRLs) verified once per run (signatures_), so
  /// that files signed at many times cost path checks only. Files finish on the team:
  /// two threads may check the same chain at once, and the first answer stays.
  pkix::ChainResult chain_of(const pkix::Certificate& cert, std::int64_t at) {
    const std::string_view der(reinterpret_cast<const char*>(cert.der.data()), cert.der.size());
    {
      const std::lock_guard lock(chains_mutex_);
      if (auto by_der = chains_.find(der); by_der != chains_.end()) {
        if (auto it = by_der->second.find(at); it != by_der->second.end()) return it->second;
      }
    }
    pkix::ChainOptions options;
    options.at = at;
    options.end_usage = pkix::kDigitalSignature | pkix::kNonRepudiation;
    options.require_crl = o_.require_crl;
    options.memo = &signatures_;
    pkix::ChainResult r = pkix::verify_chain(cert, store_, options);
    r.path.clear();  // its pointers may refer to a certificate of one file only
    const std::lock_guard lock(chains_mutex_);
    auto by_der = chains_.find(der);
    if (by_der == chains_.end()) by_der = chains_.emplace(std::string(der), std::map<std::int64_t, pkix::ChainResult>()).first;
    return by_der->second.emplace(at, std::move(r)).first->second;
  }

  const GlobalOptions& g_;
  const CmsVerifyOptions& o_;
  std::optional<pkix::Certificate> signer_cert_;
  mutable pkix::CertificateCache cache_;  // the files' certificates, read once per run
  std::vector<pkix::Certificate> tsa_certificates_;  // --trust and --untrusted: where a TSA's certificate may be
  pkix::TrustStore store_;
  std::optional<std::int64_t> at_;
  std::int64_t now_ = 0;
  pkix::SignatureMemo signatures_;
  std::mutex chains_mutex_;
  std::map<std::string, std::map<std::int64_t, pkix::ChainResult>, std::less<>> chains_;  // by DER, then time
};

}  // namespace

int verify_cms_files(const GlobalOptions& g, const CmsVerifyOptions& o) {
  if ((!o.content.empty() || !o.extract.empty()) && (o.files.size() != 1 || !o.list.empty())) {
    throw UsageError("--content and --extract work with one signed file only");
  }
  CmsVerifier verifier(g, o);
  std::optional<BatchList> list;
  if (!o.list.empty()) list.emplace(o.list);
  bool invalid = false, error = false;
  std::size_t requests = 0, next_file = 0;
  std::vector<ListEntry> window;
  for (;;) {  // the FILE arguments, then the list, a window at a time (window.hpp)
    // Windows close at their count alone: a file's content is read, hashed and dropped
    // by the thread preparing it, so a window of large files holds no more memory than
    // a window of small ones (and no file is stat'ed on this thread to size it).
    while (window.size() < WindowFill::kMaxRequests) {
      if (next_file < o.files.size()) {
        window.push_back({o.files[next_file++], o.content, ""});
      } else if (!list || !list->next(window, 1)) {
        break;
      } else if (window.back().sig_path == window.back().file + ".sig") {
        window.back().sig_path.clear();  // a line names the signed file and, for a detached one, its content
      }
    }
    if (window.empty()) break;
    requests += window.size();
    std::vector<FileWork> work(window.size());
    parallel::for_each(window.size(), parallel::team_size(), [&](std::size_t i) {
      if (window[i].error.empty()) work[i] = verifier.prepare(window[i].file, window[i].sig_path);
    });
    // The window's DSTU 4145 signatures as one batch on the team.
    std::vector<dstu4145::VerifyRequest> batch;
    for (const FileWork& w : work) {
      for (const pkix::PreparedSigner& p : w.signers) {
        if (p.pending()) batch.push_back({p.key(), p.signature->digest, &p.signature->signature});
      }
    }
    const std::vector<std::uint8_t> valid = dstu4145::verify_batch(batch, parallel::team_size());
    // Each file's verdicts from its share of the batch, on the team; then the reports in
    // input order.
    std::vector<std::size_t> first(window.size() + 1, 0);
    for (std::size_t i = 0; i < window.size(); ++i) {
      first[i + 1] = first[i] + static_cast<std::size_t>(std::count_if(
                                    work[i].signers.begin(), work[i].signers.end(), [](const auto& p) { return p.pending(); }));
    }
    std::vector<FileReport> reports(window.size());
    parallel::for_each(window.size(), parallel::team_size(), [&](std::size_t i) {
      if (!window[i].error.empty()) return;
      reports[i] = verifier.finish(work[i], std::span<const std::uint8_t>(valid).subspan(first[i], first[i + 1] - first[i]));
      work[i] = FileWork();
    });
    for (std::size_t i = 0; i < window.size(); ++i) {
      if (!window[i].error.empty()) {
        print_error(window[i].error);
        error = true;
        continue;
      }
      invalid |= reports[i].status == Status::invalid;
      error |= reports[i].status == Status::error;
      verifier.report(window[i].file, reports[i]);
    }
    // The reports' many small allocations freed on the team too.
    parallel::for_each(window.size(), parallel::team_size(), [&](std::size_t i) { reports[i] = FileReport(); });
    window.clear();
  }
  if (requests == 0 && !error) throw_invalid((o.list == "-" ? "standard input" : o.list) + ": no requests in the list");
  return error ? kExitError : invalid ? kExitNegative : kExitOk;
}

}  // namespace dstu::cli
