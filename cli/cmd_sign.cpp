// dstu sign: one detached signature per file, one pipeline for every kind of key. A
// file's error (unreadable, or its signature file already there) is reported and the
// others are still signed; the exit status is 2 if any failed. Files are taken a window
// at a time (window.hpp): hashed in parallel on the team with the hash the key implies
// (pkix::make_hasher), signed as one batch of the key's scheme (dstu4145::sign_batch,
// ecdsa::sign_batch or rsa::sign_batch: randomness drawn in file order from one
// generator), their signature
// files written in parallel, and their results reported in input order before the next
// window; in a window of large files each file is signed and reported as soon as it and
// every earlier one are hashed.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <algorithm>
#include <span>
#include <variant>

#include "cms_cosign.hpp"
#include "cms_sign.hpp"
#include "command.hpp"
#include "dstu/base/error.hpp"
#include "dstu/dstu4145/batch.hpp"
#include "dstu/dstu4145/encoding.hpp"
#include "dstu/ecdsa/batch.hpp"
#include "dstu/hash/hasher.hpp"
#include "dstu/parallel/team.hpp"
#include "dstu/pkix/timestamp.hpp"
#include "ec_signatures.hpp"
#include "rsa_signatures.hpp"
#include "exit_codes.hpp"
#include "files.hpp"
#include "http_post.hpp"
#include "key_files.hpp"
#include "output.hpp"
#include "passphrase.hpp"
#include "rng_choice.hpp"
#include "window.hpp"

namespace dstu::cli {
namespace {

class Sign final : public Command {
 public:
  const char* name() const override { return "sign"; }
  const char* summary() const override {
    return "Sign files with a DSTU 4145, ECDSA, ECGDSA or RSA private key (detached signatures)";
  }

