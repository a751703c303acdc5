#include "cms_files.hpp"

#include <variant>

#include "certificate_files.hpp"
#include "dstu/base/error.hpp"
#include "dstu/pkix/cms_sign.hpp"
#include "files.hpp"
#include "key_files.hpp"

namespace dstu::cli {

std::string cms_content_beside(const std::string& signed_file, const char* option) {
  for (const std::string ext : {".p7s", ".p7", ".sig"}) {
    if (signed_file.size() > ext.size() && signed_file.compare(signed_file.size() - ext.size(), ext.size(), ext) == 0) {
      return signed_file.substr(0, signed_file.size() - ext.size());
    }
  }
  throw_invalid(signed_file + ": a detached signature: give its content with " + option +
                " (or name the signature CONTENT.p7s beside it)");
}

pkix::Certificate cms_signer_certificate(const pkix::AnyPrivateKey& key,
                                         const std::optional<pkix::Certificate>& from_container, const std::string& path) {
  std::optional<pkix::Certificate> cert = from_container;
  if (!path.empty()) cert = load_certificate(path, read_file(path, kPkiFileLimit));
  if (!cert) throw_invalid("a CMS signature names its signer's certificate: give it with --cert");
  if (!pkix::certificate_has_key(*cert, pkix::public_key(key))) {
    throw_invalid((path.empty() ? std::string("the container's certificate") : path) +
                  ": not the certificate of the signing key");
  }
  return *cert;
}

std::vector<pkix::Certificate> cms_chain(const std::vector<std::string>& paths) {
  std::vector<pkix::Certificate> chain;
  for (const std::string& path : paths) chain.push_back(load_certificate(path, read_file(path, kPkiFileLimit)));
  return chain;
}

Json cms_signer_fields(const pkix::AnyPublicKey& key, const pkix::Certificate& cert,
                       const pkix::CmsSignOptions& options) {
  const std::string hash = pkix::cms_sign_hash(key, cert, options.hash);
  Json fields = {{"format", "cms"},
                 {"hash", hash},
                 {"key_id", key_id_hex(key)},
                 {"certificate", {{"subject", pkix::to_string(cert.subject)}, {"serial", to_hex(cert.serial)}}}};
  if (std::holds_alternative<rsa::PublicKey>(key)) {
    const rsa::Scheme& scheme = options.rsa_scheme;
    fields["padding"] = rsa::padding_name(scheme.padding);
    if (scheme.padding == rsa::Padding::pss) {
      fields["salt_length"] = rsa::salt_octets(scheme.salt_len, hash);
    }
  }
  return fields;
}

}  // namespace dstu::cli
