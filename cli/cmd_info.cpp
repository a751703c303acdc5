// dstu info: what key files, key containers, certificates, CRLs and bundles hold, as
// text or --json (one record per file, in input order). The kind of each file is told
// from its structure (pkix::file_kind); a container or a protected key is opened with
// the passphrase options. Exit 0 when every file was read, 2 otherwise (each failure
// reported, the other files still listed).
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <algorithm>

#include "certificate_files.hpp"
#include "command.hpp"
#include "dstu/base/error.hpp"
#include "dstu/pkix/bundle.hpp"
#include "dstu/pkix/cms.hpp"
#include "dstu/pkix/file_kind.hpp"
#include "exit_codes.hpp"
#include "files.hpp"
#include "info_report.hpp"
#include "key_files.hpp"
#include "output.hpp"
#include "passphrase.hpp"

namespace dstu::cli {
namespace {

class Info final : public Command {
 public:
  const char* name() const override { return "info"; }
  const char* summary() const override {
    return "Show what key files, key containers (Key-6.dat, PKCS#12, JKS), certificates, CRLs and bundles hold";
  }

  void setup(CLI::App& sub) override {
    sub.add_flag("--allow-insecure-key", allow_insecure_, "Read a clear private key file that group or others can read");
    add_passphrase_options(sub, passphrase_, false);
    sub.add_option("files", files_, "Files to show ('-' = stdin)")->required();
  }

  int run(const GlobalOptions& g) override {
    if (std::count(files_.begin(), files_.end(), "-") > 1) throw UsageError("standard input can be read once");
    int status = kExitOk;
    for (const std::string& file : files_) {
      try {
        Json r = record(file);
        if (g.quiet) continue;
        if (g.json) {
          print_json(r);
        } else {
          fmt::print("{}: {}\n", file, r["kind"].get<std::string>());
          r.erase("file");
          r.erase("kind");
          print_record_text(r, 2);
          std::fflush(stdout);
        }
      } catch (const Error& e) {
        status = kExitError;
        if (g.json && !g.quiet) print_json({{"file", file}, {"status", "error"}, {"reason", e.what()}});
        if (!g.json) print_error(e.what());
      }
    }
    return status;
  }

 private:
  Json record(const std::string& file) const {
    const SecureBytes data = read_secret_file(file, kPkiFileLimit);
    const pkix::FileKind kind = pkix::file_kind(data);
    Json r = {{"file", file}, {"kind", std::string(pkix::file_kind_name(kind))}};
    const Bytes public_data(data.begin(), data.end());  // for the kinds that hold no secret
    try {
      switch (kind) {
        case pkix::FileKind::certificate:
          r.update(certificate_record(pkix::read_certificate(public_data)));
          return r;
        case pkix::FileKind::crl:
          r.update(crl_record(pkix::read_crl(public_data)));
          return r;
        case pkix::FileKind::bundle: {
          const pkix::Bundle b = pkix::read_bundle(public_data);
          Json certs = Json::array(), crls = Json::array();
          for (const pkix::Certificate& c : b.certificates) certs.push_back(certificate_record(c));
          for (const pkix::Crl& c : b.crls) crls.push_back(crl_record(c));
          r["certificates"] = certs;
          r["crls"] = crls;
          return r;
        }
        case pkix::FileKind::signed_data:
          r.update(signed_data_record(pkix::read_signed_data(public_data)));
          return r;
        case pkix::FileKind::container:
          break;
        case pkix::FileKind::key_file:
          break;
        case pkix::FileKind::unknown:
          throw_invalid("not a key, key container, certificate, CRL or bundle");
      }
    } catch (const Error& e) {
      throw Error(e.code(), file + ": " + e.what());
    }
    if (kind == pkix::FileKind::container) {
      const auto format = pkix::container_format(data);
      r.update(container_record(load_container(file, data, *format, passphrase_)));
      return r;
    }
    const LoadedKey k = load_key(file, data, {&passphrase_, allow_insecure_, nullptr, ""});
    r["private"] = pkix::is_private(k.key);
    r["protected"] = k.encrypted;
    r.update(key_record(pkix::public_key(k.key)));
    return r;
  }

  std::vector<std::string> files_;
  bool allow_insecure_ = false;
  PassphraseOptions passphrase_;
};

}  // namespace

std::unique_ptr<Command> make_info_command() { return std::make_unique<Info>(); }

}  // namespace dstu::cli
