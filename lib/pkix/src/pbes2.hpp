// PBES2 (RFC 8018 §6.2) as PKCS#12 files carry it, for pkcs12.cpp and pkcs12_write.cpp:
// PBKDF2 (RFC 8018 §5.2) with HMAC-GOST34.311, HMAC-SHA-1 or HMAC-SHA-2 as its PRF, and
// either GOST 28147-89 CFB under the S-box in its parameters (as IIT and UAPKI write it,
// encrypted_key.hpp) or AES-CBC with PKCS#7 padding (RFC 8018 §B.2.5, RFC 3565; OpenSSL's
// default). The password is taken as its octets, as PBKDF2 takes it.
// Secret: the password, the derived key, the plaintext.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "dstu/base/bytes.hpp"
#include "dstu/base/der.hpp"
#include "dstu/base/random.hpp"
#include "dstu/base/wipe.hpp"

namespace dstu::pkix::detail {

/// The OID of PBES2, the AlgorithmIdentifier the parameters below follow.
inline constexpr const char* kOidPbes2 = "1.2.840.113549.1.5.13";

/// The encryption schemes read and written.
enum class Pbes2Cipher {
  gost28147_cfb,  ///< 1.2.804.2.1.1.1.1.1.1.3: SEQUENCE { iv (8), dke (64) }
  aes128_cbc,     ///< 2.16.840.1.101.3.4.1.2: iv (16)
  aes192_cbc,     ///< 2.16.840.1.101.3.4.1.22
  aes256_cbc,     ///< 2.16.840.1.101.3.4.1.42
};

/// The public parameters of PBES2.
struct Pbes2Params {
  std::string prf = "gost34311";  ///< the PRF's hash (hash::make_hasher's names)
  Bytes salt;
  std::uint64_t iterations = 0;
  Pbes2Cipher cipher = Pbes2Cipher::gost28147_cfb;
  Bytes iv;
  Bytes dke;  ///< GOST 28147's packed S-box; empty for AES
};

/// The PBES2-params of an AlgorithmIdentifier whose OID (PBES2) was read: Error
/// (unsupported) for another KDF, PRF or scheme, or an iteration count above
/// kMaxPbkdf2Iterations; Error(invalid_input) if malformed.
Pbes2Params read_pbes2_params(der::Reader& alg);

/// The AlgorithmIdentifier { PBES2, PBES2-params }, as read_pbes2_params reads it (the
/// PRF's NULL parameters written, the PBKDF2 keyLength omitted).
void write_pbes2_algorithm(der::Writer& w, const Pbes2Params& p);

/// Fresh parameters: `salt_size` octets of salt and the scheme's IV from `rng`, DKE No.1
/// for GOST 28147.
Pbes2Params new_pbes2_params(const std::string& prf, Pbes2Cipher cipher, std::size_t salt_size,
                             std::uint64_t iterations, RandomSource& rng);

/// The encryption of `plain` (padded by PKCS#7 for CBC).
Bytes pbes2_encrypt(const Pbes2Params& p, std::span<const std::uint8_t> plain, std::span<const std::uint8_t> password);

/// The decryption of `data`, its PKCS#7 padding removed for CBC; nullopt when the
/// padding is wrong (a wrong password or changed data), or `data` is not whole blocks.
/// GOST 28147 CFB has no padding: its caller checks the plaintext's framing. The result
/// is declassified for the constant-time checker: its caller marks what stays secret.
std::optional<SecureBytes> pbes2_decrypt(const Pbes2Params& p, std::span<const std::uint8_t> data,
                                         std::span<const std::uint8_t> password);

}  // namespace dstu::pkix::detail
