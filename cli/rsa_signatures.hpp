// dstu sign / verify with an RSA key (lib/rsa): the same files, windows, exit codes and
// JSON records as with the other keys; sign runs its one pipeline (cmd_sign.cpp) and
// takes its signature files from here. The scheme is chosen at signing (--padding pss,
// the default, or pkcs1; --salt-length for PSS) and named by the armor; the hash is
// SHA-2 (sha256 unless told). Signature files:
//   armor   -----BEGIN RSA SIGNATURE-----, headers Padding (pss or pkcs1), Hash,
//           Salt-Length (PSS), Key-Id; Base64 of the signature (as many octets as n)
//   raw     the signature's octets alone, what `openssl dgst -sign` writes
// Verification reads armor by its BEGIN line, raw only when named, and then needs
// --padding (the octets do not say which scheme made them).
#pragma once

#include <string>

#include "dstu/base/bytes.hpp"
#include "dstu/rsa/key.hpp"
#include "dstu/rsa/scheme.hpp"
#include "file_verdict.hpp"

namespace dstu::cli {

/// The RSA options of a command: --padding ("" = not given), --salt-length ("" = not
/// given: the digest length when signing, any when verifying; a number of octets,
/// "digest", "max" (signing) or "auto" (verifying)).
struct RsaOptions {
  std::string padding, salt_length;
};

/// Refuses a hash other than SHA-2, a signature format RSA has no use for, and
/// --salt-length without PSS; throws UsageError.
void check_rsa_options(const RsaOptions& options, const std::string& hash, const std::string& sig_format,
                       bool signing);

/// The scheme signing uses with `key_bits` and `hash`: PSS with a salt as long as the
/// digest unless the options say otherwise. UsageError for a salt the key cannot hold.
rsa::Scheme rsa_signing_scheme(const RsaOptions& options, std::size_t key_bits, const std::string& hash);

/// The signature file of `sig` in `format` (armor or raw); the armor names the scheme,
/// `hash` and `key_id`.
Bytes rsa_signature_file(const rsa::Scheme& scheme, const std::string& key_id, const std::string& hash,
                         const std::string& format, const Bytes& sig);

/// Verifies `file` against the signature in `sig_path` (`sig_format`: auto or raw).
FileVerdict verify_file_rsa(const rsa::PublicKey& key, const std::string& key_id, const std::string& file,
                            const std::string& sig_path, const std::string& hash, const std::string& sig_format,
                            const RsaOptions& options);

}  // namespace dstu::cli
