// dstu::dstu4145 — wire forms of signatures and keys (spec digest §1.5-1.6, §2.6, §9).
//
// Signatures: the Ukrainian PKI octets r_le || s_le (each half ceil(L(n)/8) bytes on
// output; any even length split in the middle on input, as UAPKI and BouncyCastle
// do — BouncyCastle sometimes writes shorter halves), and the big-endian s_be || r_be
// (the same octets reversed).
// Keys: SubjectPublicKeyInfo and PKCS#8 under the little-endian algorithm OID
// 1.2.804.2.1.1.1.1.3.1.1 (compressed point and d little-endian) as Ukrainian PKI
// writes them; the big-endian OID ...3.1.1.1.1 with BouncyCastle's private-key form is
// read too and can be written. Parameters: DSTU4145Params with a named-curve OID or
// explicit ECBinary, and an optional 64-byte DKE.
#pragma once

#include <span>
#include <string>

#include "dstu/base/bytes.hpp"
#include "dstu/base/wipe.hpp"
#include "dstu/dstu4145/keys.hpp"
#include "dstu/dstu4145/sign.hpp"

namespace dstu::dstu4145 {

inline constexpr const char* kOidLe = "1.2.804.2.1.1.1.1.3.1.1";
inline constexpr const char* kOidBe = "1.2.804.2.1.1.1.1.3.1.1.1.1";

/// ceil(L(n) / 8): the length of each half of an encoded signature.
std::size_t signature_half_bytes(const ec::Curve& curve);

/// r_le || s_le.
Bytes encode_signature_le(const ec::Curve& curve, const Signature& sig);
/// s_be || r_be.
Bytes encode_signature_be(const ec::Curve& curve, const Signature& sig);
/// From r_le || s_le (or, big_endian, s_be || r_be): any even, nonzero length up to
/// 2 * (ceil(L(n)/8) + 32) bytes. Throws Error(invalid_input) on an odd or absurd
/// length; range checks (0 < r, s < n) belong to verification.
Signature decode_signature(const ec::Curve& curve, std::span<const std::uint8_t> octets, bool big_endian = false);
/// The octets inside a DER OCTET STRING, if `data` is exactly one such element with an
/// even content length (the JCA form of BouncyCastle); otherwise data unchanged.
Bytes unwrap_octet_string(std::span<const std::uint8_t> data);

/// How a private key file is laid out.
enum class PrivateKeyForm {
  uapki,         ///< OID ...3.1.1, privateKey = d little-endian (Ukrainian PKI)
  bouncycastle,  ///< OID ...3.1.1.1.1, privateKey = ECPrivateKey with d big-endian
};

Bytes encode_public_key(const PublicKey& key);
/// Parses and validates (valid_public_key); named curves are recognised by OID and by
/// explicit parameters. Custom explicit curves are refused (Error(unsupported)).
PublicKey decode_public_key(std::span<const std::uint8_t> der);

SecureBytes encode_private_key(const PrivateKey& key, PrivateKeyForm form = PrivateKeyForm::uapki);
/// Parses any of the forms (and a bare INTEGER d); checks 0 < d < n.
PrivateKey decode_private_key(std::span<const std::uint8_t> der);

/// The key identifier of Ukrainian PKI: GOST 34.311 (DKE No.1, IV 0) of the DER
/// OCTET STRING holding the little-endian compressed point.
Bytes key_id(const PublicKey& key);

}  // namespace dstu::dstu4145
