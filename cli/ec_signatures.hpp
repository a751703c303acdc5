// dstu sign / verify with an ECDSA or ECGDSA key (lib/ecdsa): the same files, windows
// (window.hpp: hashed and signed on the team, reported in input order), exit codes and
// JSON records as with DSTU 4145 keys. The scheme is the key's (its
// algorithm OID); the hash defaults by the size of n (SHA-256 to 256 bits, SHA-384 to
// 384, SHA-512 above, as FIPS 186-5 pairs them). Signature files:
//   armor   -----BEGIN ECDSA SIGNATURE----- (or ECGDSA), headers Curve, Hash, Key-Id,
//           Base64 of r || s (P1363)
//   der     ECDSA-Sig-Value, what `openssl dgst -sign` writes
//   p1363   r || s, each as many octets as n
// Verification reads armor by its BEGIN line; DER and P1363 only when named (never
// guessed from the bytes).
#pragma once

#include <string>
#include <vector>

#include "command.hpp"
#include "dstu/ecdsa/keys.hpp"

namespace dstu::cli {

/// Refuses --scheme naming another scheme than the key's, and hashes other than SHA-2.
void check_ec_options(ecdsa::Scheme key_scheme, const std::string& scheme, const std::string& hash);

struct EcSignRequest {
  std::string hash;        ///< empty: default_ec_hash
  std::string sig_format;  ///< armor, der or p1363
  bool deterministic = false;
  bool force = false;
  std::string rng;  ///< --rng: the hedged nonces' fresh randomness
};

/// Signs files[i] into outs[i], each file's error reported and the others still signed;
/// returns the exit status (2 if any failed).
int sign_files_ec(const GlobalOptions& g, const ecdsa::SchemeKey& key, const EcSignRequest& req,
                  const std::vector<std::string>& files, const std::vector<std::string>& outs);

/// One verification's verdict.
struct EcVerdict {
  enum Status { valid, invalid, error } status = error;
  std::string hash, reason;
};

/// Verifies `file` against the signature in `sig_path` (`sig_format`: auto, der, p1363).
EcVerdict verify_file_ec(const ecdsa::SchemePublicKey& key, const std::string& key_id, const std::string& file,
                         const std::string& sig_path, const std::string& hash, const std::string& sig_format);

}  // namespace dstu::cli
