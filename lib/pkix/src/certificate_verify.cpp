// Signatures of certificates (and of anything signed the same way: CRLs), the key
// identifier Ukrainian CAs write, and keys matched to certificates (certificate.hpp).
#include <optional>
#include <string_view>
#include <variant>

#include "dstu/base/error.hpp"
#include "dstu/dstu4145/encoding.hpp"
#include "dstu/dstu4145/sign.hpp"
#include "dstu/ecdsa/sign.hpp"
#include "dstu/ecdsa/signature_codec.hpp"
#include "dstu/hash/gost34311.hpp"
#include "dstu/pkix/certificate.hpp"
#include "dstu/pkix/dstu4145_key.hpp"
#include "dstu/rsa/scheme.hpp"
#include "rsa_algorithm.hpp"
#include "hash_oids.hpp"

namespace dstu::pkix {
namespace {

/// What a signature algorithm OID names.
struct SignatureAlgorithm {
  enum class Kind { dstu4145, ecdsa, rsa, unknown } kind = Kind::unknown;
  const char* hash = "";
  bool big_endian = false;  ///< DSTU 4145 under the big-endian OID: s_be || r_be
  std::string name;
  detail::RsaSignatureAlgorithm rsa;  ///< Kind::rsa: the scheme and hash
  /// Parameters that do not decode (invalid) or name what dstu does not take (unsupported).
  std::optional<SignatureCheck> refused;
};

/// The Kupyna size of 1.2.804.2.1.1.1.1.3.6.{1,2,3}, with or without the trailing ".1".
const char* kupyna_of(std::string_view oid) {
  constexpr std::string_view kPrefix = "1.2.804.2.1.1.1.1.3.6.";
  if (!oid.starts_with(kPrefix)) return nullptr;
  std::string_view rest = oid.substr(kPrefix.size());
  if (rest.ends_with(".1")) rest.remove_suffix(2);
  if (rest == "1") return "kupyna256";
  if (rest == "2") return "kupyna384";
  if (rest == "3") return "kupyna512";
  return nullptr;
}

SignatureAlgorithm known(SignatureAlgorithm::Kind kind, const char* hash, bool big_endian, std::string name) {
  SignatureAlgorithm alg;
  alg.kind = kind;
  alg.hash = hash;
  alg.big_endian = big_endian;
  alg.name = std::move(name);
  return alg;
}

/// RSA's algorithms by their parameters (rsa_algorithm.hpp); Kind::unknown for another OID.
SignatureAlgorithm rsa_signature_algorithm(std::string_view oid, std::span<const std::uint8_t> parameters) {
  SignatureAlgorithm alg = known(SignatureAlgorithm::Kind::unknown, "", false, std::string(oid));
  try {
    const auto rsa = detail::read_rsa_signature_algorithm(oid, parameters);
    if (!rsa) return alg;
    alg.kind = SignatureAlgorithm::Kind::rsa;
    alg.rsa = *rsa;
    alg.name = detail::rsa_algorithm_name(*rsa);
  } catch (const Error& e) {
    alg.kind = SignatureAlgorithm::Kind::rsa;
    alg.name = oid == detail::kOidRsassaPss ? "RSASSA-PSS" : "RSA PKCS#1 v1.5";
    const bool unsupported = e.code() == Errc::unsupported;
    alg.refused = SignatureCheck{unsupported ? SignatureVerdict::unsupported : SignatureVerdict::invalid, alg.name,
                                 unsupported ? e.what() : std::string("its parameters are not valid: ") + e.what()};
  }
  return alg;
}

SignatureAlgorithm signature_algorithm(std::string_view oid, std::span<const std::uint8_t> parameters) {
  using Kind = SignatureAlgorithm::Kind;
  if (oid == kOidDstu4145Le) return known(Kind::dstu4145, "gost34311", false, "DSTU 4145 with GOST 34.311");
  if (oid == kOidDstu4145Be) return known(Kind::dstu4145, "gost34311", true, "DSTU 4145 (big-endian) with GOST 34.311");
  if (const char* kupyna = kupyna_of(oid)) {
    return known(Kind::dstu4145, kupyna, false, std::string("DSTU 4145 with Kupyna-") + (kupyna + 6));
  }
  for (const detail::Sha2& h : detail::kSha2) {
    if (oid == h.ecdsa_oid) return known(Kind::ecdsa, h.name, false, std::string("ECDSA with ") + h.label);
  }
  return rsa_signature_algorithm(oid, parameters);
}

Bytes digest_of(const AnyPublicKey& signer, const char* hash_name, std::span<const std::uint8_t> octets) {
  const auto hasher = make_hasher(signer, hash_name);
  hasher->update(octets);
  return hasher->final();
}

SignatureCheck invalid(const SignatureAlgorithm& alg, std::string reason) {
  return {SignatureVerdict::invalid, alg.name, std::move(reason)};
}

PreparedSignature prepare_dstu4145(const SignatureAlgorithm& alg, std::span<const std::uint8_t> octets,
                                   std::span<const std::uint8_t> signature, const AnyPublicKey& signer) {
  PreparedSignature p;
  const auto* key = std::get_if<dstu4145::PublicKey>(&signer);
  if (key == nullptr) {
    p.check = invalid(alg, "the signer's key is not a DSTU 4145 key");
    return p;
  }
  try {
    p.signature = dstu4145::decode_signature_der(*key->curve, signature, alg.big_endian);
  } catch (const Error& e) {
    p.check = invalid(alg, std::string("the signature does not decode: ") + e.what());
    return p;
  }
  p.check = {SignatureVerdict::invalid, alg.name, {}};
  p.digest = digest_of(signer, alg.hash, octets);
  p.pending = true;
  return p;
}

SignatureCheck verify_ecdsa(const SignatureAlgorithm& alg, std::span<const std::uint8_t> octets,
                            std::span<const std::uint8_t> signature, const AnyPublicKey& signer) {
  const auto* key = std::get_if<ecdsa::SchemePublicKey>(&signer);
  if (key == nullptr || key->scheme != ecdsa::Scheme::ecdsa) return invalid(alg, "the signer's key is not an ECDSA key");
  ecdsa::Signature sig;
  try {
    sig = ecdsa::decode_der(signature);
  } catch (const Error& e) {
    return invalid(alg, std::string("the signature does not decode: ") + e.what());
  }
  if (!ecdsa::verify(ecdsa::Scheme::ecdsa, key->key, digest_of(signer, alg.hash, octets), sig)) {
    return invalid(alg, "the signature does not verify under the signer's key");
  }
  return {SignatureVerdict::valid, alg.name, {}};
}

/// RSASSA-PKCS1-v1_5 or RSASSA-PSS (RFC 8017 §8): the signature is the OCTET STRING's or
/// BIT STRING's octets as they are, one octet per octet of n.
SignatureCheck verify_rsa(const SignatureAlgorithm& alg, std::span<const std::uint8_t> octets,
                          std::span<const std::uint8_t> signature, const AnyPublicKey& signer) {
  if (alg.refused) return *alg.refused;
  const auto* key = std::get_if<rsa::PublicKey>(&signer);
  if (key == nullptr) return invalid(alg, "the signer's key is not an RSA key");
  try {
    if (!rsa::verify_vartime(*key, alg.rsa.scheme, alg.rsa.hash, digest_of(signer, alg.rsa.hash.c_str(), octets),
                             signature)) {
      return invalid(alg, "the signature does not verify under the signer's key");
    }
  } catch (const Error& e) {
    // A key too short for the hash's encoding (PKCS#1 v1.5 with SHA-512 under 752 bits).
    return invalid(alg, std::string("the signer's key cannot hold this signature: ") + e.what());
  }
  return {SignatureVerdict::valid, alg.name, {}};
}

}  // namespace

PreparedSignature prepare_signed(std::string_view algorithm_oid, std::span<const std::uint8_t> signed_octets,
                                 std::span<const std::uint8_t> signature, const AnyPublicKey& signer,
                                 std::span<const std::uint8_t> parameters) {
  const SignatureAlgorithm alg = signature_algorithm(algorithm_oid, parameters);
  PreparedSignature p;
  switch (alg.kind) {
    case SignatureAlgorithm::Kind::dstu4145:
      return prepare_dstu4145(alg, signed_octets, signature, signer);
    case SignatureAlgorithm::Kind::ecdsa:
      p.check = verify_ecdsa(alg, signed_octets, signature, signer);
      return p;
    case SignatureAlgorithm::Kind::rsa:
      p.check = verify_rsa(alg, signed_octets, signature, signer);
      return p;
    case SignatureAlgorithm::Kind::unknown:
      break;
  }
  p.check = {SignatureVerdict::unsupported, alg.name, "signature algorithm " + alg.name + " is not one dstu verifies"};
  return p;
}

SignatureCheck finish_signed(PreparedSignature prepared, bool signature_valid) {
  if (!prepared.pending) return std::move(prepared.check);
  SignatureCheck check = std::move(prepared.check);
  if (signature_valid) {
    check.verdict = SignatureVerdict::valid;
  } else {
    check.verdict = SignatureVerdict::invalid;
    check.reason = "the signature does not verify under the signer's key";
  }
  return check;
}

SignatureCheck verify_signed(std::string_view algorithm_oid, std::span<const std::uint8_t> signed_octets,
                             std::span<const std::uint8_t> signature, const AnyPublicKey& signer,
                             std::span<const std::uint8_t> parameters) {
  PreparedSignature p = prepare_signed(algorithm_oid, signed_octets, signature, signer, parameters);
  bool valid = false;
  if (p.pending) valid = dstu4145::verify_digest(std::get<dstu4145::PublicKey>(signer), p.digest, p.signature, 1);
  return finish_signed(std::move(p), valid);
}

std::string signature_algorithm_name(std::string_view algorithm_oid, std::span<const std::uint8_t> parameters) {
  return signature_algorithm(algorithm_oid, parameters).name;
}

SignatureCheck verify_signature(const Certificate& cert, const AnyPublicKey& issuer_key) {
  return verify_signed(cert.signature_oid, cert.tbs, cert.signature, issuer_key, cert.signature_parameters);
}

Bytes ukrainian_key_id(const Certificate& cert) {
  const auto digest = hash::Gost34311::hash(cert.subject_public_key);
  return Bytes(digest.begin(), digest.end());
}

bool certificate_has_key(const Certificate& cert, const AnyPublicKey& key) {
  if (!cert.public_key || cert.public_key->index() != key.index()) return false;
  return curve_name(*cert.public_key) == curve_name(key) && key_id(*cert.public_key) == key_id(key);
}

}  // namespace dstu::pkix