  void setup(CLI::App& sub) override {
    sub.add_option("-k,--key", key_,
                   "Private key file, or key container (Key-6.dat, PKCS#12 .pfx/.p12, JKS) ('-' = stdin)")
        ->required();
    sub.add_option("--key-id", key_id_,
                   "A container's key to sign with, by its key id or its certificate's SKI (hex; dstu info lists "
                   "them); default: the key whose certificate allows signing");
    sub.add_option("--hash", hash_,
                   "gost34311 (default for DSTU 4145 keys), kupyna256, kupyna384, kupyna512, sha224, sha256, sha384, "
                   "sha512, sha512-224, sha512-256 or sha3-* (ECDSA/ECGDSA keys: sha224 ... sha512; default by the "
                   "size of n: sha256, sha384, sha512; RSA keys: sha224 ... sha512, default sha256); sha1 is refused")
        ->check(CLI::IsMember(hash::hasher_names()));
    sub.add_option("-o,--out", out_, "Signature file (only with one input; '-' = stdout)");
    sub.add_option("--sig-format", sig_format_,
                   "armor (text, default); DSTU 4145 keys: raw (r_le || s_le octets) or raw-be (s_be || r_be, "
                   "the byte order of BouncyCastle's GOST3411WITHDSTU4145); ECDSA/ECGDSA keys: der (ECDSA-Sig-Value, as "
                   "openssl dgst -sign writes) or p1363 (r || s); RSA keys: raw (the signature's octets, as openssl "
                   "dgst -sign writes)")
        ->check(CLI::IsMember({"armor", "raw", "raw-be", "der", "p1363"}));
    sub.add_option("--scheme", scheme_,
                   "ecdsa or ecgdsa: must be the key's scheme (ECDSA/ECGDSA keys carry it; chosen at keygen)")
        ->check(CLI::IsMember({"ecdsa", "ecgdsa"}));
    sub.add_option("--padding", rsa_.padding,
                   "RSA keys: pss (RSASSA-PSS; the default of detached signatures) or pkcs1 (RSASSA-PKCS1-v1_5; "
                   "the default with --cms, as openssl cms -sign and openssl dgst -sign)")
        ->check(CLI::IsMember({"pss", "pkcs1"}));
    sub.add_option("--salt-length", rsa_.salt_length,
                   "RSA keys with PSS: the salt's octets, digest (default: as long as the hash) or max")
        ->type_name("N|digest|max");
    sub.add_flag("--deterministic", deterministic_,
                 "ECDSA/ECGDSA keys: RFC 6979 deterministic nonces (default: hedged with fresh randomness)");
    sub.add_flag("--force", force_, "Replace existing signature files (regular files only)");
    const std::string cms = "CMS signed files (.p7s)";
    sub.add_flag("--cms", cms_,
                 "Write a CMS SignedData (CAdES-BES, as Ukrainian PKI writes it; OpenSSL's form for ECDSA keys) per "
                 "file, FILE.p7s by default")
        ->group(cms);
    sub.add_flag("--attached", attached_, "With --cms: the file's content inside the signature")->group(cms);
    sub.add_flag("--cosign", cosign_,
                 "Add the key's signature to each FILE, a CMS signed file (.p7s), whose signers must verify first; "
                 "the file is replaced, or written to -o")
        ->group(cms);
    sub.add_option("--content", content_,
                   "With --cosign: the content of a detached FILE (one FILE only; default: its name without .p7s, .p7 "
                   "or .sig)")
        ->group(cms);
    sub.add_option("--cert", cert_,
                   "With --cms: the signer's certificate (default: the container's certificate of the key)")
        ->group(cms);
    sub.add_option("--chain", chain_, "With --cms: a certificate to include after the signer's (repeatable)")
        ->allow_extra_args(false)
        ->group(cms);
    sub.add_option("--tsa", tsa_,
                   "With --cms: timestamp each signature (CAdES-T) at this RFC 3161 TSA, an http:// URL; the network "
                   "is used only with --tsa")
        ->type_name("URL")
        ->group(cms);
    sub.add_option("--tsa-hash", tsa_hash_,
                   "With --tsa: the hash of the timestamp's imprint (default: gost34311 for DSTU 4145 keys, sha256 for "
                   "ECDSA keys)")
        ->check(CLI::IsMember(pkix::timestamp_hash_names()))
        ->group(cms);
    sub.add_option("--tsa-timeout", tsa_timeout_, "With --tsa: seconds to wait for the TSA's reply (default 30)")
        ->type_name("SECONDS")
        ->check(CLI::Range(1, 3600))
        ->group(cms);
    sub.add_option("--rng", rng_, "Nonce source: os (default) or dstu (DSTU 4145 Annex A)")
        ->check(CLI::IsMember({"os", "dstu"}));
    sub.add_flag("--allow-insecure-key", allow_insecure_, "Use a clear private key file that group or others can read");
    add_passphrase_options(sub, passphrase_, false);
    sub.add_option("files", files_, "Files to sign ('-' = stdin)")->required();
  }

