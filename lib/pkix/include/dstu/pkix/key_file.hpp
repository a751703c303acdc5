// dstu::pkix — key files: one call reads any key file dstu accepts and says which kind
// of key it holds; the writers make the files dstu writes (dstu-formats(5)).
//
// A file is DER or the same armored as PEM text (RFC 7468). Its form is what its armor
// label says, or for DER what its structure says, never a guess among decoders:
//   "PRIVATE KEY"            PrivateKeyInfo (RFC 5958 §2)          SEQUENCE { INTEGER, SEQUENCE, ...
//   "ENCRYPTED PRIVATE KEY"  EncryptedPrivateKeyInfo, PBES2        SEQUENCE { SEQUENCE { OID PBES2, ...
//   "EC PRIVATE KEY"         SEC 1 ECPrivateKey (RFC 5915 §3)      SEQUENCE { INTEGER, OCTET STRING, ...
//   "PUBLIC KEY"             SubjectPublicKeyInfo                  SEQUENCE { SEQUENCE { OID other, ...
//   "RSA PRIVATE KEY"        RSAPrivateKey (RFC 8017 §A.1.2)       SEQUENCE { INTEGER, INTEGER, ... } (9)
//   "RSA PUBLIC KEY"         RSAPublicKey (RFC 8017 §A.1.1)        SEQUENCE { INTEGER, INTEGER }
// and the kind of key inside an envelope is its algorithm OID's (key.hpp). A leading
// "EC PARAMETERS" block (what `openssl ecparam -genkey` writes before the key) must name
// the curve of the EC key after it.
// Secret: a private key file's octets (the caller's, in wiping memory), the passphrase
// and everything decrypted. The caller reads the file and supplies the passphrase
// (PassphraseSource, asked only when needed): no terminal or file is touched here.
#pragma once

#include <cstdint>
#include <span>

#include "dstu/base/bytes.hpp"
#include "dstu/base/random.hpp"
#include "dstu/base/wipe.hpp"
#include "dstu/pkix/encrypted_key.hpp"
#include "dstu/pkix/key.hpp"

namespace dstu::pkix {

/// Where the passphrase of a protected key comes from (a terminal, a file, a GUI): the
/// caller's. Asked at most once per file, and only after the key's PBES2 parameters were
/// read and accepted (its iteration count within kMaxPbkdf2Iterations), so that a file
/// that cannot be opened never prompts. What it throws propagates unchanged.
class PassphraseSource {
 public:
  virtual ~PassphraseSource() = default;
  virtual SecureBytes passphrase(const Pbes2Info& parameters) = 0;
};

/// What a key file held.
struct KeyFile {
  AnyKey key;
  bool encrypted = false;  ///< an EncryptedPrivateKeyInfo, opened with a passphrase
};

/// Reads a key file's contents (above). `passphrase`: nullptr refuses a protected key
/// (Error(invalid_input) "a protected private key, and no passphrase to open it").
/// Errors name what is wrong without the file's name (the caller knows it):
/// Error(invalid_input) for an empty file, an unknown armor label or a structure that is
/// no key's, armor headers in a private key (the legacy OpenSSL encryption, not PKCS#8),
/// a wrong passphrase, an EC PARAMETERS block that does not fit; Error(unsupported) for
/// another algorithm or encryption (or a multi-prime RSA key); otherwise the kind's
/// decoder's errors.
KeyFile read_key_file(std::span<const std::uint8_t> file, PassphraseSource* passphrase);

enum class KeyFileEncoding { pem, der };

/// A private key file: its PrivateKeyInfo (a DSTU 4145 key in `form`), clear ("PRIVATE
/// KEY").
SecureBytes encode_private_key_file(const AnyPrivateKey& key, KeyFileEncoding encoding,
                                    Dstu4145Form form = Dstu4145Form::uapki);
/// The same sealed under `passphrase` ("ENCRYPTED PRIVATE KEY"): `iterations` rounds of
/// PBKDF2, salt and IV from `rng`, by `encryption`: Ukrainian PKI's GOST form or
/// OpenSSL's AES form (encrypted_key.hpp).
SecureBytes encode_protected_key_file(const AnyPrivateKey& key, KeyFileEncoding encoding,
                                      std::span<const std::uint8_t> passphrase, std::uint64_t iterations,
                                      RandomSource& rng, Dstu4145Form form = Dstu4145Form::uapki,
                                      KeyEncryption encryption = KeyEncryption::gost28147_cfb);
/// A public key file: its SubjectPublicKeyInfo ("PUBLIC KEY").
Bytes encode_public_key_file(const AnyPublicKey& key, KeyFileEncoding encoding);

/// An RSA key in PKCS#1's own form, written only when asked for (what older tools read:
/// `openssl rsa -traditional`, `-RSAPublicKey_out`): "RSA PRIVATE KEY" (RSAPrivateKey,
/// never encrypted: PKCS#1 has no encryption of its own, and OpenSSL's legacy PEM
/// encryption is not written) and "RSA PUBLIC KEY" (RSAPublicKey). The PKCS#8 and SPKI
/// writers above are the default for RSA keys as for every other kind.
SecureBytes encode_pkcs1_private_key_file(const rsa::PrivateKey& key, KeyFileEncoding encoding);
Bytes encode_pkcs1_public_key_file(const rsa::PublicKey& key, KeyFileEncoding encoding);

}  // namespace dstu::pkix
