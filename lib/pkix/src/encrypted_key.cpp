// PKCS#8 EncryptedPrivateKeyInfo with PBES2 (see encrypted_key.hpp); the PBES2
// parameters and the cipher are pbes2.hpp's, shared with PKCS#12.
#include "dstu/pkix/encrypted_key.hpp"

#include <optional>

#include "dstu/base/ctgrind.hpp"
#include "dstu/base/der.hpp"
#include "dstu/base/error.hpp"
#include "dstu/pkix/key.hpp"
#include "dstu/pkix/key_info.hpp"
#include "pbes2.hpp"

namespace dstu::pkix {
namespace {

constexpr std::size_t kGostSaltSize = 32;
// 128 bits, the least NIST SP 800-132 §5.1 allows (OpenSSL 3.0 writes 8 octets).
constexpr std::size_t kAesSaltSize = 16;

[[noreturn]] void bad(const std::string& what) { throw Error(Errc::invalid_input, "encrypted private key: " + what); }

/// Everything an EncryptedPrivateKeyInfo holds: the PBES2 parameters (pbes2.hpp reads
/// them, for key files and PKCS#12 alike) and the encrypted octets.
struct Parsed {
  detail::Pbes2Params params;
  Bytes data;
};

Parsed parse(std::span<const std::uint8_t> der_bytes) {
  Parsed p;
  der::Reader top(der_bytes);
  der::Reader info = top.enter(der::kSequence, "EncryptedPrivateKeyInfo");
  top.finish("EncryptedPrivateKeyInfo");
  der::Reader alg = info.enter(der::kSequence, "encryptionAlgorithm");
  if (alg.oid("encryptionAlgorithm") != detail::kOidPbes2) {
    throw Error(Errc::unsupported, "encrypted private key: encryption other than PBES2");
  }
  try {
    p.params = detail::read_pbes2_params(alg);
  } catch (const Error& e) {
    throw Error(e.code(), std::string("encrypted private key: ") + e.what());
  }
  p.data = info.octet_string("encryptedData");
  info.finish("EncryptedPrivateKeyInfo");
  if (p.data.empty()) bad("no encrypted data");
  return p;
}

/// True if `plain` is a PrivateKeyInfo of a key decode_pkcs8 reads (curve parameters,
/// DKE and a usable d): what encryption accepts by default.
bool is_readable_key(std::span<const std::uint8_t> plain) {
  try {
    (void)decode_pkcs8(plain);
    return true;
  } catch (const Error&) {
    return false;
  }
}

}  // namespace

bool is_encrypted_private_key(std::span<const std::uint8_t> der_bytes) {
  try {
    der::Reader top(der_bytes);
    der::Reader info = top.enter(der::kSequence, "EncryptedPrivateKeyInfo");
    der::Reader alg = info.enter(der::kSequence, "encryptionAlgorithm");
    return alg.oid("encryptionAlgorithm") == detail::kOidPbes2;
  } catch (const Error&) {
    return false;
  }
}

Pbes2Info pbes2_info(std::span<const std::uint8_t> der_bytes) {
  const Parsed p = parse(der_bytes);
  return {p.params.iterations, p.params.salt.size()};
}

Bytes encrypt_private_key_info(std::span<const std::uint8_t> private_key_info,
                               std::span<const std::uint8_t> passphrase, std::uint64_t iterations,
                               RandomSource& rng, KeyInfoCheck check, KeyEncryption encryption) {
  if (!(check ? check : is_readable_key)(private_key_info)) bad("what is to be encrypted is not a PrivateKeyInfo");
  if (iterations == 0 || iterations > kMaxPbkdf2Iterations) {
    bad("iteration count " + std::to_string(iterations) + " outside 1 to " + std::to_string(kMaxPbkdf2Iterations));
  }
  const detail::Pbes2Params params =
      encryption == KeyEncryption::aes256_cbc
          ? detail::new_pbes2_params("sha256", detail::Pbes2Cipher::aes256_cbc, kAesSaltSize, iterations, rng)
          : detail::new_pbes2_params("gost34311", detail::Pbes2Cipher::gost28147_cfb, kGostSaltSize, iterations, rng);
  const Bytes data = detail::pbes2_encrypt(params, private_key_info, passphrase);
  der::Writer w;
  w.begin(der::kSequence);
  detail::write_pbes2_algorithm(w, params);
  w.octet_string(data);
  w.end();
  return w.finish();
}

SecureBytes decrypt_private_key_info(std::span<const std::uint8_t> der_bytes,
                                     std::span<const std::uint8_t> passphrase) {
  const Parsed p = parse(der_bytes);
  std::optional<SecureBytes> decrypted = detail::pbes2_decrypt(p.params, p.data, passphrase);
  if (!decrypted) bad("wrong passphrase (the decryption's padding is not PKCS#7)");
  SecureBytes plain = std::move(*decrypted);
  // CFB has no integrity check (nor has CBC beyond its padding): the framing of a
  // PrivateKeyInfo, every tag and length to the last octet, tells a right passphrase from
  // a wrong one (a wrong key's stream gives it with negligible probability), while what
  // is inside (the curve, d) is the key's own business: a right passphrase over a key
  // that is refused is that key's fault. For the constant-time checker the framing is
  // public and only d secret: pbes2_decrypt declassified the decryption, and the
  // privateKey octets are marked secret again (no-ops outside Valgrind). A wrong
  // passphrase is the public outcome; its garbage reveals nothing of the right key.
  PrivateKeyInfo info;
  try {
    info = read_private_key_info(plain);
  } catch (const Error&) {
    bad("wrong passphrase (the decryption is not a private key)");
  }
  ct::poison(info.private_key.data(), info.private_key.size());
  return plain;
}

}  // namespace dstu::pkix
