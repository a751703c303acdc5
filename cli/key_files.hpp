// Key and signature files as the CLI reads and writes them (formats only; the
// cryptography is in lib/dstu4145).
//
// Keys: DER (PKCS#8 / SubjectPublicKeyInfo) or the same armored as PEM ("PRIVATE KEY",
// "PUBLIC KEY"), detected on reading. Signatures: raw octets r_le || s_le (or s_be || r_be),
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
#include "dstu/dstu4145/encoding.hpp"

namespace dstu::cli {

enum class KeyFormat { armor, der };
KeyFormat parse_key_format(const std::string& s);

/// A loaded private key file, or a public one.
struct LoadedKey {
  std::optional<dstu4145::PrivateKey> priv;
  std::optional<dstu4145::PublicKey> pub;
};

/// Reads a key file ('-' = stdin), armored or DER, private or public; Error(invalid_input)
/// naming the path when it is neither.
LoadedKey load_key(const std::string& path);
dstu4145::PrivateKey load_private_key(const std::string& path);
/// A public key file, or the public half of a private key file.
dstu4145::PublicKey load_public_key(const std::string& path);

/// The file contents for a key in the given format.
Bytes private_key_file(const dstu4145::PrivateKey& key, KeyFormat format, dstu4145::PrivateKeyForm form);
Bytes public_key_file(const dstu4145::PublicKey& key, KeyFormat format);

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
LoadedSignature parse_signature_file(const Bytes& data, const std::string& path, const ec::Curve& curve,
                                     SignatureFormat format);
std::string armored_signature(const Bytes& octets, const std::string& curve, const std::string& hash,
                              const std::string& key_id);

/// The digest of a file ('-' = stdin) by hash `name`; for GOST 34.311 the S-box is the
/// key's DKE when it has one.
Bytes digest_file(const std::string& path, const std::string& name, const std::optional<dstu4145::Dke>& dke);

}  // namespace dstu::cli
