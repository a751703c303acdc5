// PBES2 with PBKDF2 over HMAC-GOST34.311, HMAC-SHA-1 or HMAC-SHA-2, and GOST 28147-89
// CFB or AES-CBC (see pbes2.hpp).
#include "pbes2.hpp"

#include <array>

#include "dstu/base/ctgrind.hpp"
#include "dstu/base/error.hpp"
#include "dstu/cipher/aes.hpp"
#include "dstu/cipher/gost28147.hpp"
#include "dstu/cipher/modes.hpp"
#include "dstu/hash/gost34311.hpp"
#include "dstu/hash/hmac.hpp"
#include "dstu/pkix/encrypted_key.hpp"

namespace dstu::pkix::detail {
namespace {

constexpr const char* kOidPbkdf2 = "1.2.840.113549.1.5.12";
constexpr const char* kOidGost28147Cfb = "1.2.804.2.1.1.1.1.1.1.3";

/// The PRFs by OID (RFC 8018 §B.1; HMAC-GOST34.311 of Ukrainian PKI).
constexpr std::array<std::pair<const char*, const char*>, 6> kPrfs{{
    {"1.2.804.2.1.1.1.1.1.2", "gost34311"},
    {"1.2.840.113549.2.7", "sha1"},
    {"1.2.840.113549.2.8", "sha224"},
    {"1.2.840.113549.2.9", "sha256"},
    {"1.2.840.113549.2.10", "sha384"},
    {"1.2.840.113549.2.11", "sha512"},
}};

/// The AES-CBC schemes by OID (RFC 8018 §B.2.5).
constexpr std::array<std::pair<const char*, Pbes2Cipher>, 3> kAes{{
    {"2.16.840.1.101.3.4.1.2", Pbes2Cipher::aes128_cbc},
    {"2.16.840.1.101.3.4.1.22", Pbes2Cipher::aes192_cbc},
    {"2.16.840.1.101.3.4.1.42", Pbes2Cipher::aes256_cbc},
}};

[[noreturn]] void bad(const std::string& what) { throw Error(Errc::invalid_input, "PBES2: " + what); }
[[noreturn]] void unsupported(const std::string& what) { throw Error(Errc::unsupported, "PBES2: " + what); }

std::size_t key_size(Pbes2Cipher c) {
  switch (c) {
    case Pbes2Cipher::aes128_cbc:
      return 16;
    case Pbes2Cipher::aes192_cbc:
      return 24;
    default:
      return 32;  // GOST 28147, AES-256
  }
}

std::size_t iv_size(Pbes2Cipher c) { return c == Pbes2Cipher::gost28147_cfb ? 8 : 16; }

/// Reads the PBKDF2 parameters into `p`; returns the keyLength (0 when absent).
std::uint64_t read_kdf(der::Reader& kdf, Pbes2Params& p) {
  if (kdf.oid("keyDerivationFunc") != kOidPbkdf2) unsupported("key derivation other than PBKDF2");
  der::Reader params = kdf.enter(der::kSequence, "PBKDF2-params");
  kdf.finish("keyDerivationFunc");
  if (params.peek() != der::kOctetString) unsupported("PBKDF2 salt other than an OCTET STRING");
  p.salt = params.octet_string("salt");
  p.iterations = params.small_integer("iterationCount");
  if (p.iterations == 0) bad("iteration count 0");
  if (p.iterations > kMaxPbkdf2Iterations) unsupported("iteration count " + std::to_string(p.iterations));
  std::uint64_t key_length = 0;
  if (!params.empty() && params.peek() == der::kInteger) key_length = params.small_integer("keyLength");
  p.prf = "sha1";  // RFC 8018 §A.2: the default PRF
  if (!params.empty()) {
    der::Reader prf = params.enter(der::kSequence, "prf");
    const std::string oid = prf.oid("prf");
    if (!prf.empty()) prf.expect(der::kNull, "prf parameters");
    prf.finish("prf");
    p.prf.clear();
    for (const auto& [o, name] : kPrfs) {
      if (oid == o) p.prf = name;
    }
    if (p.prf.empty()) unsupported("PBKDF2 PRF " + oid);
  }
  params.finish("PBKDF2-params");
  return key_length;
}

void read_scheme(der::Reader& scheme, Pbes2Params& p) {
  const std::string oid = scheme.oid("encryptionScheme");
  if (oid == kOidGost28147Cfb) {
    p.cipher = Pbes2Cipher::gost28147_cfb;
    der::Reader params = scheme.enter(der::kSequence, "GOST 28147 parameters");
    p.iv = params.octet_string("iv");
    p.dke = params.octet_string("dke");
    if (p.dke.size() != 64) bad("S-box of " + std::to_string(p.dke.size()) + " octets (64 expected)");
    params.finish("GOST 28147 parameters");
  } else {
    bool known = false;
    for (const auto& [o, c] : kAes) {
      if (oid == o) p.cipher = c, known = true;
    }
    if (!known) unsupported("encryption scheme " + oid);
    p.iv = scheme.octet_string("iv");
  }
  scheme.finish("encryptionScheme");
  if (p.iv.size() != iv_size(p.cipher)) bad("IV of " + std::to_string(p.iv.size()) + " octets");
}

/// The cipher's key from the password.
SecureBytes derive(const Pbes2Params& p, std::span<const std::uint8_t> password) {
  SecureBytes key(key_size(p.cipher));
  if (p.prf == "gost34311") {
    hash::pbkdf2_hmac_gost34311(key, password, p.salt, p.iterations);
  } else {
    hash::pbkdf2(key, p.prf, password, p.salt, p.iterations);
  }
  return key;
}

}  // namespace

Pbes2Params read_pbes2_params(der::Reader& alg) {
  Pbes2Params p;
  der::Reader params = alg.enter(der::kSequence, "PBES2-params");
  alg.finish("PBES2 AlgorithmIdentifier");
  der::Reader kdf = params.enter(der::kSequence, "keyDerivationFunc");
  const std::uint64_t key_length = read_kdf(kdf, p);
  der::Reader scheme = params.enter(der::kSequence, "encryptionScheme");
  read_scheme(scheme, p);
  params.finish("PBES2-params");
  if (key_length != 0 && key_length != key_size(p.cipher)) bad("PBKDF2 keyLength other than the cipher's key");
  return p;
}

void write_pbes2_algorithm(der::Writer& w, const Pbes2Params& p) {
  const char* prf = nullptr;
  for (const auto& [o, name] : kPrfs) {
    if (p.prf == name) prf = o;
  }
  if (!prf) bad("no OID for the PRF " + p.prf);
  w.begin(der::kSequence);
  w.oid(kOidPbes2);
  w.begin(der::kSequence);
  w.begin(der::kSequence);  // keyDerivationFunc
  w.oid(kOidPbkdf2);
  w.begin(der::kSequence);
  w.octet_string(p.salt);
  w.integer(p.iterations);
  w.begin(der::kSequence);
  w.oid(prf);
  w.null();
  w.end();
  w.end();
  w.end();
  w.begin(der::kSequence);  // encryptionScheme
  if (p.cipher == Pbes2Cipher::gost28147_cfb) {
    w.oid(kOidGost28147Cfb);
    w.begin(der::kSequence);
    w.octet_string(p.iv);
    w.octet_string(p.dke);
    w.end();
  } else {
    for (const auto& [o, c] : kAes) {
      if (p.cipher == c) w.oid(o);
    }
    w.octet_string(p.iv);
  }
  w.end();
  w.end();
  w.end();
}

Pbes2Params new_pbes2_params(const std::string& prf, Pbes2Cipher cipher, std::size_t salt_size,
                             std::uint64_t iterations, RandomSource& rng) {
  if (iterations == 0 || iterations > kMaxPbkdf2Iterations) {
    bad("iteration count " + std::to_string(iterations) + " outside 1 to " + std::to_string(kMaxPbkdf2Iterations));
  }
  Pbes2Params p;
  p.prf = prf;
  p.cipher = cipher;
  p.iterations = iterations;
  p.salt.resize(salt_size);
  rng.fill(p.salt);
  p.iv.resize(iv_size(cipher));
  rng.fill(p.iv);
  if (cipher == Pbes2Cipher::gost28147_cfb) {
    const auto sbox = cipher::SBox::dke1().packed();
    p.dke.assign(sbox.begin(), sbox.end());
  }
  return p;
}

Bytes pbes2_encrypt(const Pbes2Params& p, std::span<const std::uint8_t> plain, std::span<const std::uint8_t> password) {
  const SecureBytes key = derive(p, password);
  if (p.cipher == Pbes2Cipher::gost28147_cfb) {
    Bytes out(plain.size());
    cipher::Gost28147(key, cipher::SBox::from_packed(p.dke)).cfb_encrypt(out, plain, p.iv);
    return out;
  }
  const SecureBytes padded = cipher::pkcs7_pad(plain, 16);
  Bytes out(padded.size());
  cipher::aes_cbc_encrypt(cipher::Aes(key), p.iv, out, padded);
  return out;
}

std::optional<SecureBytes> pbes2_decrypt(const Pbes2Params& p, std::span<const std::uint8_t> data,
                                         std::span<const std::uint8_t> password) {
  const SecureBytes key = derive(p, password);
  SecureBytes plain(data.size());
  if (p.cipher == Pbes2Cipher::gost28147_cfb) {
    cipher::Gost28147(key, cipher::SBox::from_packed(p.dke)).cfb_decrypt(plain, data, p.iv);
    ct::unpoison(plain.data(), plain.size());
    return plain;
  }
  if (data.empty() || data.size() % 16 != 0) return std::nullopt;
  cipher::aes_cbc_decrypt(cipher::Aes(key), p.iv, plain, data);
  // The padding and the framing are public (as in pkcs12_pbe.cpp): only they tell a
  // right password.
  ct::unpoison(plain.data(), plain.size());
  const std::ptrdiff_t length = cipher::pkcs7_unpadded_length(plain, 16);
  if (length < 0) return std::nullopt;
  plain.resize(static_cast<std::size_t>(length));
  return plain;
}

}  // namespace dstu::pkix::detail
