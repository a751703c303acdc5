// dstu::pkix — key containers as Ukrainian trust service providers issue them, read:
// every private key in one, with the certificates it carries; and PKCS#12 written.
//
//   IIT Key-6.dat, legacy form (key6.cpp):
//     SEQUENCE { SEQUENCE { OID 1.3.6.1.4.1.19398.1.1.1.2,
//                           SEQUENCE { mac OCTET STRING (4), pad OCTET STRING } },
//                enc OCTET STRING }
//     the key: GOST 34.311 (DKE No.1) of the password, then of that digest, 10,000
//     hashes in all; GOST 28147-89 ECB (DKE No.1) decrypts enc || pad to a PrivateKeyInfo
//     and its padding; the 4-octet GOST 28147 MAC of the PrivateKeyInfo under the same
//     key checks it.
//   IIT Key-6.dat, newer form: a PBES2 EncryptedPrivateKeyInfo (encrypted_key.hpp).
//   PKCS#12 (RFC 7292) as IIT-style tools and OpenSSL write it (pkcs12.cpp): shrouded key
//     bags under PBES2 (RFC 8018 §6.2: PBKDF2 with HMAC-GOST34.311, HMAC-SHA-1 or
//     HMAC-SHA-2, and GOST 28147-89 CFB as encrypted_key.hpp has it, or AES-CBC), or TDES
//     as RFC 7292 Appendix C has it, certificate bags (also in safe contents under either
//     PBE), localKeyID attributes,
//     and the MacData checked by the key derivation of RFC 7292 Appendix B over GOST
//     34.311, SHA-1 or SHA-2 with the password as a BMPString (then, as UAPKI retries, its
//     Windows-1251 octets each widened to a 16-bit unit).
//   Sun JKS (jks.cpp): magic FEEDFEED, version 2, the store's SHA-1 integrity check over
//     the password as UTF-16BE, "Mighty Aphrodite" and the body; key entries sealed by
//     Sun's KeyProtector (OID 1.3.6.1.4.1.42.2.17.1.1) with their certificate chains.
//
// IIT's PrivateKeyInfo (in Key-6.dat and JKS) may carry a second key, the key-agreement
// key, in its attributes (iit_key.cpp); both are returned, the key of the envelope first.
// The format is recognised from the container's structure (the JKS magic, the Key-6 OID,
// PBES2, the PFX version), never from its encrypted octets.
// A MAC alone cannot tell a wrong password from a changed file; each reader says which
// when something else can (a Key-6 decryption framed as a PrivateKeyInfo, a PKCS#12 key
// bag that opens), and otherwise says both (a JKS store's check: ContainerFault::
// wrong_password, its message naming damage too).
// Secret: the password, every key derived from it, every decryption and the keys.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "dstu/base/bytes.hpp"
#include "dstu/base/error.hpp"
#include "dstu/base/random.hpp"
#include "dstu/pkix/key.hpp"

namespace dstu::pkix {

/// The kinds of container read_container recognises.
enum class ContainerFormat {
  key6,        ///< IIT Key-6.dat, legacy form
  key6_pbes2,  ///< IIT Key-6.dat, newer form: a PBES2 EncryptedPrivateKeyInfo
  pkcs12,      ///< PKCS#12 (.pfx, .p12)
  jks,         ///< Sun Java key store (.jks), with or without M.E.Doc's 6-octet header
};

/// "Key-6.dat", "Key-6.dat (PBES2)", "PKCS#12", "JKS".
std::string_view container_format_name(ContainerFormat format);

/// What went wrong when a container could not be read.
enum class ContainerFault {
  wrong_password,  ///< the password does not open it (the data is intact as far as can be told)
  damaged,         ///< the file is malformed, truncated, or its MAC fails under the right password
  unsupported,     ///< a valid container using an algorithm this library does not read
};

/// The error of a container reader: a dstu::Error (invalid_input, or unsupported for
/// ContainerFault::unsupported) whose one-line message names the format and the fault.
class ContainerError : public Error {
 public:
  ContainerError(ContainerFormat format, ContainerFault fault, const std::string& what);
  ContainerFormat format() const noexcept { return format_; }
  ContainerFault fault() const noexcept { return fault_; }

