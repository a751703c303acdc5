// Key and signature files as the CLI reads and writes them (formats only; the
// cryptography is in the library).
//
// Keys: lib/pkix reads every key file (pkix::read_key_file, key_file.hpp: PEM or DER,
// clear or protected, DSTU 4145, ECDSA or ECGDSA) and every key container (Key-6.dat,
// PKCS#12, JKS: pkix::read_container, choosing the signing key by pkix::
// choose_signing_key) and writes key files; the CLI adds what is
// a command's: the file ('-' = stdin), the passphrase from a file, a descriptor or the
// terminal (passphrase.hpp), the path in every error, and the mode check of a clear
// private key file (as ssh: not readable by group or others). Signatures of DSTU 4145
// keys (ECDSA/ECGDSA: ec_signatures.hpp): raw octets r_le || s_le (or s_be || r_be),
// the same in a DER OCTET STRING (BouncyCastle's JCA form, only when the user says so),
// or an armored block
//   -----BEGIN DSTU 4145 SIGNATURE-----
//   Curve: dstu257 / Hash: gost34311 / Key-Id: <hex>
//   <Base64 of r_le || s_le>
// documented in dstu-formats(5).
#pragma once

#include <optional>
#include <string>

#include "dstu/base/bytes.hpp"
#include "dstu/base/wipe.hpp"
#include "dstu/dstu4145/encoding.hpp"
#include "dstu/pkix/certificate.hpp"
#include "dstu/pkix/container.hpp"
#include "dstu/pkix/key_file.hpp"
#include "passphrase.hpp"

namespace dstu::cli {

/// --format: armor (PEM) or der.
pkix::KeyFileEncoding parse_key_format(const std::string& s);

/// How private key files may be opened.
struct KeyAccess {
  /// Where the passphrase of a protected key comes from; nullptr: a protected key is
  /// refused with a hint to give its public key file instead.
  const PassphraseOptions* passphrase = nullptr;
  /// Accept a clear private key file that group or others may read (as ssh, refused
  /// otherwise).
  bool allow_insecure = false;
  /// If set, receives the passphrase a protected key was opened with.
  SecureBytes* passphrase_used = nullptr;
  /// A container's key to take (--key-id: a key id or a certificate's SKI, hex); empty:
  /// pkix::choose_signing_key's choice.
  std::string key_id;
};

/// A key as a command uses it: from a key file, or one key of a container with the
/// certificate that has it.
struct LoadedKey {
  pkix::AnyKey key;
  bool encrypted = false;  ///< opened with a passphrase (a protected key file or a container)
  std::optional<pkix::ContainerFormat> container;  ///< the container it came from
  std::optional<pkix::Certificate> certificate;    ///< the container key's certificate
};

/// Reads a key file or a container ('-' = stdin). Error(invalid_input) naming the path
/// when it is neither, when the passphrase is wrong, when a clear private key file is
/// readable by group or others without allow_insecure, or when a container's key cannot
/// be chosen; the passphrase options' own errors as passphrase_to_read gives them.
LoadedKey load_key(const std::string& path, const KeyAccess& access);
/// The same of a file's contents, read already.
LoadedKey load_key(const std::string& path, const SecureBytes& data, const KeyAccess& access);

/// Reads a whole container ('-' = stdin) with the passphrase of `options` (asked on the
/// terminal if none is given). Errors name the path. `format` is the container's
/// (pkix::container_format).
pkix::Container load_container(const std::string& path, const SecureBytes& data, pkix::ContainerFormat format,
                               const PassphraseOptions& options, SecureBytes* passphrase_used = nullptr);

/// The key's id as the CLI shows it: hex of pkix::key_id.
std::string key_id_hex(const pkix::AnyPublicKey& key);

/// The digest of a file ('-' = stdin) by hash `name` as `key` uses it (pkix::make_hasher:
/// GOST 34.311 under a DSTU 4145 key's DKE).
Bytes digest_file(const std::string& path, const pkix::AnyPublicKey& key, const std::string& name);

/// How a signature file is read. `automatic`: armored when it begins with a BEGIN line,
/// otherwise raw r_le || s_le; the other forms only when the user names them (DER is never
/// guessed: raw octets may begin like DER).
enum class SignatureFormat { automatic, raw, raw_be, der, der_be };
SignatureFormat parse_signature_format(const std::string& s);

/// A signature file, decoded for a key's curve, and what its armor said.
struct LoadedSignature {
  dstu4145::Signature sig;
  bool armored = false;
  std::string hash;  ///< from the armor, empty for raw
  std::string key_id;
};

/// Decodes a signature file for `curve`; Error(invalid_input) naming the path when it is
/// malformed, of a length the curve does not allow, or armored for another curve.
LoadedSignature parse_signature_file(const Bytes& data, const std::string& path, const ec2m::Curve& curve,
                                     SignatureFormat format);
std::string armored_signature(const Bytes& octets, const std::string& curve, const std::string& hash,
                              const std::string& key_id);

}  // namespace dstu::cli
