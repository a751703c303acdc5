#include "cms_cosign.hpp"

#include "certificate_files.hpp"
#include "cms_files.hpp"
#include "dstu/base/error.hpp"
#include "dstu/pkix/cms.hpp"
#include "dstu/pkix/cms_sign.hpp"
#include "exit_codes.hpp"
#include "files.hpp"
#include "key_files.hpp"
#include "output.hpp"

namespace dstu::cli {
namespace {

/// `sd` co-signed: its signers checked over `content`, then one more added.
Bytes cosign(const pkix::SignedData& sd, std::span<const std::uint8_t> content, const pkix::AnyPrivateKey& key,
             const pkix::Certificate& cert, const pkix::CmsSignOptions& options, RandomSource& rng) {
  for (std::size_t i = 0; i < sd.signers.size(); ++i) {
    const pkix::SignerVerdict v = pkix::verify_signer(sd, i, content);
    if (v.verdict != pkix::SignatureVerdict::valid) {
      throw_invalid("signer " + std::to_string(i + 1) + " does not verify (" + v.reason + "): not co-signed");
    }
  }
  const auto detached = sd.content ? std::nullopt : std::optional<std::span<const std::uint8_t>>(content);
  return pkix::add_cms_signer(sd.der, key, cert, detached, options, rng);
}

}  // namespace

int cosign_cms_files(const GlobalOptions& g, const pkix::AnyPrivateKey& key,
                     const std::optional<pkix::Certificate>& certificate, const CmsCosignRequest& request,
                     RandomSource& rng) {
  const std::optional<pkix::Certificate> cert = cms_signer_certificate(key, certificate, request.certificate);
  pkix::CmsSignOptions options;
  options.hash = request.hash;
  options.extra_certificates = cms_chain(request.chain);
  options.rsa_scheme = request.rsa_scheme;
  Json fields = cms_signer_fields(pkix::public_key(key), *cert, options);
  fields["cosigned"] = true;
  int status = kExitOk;
  for (const std::string& file : request.files) {
    const std::string out = !request.out.empty() ? request.out : file;
    std::string error;
    try {
      if (file == "-" && request.out.empty()) throw_invalid("a co-signed standard input goes to -o");
      const Bytes data = read_file(file, kPkiFileLimit);
      pkix::SignedData sd;
      try {
        sd = pkix::read_signed_data(data);
      } catch (const Error& e) {
        throw Error(e.code(), std::string("CMS: ") + e.what());
      }
      Bytes detached;
      if (!sd.content) {
        detached = read_file(!request.content.empty() ? request.content : cms_content_beside(file), kCmsContentLimit);
      } else if (!request.content.empty()) {
        throw_invalid("the signature is attached: it holds its content (no --content)");
      }
      const Bytes cosigned = cosign(sd, sd.content ? std::span<const std::uint8_t>(*sd.content) : detached, key, *cert,
                                    options, rng);
      // The file named is replaced (what co-signing it asks for); -o is refused if it exists.
      write_file_atomic(out, cosigned, 0644, request.out.empty() ? Overwrite::replace : Overwrite::refuse);
    } catch (const std::exception& e) {
      error = e.what();
    }
    if (report_signed(g.json && !g.quiet, file, out, error, fields)) status = kExitError;
  }
  return status;
}

}  // namespace dstu::cli
