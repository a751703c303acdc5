// CMS signers verified (cms.hpp): the signer's certificate, its signed attributes
// against the content and the certificate, and the signature by verify_signed.
#include <algorithm>
#include <string_view>

#include "dstu/base/der.hpp"
#include "dstu/base/error.hpp"
#include "dstu/pkix/cms.hpp"
#include "dstu/dstu4145/sign.hpp"
#include "dstu/pkix/dstu4145_key.hpp"
#include "rsa_algorithm.hpp"
#include "hash_oids.hpp"

namespace dstu::pkix {
namespace {

constexpr const char* kOidEcPublicKey = "1.2.840.10045.2.1";

Bytes digest_of(const AnyPublicKey& key, const std::string& hash_name, std::span<const std::uint8_t> octets) {
  const auto hasher = make_hasher(key, hash_name);
  hasher->update(octets);
  return hasher->final();
}

/// The certificate sid names: issuer and serial (version 1) or subjectKeyIdentifier (3).
const Certificate* find_certificate(const SignedData& sd, const SignerInfo& si) {
  for (const Certificate& cert : sd.certificates) {
    if (si.subject_key_id ? cert.subject_key_id == si.subject_key_id
                          : si.issuer && cert.issuer.der == si.issuer->der && cert.serial == si.serial) {
      return &cert;
    }
  }
  return nullptr;
}

std::string signer_name(const SignerInfo& si) {
  if (si.subject_key_id) return "subject key identifier " + to_hex(*si.subject_key_id);
  return "issuer " + (si.issuer ? to_string(*si.issuer) : std::string()) + ", serial " + to_hex(si.serial);
}

/// The signature algorithm verify_signed knows: ECDSA named by the key's OID (ecPublicKey,
/// as some writers put it) and PKCS#1 v1.5 named by rsaEncryption (RFC 3370 §3.2, as
/// OpenSSL writes it) take the hash of digestAlgorithm.
std::string signature_oid(const SignerInfo& si, const std::string& digest_name) {
  if (si.signature_oid == detail::kOidRsaEncryption) {
    const char* oid = detail::pkcs1_signature_oid(digest_name);
    return oid != nullptr ? oid : si.signature_oid;
  }
  if (si.signature_oid != kOidEcPublicKey) return si.signature_oid;
  const detail::Sha2* h = detail::sha2_by_name(digest_name);
  return h != nullptr ? h->ecdsa_oid : si.signature_oid;
}

/// The signature as verify_signed reads it: a DSTU 4145 signature in CMS is the raw
/// r_le || s_le, which X.509 wraps in an OCTET STRING (certificate.hpp).
Bytes signature_for_verify(const SignerInfo& si, std::string_view oid) {
  const bool dstu4145 = oid.starts_with("1.2.804.2.1.1.1.1.3.");
  if (!dstu4145) return si.signature;
  der::Writer w;
  w.octet_string(si.signature);
  return w.finish();
}

struct Check {
  SignatureVerdict verdict = SignatureVerdict::valid;
  std::string reason;
};

Check invalid(std::string reason) { return {SignatureVerdict::invalid, std::move(reason)}; }

/// signingCertificateV2 / signingCertificate against the certificate's DER (RFC 5035 §5.4).
Check check_ess(const EssCertId& id, const Certificate& cert, const AnyPublicKey& key, CertificateCache* cache) {
  const char* what = id.v2 ? "signingCertificateV2" : "signingCertificate";
  const std::string hash = cms_digest_name(id.hash_oid);
  if (hash.empty()) return {SignatureVerdict::unsupported, std::string(what) + " hash " + id.hash_oid + " is not one dstu knows"};
  const Bytes digest = cache != nullptr ? cache->digest(cert, hash) : digest_of(key, hash, cert.der);
  if (digest != id.hash) return invalid(std::string(what) + " names another certificate");
  if (id.issuer && id.issuer->der != cert.issuer.der) return invalid(std::string(what) + " names another issuer");
  if (id.serial && *id.serial != cert.serial) return invalid(std::string(what) + " names another serial number");
  return {};
}

/// The signed attributes against the content and the certificate (RFC 5652 §5.4, §11).
Check check_attributes(const SignedData& sd, const SignerInfo& si, const Certificate& cert, const AnyPublicKey& key,
                       const std::string& digest_name, std::span<const std::uint8_t> content, CertificateCache* cache) {
  if (!si.content_type) return invalid("no contentType attribute");
  if (*si.content_type != sd.content_type) {
    return invalid("contentType " + *si.content_type + " differs from eContentType " + sd.content_type);
  }
  if (!si.message_digest) return invalid("no messageDigest attribute");
  if (digest_of(key, digest_name, content) != *si.message_digest) return invalid("messageDigest does not match the content");
  if (si.signing_certificate) return check_ess(*si.signing_certificate, cert, key, cache);
  return {};
}

SignerVerdict verdict_of(SignerVerdict out, SignatureVerdict verdict, std::string reason) {
  out.verdict = verdict;
  out.reason = std::move(reason);
  return out;
}

}  // namespace

std::string cms_digest_name(std::string_view oid) {
  const char* name = detail::digest_name_by_oid(oid);
  return name != nullptr ? name : std::string();
}

std::string signer_algorithm_name(const SignerInfo& si) {
  return signature_algorithm_name(signature_oid(si, cms_digest_name(si.digest_oid)), si.signature_parameters);
}

PreparedSigner prepare_signer(const SignedData& sd, std::size_t signer, std::span<const std::uint8_t> content,
                              const Certificate* signer_cert_override, CertificateCache* cache) {
  if (signer >= sd.signers.size()) throw_invalid("no signer " + std::to_string(signer + 1) + " in the SignedData");
  const SignerInfo& si = sd.signers[signer];
  PreparedSigner p;
  SignerVerdict& out = p.verdict;
  out.signing_time = si.signing_time;
  out.algorithm = signer_algorithm_name(si);
  const std::string digest_name = cms_digest_name(si.digest_oid);
  const Certificate* cert = signer_cert_override ? signer_cert_override : find_certificate(sd, si);
  if (cert == nullptr) {
    out = verdict_of(out, SignatureVerdict::invalid, "no certificate for the signer (" + signer_name(si) + ")");
    return p;
  }
  // The cache's own copy when it has one (a run over many files of one signer).
  out.certificate = cache != nullptr ? cache->shared(cert->der) : nullptr;
  if (!out.certificate) out.certificate = std::make_shared<const Certificate>(*cert);
  if (!cert->public_key) {
    out = verdict_of(out, SignatureVerdict::unsupported,
                     "the signer's certificate holds a key dstu does not read: " + cert->key_error);
    return p;
  }
  const AnyPublicKey& key = *cert->public_key;
  if (digest_name.empty()) {
    out = verdict_of(out, SignatureVerdict::unsupported, "digest algorithm " + si.digest_oid + " is not one dstu knows");
    return p;
  }
  std::span<const std::uint8_t> signed_octets = content;
  if (!si.signed_attrs.empty()) {
    const Check attributes = check_attributes(sd, si, *cert, key, digest_name, content, cache);
    if (attributes.verdict != SignatureVerdict::valid) {
      out = verdict_of(out, attributes.verdict, attributes.reason);
      return p;
    }
    signed_octets = si.signed_attrs;
  } else if (sd.content_type != "1.2.840.113549.1.7.1") {
    // RFC 5652 §5.3: signedAttrs must be present for any content type but id-data.
    out = verdict_of(out, SignatureVerdict::invalid, "no signed attributes over content of type " + sd.content_type);
    return p;
  }
  const std::string oid = signature_oid(si, digest_name);
  p.signature = prepare_signed(oid, signed_octets, signature_for_verify(si, oid), key, si.signature_parameters);
  return p;
}

const dstu4145::PublicKey* PreparedSigner::key() const {
  if (!verdict.certificate || !verdict.certificate->public_key) return nullptr;
  return std::get_if<dstu4145::PublicKey>(&*verdict.certificate->public_key);
}

SignerVerdict finish_signer(PreparedSigner prepared, bool signature_valid) {
  if (!prepared.signature) return std::move(prepared.verdict);
  const SignatureCheck check = finish_signed(std::move(*prepared.signature), signature_valid);
  prepared.verdict.algorithm = check.algorithm;
  return verdict_of(std::move(prepared.verdict), check.verdict, check.reason);
}

SignerVerdict verify_signer(const SignedData& sd, std::size_t signer, std::span<const std::uint8_t> content,
                            const Certificate* signer_cert_override) {
  PreparedSigner p = prepare_signer(sd, signer, content, signer_cert_override);
  bool valid = false;
  if (p.pending()) valid = dstu4145::verify_digest(*p.key(), p.signature->digest, p.signature->signature, 1);
  return finish_signer(std::move(p), valid);
}

}  // namespace dstu::pkix
