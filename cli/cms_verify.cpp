#include "cms_verify.hpp"

#include <fmt/core.h>

#include <cstdio>
#include <map>
#include <optional>
#include <string>
#include <utility>

#include "batch_list.hpp"
#include "certificate_files.hpp"
#include "dstu/base/error.hpp"
#include "dstu/pkix/chain.hpp"
#include "dstu/pkix/cms.hpp"
#include "dstu/pkix/file_kind.hpp"
#include "exit_codes.hpp"
#include "files.hpp"
#include "output.hpp"

namespace dstu::cli {
namespace {

/// The largest detached or attached content read (held in memory while it is hashed).
constexpr std::size_t kContentLimit = std::size_t{1} << 30;

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

/// The content beside a detached signature: the signed file's name without its
/// extension (.p7s, .p7, .sig).
std::string content_beside(const std::string& signed_file) {
  for (const char* ext : {".p7s", ".p7", ".sig"}) {
    const std::string e = ext;
    if (signed_file.size() > e.size() && signed_file.compare(signed_file.size() - e.size(), e.size(), e) == 0) {
      return signed_file.substr(0, signed_file.size() - e.size());
    }
  }
  throw_invalid(signed_file + ": a detached signature: give its content with --content (or name the signature "
                              "CONTENT.p7s beside it)");
}

class CmsVerifier {
 public:
  CmsVerifier(const GlobalOptions& g, const CmsVerifyOptions& o) : g_(g), o_(o) {
    if (!o.signer_certificate.empty()) {
      signer_cert_ = load_certificate(o.signer_certificate, read_file(o.signer_certificate, kPkiFileLimit));
    }
    if (!o.trust.empty()) add_trust_files(store_, o.trust, o.untrusted, o.crls);
    if (!o.at.empty()) at_ = parse_time(o.at);
    now_ = parse_time("now");
  }

  FileReport verify(const std::string& file, const std::string& content_path) {
    FileReport r;
    try {
      const Bytes data = read_file(file, kPkiFileLimit);
      if (!o_.force && pkix::file_kind(data) != pkix::FileKind::signed_data) {
        throw_invalid("not a CMS signed file (for a detached signature give the key or certificate with -p; "
                      "--cms reads every file as CMS)");
      }
      pkix::SignedData sd;
      try {
        sd = pkix::read_signed_data(data);
      } catch (const Error& e) {
        throw Error(e.code(), std::string("CMS: ") + e.what());
      }
      r.attached = sd.content.has_value();
      Bytes detached;
      if (!sd.content) {
        r.content = !content_path.empty() ? content_path : content_beside(file);
        detached = read_file(r.content, kContentLimit);
      } else if (!content_path.empty()) {
        throw_invalid("the signature is attached: it holds its content (no --content)");
      }
      const std::span<const std::uint8_t> content = sd.content ? std::span<const std::uint8_t>(*sd.content) : detached;
      if (sd.signers.empty()) {
        r.status = Status::invalid;
        r.reason = "no signer";
        return r;
      }
      r.status = Status::valid;
      for (std::size_t i = 0; i < sd.signers.size(); ++i) {
        r.signers.push_back(check_signer(sd, i, content));
        if (r.signers.back().status != Status::valid && r.status == Status::valid) {
          r.status = Status::invalid;
          r.reason = "signer " + std::to_string(i + 1) + ": " + r.signers.back().reason;
        }
      }
      if (r.status == Status::valid && !o_.extract.empty() && sd.content) {
        write_file_atomic(o_.extract, *sd.content, 0644, Overwrite::refuse);
      }
    } catch (const Error& e) {
      r.status = Status::error;
      r.reason = e.what();
      r.signers.clear();
    }
    return r;
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
  SignerReport check_signer(const pkix::SignedData& sd, std::size_t i, std::span<const std::uint8_t> content) {
    SignerReport s;
    const pkix::SignerVerdict v = pkix::verify_signer(sd, i, content, signer_cert_ ? &*signer_cert_ : nullptr);
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
    if (o_.trust.empty()) {
      s.fields["chain"] = nullptr;
      return s;
    }
    // The time the chain must hold at: --at, else the time the signer states, else now.
    const std::int64_t at = at_ ? *at_ : v.signing_time ? *v.signing_time : now_;
    const char* source = at_ ? "--at" : v.signing_time ? "signingTime" : "now";
    const pkix::ChainResult& chain = chain_of(*v.certificate, at);
    s.fields["chain"] = chain.verdict == pkix::ChainVerdict::valid     ? "valid"
                        : chain.verdict == pkix::ChainVerdict::invalid ? "invalid"
                                                                       : "no_path";
    s.fields["chain_at"] = pkix::format_time(at);
    s.fields["chain_time_source"] = source;
    if (!chain.notes.empty()) s.fields["chain_notes"] = chain.notes;
    if (chain.verdict != pkix::ChainVerdict::valid) {
      s.status = Status::invalid;
      s.reason = "the certificate's chain: " + chain.reason;
    }
    return s;
  }

  /// The chain of a certificate at a time, checked once per run.
  const pkix::ChainResult& chain_of(const pkix::Certificate& cert, std::int64_t at) {
    auto key = std::make_pair(std::string(cert.der.begin(), cert.der.end()), at);
    auto it = chains_.find(key);
    if (it != chains_.end()) return it->second;
    pkix::ChainOptions options;
    options.at = at;
    options.end_usage = pkix::kDigitalSignature | pkix::kNonRepudiation;
    options.require_crl = o_.require_crl;
    // The signer's certificate joins the intermediates' search space as itself only: a
    // chain is found through the store.
    pkix::ChainResult r = pkix::verify_chain(cert, store_, options);
    r.path.clear();  // its pointers may refer to a certificate of one file only
    return chains_.emplace(std::move(key), std::move(r)).first->second;
  }

  const GlobalOptions& g_;
  const CmsVerifyOptions& o_;
  std::optional<pkix::Certificate> signer_cert_;
  pkix::TrustStore store_;
  std::optional<std::int64_t> at_;
  std::int64_t now_ = 0;
  std::map<std::pair<std::string, std::int64_t>, pkix::ChainResult> chains_;  // by certificate DER and time
};

}  // namespace

int verify_cms_files(const GlobalOptions& g, const CmsVerifyOptions& o) {
  if ((!o.content.empty() || !o.extract.empty()) && (o.files.size() != 1 || !o.list.empty())) {
    throw UsageError("--content and --extract work with one signed file only");
  }
  CmsVerifier verifier(g, o);
  bool invalid = false, error = false;
  std::size_t requests = 0;
  const auto one = [&](const std::string& file, const std::string& content) {
    const FileReport r = verifier.verify(file, content);
    invalid |= r.status == Status::invalid;
    error |= r.status == Status::error;
    verifier.report(file, r);
    ++requests;
  };
  for (const std::string& f : o.files) one(f, o.content);
  if (!o.list.empty()) {
    BatchList list(o.list);
    std::vector<ListEntry> entries;
    while (list.next(entries, 64)) {
      for (const ListEntry& e : entries) {
        if (!e.error.empty()) {
          print_error(e.error);
          error = true;
          continue;
        }
        // A line names the signed file and, for a detached one, its content.
        one(e.file, e.sig_path == e.file + ".sig" ? "" : e.sig_path);
      }
      entries.clear();
    }
    if (requests == 0 && !error) throw_invalid((o.list == "-" ? "standard input" : o.list) + ": no requests in the list");
  }
  return error ? kExitError : invalid ? kExitNegative : kExitOk;
}

}  // namespace dstu::cli
