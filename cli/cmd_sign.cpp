// dstu sign: one detached signature per file, files signed in parallel on the team.
#include <fmt/core.h>
#include <sys/stat.h>

#include <mutex>

#include "command.hpp"
#include "dstu/base/error.hpp"
#include "dstu/dstu4145/encoding.hpp"
#include "dstu/dstu4145/sign.hpp"
#include "dstu/hash/hasher.hpp"
#include "dstu/parallel/team.hpp"
#include "exit_codes.hpp"
#include "files.hpp"
#include "key_files.hpp"
#include "output.hpp"
#include "rng_choice.hpp"

namespace dstu::cli {
namespace {

class Sign final : public Command {
 public:
  const char* name() const override { return "sign"; }
  const char* summary() const override { return "Sign files with a DSTU 4145 private key (detached signatures)"; }

  void setup(CLI::App& sub) override {
    sub.add_option("-k,--key", key_, "Private key file ('-' = stdin)")->required();
    sub.add_option("--hash", hash_, "gost34311 (default), kupyna256, kupyna384 or kupyna512")
        ->check(CLI::IsMember(hash::hasher_names()));
    sub.add_option("-o,--out", out_, "Signature file (only with one input; '-' = stdout)");
    sub.add_option("--sig-format", sig_format_,
                   "armor (text, default), raw (r_le || s_le octets) or raw-be (s_be || r_be, the byte "
                   "order of BouncyCastle's GOST3411WITHDSTU4145)")
        ->check(CLI::IsMember({"armor", "raw", "raw-be"}));
    sub.add_flag("--force", force_, "Replace existing signature files");
    sub.add_option("--rng", rng_, "Nonce source: os (default) or dstu (DSTU 4145 Annex A)")
        ->check(CLI::IsMember({"os", "dstu"}));
    sub.add_option("files", files_, "Files to sign ('-' = stdin)")->required();
  }

  int run(const GlobalOptions& g) override {
    if (!out_.empty() && files_.size() != 1) throw UsageError("-o works with one input file only");
    if (g.json && (out_ == "-" || (out_.empty() && files_ == std::vector<std::string>{"-"}))) {
      throw UsageError("--json cannot share standard output with the signature (use -o FILE)");
    }
    if (std::count(files_.begin(), files_.end(), "-") > 1) throw UsageError("standard input can be read once");
    if (key_ == "-" && std::count(files_.begin(), files_.end(), "-")) {
      throw UsageError("the key and the file cannot both come from standard input");
    }
    const dstu4145::PrivateKey key = load_private_key(key_);
    const dstu4145::PublicKey pub = key.public_key();
    const std::string key_id = to_hex(dstu4145::key_id(pub));
    const std::string curve = key.curve().name();
    // Outputs, and a refusal before any work when one is in the way.
    std::vector<std::string> outs;
    for (const std::string& f : files_) outs.push_back(!out_.empty() ? out_ : (f == "-" ? "-" : f + ".sig"));
    if (!force_) {
      for (const std::string& o : outs) {
        struct stat st {};
        if (o != "-" && ::lstat(o.c_str(), &st) == 0) throw_io(o + ": already exists (use --force to replace it)");
      }
    }
    struct Result {
      std::string error;
    };
    std::vector<Result> results(files_.size());
    std::mutex out_lock;
    parallel::for_each(files_.size(), parallel::team_size(), [&](std::size_t i) {
      try {
        auto rng = make_rng(rng_);  // one generator per file: no shared state across threads
        const Bytes digest = digest_file(files_[i], hash_, key.dke());
        const dstu4145::Signature sig = dstu4145::sign_digest(key, digest, *rng);
        const Bytes octets = dstu4145::encode_signature_le(key.curve(), sig);
        Bytes file = sig_format_ == "raw-be" ? dstu4145::encode_signature_be(key.curve(), sig) : octets;
        if (sig_format_ == "armor") {
          const std::string text = armored_signature(octets, curve, hash_, key_id);
          file.assign(text.begin(), text.end());
        }
        std::lock_guard lock(out_lock);  // stdout writes stay whole
        write_file_atomic(outs[i], file, 0644, force_ ? Overwrite::replace : Overwrite::refuse);
      } catch (const std::exception& e) {
        results[i].error = e.what();
      }
    });
    int status = kExitOk;
    Json records = Json::array();
    for (std::size_t i = 0; i < files_.size(); ++i) {
      if (!results[i].error.empty()) {
        print_error(results[i].error);
        status = kExitError;
      }
      if (g.json) {
        Json r = {{"file", files_[i]}, {"signature", outs[i]}, {"status", results[i].error.empty() ? "signed" : "error"},
                  {"curve", curve}, {"hash", hash_}, {"key_id", key_id}};
        if (!results[i].error.empty()) r["reason"] = results[i].error;
        records.push_back(r);
      }
    }
    if (g.json) {
      for (const Json& r : records) print_json(r);
    }
    return status;
  }

 private:
  std::string key_, hash_ = "gost34311", out_, sig_format_ = "armor", rng_ = "os";
  std::vector<std::string> files_;
  bool force_ = false;
};

}  // namespace

std::unique_ptr<Command> make_sign_command() { return std::make_unique<Sign>(); }

}  // namespace dstu::cli
