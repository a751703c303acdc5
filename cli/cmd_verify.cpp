// dstu verify: detached signatures of files. Requests (the FILE arguments, then the
// lines of --batch LIST) are taken a window at a time (window.hpp): the files of a
// window are read and hashed in parallel on the team, their curve work runs as one
// verify_batch, and the window's results are printed in input order before the next
// window is read; in a window of large files, and with ECDSA/ECGDSA keys, each result
// is printed as soon as it and every earlier one are done.
// With the signer's certificate as -p and --trust, the certificate's chain is checked
// once, before the files (pkix::verify_chain); a chain that fails makes every signature
// that verifies invalid, with the chain's reason.
// Exit 0 if every signature is valid, 1 if any is invalid, 2 on any other error.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <algorithm>
#include <cstdio>
#include <optional>

#include "batch_list.hpp"
#include "certificate_files.hpp"
#include "cms_verify.hpp"
#include "command.hpp"
#include "dstu/base/error.hpp"
#include "dstu/dstu4145/encoding.hpp"
#include "dstu/dstu4145/batch.hpp"
#include "dstu/dstu4145/sign.hpp"
#include "dstu/hash/hasher.hpp"
#include "dstu/parallel/team.hpp"
#include "dstu/pkix/file_kind.hpp"
#include "ec_signatures.hpp"
#include "rsa_signatures.hpp"
#include "exit_codes.hpp"
#include "files.hpp"
#include "key_files.hpp"
#include "output.hpp"
#include "window.hpp"

namespace dstu::cli {
namespace {

enum class Status { valid, invalid, error };

const char* status_name(Status s) {
  return s == Status::valid ? "valid" : s == Status::invalid ? "invalid" : "error";
}

struct Outcome {
  Status status = Status::error;
  std::string hash;
  std::string reason;
  std::string padding;  ///< RSA: the scheme the signature was held to ("" before it was known)
};

/// A request after its files are read: the outcome so far (an error, or pending the
/// curve work) and what verification needs.
struct Prepared {
  Outcome outcome;
  bool pending = false;
  Bytes digest;
  dstu4145::Signature sig;
  std::string sig_key_id;
  bool hash_assumed = false;  // raw signature, no --hash: the default hash was assumed
  bool out_of_range = false;  // well-formed, but r or s not in (0, n)
};

class Verify final : public Command {
 public:
  const char* name() const override { return "verify"; }
  const char* summary() const override {
    return "Verify detached DSTU 4145, ECDSA, ECGDSA or RSA signatures of files, and CMS signed files (.p7s)";
  }

