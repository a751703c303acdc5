// `dstu sign --cosign SIGNED...`: the key's signature added to CMS signed files
// (pkix::add_cms_signer), for documents several people sign (a director and an
// accountant): every signer already in a file is checked over its content first (a file
// whose signatures do not hold is not co-signed), then the new signer is added under the
// key's certificate (the container's, or --cert) with the chain given with --chain; the
// signers already there keep every octet. A detached file's content is the file beside it
// (its name without .p7s, .p7 or .sig) or --content. The file is replaced atomically, or
// written to -o.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "command.hpp"
#include "dstu/base/random.hpp"
#include "dstu/pkix/certificate.hpp"
#include "dstu/pkix/key.hpp"
#include "dstu/rsa/scheme.hpp"

namespace dstu::cli {

struct CmsCosignRequest {
  std::vector<std::string> files;  ///< the CMS signed files
  std::string out;                 ///< -o: one input only; empty: the file itself
  std::string content;             ///< --content: a detached file's content (one input only)
  std::string certificate;         ///< --cert: the signer's certificate file
  std::vector<std::string> chain;  ///< --chain: certificates to include unless carried
  std::string hash;                ///< --hash; empty: pkix::sign_cms's default
  /// RSA keys: --padding and --salt-length (PKCS#1 v1.5 unless told, as OpenSSL signs CMS).
  rsa::Scheme rsa_scheme{rsa::Padding::pkcs1v15, rsa::kSaltHashLength};
};

/// Co-signs the files with `key` under its certificate: `certificate` (a container's)
/// unless the request names one. Returns 0 when every file was co-signed, 2 otherwise
/// (each failure reported in input order, the other files still co-signed).
/// Error(invalid_input) when there is no certificate, or it is not the key's.
int cosign_cms_files(const GlobalOptions& g, const pkix::AnyPrivateKey& key,
                     const std::optional<pkix::Certificate>& certificate, const CmsCosignRequest& request,
                     RandomSource& rng);

}  // namespace dstu::cli
