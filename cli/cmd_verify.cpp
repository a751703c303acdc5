// dstu verify: detached signatures of files, checked in parallel on the team.
// Exit 0 if every signature is valid, 1 if any is invalid, 2 on any other error.
#include <fmt/core.h>

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
};

class Verify final : public Command {
 public:
  const char* name() const override { return "verify"; }
  const char* summary() const override { return "Verify detached DSTU 4145 signatures of files"; }

  void setup(CLI::App& sub) override {
    sub.add_option("-p,--pub", pub_, "Public key file (a private key file works too)")->required();
    sub.add_option("--sig", sig_, "Signature file (only with one input; default FILE.sig)");
    sub.add_option("--hash", hash_, "Hash (default: the signature's Hash header, else gost34311)")
        ->check(CLI::IsMember(hash::hasher_names()));
    sub.add_flag("-q,--quiet", quiet_, "Print nothing; the exit status tells");
    auto* format = sub.add_option("--sig-format", sig_format_,
                                  "auto (default: armored by its BEGIN line, else raw r_le || s_le), raw, raw-be "
                                  "(s_be || r_be, BouncyCastle's GOST3411WITHDSTU4145), der or der-be (the same in "
                                  "a DER OCTET STRING, the JCA form)")
                       ->check(CLI::IsMember({"auto", "raw", "raw-be", "der", "der-be"}));
    sub.add_flag("--be", big_endian_, "Same as --sig-format raw-be")->excludes(format);
    sub.add_option("files", files_, "Files to verify ('-' = stdin)")->required();
  }

  int run(const GlobalOptions& g) override {
    if (!sig_.empty() && files_.size() != 1) throw UsageError("--sig works with one input file only");
    if (std::count(files_.begin(), files_.end(), "-") > 1) throw UsageError("standard input can be read once");
    const dstu4145::PublicKey key = load_public_key(pub_);
    const std::string key_id = to_hex(dstu4145::key_id(key));
    std::vector<Outcome> out(files_.size());
    parallel::for_each(files_.size(), parallel::team_size(), [&](std::size_t i) { out[i] = check(key, key_id, i); });
    bool invalid = false, error = false;
    for (std::size_t i = 0; i < files_.size(); ++i) {
      invalid |= out[i].status == Status::invalid;
      error |= out[i].status == Status::error;
      if (g.json) {
        Json r = {{"file", files_[i]}, {"status", status_name(out[i].status)}, {"curve", key.curve->name()},
                  {"hash", out[i].hash}, {"key_id", key_id}};
        if (!out[i].reason.empty()) r["reason"] = out[i].reason;
        print_json(r);
      } else if (out[i].status == Status::error) {
        print_error(files_[i] + ": " + out[i].reason);
      } else if (!quiet_) {
        fmt::print("{}: {}{}\n", files_[i], out[i].status == Status::valid ? "OK" : "INVALID",
                   out[i].reason.empty() ? "" : " (" + out[i].reason + ")");
      }
    }
    return error ? kExitError : invalid ? kExitNegative : kExitOk;
  }

 private:
  Outcome check(const dstu4145::PublicKey& key, const std::string& key_id, std::size_t i) const {
    Outcome o;
    try {
      const std::string& file = files_[i];
      const std::string sig_path = !sig_.empty() ? sig_ : file + ".sig";
      if (sig_.empty() && file == "-") throw_invalid("give the signature of standard input with --sig");
      const SignatureFormat format = parse_signature_format(big_endian_ ? "raw-be" : sig_format_);
      const LoadedSignature sig = parse_signature_file(read_file(sig_path), sig_path, *key.curve, format);
      if (!hash_.empty() && !sig.hash.empty() && hash_ != sig.hash) {
        throw_invalid("--hash " + hash_ + " but the signature names " + sig.hash);
      }
      o.hash = !hash_.empty() ? hash_ : !sig.hash.empty() ? sig.hash : "gost34311";
      const Bytes digest = digest_file(file, o.hash, key.dke);
      if (dstu4145::verify_digest(key, digest, sig.sig)) {
        o.status = Status::valid;
      } else {
        o.status = Status::invalid;
        o.reason = !sig.key_id.empty() && sig.key_id != key_id ? "made with another key (Key-Id " + sig.key_id + ")"
                                                               : "signature does not match";
      }
    } catch (const std::exception& e) {
      o.status = Status::error;
      o.reason = e.what();
    }
    return o;
  }

  std::string pub_, sig_, hash_, sig_format_ = "auto";
  std::vector<std::string> files_;
  bool quiet_ = false, big_endian_ = false;
};

}  // namespace

std::unique_ptr<Command> make_verify_command() { return std::make_unique<Verify>(); }

}  // namespace dstu::cli