  void setup(CLI::App& sub) override {
    sub.add_option("-p,--pub", pub_,
                   "Public key file, or the signer's certificate (a private key file works too); without it every "
                   "FILE must be a CMS signed file (.p7s), whose signers name their certificates");
    const std::string cms = "CMS signed files (.p7s)";
    sub.add_flag("--cms", cms_, "Read every FILE as a CMS signed file (-p then gives the signer's certificate when a "
                                "file carries none)")
        ->group(cms);
    sub.add_option("--content", content_,
                   "The content of a detached CMS signature (one FILE only; default: the FILE's name without "
                   ".p7s, .p7 or .sig)")
        ->group(cms);
    sub.add_option("--extract", extract_, "Write an attached CMS signature's content here when it verifies (one FILE only)")
        ->group(cms);
    const std::string chain = "Certificate chain (with a certificate as -p)";
    sub.add_option("--trust", trust_,
                   "Trust anchors: certificate files, PKCS#7 bundles (.p7b), PEM files of many, or directories of "
                   "them; the certificate's chain must reach one (repeatable)")
        ->allow_extra_args(false)
        ->group(chain);
    sub.add_option("--untrusted", untrusted_, "Other certificates a chain may pass through (files or directories; repeatable)")
        ->allow_extra_args(false)
        ->group(chain);
    sub.add_option("--crl", crls_, "CRLs (files, bundles or directories; repeatable); a revoked certificate fails the chain")
        ->allow_extra_args(false)
        ->group(chain);
    sub.add_option("--at", at_, "Check the chain at this time: now (default), YYYY-MM-DD, YYYY-MM-DDTHH:MM:SSZ, @SECONDS")
        ->group(chain);
    sub.add_flag("--require-crl", require_crl_, "Fail a chain whose certificates are not all covered by a CRL given")
        ->group(chain);
    sub.add_option("--sig", sig_, "Signature file (only with one input; default FILE.sig)");
    sub.add_option("--hash", hash_,
                   "Hash (default: the signature's Hash header, else gost34311 for DSTU 4145 keys, by the size "
                   "of n for ECDSA/ECGDSA keys: sha256, sha384, sha512, and sha256 for RSA keys)")
        ->check(CLI::IsMember(hash::hasher_names()));
    auto* format = sub.add_option("--sig-format", sig_format_,
                                  "auto (default: armored by its BEGIN line, else raw r_le || s_le), raw, raw-be "
                                  "(s_be || r_be, BouncyCastle's GOST3411WITHDSTU4145), der or der-be (the same in "
                                  "a DER OCTET STRING, the JCA form); ECDSA/ECGDSA keys: auto (armored only), der "
                                  "(ECDSA-Sig-Value, as openssl dgst -sign writes) or p1363 (r || s); RSA keys: auto (armored only) "
                                  "or raw (the signature's octets, as openssl dgst -sign writes; give --padding)")
                       ->check(CLI::IsMember({"auto", "raw", "raw-be", "der", "der-be", "p1363"}));
    sub.add_option("--scheme", scheme_, "ecdsa or ecgdsa: must be the key's scheme (ECDSA/ECGDSA keys carry it)")
        ->check(CLI::IsMember({"ecdsa", "ecgdsa"}));
    sub.add_flag("--be", big_endian_, "Same as --sig-format raw-be")->excludes(format);
    sub.add_option("--padding", rsa_.padding,
                   "RSA keys: pss or pkcs1, the signature's scheme (needed for raw signatures; armor names it)")
        ->check(CLI::IsMember({"pss", "pkcs1"}));
    sub.add_option("--salt-length", rsa_.salt_length,
                   "RSA keys with PSS: hold the salt to N octets or digest (the hash's length); default: what the "
                   "armor names, else any (auto)")
        ->type_name("N|digest|auto");
    sub.add_option("--batch", list_,
                   "Read requests from LIST ('-' = stdin), one per line: FILE, or FILE and SIGFILE separated "
                   "by a TAB or spaces; '#' comments");
    sub.add_flag("--allow-insecure-key", allow_insecure_,
                 "With a private key file as --pub: use it even if group or others can read it");
    sub.add_option("files", files_, "Files to verify ('-' = stdin)");
  }