  int run(const GlobalOptions& g) override {
    if (!out_.empty() && files_.size() != 1) throw UsageError("-o works with one input file only");
    if (g.json && (out_ == "-" || (out_.empty() && files_ == std::vector<std::string>{"-"}))) {
      throw UsageError("--json cannot share standard output with the signature (use -o FILE)");
    }
    if (std::count(files_.begin(), files_.end(), "-") > 1) throw UsageError("standard input can be read once");
    // Before the key is opened (no passphrase asked for a signature that will not be made).
    if (!hash_.empty() && !hash::may_sign_with(hash_)) {
      throw UsageError("--hash " + hash_ + " makes no new signatures: its collisions are practical (" +
                       "gost34311 or kupyna256 for DSTU 4145 keys, sha256 or above for ECDSA/ECGDSA keys)");
    }
    if (key_ == "-" && std::count(files_.begin(), files_.end(), "-")) {
      throw UsageError("the key and the file cannot both come from standard input");
    }
    if (cosign_ && (attached_ || !tsa_.empty() || force_)) {
      throw UsageError("--cosign keeps the file's form and replaces it: --attached, --tsa and --force do not go with it");
    }
    if (!content_.empty() && (!cosign_ || files_.size() != 1)) throw UsageError("--content goes with --cosign and one FILE");
    if (cosign_) cms_ = true;
    if (!cms_ && (attached_ || !cert_.empty() || !chain_.empty())) {
      throw UsageError("--attached, --cert and --chain go with --cms");
    }
    if (!cms_ && !tsa_.empty()) throw UsageError("--tsa timestamps CMS signatures: it goes with --cms");
    if (tsa_.empty() && (!tsa_hash_.empty() || tsa_timeout_ != 0)) {
      throw UsageError("--tsa-hash and --tsa-timeout go with --tsa");
    }
    if (!tsa_.empty()) check_http_url(tsa_);
    if (cms_ && (sig_format_ != "armor" || deterministic_ || !scheme_.empty())) {
      throw UsageError("--sig-format, --deterministic and --scheme are for detached signatures, not --cms");
    }
    const LoadedKey loaded = load_key(key_, {&passphrase_, allow_insecure_, nullptr, key_id_});
    if (!pkix::is_private(loaded.key)) throw_invalid(key_ + ": a public key, not a private one");
    const pkix::AnyPrivateKey key = pkix::private_key(loaded.key);
    if (cosign_) {
      const auto rng = make_rng(rng_);
      return cosign_cms_files(g, key, loaded.certificate,
                              {files_, out_, content_, cert_, chain_, hash_, cms_rsa_scheme(key)}, *rng);
    }
    if (cms_) {
      const auto rng = make_rng(rng_);
      CmsSignRequest request{files_, out_, cert_, chain_, hash_, attached_, force_, tsa_, tsa_hash_};
      request.rsa_scheme = cms_rsa_scheme(key);
      if (tsa_timeout_ != 0) request.tsa_timeout = tsa_timeout_;
      // The OS source keeps no state in the process (each fill is a getrandom(2) call),
      // so the team's threads share it. The Annex A generator is one sequential stream
      // whose octets are the nonces' entropy in file order: its files are signed one
      // at a time.
      if (rng_ == "os") request.threads = parallel::team_size();
      return sign_cms_files(g, key, loaded.certificate, request, *rng);
    }
    check_options(key);
    pub_ = pkix::public_key(key);
    if (hash_.empty()) hash_ = pkix::default_hash(pub_);
    const std::string key_id = key_id_hex(pub_);
    // An RSA key has a size where the others have a curve.
    const auto* rsa_pub = std::get_if<rsa::PublicKey>(&pub_);
    Json fields = rsa_pub != nullptr ? Json{{"bits", rsa_pub->bits()}} : Json{{"curve", pkix::curve_name(pub_)}};
    if (const auto* ec = std::get_if<ecdsa::SchemeKey>(&key)) fields["scheme"] = ecdsa::scheme_name(ec->scheme);
    if (const auto* r = std::get_if<rsa::PrivateKey>(&key)) {
      rsa_scheme_ = rsa_signing_scheme(rsa_, r->bits(), hash_);
      fields["padding"] = rsa::padding_name(rsa_scheme_.padding);
      if (rsa_scheme_.padding == rsa::Padding::pss) fields["salt_length"] = rsa_scheme_.salt_len;
    }
    fields["hash"] = hash_;
    fields["key_id"] = key_id;
    if (loaded.certificate) {
      fields["certificate"] = {{"subject", pkix::to_string(loaded.certificate->subject)},
                               {"serial", to_hex(loaded.certificate->serial)}};
    }
    // Outputs; one that is in the way is that file's error, found before its work.
    std::vector<std::string> outs;
    for (const std::string& f : files_) outs.push_back(!out_.empty() ? out_ : (f == "-" ? "-" : f + ".sig"));
    const auto rng = make_rng(rng_);  // nonces drawn in file order (one thread at a time)
    int status = kExitOk;
    for (std::size_t begin = 0, end = 0; begin < files_.size(); begin = end) {
      WindowFill fill(parallel::team_size());
      while (end < files_.size() && !fill.full()) fill.add(files_[end++]);
      std::vector<std::string> errors(end - begin);
      // Called in input order, one call at a time (from the thread that finished them).
      const auto emit = [&](std::size_t from, std::size_t to) {
        for (std::size_t i = from; i < to; ++i) {
          if (report_signed(g.json && !g.quiet, files_[begin + i], outs[begin + i], errors[i], fields)) {
            status = kExitError;
          }
        }
      };
      sign_window(key, *rng, key_id, outs, begin, fill.large(), errors, emit);
    }
    return status;
  }

