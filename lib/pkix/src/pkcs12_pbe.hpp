// PKCS#12's password-based cryptography (RFC 7292 Appendices B and C), behind
// pkcs12.cpp (pkcs12_pbe.cpp says how each works).
// Secret: the password in every form, the derived keys and IVs, the decryptions.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "container_internal.hpp"
#include "dstu/base/der.hpp"
#include "dstu/base/wipe.hpp"

namespace dstu::pkix::detail {

/// n octets of key material for purpose `id` (1 a key, 2 an IV, 3 a MAC key) by
/// Appendix B.2 over the hash `hash_name` (make_hasher's names, keyed use).
SecureBytes pkcs12_kdf(const char* hash_name, std::uint8_t id, std::size_t n, std::span<const std::uint8_t> salt,
                       std::span<const std::uint8_t> bmp, std::uint64_t iterations);

/// The password as a BMPString with its terminating zero (Appendix B.1); nullopt if it
/// is not UTF-8.
std::optional<SecureBytes> bmp_string(std::span<const std::uint8_t> password);

/// The same of its Windows-1251 octets, each widened to a 16-bit unit; nullopt when that
/// is the first form again (ASCII) or impossible.
std::optional<SecureBytes> bmp_string_cp1251(std::span<const std::uint8_t> password);

/// TDES's key size under a PBE OID of Appendix C; 0 for another OID.
std::size_t tdes_key_size(const std::string& oid);

/// A PBE of Appendix C: its cipher's key size and its parameters (views).
struct PkcsPbe {
  std::size_t key_size = 0;
  std::span<const std::uint8_t> salt;
  std::uint64_t iterations = 0;
};

/// The PBE of an AlgorithmIdentifier's content; ContainerError(unsupported) naming any
/// other algorithm (`what` says what it protects).
PkcsPbe read_pkcs_pbe(der::Reader alg, const char* what);

/// TDES-CBC decryption under the PBE, its PKCS#7 padding removed; nullopt when the
/// padding is wrong (a wrong password or changed data).
std::optional<SecureBytes> pbe_decrypt(const PkcsPbe& p, std::span<const std::uint8_t> data,
                                       std::span<const std::uint8_t> bmp);

}  // namespace dstu::pkix::detail