  int run(const GlobalOptions& g) override {
    if (files_.empty() && list_.empty()) throw UsageError("give files to verify, or --batch LIST");
    if (cms_ || pub_.empty()) return run_cms(g);
    if (!content_.empty() || !extract_.empty()) throw UsageError("--content and --extract are for CMS signed files");
    if (!sig_.empty() && (files_.size() != 1 || !list_.empty())) {
      throw UsageError("--sig works with one input file only");
    }
    const auto stdin_uses = std::count(files_.begin(), files_.end(), "-") + (list_ == "-" ? 1 : 0) +
                            (pub_ == "-" ? 1 : 0) + (sig_ == "-" ? 1 : 0) + std::count(trust_.begin(), trust_.end(), "-") +
                            std::count(untrusted_.begin(), untrusted_.end(), "-") +
                            std::count(crls_.begin(), crls_.end(), "-");
    if (stdin_uses > 1) throw UsageError("standard input can be read once");
    load_signer(g);
    const auto* ec_key = std::get_if<ecdsa::SchemePublicKey>(&key_);
    const auto* rsa_key = std::get_if<rsa::PublicKey>(&key_);
    if (rsa_key == nullptr && (!rsa_.padding.empty() || !rsa_.salt_length.empty())) {
      throw UsageError("--padding and --salt-length are for RSA keys");
    }
    if (rsa_key != nullptr) {
      if (!scheme_.empty()) throw UsageError("--scheme is for ECDSA/ECGDSA keys; this is an RSA key");
      if (big_endian_) throw UsageError("--be is for DSTU 4145 keys");
      check_rsa_options(rsa_, hash_, sig_format_, false);
    } else if (ec_key != nullptr) {
      check_ec_options(ec_key->scheme, scheme_, hash_);
      if (big_endian_ || (sig_format_ != "auto" && sig_format_ != "der" && sig_format_ != "p1363")) {
        throw UsageError("--sig-format " + (big_endian_ ? std::string("raw-be") : sig_format_) +
                         " is for DSTU 4145 keys (ECDSA/ECGDSA keys: auto, der, p1363)");
      }
    } else {
      if (!scheme_.empty()) throw UsageError("--scheme is for ECDSA/ECGDSA keys; this is a DSTU 4145 key");
      if (sig_format_ == "p1363") throw UsageError("--sig-format p1363 is for ECDSA/ECGDSA keys");
      format_ = parse_signature_format(big_endian_ ? "raw-be" : sig_format_);
    }
    curve_name_ = pkix::curve_name(key_);
    const std::string key_id = key_id_hex(key_);
    std::optional<BatchList> list;
    if (!list_.empty()) list.emplace(list_);
    bool invalid = false, error = false;
    std::size_t requests = 0, next_file = 0;
    std::vector<ListEntry> window;
    for (;;) {  // the FILE arguments, then the list
      WindowFill fill(parallel::team_size());
      for (; !fill.full(); fill.add(window.back().file)) {
        if (next_file < files_.size()) {
          const std::string& file = files_[next_file++];
          window.push_back({file, !sig_.empty() ? sig_ : file + ".sig", ""});
        } else if (!list || !list->next(window, 1)) {
          break;
        }
      }
      if (window.empty()) break;
      const bool large = fill.large();
      requests += window.size();
      std::vector<Outcome> out(window.size());
      // Called in input order, one call at a time (from the thread that finished them).
      const auto emit = [&](std::size_t begin, std::size_t end) {
        for (std::size_t i = begin; i < end; ++i) {
          if (chain_ && chain_->verdict != pkix::ChainVerdict::valid && out[i].status == Status::valid) {
            out[i].status = Status::invalid;
            out[i].reason = "the certificate's chain: " + chain_->reason;
          }
          invalid |= out[i].status == Status::invalid;
          error |= out[i].status == Status::error;
          report(g, key_id, window[i].file, out[i]);
        }
      };
      if (ec_key != nullptr) {
        check_window_each(window, out, emit, [&](const ListEntry& e) {
          return verify_file_ec(*ec_key, key_id, e.file, e.sig_path, hash_, sig_format_);
        });
      } else if (rsa_key != nullptr) {
        check_window_each(window, out, emit, [&](const ListEntry& e) {
          return verify_file_rsa(*rsa_key, key_id, e.file, e.sig_path, hash_, sig_format_, rsa_);
        });
      } else {
        check_window(std::get<dstu4145::PublicKey>(key_), key_id, window, large, out, emit);
      }
      window.clear();
    }
    // An empty list verifies nothing: not "all valid" for a script whose list broke.
    if (requests == 0) throw_invalid((list_ == "-" ? "standard input" : list_) + ": no requests in the list");
    return error ? kExitError : invalid ? kExitNegative : kExitOk;
  }

