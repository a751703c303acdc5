// Key and signature files as the CLI reads and writes them (formats only; the
// cryptography is in lib/dstu4145).
//
// Keys: DER (PKCS#8 / SubjectPublicKeyInfo) or the same armored as PEM ("PRIVATE KEY",
// "PUBLIC KEY"), detected on reading; DSTU 4145 keys (lib/dstu4145) or ECDSA/ECGDSA keys of
// ECDSA / ECGDSA (lib/ecdsa; also SEC 1 "EC PRIVATE KEY"), told apart by the algorithm
// identifier. Signatures: raw octets r_le || s_le (or s_be || r_be),
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
#include "dstu/ecdsa/key_codec.hpp"
#include "passphrase.hpp"

namespace dstu::cli {

enum class KeyFormat { armor, der };
KeyFormat parse_key_format(const std::string& s);

/// A loaded private key file, or a public one: DSTU 4145 (priv, pub) or ECDSA/ECGDSA (ec_priv,
/// ec_pub); exactly one member is set.
struct LoadedKey {
  std::optional<dstu4145::PrivateKey> priv;
  std::optional<dstu4145::PublicKey> pub;
  std::optional<ecdsa::SchemeKey> ec_priv;
  std::optional<ecdsa::SchemePublicKey> ec_pub;
  bool protected_key = false;  ///< the file was an EncryptedPrivateKeyInfo

  bool is_ec() const { return ec_priv.has_value() || ec_pub.has_value(); }
  bool is_private() const { return priv.has_value() || ec_priv.has_value(); }
  /// The DSTU 4145 public key (of a private key file too); Error(invalid_input) naming
  /// `path` for an ECDSA/ECGDSA key.
  dstu4145::PublicKey dstu_public(const std::string& path) const;
  /// The ECDSA/ECGDSA public key with its scheme (of a private key file too).
  ecdsa::SchemePublicKey ec_public() const;
};

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
};

/// Reads a key file ('-' = stdin), armored or DER, private (clear or protected:
/// "ENCRYPTED PRIVATE KEY", PKCS#8 PBES2) or public; Error(invalid_input) naming the
/// path when it is neither, when the passphrase is wrong, or when a clear private key
/// file is readable by group or others without allow_insecure.
LoadedKey load_key(const std::string& path, const KeyAccess& access);

/// The file contents for a private key in the given format: clear ("PRIVATE KEY") when
/// `passphrase` is null, else an EncryptedPrivateKeyInfo ("ENCRYPTED PRIVATE KEY") with
/// `iterations` PBKDF2 rounds (0: the default) and salt and IV from the OS.
SecureBytes private_key_file(const dstu4145::PrivateKey& key, KeyFormat format, dstu4145::PrivateKeyForm form,
                             const SecureBytes* passphrase, std::uint64_t iterations);
Bytes public_key_file(const dstu4145::PublicKey& key, KeyFormat format);
/// The same for ECDSA/ECGDSA keys: PKCS#8 (clear or protected as above) and SPKI.
SecureBytes ec_private_key_file(const ecdsa::SchemeKey& key, KeyFormat format, const SecureBytes* passphrase,
                                std::uint64_t iterations);
Bytes ec_public_key_file(const ecdsa::SchemePublicKey& key, KeyFormat format);
/// An ECDSA/ECGDSA key's id: SHA-256 of its SubjectPublicKeyInfo DER, in hex (64 digits, as long
/// as a DSTU 4145 key id).
std::string ec_key_id(const ecdsa::SchemePublicKey& key);

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

/// The digest of a file ('-' = stdin) by hash `name`; for GOST 34.311 the S-box is the
/// key's DKE when it has one.
Bytes digest_file(const std::string& path, const std::string& name, const std::optional<dstu4145::Dke>& dke);

}  // namespace dstu::cli
