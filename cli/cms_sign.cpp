#include "cms_sign.hpp"

#include "certificate_files.hpp"
#include "dstu/base/error.hpp"
#include "dstu/pkix/cms_sign.hpp"
#include "exit_codes.hpp"
#include "files.hpp"
#include "key_files.hpp"
#include "output.hpp"

namespace dstu::cli {
namespace {

/// The largest file signed (held in memory while it is hashed and, attached, copied).
constexpr std::size_t kContentLimit = std::size_t{1} << 30;

}  // namespace

int sign_cms_files(const GlobalOptions& g, const pkix::AnyPrivateKey& key,
                   const std::optional<pkix::Certificate>& certificate, const CmsSignRequest& request,
                   RandomSource& rng) {
  std::optional<pkix::Certificate> cert = certificate;
  if (!request.certificate.empty()) {
    cert = load_certificate(request.certificate, read_file(request.certificate, kPkiFileLimit));
  }
  if (!cert) throw_invalid("a CMS signature names its signer's certificate: give it with --cert");
  if (!pkix::certificate_has_key(*cert, pkix::public_key(key))) {
    throw_invalid((request.certificate.empty() ? std::string("the container's certificate") : request.certificate) +
                  ": not the certificate of the signing key");
  }
  pkix::CmsSignOptions options;
  options.attached = request.attached;
  options.hash = request.hash;
  for (const std::string& path : request.chain) {
    options.extra_certificates.push_back(load_certificate(path, read_file(path, kPkiFileLimit)));
  }
  const Json fields = {{"format", "cms"},
                       {"attached", request.attached},
                       {"hash", pkix::cms_sign_hash(pkix::public_key(key), *cert, request.hash)},
                       {"key_id", key_id_hex(pkix::public_key(key))},
                       {"certificate", {{"subject", pkix::to_string(cert->subject)}, {"serial", to_hex(cert->serial)}}}};
  int status = kExitOk;
  for (const std::string& file : request.files) {
    const std::string out = !request.out.empty() ? request.out : file == "-" ? "-" : file + ".p7s";
    std::string error;
    try {
      refuse_existing(out, request.force);
      const Bytes content = read_file(file, kContentLimit);
      const Bytes signed_data = pkix::sign_cms(key, *cert, content, options, rng);
      write_file_atomic(out, signed_data, 0644, request.force ? Overwrite::replace : Overwrite::refuse);
    } catch (const std::exception& e) {
      error = e.what();
    }
    if (report_signed(g.json && !g.quiet, file, out, error, fields)) status = kExitError;
  }
  return status;
}

}  // namespace dstu::cli