 private:
  /// CMS signed files (cms_verify.hpp): every signer by the certificate it names.
  int run_cms(const GlobalOptions& g) const {
    if (!sig_.empty() || !hash_.empty() || sig_format_ != "auto" || !scheme_.empty() || big_endian_ ||
        !rsa_.padding.empty() || !rsa_.salt_length.empty()) {
      throw UsageError("--sig, --hash, --sig-format, --scheme, --be, --padding and --salt-length are for detached "
                       "signatures; a CMS signed file names its own");
    }
    if (!pub_.empty() && !cms_) throw UsageError("-p with CMS signed files needs --cms");
    const bool chain_options = !untrusted_.empty() || !crls_.empty() || !at_.empty() || require_crl_;
    if (chain_options && trust_.empty()) throw UsageError("--untrusted, --crl, --at and --require-crl need --trust");
    const auto stdin_uses = std::count(files_.begin(), files_.end(), "-") + (list_ == "-" ? 1 : 0) +
                            (content_ == "-" ? 1 : 0) + (pub_ == "-" ? 1 : 0) +
                            std::count(trust_.begin(), trust_.end(), "-") +
                            std::count(untrusted_.begin(), untrusted_.end(), "-") + std::count(crls_.begin(), crls_.end(), "-");
    if (stdin_uses > 1) throw UsageError("standard input can be read once");
    CmsVerifyOptions o;
    o.files = files_;
    o.list = list_;
    o.content = content_;
    o.extract = extract_;
    o.signer_certificate = pub_;
    o.force = cms_;
    o.trust = trust_;
    o.untrusted = untrusted_;
    o.crls = crls_;
    o.at = at_;
    o.require_crl = require_crl_;
    return verify_cms_files(g, o);
  }

  /// The key from -p: a key file, or a certificate, whose chain is then checked once for
  /// the whole run when --trust is given (the verdict applies to every file).
  void load_signer(const GlobalOptions& g) {
    const bool chain_options = !untrusted_.empty() || !crls_.empty() || !at_.empty() || require_crl_;
    if (chain_options && trust_.empty()) throw UsageError("--untrusted, --crl, --at and --require-crl need --trust");
    const SecureBytes data = read_secret_file(pub_);
    const pkix::FileKind kind = pkix::file_kind(data);
    if (kind == pkix::FileKind::signed_data) {
      throw_invalid(pub_ + ": a CMS signed file (.p7s): dstu verify does not check CMS signatures yet (dstu info "
                    "lists its signers)");
    }
    if (kind != pkix::FileKind::certificate) {
      if (!trust_.empty()) throw UsageError("--trust checks a certificate's chain: give the signer's certificate as -p");
      key_ = pkix::public_key(load_key(pub_, data, {nullptr, allow_insecure_, nullptr, ""}).key);
      return;
    }
    cert_ = load_certificate(pub_, Bytes(data.begin(), data.end()));
    if (!cert_->public_key) throw_invalid(pub_ + ": the certificate's key cannot be used: " + cert_->key_error);
    key_ = *cert_->public_key;
    if (trust_.empty()) {
      if (!g.quiet && !g.json) {
        fmt::print(stderr, "note: the certificate's chain and validity are not checked (give --trust)\n");
      }
      return;
    }
    add_trust_files(store_, trust_, untrusted_, crls_);
    pkix::ChainOptions options;
    options.at = parse_time(at_.empty() ? "now" : at_);
    options.end_usage = pkix::kDigitalSignature | pkix::kNonRepudiation;
    options.require_crl = require_crl_;
    chain_ = pkix::verify_chain(*cert_, store_, options);
    if (g.quiet || g.json) return;
    std::string path;
    for (const pkix::PathElement& e : chain_->path) path += (path.empty() ? "" : " <- ") + pkix::to_string(e.cert->subject);
    fmt::print(stderr, "chain at {}: {}{}\n", pkix::format_time(options.at), chain_verdict_name(chain_->verdict),
               chain_->verdict == pkix::ChainVerdict::valid ? ": " + path : ": " + chain_->reason);
    for (const std::string& note : chain_->notes) fmt::print(stderr, "  note: {}\n", note);
  }

