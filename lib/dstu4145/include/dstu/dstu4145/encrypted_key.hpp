// dstu::dstu4145 — passphrase-protected private keys as Ukrainian PKI stores them:
// PKCS#8 EncryptedPrivateKeyInfo (RFC 5958) with PBES2 (RFC 8018 §6.2), the key
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
// CFB carries no integrity check: a wrong passphrase shows as a decryption that is not
// framed as a PrivateKeyInfo. A decryption that is (the passphrase was right) is
// returned whatever key it holds: the key's decoder says what is wrong with it. The HMAC follows RFC 2104 (a passphrase longer than 32 octets is
// hashed first); jkurwa instead uses only its first 32 octets, so passphrases beyond
// 32 octets do not interoperate with it.
#pragma once

#include <cstdint>
#include <span>

#include "dstu/base/bytes.hpp"
#include "dstu/base/random.hpp"
#include "dstu/base/wipe.hpp"

namespace dstu::dstu4145 {

/// The iteration count written by default (jkurwa and IIT write 10,000): 0.55-0.75 s
/// per keygen or sign on the AMD EPYC (Zen 4) the README names.
inline constexpr std::uint32_t kDefaultPbkdf2Iterations = 100'000;

/// The largest iteration count read or written: 100 times the default, about 70 s of
/// PBKDF2 on an Intel Xeon (family 6 model 207). A key file is input like any other: a
/// count of 2^63 in it would otherwise hold `sign` for ever.
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

/// What a PrivateKeyInfo must be, in full, for encryption to accept it. nullptr: a
/// DSTU 4145 key that decode_private_key accepts. The CLI passes one that also takes
/// GF(p) keys.
using KeyInfoCheck = bool (*)(std::span<const std::uint8_t> private_key_info);

/// Encrypts a PrivateKeyInfo (DER) under `passphrase`: a 32-octet salt and an 8-octet
/// IV from `rng`, `iterations` rounds of PBKDF2 (1 to kMaxPbkdf2Iterations), the DKE
/// No.1 S-box.
Bytes encrypt_private_key_info(std::span<const std::uint8_t> private_key_info,
                               std::span<const std::uint8_t> passphrase, std::uint64_t iterations,
                               RandomSource& rng, KeyInfoCheck check = nullptr);

/// Decrypts an EncryptedPrivateKeyInfo (any salt length and iteration count up to
/// kMaxPbkdf2Iterations, the S-box from its parameters) to the PrivateKeyInfo DER, of
/// any algorithm. Error(invalid_input) if malformed or if the passphrase is wrong (the
/// result is not framed as a PrivateKeyInfo); Error(unsupported) for other algorithms.
SecureBytes decrypt_private_key_info(std::span<const std::uint8_t> der, std::span<const std::uint8_t> passphrase);

}  // namespace dstu::dstu4145