 private:
  /// The RSA scheme of a CMS signature: PKCS#1 v1.5 unless --padding or --salt-length
  /// asks for PSS (OpenSSL's `cms -sign` default, which CMS readers expect). UsageError for
  /// RSA options with another key.
  rsa::Scheme cms_rsa_scheme(const pkix::AnyPrivateKey& key) const {
    const auto* r = std::get_if<rsa::PrivateKey>(&key);
    if (r == nullptr) {
      if (!rsa_.padding.empty() || !rsa_.salt_length.empty()) throw UsageError("--padding and --salt-length are for RSA keys");
      return {};
    }
    check_rsa_options(rsa_, hash_, "armor", true);
    RsaOptions options = rsa_;
    if (options.padding.empty()) options.padding = options.salt_length.empty() ? "pkcs1" : "pss";
    return rsa_signing_scheme(options, r->bits(), hash_.empty() ? pkix::default_hash(pkix::public_key(key)) : hash_);
  }

  /// Refuses the options that belong to the other kind of key.
  void check_options(const pkix::AnyPrivateKey& key) const {
    const bool rsa_key = std::holds_alternative<rsa::PrivateKey>(key);
    if (!rsa_key && (!rsa_.padding.empty() || !rsa_.salt_length.empty())) {
      throw UsageError("--padding and --salt-length are for RSA keys");
    }
    if (rsa_key) {
      if (!scheme_.empty()) throw UsageError("--scheme is for ECDSA/ECGDSA keys; this is an RSA key");
      if (deterministic_) throw UsageError("--deterministic is for ECDSA/ECGDSA keys (PKCS#1 v1.5 signatures are deterministic)");
      check_rsa_options(rsa_, hash_, sig_format_, true);
      return;
    }
    if (const auto* ec = std::get_if<ecdsa::SchemeKey>(&key)) {
      check_ec_options(ec->scheme, scheme_, hash_);
      if (sig_format_ == "raw" || sig_format_ == "raw-be") {
        throw UsageError("--sig-format " + sig_format_ + " is for DSTU 4145 keys (ECDSA/ECGDSA keys: armor, der, p1363)");
      }
      return;
    }
    if (!scheme_.empty()) throw UsageError("--scheme is for ECDSA/ECGDSA keys; this is a DSTU 4145 key");
    if (deterministic_) throw UsageError("--deterministic is for ECDSA/ECGDSA keys (DSTU 4145 nonces are hedged)");
    if (sig_format_ == "der" || sig_format_ == "p1363") {
      throw UsageError("--sig-format " + sig_format_ + " is for ECDSA/ECGDSA keys (DSTU 4145 keys: armor, raw, raw-be)");
    }
  }

  /// Signs files [begin, begin + errors.size()) and sets each file's error ("" =
  /// signed): hashed on the team; a window of small files signed as one batch, its
  /// signature files written on the team, then emit for all of it; a large window
  /// (window.hpp) file by file, each signed, written and emitted by the thread that
  /// finished hashing it and every earlier file (nonces drawn in file order either way).
  void sign_window(const pkix::AnyPrivateKey& key, RandomSource& rng, const std::string& key_id,
                   const std::vector<std::string>& outs, std::size_t begin, bool large,
                   std::vector<std::string>& errors, const InOrder::Flush& emit) const {
    const std::size_t n = errors.size();
    std::vector<Bytes> digests(n);
    InOrder order(n, [&](std::size_t from, std::size_t to) {
      sign_range(key, rng, key_id, outs, begin, digests, errors, from, to, 1);
      emit(from, to);
    });
    parallel::for_each(n, parallel::team_size(), [&](std::size_t i) {
      try {
        refuse_existing(outs[begin + i], force_);
        digests[i] = digest_file(files_[begin + i], pub_, hash_);
      } catch (const std::exception& e) {
        errors[i] = e.what();
      }
      if (large) order.done(i);
    });
    order.rethrow();
    if (large) return;
    sign_range(key, rng, key_id, outs, begin, digests, errors, 0, n, parallel::team_size());
    emit(0, n);
  }