 private:
  ContainerFormat format_;
  ContainerFault fault_;
};

/// One private key of a container.
struct ContainerKey {
  AnyPrivateKey key;
  AnyPublicKey public_key;  ///< the key's, computed once as it is read
  Bytes local_key_id;  ///< PKCS#12 localKeyID (ties the key to a certificate); empty elsewhere
  std::string alias;   ///< JKS alias; empty elsewhere
  /// JKS: the key entry's certificate chain (DER) in the store's order (PrivatBank's
  /// stores put the root first); empty elsewhere (PKCS#12 ties keys to certificates by
  /// local_key_id instead).
  std::vector<Bytes> chain;
};

/// What a container holds.
struct Container {
  ContainerFormat format = ContainerFormat::key6;
  std::vector<ContainerKey> keys;
  std::vector<Bytes> certificates;  ///< certificate DER, in the container's order
};

/// The container's format from its structure; nullopt when it is none of them.
std::optional<ContainerFormat> container_format(std::span<const std::uint8_t> bytes);

/// Every key and certificate of a container of any recognised format. `key_password`
/// is the JKS key entries' password when it differs from the store's (empty: the same);
/// the other formats have one password. ContainerError for a container that cannot be
/// read; Error(invalid_input) "not a key container ..." when the format is none of them.
Container read_container(std::span<const std::uint8_t> bytes, std::span<const std::uint8_t> password,
                         std::span<const std::uint8_t> key_password = {});

/// The readers of each format, as read_container calls them.
Container read_key6(std::span<const std::uint8_t> bytes, std::span<const std::uint8_t> password);
Container read_pkcs12(std::span<const std::uint8_t> bytes, std::span<const std::uint8_t> password);
Container read_jks(std::span<const std::uint8_t> bytes, std::span<const std::uint8_t> store_password,
                   std::span<const std::uint8_t> key_password);

/// How write_pkcs12 seals keys and certificates and computes the MAC.
enum class Pkcs12Profile {
  /// As IIT and UAPKI write it: PBES2 with PBKDF2-HMAC-GOST34.311 (a 32-octet salt) and
  /// GOST 28147-89 CFB under DKE No.1 (encrypted_key.hpp's form), a GOST 34.311 MAC (a
  /// 32-octet salt). For DSTU 4145 keys; jkurwa reads it.
  iit,
  /// OpenSSL 3's default: PBES2 with PBKDF2-HMAC-SHA-256 and AES-256-CBC, a SHA-256 MAC
  /// (16-octet salts). For ECDSA keys that `openssl pkcs12` is to read.
  openssl,
};

/// The choices of write_pkcs12.
struct Pkcs12WriteOptions {
  Pkcs12Profile profile = Pkcs12Profile::iit;
  /// Of every PBKDF2 and of the MAC's key derivation: IIT's and jkurwa's count by
  /// default. 1 to kMaxPbkdf2Iterations (encrypted_key.hpp).
  std::uint32_t iterations = 10'000;
  /// The PrivateKeyInfo layout of DSTU 4145 keys (encode_pkcs8).
  Dstu4145Form form = Dstu4145Form::uapki;
};

/// A PKCS#12 file (PFX version 3, password integrity) holding `keys`, each in a shrouded
/// key bag under PBES2 with its key_id as localKeyID (as IIT ties keys to certificates),
/// and `certificates` (DER, in this order), in certificate bags inside safe contents under
/// PBES2, each with the localKeyID of the first key it certifies (none if none). The
/// password is UTF-8: its octets for PBKDF2, its BMPString for the MAC (RFC 7292
/// Appendix B). Salts and IVs come from `rng`. Error(invalid_input) for a password that
/// is not UTF-8, an iteration count out of range, or a certificate that does not read
/// (read_certificate).
Bytes write_pkcs12(std::span<const AnyPrivateKey> keys, std::span<const Bytes> certificates,
                   std::span<const std::uint8_t> password, RandomSource& rng, const Pkcs12WriteOptions& options = {});

/// The keys of a PrivateKeyInfo as IIT writes it: the envelope's own key (decode_pkcs8)
/// and, when its attributes carry one, the key-agreement key (iit_key.cpp). Error as the
/// key decoders throw it.
std::vector<AnyPrivateKey> iit_private_keys(std::span<const std::uint8_t> private_key_info);

}  // namespace dstu::pkix
