// PKCS#8 EncryptedPrivateKeyInfo with PBES2, PBKDF2-HMAC-GOST34.311 and GOST 28147-89
// CFB (see encrypted_key.hpp).
#include "dstu/pkix/encrypted_key.hpp"

#include <array>

#include "dstu/base/ctgrind.hpp"
#include "dstu/base/der.hpp"
#include "dstu/base/error.hpp"
#include "dstu/cipher/gost28147.hpp"
#include "dstu/hash/gost34311.hpp"
#include "dstu/pkix/key.hpp"
#include "dstu/pkix/key_info.hpp"

namespace dstu::pkix {
namespace {

constexpr const char* kPbes2 = "1.2.840.113549.1.5.13";
constexpr const char* kPbkdf2 = "1.2.840.113549.1.5.12";
constexpr const char* kHmacGost34311 = "1.2.804.2.1.1.1.1.1.2";
constexpr const char* kGost28147Cfb = "1.2.804.2.1.1.1.1.1.1.3";
constexpr std::size_t kSaltSize = 32;
constexpr std::size_t kIvSize = 8;

[[noreturn]] void bad(const std::string& what) { throw Error(Errc::invalid_input, "encrypted private key: " + what); }

[[noreturn]] void unsupported(const std::string& what) {
  throw Error(Errc::unsupported, "encrypted private key: " + what);
}

/// Everything an EncryptedPrivateKeyInfo holds.
struct Parsed {
  Bytes salt;
  std::uint64_t iterations = 0;
  Bytes iv;
  Bytes dke;
  Bytes data;
};

void read_kdf(der::Reader& kdf, Parsed& p) {
  if (kdf.oid("keyDerivationFunc") != kPbkdf2) unsupported("key derivation other than PBKDF2");
  der::Reader params = kdf.enter(der::kSequence, "PBKDF2-params");
  kdf.finish("keyDerivationFunc");
  if (params.peek() != der::kOctetString) unsupported("PBKDF2 salt other than an OCTET STRING");
  p.salt = params.octet_string("salt");
  p.iterations = params.small_integer("iterationCount");
  if (p.iterations == 0) bad("iteration count 0");
  if (p.iterations > kMaxPbkdf2Iterations) {
    unsupported("iteration count " + std::to_string(p.iterations) + " above the limit of " +
                std::to_string(kMaxPbkdf2Iterations));
  }
  if (!params.empty() && params.peek() == der::kInteger) params.small_integer("keyLength");
  // The PRF: HMAC-GOST34.311 (RFC 8018's default, HMAC-SHA1, is not used in Ukraine).
  if (params.empty()) unsupported("PBKDF2 with its default PRF (HMAC-SHA1)");
  der::Reader prf = params.enter(der::kSequence, "prf");
  params.finish("PBKDF2-params");
  if (prf.oid("prf") != kHmacGost34311) unsupported("PBKDF2 PRF other than HMAC-GOST34.311");
  if (!prf.empty()) prf.expect(der::kNull, "prf parameters");
  prf.finish("prf");
}

void read_scheme(der::Reader& scheme, Parsed& p) {
  if (scheme.oid("encryptionScheme") != kGost28147Cfb) unsupported("encryption other than GOST 28147-89 CFB");
  der::Reader params = scheme.enter(der::kSequence, "GOST 28147 parameters");
  scheme.finish("encryptionScheme");
  p.iv = params.octet_string("iv");
  if (p.iv.size() != kIvSize) bad("IV of " + std::to_string(p.iv.size()) + " octets (8 expected)");
  p.dke = params.octet_string("dke");
  if (p.dke.size() != 64) bad("S-box of " + std::to_string(p.dke.size()) + " octets (64 expected)");
  params.finish("GOST 28147 parameters");
}

Parsed parse(std::span<const std::uint8_t> der_bytes) {
  Parsed p;
  der::Reader top(der_bytes);
  der::Reader info = top.enter(der::kSequence, "EncryptedPrivateKeyInfo");
  top.finish("EncryptedPrivateKeyInfo");
  der::Reader alg = info.enter(der::kSequence, "encryptionAlgorithm");
  if (alg.oid("encryptionAlgorithm") != kPbes2) unsupported("encryption other than PBES2");
  der::Reader pbes2 = alg.enter(der::kSequence, "PBES2-params");
  alg.finish("encryptionAlgorithm");
  der::Reader kdf = pbes2.enter(der::kSequence, "keyDerivationFunc");
  read_kdf(kdf, p);
  der::Reader scheme = pbes2.enter(der::kSequence, "encryptionScheme");
  read_scheme(scheme, p);
  pbes2.finish("PBES2-params");
  p.data = info.octet_string("encryptedData");
  info.finish("EncryptedPrivateKeyInfo");
  if (p.data.empty()) bad("no encrypted data");
  return p;
}

/// The 32-octet GOST 28147 key from the passphrase.
std::array<std::uint8_t, 32> derive_key(std::span<const std::uint8_t> passphrase, const Parsed& p) {
  std::array<std::uint8_t, 32> key{};
  hash::pbkdf2_hmac_gost34311(key, passphrase, p.salt, p.iterations);
  return key;
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
    return alg.oid("encryptionAlgorithm") == kPbes2;
  } catch (const Error&) {
    return false;
  }
}

Pbes2Info pbes2_info(std::span<const std::uint8_t> der_bytes) {
  const Parsed p = parse(der_bytes);
  return {p.iterations, p.salt.size()};
}

Bytes encrypt_private_key_info(std::span<const std::uint8_t> private_key_info,
                               std::span<const std::uint8_t> passphrase, std::uint64_t iterations,
                               RandomSource& rng, KeyInfoCheck check) {
  if (!(check ? check : is_readable_key)(private_key_info)) bad("what is to be encrypted is not a PrivateKeyInfo");
  if (iterations == 0 || iterations > kMaxPbkdf2Iterations) {
    bad("iteration count " + std::to_string(iterations) + " outside 1 to " + std::to_string(kMaxPbkdf2Iterations));
  }
  Parsed p;
  p.salt.resize(kSaltSize);
  rng.fill(p.salt);
  p.iv.resize(kIvSize);
  rng.fill(p.iv);
  p.iterations = iterations;
  const auto sbox = cipher::SBox::dke1().packed();
  std::array<std::uint8_t, 32> key = derive_key(passphrase, p);
  Bytes data(private_key_info.size());
  cipher::Gost28147(key, cipher::SBox::dke1()).cfb_encrypt(data, private_key_info, p.iv);
  secure_wipe(key.data(), key.size());
  der::Writer w;
  w.begin(der::kSequence);
  w.begin(der::kSequence);
  w.oid(kPbes2);
  w.begin(der::kSequence);
  w.begin(der::kSequence);
  w.oid(kPbkdf2);
  w.begin(der::kSequence);
  w.octet_string(p.salt);
  w.integer(iterations);
  w.begin(der::kSequence);
  w.oid(kHmacGost34311);
  w.null();
  w.end();
  w.end();
  w.end();
  w.begin(der::kSequence);
  w.oid(kGost28147Cfb);
  w.begin(der::kSequence);
  w.octet_string(p.iv);
  w.octet_string(sbox);
  w.end();
  w.end();
  w.end();
  w.end();
  w.octet_string(data);
  w.end();
  return w.finish();
}

SecureBytes decrypt_private_key_info(std::span<const std::uint8_t> der_bytes,
                                     std::span<const std::uint8_t> passphrase) {
  const Parsed p = parse(der_bytes);
  std::array<std::uint8_t, 32> key = derive_key(passphrase, p);
  SecureBytes plain(p.data.size());
  cipher::Gost28147(key, cipher::SBox::from_packed(p.dke)).cfb_decrypt(plain, p.data, p.iv);
  secure_wipe(key.data(), key.size());
  // CFB has no integrity check: the framing of a PrivateKeyInfo, every tag and length to
  // the last octet, tells a right passphrase from a wrong one (a wrong key's stream gives
  // it with negligible probability), while what is inside (the curve, d) is the key's own
  // business: a right passphrase over a key that is refused is that key's fault. For the
  // constant-time checker the framing is public and only d secret: the decryption is
  // declassified and the privateKey octets marked secret again (no-ops outside
  // Valgrind). A wrong passphrase is the public outcome; its garbage is a wrong key's
  // stream and reveals nothing of the right one.
  ct::unpoison(plain.data(), plain.size());
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
