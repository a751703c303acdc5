// dstu sign / verify with an ECDSA or ECGDSA key (lib/ecdsa): the same files, windows
// (window.hpp), exit codes and JSON records as with DSTU 4145 keys; sign runs one
// pipeline for every kind of key (cmd_sign.cpp) and takes its signature files from
// here. The scheme is the key's (its algorithm OID); the hash defaults by the size of n
// (pkix::default_hash: SHA-256 to 256 bits, SHA-384 to 384, SHA-512 above, as FIPS
// 186-5 pairs them). Signature files:
//   armor   -----BEGIN ECDSA SIGNATURE----- (or ECGDSA), headers Curve, Hash, Key-Id,
//           Base64 of r || s (P1363)
//   der     ECDSA-Sig-Value, what `openssl dgst -sign` writes
//   p1363   r || s, each as many octets as n
// Verification reads armor by its BEGIN line; DER and P1363 only when named (never
// guessed from the bytes).
#pragma once

#include <string>
#include <vector>

#include "dstu/base/bytes.hpp"
#include "dstu/ecdsa/keys.hpp"
#include "dstu/ecdsa/sign.hpp"
#include "file_verdict.hpp"

namespace dstu::cli {

/// Refuses --scheme naming another scheme than the key's, and hashes other than SHA-2.
void check_ec_options(ecdsa::Scheme key_scheme, const std::string& scheme, const std::string& hash);

/// The signature file of `sig` made with `key`, in `format` (armor, der or p1363); the
/// armor names the curve, `hash` and `key_id`.
Bytes ec_signature_file(const ecdsa::SchemeKey& key, const std::string& key_id, const std::string& hash,
                        const std::string& format, const ecdsa::Signature& sig);

/// Verifies `file` against the signature in `sig_path` (`sig_format`: auto, der, p1363).
FileVerdict verify_file_ec(const ecdsa::SchemePublicKey& key, const std::string& key_id, const std::string& file,
                         const std::string& sig_path, const std::string& hash, const std::string& sig_format);

}  // namespace dstu::cli
