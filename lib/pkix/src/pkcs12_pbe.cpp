// PKCS#12's own password-based cryptography (RFC 7292 Appendices B and C), for
// pkcs12.cpp: the key derivation over any hash of the registry, the password as a
// BMPString, and TDES-CBC under it.
#include "pkcs12_pbe.hpp"

#include <algorithm>
#include <memory>

#include "dstu/base/ctgrind.hpp"
#include "dstu/cipher/des.hpp"
#include "dstu/cipher/modes.hpp"
#include "dstu/hash/hasher.hpp"
#include "dstu/pkix/encrypted_key.hpp"

namespace dstu::pkix::detail {
namespace {

constexpr ContainerFormat kFormat = ContainerFormat::pkcs12;
constexpr const char* kOidPbeSha1Tdes3 = "1.2.840.113549.1.12.1.3";
constexpr const char* kOidPbeSha1Tdes2 = "1.2.840.113549.1.12.1.4";

}  // namespace

/// RFC 7292 Appendix B.2: n octets of key material for purpose `id` (1 a key, 2 an IV,
/// 3 a MAC key) from the salt and the BMPString password: A_i = H^c(D || I), D = v octets
/// of id, I = S || P (the salt and the password each repeated to a multiple of the hash's
/// block size v), and between blocks each v-octet part of I becomes I_j + B + 1 mod
/// 2^(8v), B = A_i repeated to v octets.
SecureBytes pkcs12_kdf(const char* hash_name, std::uint8_t id, std::size_t n, std::span<const std::uint8_t> salt,
                       std::span<const std::uint8_t> bmp, std::uint64_t iterations) {
  const std::unique_ptr<hash::Hasher> h = hash::make_hasher(hash_name, hash::Use::keyed);
  const std::size_t v = h->block_size(), u = h->digest_size();
  SecureBytes i_block;
  for (const auto part : {salt, bmp}) {
    const std::size_t len = part.empty() ? 0 : (part.size() + v - 1) / v * v;
    for (std::size_t k = 0; k < len; ++k) i_block.push_back(part[k % part.size()]);
  }
  const SecureBytes d(v, id);
  SecureBytes out, a(u);
  for (;;) {
    h->update(d);
    h->update(i_block);
    h->final(a);
    for (std::uint64_t r = 1; r < iterations; ++r) {
      h->update(a);
      h->final(a);
    }
    out.insert(out.end(), a.begin(), a.end());
    if (out.size() >= n) break;
    for (std::size_t j = 0; j < i_block.size(); j += v) {
      unsigned carry = 1;
      for (std::size_t k = v; k-- > 0;) {
        carry += i_block[j + k] + a[k % u];
        i_block[j + k] = static_cast<std::uint8_t>(carry);
        carry >>= 8;
      }
    }
  }
  out.resize(n);
  return out;
}

/// The password as a BMPString with its terminating zero (RFC 7292 Appendix B.1).
std::optional<SecureBytes> bmp_string(std::span<const std::uint8_t> password) {
  auto units = detail::utf16be(password);
  if (units) units->insert(units->end(), {0, 0});
  return units;
}

/// The same of the password's Windows-1251 octets, each widened to a 16-bit unit: how
/// software that takes the password in the ANSI code page forms it (UAPKI tries it
/// when the first fails). nullopt when it would be the first form again (ASCII).
std::optional<SecureBytes> bmp_string_cp1251(std::span<const std::uint8_t> password) {
  const auto ansi = detail::cp1251(password);
  if (!ansi || std::all_of(ansi->begin(), ansi->end(), [](std::uint8_t c) { return c < 0x80; })) return std::nullopt;
  SecureBytes out;
  for (std::uint8_t c : *ansi) out.insert(out.end(), {0, c});
  out.insert(out.end(), {0, 0});
  return out;
}

/// TDES's key size under a PKCS#12 PBE OID (pbeWithSHAAnd3-KeyTripleDES-CBC and its
/// two-key form); 0 for another OID.
std::size_t tdes_key_size(const std::string& oid) {
  if (oid == kOidPbeSha1Tdes3) return 24;
  if (oid == kOidPbeSha1Tdes2) return 16;
  return 0;
}

/// The PBE of an AlgorithmIdentifier's content; ContainerError(unsupported) naming any
/// other algorithm (`what` says what it protects).
PkcsPbe read_pkcs_pbe(der::Reader alg, const char* what) {
  PkcsPbe p;
  const std::string oid = alg.oid("encryptionAlgorithm");
  p.key_size = tdes_key_size(oid);
  if (p.key_size == 0) container_fail(kFormat, ContainerFault::unsupported, std::string(what) + " encrypted by " + oid);
  der::Reader params = alg.enter(der::kSequence, "PBE parameters");
  alg.finish("encryptionAlgorithm");
  p.salt = params.octet_string_view("salt");
  p.iterations = params.small_integer("iterations");
  params.finish("PBE parameters");
  if (p.iterations == 0 || p.iterations > kMaxPbkdf2Iterations) {
    container_fail(kFormat, ContainerFault::unsupported,
                   std::string(what) + " iteration count " + std::to_string(p.iterations));
  }
  return p;
}

/// The plaintext of TDES-CBC under the PBE's key and IV (Appendix B.2 over SHA-1 from the
/// BMPString password), its PKCS#7 padding removed; nullopt when the padding is wrong (a
/// wrong password or changed data).
std::optional<SecureBytes> pbe_decrypt(const PkcsPbe& p, std::span<const std::uint8_t> data,
                                       std::span<const std::uint8_t> bmp) {
  if (data.empty() || data.size() % 8 != 0) {
    container_fail(kFormat, ContainerFault::damaged, "encrypted data not whole TDES blocks");
  }
  const SecureBytes key = pkcs12_kdf("sha1", 1, p.key_size, p.salt, bmp, p.iterations);
  const SecureBytes iv = pkcs12_kdf("sha1", 2, 8, p.salt, bmp, p.iterations);
  const cipher::Tdes tdes(key);
  SecureBytes plain(data.size());
  cipher::cbc_decrypt(tdes, iv, plain, data);
  // The padding and the framing are public (as in encrypted_key.cpp): only they tell a
  // right password; a PrivateKeyInfo's privateKey stays secret to its decoder.
  ct::unpoison(plain.data(), plain.size());
  const std::ptrdiff_t length = cipher::pkcs7_unpadded_length(plain, 8);
  if (length < 0) return std::nullopt;
  plain.resize(static_cast<std::size_t>(length));
  return plain;
}

}  // namespace dstu::pkix::detail