  static const char* chain_verdict_name(pkix::ChainVerdict v) {
    return v == pkix::ChainVerdict::valid ? "valid" : v == pkix::ChainVerdict::invalid ? "invalid" : "no path to a trust anchor";
  }

  void report(const GlobalOptions& g, const std::string& key_id, const std::string& file, const Outcome& o) const {
    if (g.json && !g.quiet) {
      Json r = {{"file", file}, {"status", status_name(o.status)}, {"curve", curve_name_}, {"hash", nullptr},
                {"key_id", key_id}};
      if (!o.hash.empty()) r["hash"] = o.hash;  // null: an error came before the hash was known
      const auto* ec_key = std::get_if<ecdsa::SchemePublicKey>(&key_);
      if (ec_key != nullptr) r["scheme"] = ecdsa::scheme_name(ec_key->scheme);
      if (const auto* rsa_key = std::get_if<rsa::PublicKey>(&key_)) {
        // A size where the other keys have a curve; the scheme the signature was held to.
        r.erase("curve");
        r["bits"] = rsa_key->bits();
        if (!o.padding.empty()) r["padding"] = o.padding;
      }
      if (!o.reason.empty()) r["reason"] = o.reason;
      if (cert_) {
        r["certificate"] = {{"subject", pkix::to_string(cert_->subject)}, {"serial", to_hex(cert_->serial)},
                            {"issuer", pkix::to_string(cert_->issuer)}};
        r["chain"] = chain_ ? Json(chain_->verdict == pkix::ChainVerdict::valid     ? "valid"
                                   : chain_->verdict == pkix::ChainVerdict::invalid ? "invalid"
                                                                                    : "no_path")
                            : Json(nullptr);
      }
      print_json(r);  // one line each (NDJSON), flushed
    } else if (o.status == Status::error) {
      print_error(file.empty() ? o.reason : file + ": " + o.reason);  // a malformed list line names itself
    } else if (!g.quiet) {
      fmt::print("{}: {}{}\n", file, o.status == Status::valid ? "OK" : "INVALID",
                 o.reason.empty() ? "" : " (" + o.reason + ")");
      std::fflush(stdout);
    }
  }

  /// A window with an ECDSA/ECGDSA or RSA key: each request read, hashed and verified on
  /// the team by `verify_one`, and handed to emit as soon as it and every earlier one are
  /// done.
  template <class VerifyOne>
  void check_window_each(const std::vector<ListEntry>& window, std::vector<Outcome>& out, const InOrder::Flush& emit,
                         const VerifyOne& verify_one) const {
    InOrder order(window.size(), emit);
    parallel::for_each(window.size(), parallel::team_size(), [&](std::size_t i) {
      const ListEntry& e = window[i];
      if (!e.error.empty() || (e.file == "-" && sig_.empty())) {
        out[i].reason = !e.error.empty() ? e.error : "give the signature of standard input with --sig";
      } else {
        const FileVerdict v = verify_one(e);
        out[i] = {v.status == FileVerdict::valid     ? Status::valid
                  : v.status == FileVerdict::invalid ? Status::invalid
                                                     : Status::error,
                  v.hash, v.reason, v.padding};
      }
      order.done(i);
    });
    order.rethrow();
  }

  /// Reads and hashes the window's files on the team and verifies them: a window of
  /// small files as one batch on the team, then emit for all of it; a large window
  /// (window.hpp) request by request, each verified and emitted by the thread that
  /// finished it and every earlier one.
  void check_window(const dstu4145::PublicKey& key, const std::string& key_id, const std::vector<ListEntry>& window,
                    bool large, std::vector<Outcome>& out, const InOrder::Flush& emit) const {
    std::vector<Prepared> prep(window.size());
    InOrder order(window.size(), [&](std::size_t begin, std::size_t end) {
      verify_range(key, key_id, prep, out, begin, end, 1);
      emit(begin, end);
    });
    parallel::for_each(window.size(), parallel::team_size(), [&](std::size_t i) {
      prep[i] = prepare(key, window[i]);
      if (large) order.done(i);
    });
    order.rethrow();
    if (large) return;
    verify_range(key, key_id, prep, out, 0, prep.size(), parallel::team_size());
    emit(0, prep.size());
  }

