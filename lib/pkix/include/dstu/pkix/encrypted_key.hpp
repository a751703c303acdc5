// dstu::pkix — passphrase-protected private keys as Ukrainian PKI stores them:
// PKCS#8 EncryptedPrivateKeyInfo (RFC 5958 §3) with PBES2 (RFC 8018 §6.2), the key
// derived by PBKDF2 with HMAC-GOST34.311 and the PrivateKeyInfo encrypted with
// GOST 28147-89 in CFB mode ("gamma with feedback") under the S-box carried in the
// parameters. The form UAPKI, IIT and jkurwa (gost89) read and write:
//
//   EncryptedPrivateKeyInfo ::= SEQUENCE {
//     encryptionAlgorithm SEQUENCE { id-PBES2 1.2.840.113549.1.5.13, SEQUENCE {
//       keyDerivationFunc SEQUENCE { id-PBKDF2 1.2.840.113549.1.5.12, SEQUENCE {
//         salt OCTET STRING, iterationCount INTEGER,
//         prf SEQUENCE { id-HMAC-GOST34311 1.2.804.2.1.1.1.1.1.2, NULL } } },
//       encryptionScheme SEQUENCE { id-GOST28147-CFB 1.2.804.2.1.1.1.1.1.1.3, SEQUENCE {
//         iv OCTET STRING (8), dke OCTET STRING (64, the packed S-box) } } } },
//     encryptedData OCTET STRING }
//
// Any PrivateKeyInfo is sealed this way, whatever its algorithm (DSTU 4145, ECDSA,
// ECGDSA). Read besides: PBES2 as OpenSSL writes it (`openssl pkcs8 -topk8`, `genpkey
// -aes256`): PBKDF2 with HMAC-SHA-1 or HMAC-SHA-2 and AES-128/192/256-CBC (RFC 8018
// §B.2.5), the parameters read by the PBES2 code that PKCS#12 uses too. CFB carries no
// integrity check (CBC only its padding): a wrong passphrase shows as a decryption that
// is not framed as a PrivateKeyInfo (key_info.hpp). A decryption that is (the passphrase
// was right) is returned whatever key it holds: the key's decoder says what is wrong
// with it. The HMAC follows RFC 2104 (a passphrase longer than 32 octets is hashed
// first); jkurwa instead uses only its first 32 octets, so passphrases beyond 32 octets
// do not interoperate with it.
// Secret: the passphrase, the derived key and the decryption (but for its public
// framing, declassified for the constant-time checker: only the privateKey octets stay
// secret).
#pragma once

#include <cstdint>
#include <span>

#include "dstu/base/bytes.hpp"
#include "dstu/base/random.hpp"
#include "dstu/base/wipe.hpp"

namespace dstu::pkix {

/// The iteration count written by default: ten times what jkurwa and IIT write (10,000),
/// each guess at a stolen file's passphrase costing as much more, for a fraction of a
/// second per keygen or sign.
inline constexpr std::uint32_t kDefaultPbkdf2Iterations = 100'000;

/// The largest iteration count read or written: 100 times the default, about a minute of
/// PBKDF2. A key file is input like any other: a count of 2^63 in it would otherwise
/// hold `sign` for ever.
inline constexpr std::uint32_t kMaxPbkdf2Iterations = 10'000'000;

/// The public parameters of an EncryptedPrivateKeyInfo.
struct Pbes2Info {
  std::uint64_t iterations = 0;
  std::size_t salt_size = 0;
};

/// True if `der` is an EncryptedPrivateKeyInfo by its structure: a SEQUENCE whose
/// first element is an AlgorithmIdentifier of PBES2 (a PrivateKeyInfo begins with its
/// version INTEGER; a SubjectPublicKeyInfo's AlgorithmIdentifier names a curve).
bool is_encrypted_private_key(std::span<const std::uint8_t> der);

/// Reads the public parameters; Error(invalid_input) if malformed, Error(unsupported)
/// for another encryption scheme, KDF or PRF, or an iteration count above
/// kMaxPbkdf2Iterations.
Pbes2Info pbes2_info(std::span<const std::uint8_t> der);

/// How a PrivateKeyInfo is sealed.
enum class KeyEncryption {
  /// IIT's and UAPKI's form (above): PBKDF2-HMAC-GOST34.311, GOST 28147-89 CFB under DKE
  /// No.1, a 32-octet salt and an 8-octet IV.
  gost28147_cfb,
  /// OpenSSL's form (`openssl pkcs8 -topk8 -v2 aes256`, RFC 8018 §A.2, §B.2.5):
  /// PBKDF2-HMAC-SHA-256 (hmacWithSHA256 with NULL parameters), AES-256-CBC with PKCS#7
  /// padding, a 16-octet salt and a 16-octet IV. For keys that tools outside Ukrainian PKI
  /// must open.
  aes256_cbc,
};

/// What a PrivateKeyInfo must be, in full, for encryption to accept it. nullptr: a key
/// that decode_pkcs8 (key.hpp) reads, of any kind.
using KeyInfoCheck = bool (*)(std::span<const std::uint8_t> private_key_info);

/// Encrypts a PrivateKeyInfo (DER) under `passphrase` by `encryption`: salt and IV from
/// `rng`, `iterations` rounds of PBKDF2 (1 to kMaxPbkdf2Iterations).
Bytes encrypt_private_key_info(std::span<const std::uint8_t> private_key_info,
                               std::span<const std::uint8_t> passphrase, std::uint64_t iterations,
                               RandomSource& rng, KeyInfoCheck check = nullptr,
                               KeyEncryption encryption = KeyEncryption::gost28147_cfb);

/// Decrypts an EncryptedPrivateKeyInfo (any salt length and iteration count up to
/// kMaxPbkdf2Iterations, the S-box from its parameters) to the PrivateKeyInfo DER, of
/// any algorithm. Error(invalid_input) if malformed or if the passphrase is wrong (the
/// result is not framed as a PrivateKeyInfo); Error(unsupported) for other algorithms.
SecureBytes decrypt_private_key_info(std::span<const std::uint8_t> der, std::span<const std::uint8_t> passphrase);

}  // namespace dstu::pkix