  /// Requests [from, to) of the window whose digests are ready: signed as one batch of
  /// the key's scheme, their signature files written on up to `threads` threads.
  void sign_range(const pkix::AnyPrivateKey& key, RandomSource& rng, const std::string& key_id,
                  const std::vector<std::string>& outs, std::size_t begin, const std::vector<Bytes>& digests,
                  std::vector<std::string>& errors, std::size_t from, std::size_t to, int threads) const {
    std::vector<std::size_t> index;
    std::vector<std::span<const std::uint8_t>> pending;
    for (std::size_t i = from; i < to; ++i) {
      if (!errors[i].empty()) continue;
      index.push_back(i);
      pending.emplace_back(digests[i]);
    }
    // Each signature's file made and written on the team, as `encode` gives it.
    const auto write = [&](const auto& sigs, const auto& encode) {
      parallel::for_each(index.size(), threads, [&](std::size_t j) {
        const std::size_t i = index[j];
        try {
          write_file_atomic(outs[begin + i], encode(sigs[j]), 0644, force_ ? Overwrite::replace : Overwrite::refuse);
        } catch (const std::exception& e) {
          errors[i] = e.what();
        }
      });
    };
    if (const auto* k = std::get_if<dstu4145::PrivateKey>(&key)) {
      // Nonces hedged: the generator's output mixed with d and each digest (nonce.hpp).
      write(dstu4145::sign_batch(*k, pending, rng, threads, dstu4145::NonceMode::hedged),
            [&](const dstu4145::Signature& sig) { return dstu_signature_file(*k, key_id, sig); });
    } else if (const auto* r = std::get_if<rsa::PrivateKey>(&key)) {
      write(rsa::sign_batch(*r, rsa_scheme_, hash_, pending, rng, threads),
            [&](const Bytes& sig) { return rsa_signature_file(rsa_scheme_, key_id, hash_, sig_format_, sig); });
    } else {
      const ecdsa::SchemeKey& ec = std::get<ecdsa::SchemeKey>(key);
      const ecdsa::Nonces nonces = deterministic_ ? ecdsa::Nonces::deterministic : ecdsa::Nonces::hedged;
      write(ecdsa::sign_batch(ec.scheme, ec.key, hash_, pending, rng, threads, nonces),
            [&](const ecdsa::Signature& sig) { return ec_signature_file(ec, key_id, hash_, sig_format_, sig); });
    }
  }

  /// A DSTU 4145 signature file in the chosen format.
  Bytes dstu_signature_file(const dstu4145::PrivateKey& key, const std::string& key_id,
                            const dstu4145::Signature& sig) const {
    const Bytes octets = dstu4145::encode_signature_le(key.curve(), sig);
    if (sig_format_ == "raw-be") return dstu4145::encode_signature_be(key.curve(), sig);
    if (sig_format_ != "armor") return octets;
    const std::string text = armored_signature(octets, key.curve().name(), hash_, key_id);
    return Bytes(text.begin(), text.end());
  }

  std::string cert_, tsa_, tsa_hash_;
  int tsa_timeout_ = 0;  ///< 0: not given
  std::vector<std::string> chain_;
  bool cms_ = false, attached_ = false, cosign_ = false;
  std::string content_;
  std::string key_, key_id_, hash_, out_, sig_format_ = "armor", rng_ = "os", scheme_;
  pkix::AnyPublicKey pub_;
  std::vector<std::string> files_;
  bool force_ = false, allow_insecure_ = false, deterministic_ = false;
  PassphraseOptions passphrase_;
  RsaOptions rsa_;
  rsa::Scheme rsa_scheme_;  ///< from rsa_, the key's size and the hash
};

}  // namespace

std::unique_ptr<Command> make_sign_command() { return std::make_unique<Sign>(); }

}  // namespace dstu::cli