  /// out[begin, end) from prep: the requests still pending verified as one batch.
  static void verify_range(const dstu4145::PublicKey& key, const std::string& key_id, std::vector<Prepared>& prep,
                           std::vector<Outcome>& out, std::size_t begin, std::size_t end, int threads) {
    std::vector<dstu4145::VerifyRequest> req;
    std::vector<std::size_t> index;
    for (std::size_t i = begin; i < end; ++i) {
      out[i] = std::move(prep[i].outcome);
      if (!prep[i].pending) continue;
      req.push_back({&key, prep[i].digest, &prep[i].sig});
      index.push_back(i);
    }
    const std::vector<std::uint8_t> valid = dstu4145::verify_batch(req, threads);
    for (std::size_t j = 0; j < index.size(); ++j) {
      Outcome& o = out[index[j]];
      if (valid[j]) {
        o.status = Status::valid;
      } else {
        o.status = Status::invalid;
        o.reason = invalid_reason(prep[index[j]], o.hash, key_id);
      }
    }
  }

  /// Why a well-formed signature did not verify: the key id and hash used, and for a
  /// raw signature verified without --hash, that it names no hash.
  static std::string invalid_reason(const Prepared& p, const std::string& hash, const std::string& key_id) {
    if (p.out_of_range) return "r or s out of range (DSTU 4145 requires 0 < r < n and 0 < s < n)";
    if (!p.sig_key_id.empty() && p.sig_key_id != key_id) {
      return "made with another key: Key-Id " + p.sig_key_id + ", this key is " + key_id;
    }
    std::string reason = "signature does not match key " + key_id + " with hash " + hash;
    if (p.hash_assumed) reason += "; a raw signature names no hash: if it was made with another, give --hash";
    return reason;
  }

  Prepared prepare(const dstu4145::PublicKey& key, const ListEntry& entry) const {
    Prepared p;
    try {
      if (!entry.error.empty()) throw_invalid(entry.error);
      if (entry.file == "-" && sig_.empty()) throw_invalid("give the signature of standard input with --sig");
      const LoadedSignature sig = parse_signature_file(read_file(entry.sig_path), entry.sig_path, *key.curve, format_);
      if (!hash_.empty() && !sig.hash.empty() && hash_ != sig.hash) {
        throw_invalid("--hash " + hash_ + " but the signature names " + sig.hash);
      }
      p.outcome.hash = !hash_.empty() ? hash_ : !sig.hash.empty() ? sig.hash : pkix::default_hash(key_);
      p.hash_assumed = hash_.empty() && sig.hash.empty();
      p.digest = digest_file(entry.file, key_, p.outcome.hash);
      p.sig = sig.sig;
      p.sig_key_id = sig.key_id;
      p.out_of_range = !dstu4145::signature_in_range(*key.curve, sig.sig);
      p.pending = true;
    } catch (const std::exception& e) {
      p.outcome.status = Status::error;
      p.outcome.reason = e.what();
    }
    return p;
  }

  std::vector<std::string> trust_, untrusted_, crls_;
  std::string at_, content_, extract_;
  bool cms_ = false;
  bool require_crl_ = false;
  std::optional<pkix::Certificate> cert_;
  pkix::TrustStore store_;  // chain_'s path points into it
  std::optional<pkix::ChainResult> chain_;
  std::string pub_, sig_, hash_, sig_format_ = "auto", list_, scheme_, curve_name_;
  RsaOptions rsa_;
  pkix::AnyPublicKey key_;
  SignatureFormat format_ = SignatureFormat::automatic;
  std::vector<std::string> files_;
  bool big_endian_ = false, allow_insecure_ = false;
};

}  // namespace

std::unique_ptr<Command> make_verify_command() { return std::make_unique<Verify>(); }

}  // namespace dstu::cli
