// `dstu verify` of CMS signed files (.p7s, CAdES-BES as Ukrainian PKI writes them, and
// OpenSSL's): each file's every signer checked over the attached content or the detached
// content beside it, and, with --trust, the signer certificate's chain (pkix::verify_chain)
// at the signing time the file states (else now; --at overrides), each certificate's
// chain checked once per run and time. Files are taken a window at a time (window.hpp):
// read, parsed and hashed on the team (pkix::prepare_signer, certificates read once per
// run through a pkix::CertificateCache), their DSTU 4145 signatures verified as one
// dstu4145::verify_batch, their verdicts and chains finished on the team, and reported in
// input order. Text reports a line per file and one per signer; --json one record per
// file with its signers.
#pragma once

#include <string>
#include <vector>

#include "command.hpp"

namespace dstu::cli {

struct CmsVerifyOptions {
  std::vector<std::string> files;  ///< the signed files
  std::string list;                ///< --batch: lines "SIGNED [CONTENT]"
  std::string content;             ///< --content: the detached content (one input only)
  std::string extract;             ///< --extract: write the attached content here (one input only)
  std::string signer_certificate;  ///< -p: the signer's certificate when a file carries none
  bool force = false;              ///< --cms: read every file as CMS (else it must be detected as one)
  std::vector<std::string> trust, untrusted, crls;
  std::string at;
  bool require_crl = false;
};

/// Verifies the files; returns 0 when every signer of every file is valid (and its chain,
/// when checked), 1 when any is invalid, 2 when any file cannot be read.
int verify_cms_files(const GlobalOptions& g, const CmsVerifyOptions& options);

}  // namespace dstu::cli
