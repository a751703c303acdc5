// Certificates, bundles and CRLs as the CLI takes them from files (formats: lib/pkix):
// a certificate for `verify -p`, the trust anchors of --trust, the intermediate
// certificates of --untrusted and the CRLs of --crl, each a file (a certificate, a CRL,
// a PKCS#7 bundle, PEM text of many blocks) or a directory of such files; and the time
// a chain is checked at (--at).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "dstu/base/bytes.hpp"
#include "dstu/pkix/chain.hpp"

namespace dstu::cli {

/// The largest certificate, CRL or bundle file read (a provider's whole bundle of CAs, a
/// central authority's full CRL).
inline constexpr std::size_t kPkiFileLimit = std::size_t{64} << 20;

/// A certificate file ('-' = stdin), DER or PEM. Error(invalid_input) naming the path.
pkix::Certificate load_certificate(const std::string& path, const Bytes& data);

/// What --trust, --untrusted and --crl name, added to `store`: the certificates of
/// --trust files as anchors, of --untrusted files as intermediates; the CRLs found in
/// any of them. A directory is read file by file (its regular files, in name order).
/// Error(invalid_input) naming the file that does not read.
void add_trust_files(pkix::TrustStore& store, const std::vector<std::string>& trust,
                     const std::vector<std::string>& untrusted, const std::vector<std::string>& crls);

/// --at: "now", "YYYY-MM-DD", "YYYY-MM-DD HH:MM:SS" or "YYYY-MM-DDTHH:MM:SSZ" (UTC), or
/// "@SECONDS" since the epoch. Error(invalid_input) otherwise.
std::int64_t parse_time(const std::string& text);

}  // namespace dstu::cli
