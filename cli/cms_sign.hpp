// `dstu sign --cms`: a CMS SignedData per file (pkix::sign_cms: CAdES-BES as Ukrainian PKI
// writes it for DSTU 4145 keys, as OpenSSL reads it for ECDSA keys), detached by default,
// FILE.p7s beside the file, with the signer's certificate (from the container, or
// --cert) and the chain given with --chain. With --tsa, each signature is timestamped
// (CAdES-T: an RFC 3161 token over the signature value, from the TSA over HTTP) before
// its file is written; the network is touched only then.
//
// Files are taken 256 at a time (WindowFill::kMaxRequests), each read and signed on
// the team (sign_cms per file: a CMS signature is one scalar multiplication, no batch
// to share) and, without --tsa, written by the thread that signed it; results are
// reported in input order as soon as a file and every earlier one are done, and the TSA
// is asked then, one file after another (an exchange waits on the TSA, not on the
// cores). A file whose output is standard output, or names another file of its window,
// is done whole in that order, so the files left on disk are those of one thread.
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

struct CmsSignRequest {
  std::vector<std::string> files;
  std::string out;                  ///< -o: one input only ('-' = stdout)
  std::string certificate;          ///< --cert: the signer's certificate file
  std::vector<std::string> chain;   ///< --chain: certificates to include after the signer's
  std::string hash;                 ///< --hash; empty: pkix::sign_cms's default
  bool attached = false;
  bool force = false;
  std::string tsa;       ///< --tsa: the TSA's http:// URL; empty: no timestamp
  std::string tsa_hash;  ///< --tsa-hash; empty: gost34311 for DSTU 4145 keys, sha256 for ECDSA
  int tsa_timeout = 30;  ///< --tsa-timeout: seconds for each exchange with the TSA
  /// RSA keys: --padding and --salt-length (PKCS#1 v1.5 unless told, as OpenSSL signs CMS).
  rsa::Scheme rsa_scheme{rsa::Padding::pkcs1v15, rsa::kSaltHashLength};
  /// Files signed at once. More than 1 only when the RandomSource may be called from
  /// several threads at once, and gives no order-dependent output (the OS source).
  int threads = 1;
};

/// Signs the files with `key` under its certificate: `certificate` (a container's) unless
/// the request names one. Returns 0 when every file was signed, 2 otherwise (each failure
/// reported, the other files still signed). Error(invalid_input) when there is no
/// certificate, or it is not the key's. A file whose timestamp fails is not written.
int sign_cms_files(const GlobalOptions& g, const pkix::AnyPrivateKey& key,
                   const std::optional<pkix::Certificate>& certificate, const CmsSignRequest& request,
                   RandomSource& rng);

}  // namespace dstu::cli
