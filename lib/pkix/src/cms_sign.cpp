// CMS SignedData written (cms_sign.hpp): the signed attributes as a DER SET OF, their
// digest signed by the key's scheme with hedged nonces, the envelope around them.
#include "dstu/pkix/cms_sign.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string_view>
#include <variant>

#include "dstu/base/der.hpp"
#include "dstu/base/error.hpp"
#include "dstu/dstu4145/encoding.hpp"
#include "dstu/dstu4145/nonce.hpp"
#include "dstu/dstu4145/sign.hpp"
#include "dstu/ecdsa/sign.hpp"
#include "dstu/ecdsa/signature_codec.hpp"
#include "dstu/pkix/cms.hpp"
#include "dstu/rsa/scheme.hpp"
#include "rsa_algorithm.hpp"
#include "hash_oids.hpp"

namespace dstu::pkix {
namespace {

constexpr const char* kOidData = "1.2.840.113549.1.7.1";
constexpr const char* kOidSignedData = "1.2.840.113549.1.7.2";
// RFC 5652 §11, RFC 5035 §3.
constexpr const char* kOidContentType = "1.2.840.113549.1.9.3";
constexpr const char* kOidMessageDigest = "1.2.840.113549.1.9.4";
constexpr const char* kOidSigningTime = "1.2.840.113549.1.9.5";
constexpr const char* kOidSigningCertificateV2 = "1.2.840.113549.1.9.16.2.47";
constexpr const char* kKupynaSignaturePrefix = "1.2.804.2.1.1.1.1.3.6.";

constexpr std::uint8_t kSet = 0x31;
constexpr std::uint8_t kUtcTime = 0x17, kGeneralizedTime = 0x18;
constexpr std::uint8_t kDirectoryName = 0xa4;  // GeneralName's [4] EXPLICIT Name

/// What a hash takes in a SignedData: its digest algorithm's OID and, signed with the
/// key's scheme, the signature algorithm (an encoded AlgorithmIdentifier).
struct Algorithms {
  std::string digest;
  Bytes signature;
};

/// An AlgorithmIdentifier without parameters.
Bytes algorithm_identifier(const char* oid) {
  der::Writer w;
  w.begin(der::kSequence);
  w.oid(oid);
  w.end();
  return w.finish();
}

Algorithms dstu4145_algorithms(const std::string& hash) {
  const char* digest = detail::digest_oid_by_name(hash);
  if (hash == "gost34311") return {digest, algorithm_identifier("1.2.804.2.1.1.1.1.3.1.1")};
  if (hash == "kupyna256") return {digest, algorithm_identifier("1.2.804.2.1.1.1.1.3.6.1.1")};
  if (hash == "kupyna384") return {digest, algorithm_identifier("1.2.804.2.1.1.1.1.3.6.2.1")};
  if (hash == "kupyna512") return {digest, algorithm_identifier("1.2.804.2.1.1.1.1.3.6.3.1")};
  throw_invalid("a DSTU 4145 key signs CMS with gost34311 or kupyna256/384/512, not " + hash);
}

// RFC 5758 §3.2 (ecdsa-with-SHA2).
Algorithms ecdsa_algorithms(const std::string& hash) {
  const detail::Sha2* h = detail::sha2_by_name(hash);
  if (h == nullptr) throw_invalid("an ECDSA key signs CMS with sha224/256/384/512, not " + hash);
  return {h->digest_oid, algorithm_identifier(h->ecdsa_oid)};
}

// The digest without parameters, as OpenSSL writes SHA-2 in digestAlgorithms (RFC 5754
// §2 allows both); the signature algorithm detail::cms_signature_algorithm's.
Algorithms rsa_algorithms(const std::string& hash, const rsa::Scheme& scheme) {
  const detail::Sha2* h = detail::sha2_by_name(hash);
  if (h == nullptr) throw_invalid("an RSA key signs CMS with sha224/256/384/512, not " + hash);
  return {h->digest_oid, detail::cms_signature_algorithm(scheme, hash)};
}

Algorithms algorithms(const AnyPublicKey& key, const std::string& hash, const rsa::Scheme& rsa_scheme) {
  if (std::holds_alternative<rsa::PublicKey>(key)) return rsa_algorithms(hash, rsa_scheme);
  return std::holds_alternative<dstu4145::PublicKey>(key) ? dstu4145_algorithms(hash) : ecdsa_algorithms(hash);
}

Bytes digest_of(const AnyPublicKey& key, const std::string& hash, std::span<const std::uint8_t> octets) {
  const auto hasher = make_hasher(key, hash);
  hasher->update(octets);
  return hasher->final();
}

/// An INTEGER from its content octets as a certificate holds them (already minimal).
void integer_as_is(der::Writer& w, std::span<const std::uint8_t> content) {
  w.begin(der::kInteger);
  w.raw(content);
  w.end();
}

/// signingTime's Time (RFC 5652 §11.3): UTCTime for 1950 to 2049, GeneralizedTime after.
Bytes encode_time(std::int64_t seconds) {
  using namespace std::chrono;
  const sys_days day{days{seconds >= 0 ? seconds / 86400 : (seconds - 86399) / 86400}};
  const std::int64_t in_day = seconds - static_cast<std::int64_t>(day.time_since_epoch().count()) * 86400;
  const year_month_day ymd{day};
  const int y = static_cast<int>(ymd.year());
  if (y < 1950 || y > 9999) throw_invalid("a signing time outside the years 1950 to 9999");
  char text[20];
  const bool utc = y < 2050;
  std::snprintf(text, sizeof text, utc ? "%02d%02u%02u%02d%02d%02dZ" : "%04d%02u%02u%02d%02d%02dZ", utc ? y % 100 : y,
                static_cast<unsigned>(ymd.month()), static_cast<unsigned>(ymd.day()), static_cast<int>(in_day / 3600),
                static_cast<int>(in_day / 60 % 60), static_cast<int>(in_day % 60));
  der::Writer w;
  w.begin(utc ? kUtcTime : kGeneralizedTime);
  w.raw(std::span(reinterpret_cast<const std::uint8_t*>(text), std::char_traits<char>::length(text)));
  w.end();
  return w.finish();
}

/// Attribute ::= SEQUENCE { attrType, attrValues SET { value } }, one value.
Bytes attribute(const char* oid, std::span<const std::uint8_t> value) {
  der::Writer w;
  w.begin(der::kSequence);
  w.oid(oid);
  w.begin(kSet);
  w.raw(value);
  w.end();
  w.end();
  return w.finish();
}

/// SigningCertificateV2 { certs { ESSCertIDv2 { hashAlgorithm, certHash, issuerSerial {
/// GeneralNames { directoryName issuer }, serialNumber } } } } (RFC 5035 §3, §4); the
/// hashAlgorithm left out when it is its DEFAULT, SHA-256 (X.690 §11.5).
Bytes signing_certificate_v2(const Certificate& cert, const AnyPublicKey& key, const std::string& hash,
                             const std::string& hash_oid) {
  der::Writer w;
  w.begin(der::kSequence);
  w.begin(der::kSequence);
  w.begin(der::kSequence);
  if (hash != "sha256") w.raw(algorithm_identifier(hash_oid.c_str()));
  w.octet_string(digest_of(key, hash, cert.der));
  w.begin(der::kSequence);
  w.begin(der::kSequence);
  w.begin(kDirectoryName);
  w.raw(cert.issuer.der);
  w.end();
  w.end();
  integer_as_is(w, cert.serial);
  for (int i = 0; i < 4; ++i) w.end();
  return w.finish();
}

/// X.690 §11.6: a SET OF's encodings in ascending order, compared as octet strings with
/// the shorter padded by zero octets at its end.
bool der_set_order(const Bytes& a, const Bytes& b) {
  const std::size_t n = std::max(a.size(), b.size());
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint8_t x = i < a.size() ? a[i] : 0, y = i < b.size() ? b[i] : 0;
    if (x != y) return x < y;
  }
  return false;
}

/// The signed attributes as the signature covers them: SET OF Attribute with the tag SET
/// (RFC 5652 §5.4), in DER order.
Bytes signed_attributes(const Certificate& cert, const AnyPublicKey& key, const std::string& hash,
                        const Algorithms& algs, std::span<const std::uint8_t> content, std::int64_t signing_time,
                        const std::string& content_type) {
  der::Writer type;
  type.oid(content_type);
  der::Writer digest;
  digest.octet_string(digest_of(key, hash, content));
  std::vector<Bytes> attrs = {
      attribute(kOidContentType, type.finish()),
      attribute(kOidSigningTime, encode_time(signing_time)),
      attribute(kOidMessageDigest, digest.finish()),
      attribute(kOidSigningCertificateV2, signing_certificate_v2(cert, key, hash, algs.digest)),
  };
  std::sort(attrs.begin(), attrs.end(), der_set_order);
  der::Writer w;
  w.begin(kSet);
  for (const Bytes& a : attrs) w.raw(a);
  w.end();
  return w.finish();
}

/// The signature over the signed attributes, as the SignerInfo's OCTET STRING holds it:
/// DSTU 4145's raw r_le || s_le, ECDSA's DER ECDSA-Sig-Value, RSA's octets (as many as n's).
Bytes signature_value(const AnyPrivateKey& key, const AnyPublicKey& pub, const std::string& hash,
                      const rsa::Scheme& rsa_scheme, std::span<const std::uint8_t> signed_attrs, RandomSource& rng) {
  const Bytes digest = digest_of(pub, hash, signed_attrs);
  if (const auto* r = std::get_if<rsa::PrivateKey>(&key)) return rsa::sign(*r, rsa_scheme, hash, digest, rng);
  if (const auto* k = std::get_if<dstu4145::PrivateKey>(&key)) {
    dstu4145::HedgedNonces nonces(rng, *k, digest);
    return dstu4145::encode_signature_le(k->curve(), dstu4145::sign_digest(*k, digest, nonces));
  }
  const ecdsa::SchemeKey& ec = std::get<ecdsa::SchemeKey>(key);
  return ecdsa::encode_der(ecdsa::sign(ec.scheme, ec.key, hash, digest, rng, ecdsa::Nonces::hedged));
}

/// SignerInfo version 1 (RFC 5652 §5.3).
void signer_info(der::Writer& w, const Certificate& cert, const Algorithms& algs, Bytes signed_attrs,
                 std::span<const std::uint8_t> signature) {
  w.begin(der::kSequence);
  w.integer(1);
  w.begin(der::kSequence);
  w.raw(cert.issuer.der);
  integer_as_is(w, cert.serial);
  w.end();
  w.raw(algorithm_identifier(algs.digest.c_str()));
  signed_attrs[0] = der::context(0);  // [0] IMPLICIT SET OF in the SignerInfo
  w.raw(signed_attrs);
  w.raw(algs.signature);
  w.octet_string(signature);
  w.end();
}

std::int64_t now_seconds() {
  using namespace std::chrono;
  return duration_cast<seconds>(system_clock::now().time_since_epoch()).count();
}

}  // namespace

std::string cms_sign_hash(const AnyPublicKey& key, const Certificate& signer_cert, const std::string& hash) {
  std::string name = hash;
  if (name.empty() && std::holds_alternative<dstu4145::PublicKey>(key) &&
      signer_cert.signature_oid.starts_with(kKupynaSignaturePrefix)) {
    const std::string_view size = std::string_view(signer_cert.signature_oid).substr(std::string_view(kKupynaSignaturePrefix).size());
    if (size.starts_with("1")) name = "kupyna256";
    if (size.starts_with("2")) name = "kupyna384";
    if (size.starts_with("3")) name = "kupyna512";
  }
  if (name.empty()) name = default_hash(key);
  algorithms(key, name, {});  // refuses a hash the scheme does not take
  return name;
}

namespace {

/// A new signer: its algorithms and its SignerInfo's encoding over `content`.
struct NewSigner {
  Algorithms algs;
  Bytes signer_info;
};

NewSigner new_signer(const AnyPrivateKey& key, const Certificate& signer_cert, std::span<const std::uint8_t> content,
                     const CmsSignOptions& options, const std::string& content_type, RandomSource& rng) {
  if (const auto* ec = std::get_if<ecdsa::SchemeKey>(&key); ec && ec->scheme != ecdsa::Scheme::ecdsa) {
    throw Error(Errc::unsupported, "CMS names no signature algorithm for ECGDSA keys");
  }
  const AnyPublicKey pub = public_key(key);
  if (!certificate_has_key(signer_cert, pub)) throw_invalid("the signer's certificate is not the key's");
  const std::string hash = cms_sign_hash(pub, signer_cert, options.hash);
  const Algorithms algs = algorithms(pub, hash, options.rsa_scheme);
  const Bytes attrs = signed_attributes(signer_cert, pub, hash, algs, content, options.signing_time.value_or(now_seconds()),
                                       content_type);
  const Bytes signature = signature_value(key, pub, hash, options.rsa_scheme, attrs, rng);
  der::Writer w;
  signer_info(w, signer_cert, algs, attrs, signature);
  return {algs, w.finish()};
}

/// The dotted OID of an AlgorithmIdentifier's encoding.
std::string algorithm_oid(std::span<const std::uint8_t> encoded) {
  der::Reader top(encoded);
  der::Reader alg = top.enter(der::kSequence, "digestAlgorithm");
  return alg.oid("digestAlgorithm");
}

}  // namespace

Bytes sign_cms(const AnyPrivateKey& key, const Certificate& signer_cert, std::span<const std::uint8_t> content,
               const CmsSignOptions& options, RandomSource& rng) {
  const NewSigner signer = new_signer(key, signer_cert, content, options, options.content_type, rng);
  der::Writer w;
  w.begin(der::kSequence);
  w.oid(kOidSignedData);
  w.begin(der::context(0));
  w.begin(der::kSequence);
  // RFC 5652 §5.1: X.509 certificates only and SignerInfo version 1 make it 1 for id-data,
  // 3 for any other eContentType.
  w.integer(options.content_type == kOidData ? 1 : 3);
  w.begin(kSet);
  w.raw(algorithm_identifier(signer.algs.digest.c_str()));
  w.end();
  w.begin(der::kSequence);
  w.oid(options.content_type);
  if (options.attached) {
    w.begin(der::context(0));
    w.octet_string(content);
    w.end();
  }
  w.end();
  w.begin(der::context(0));
  w.raw(signer_cert.der);
  for (const Certificate& extra : options.extra_certificates) w.raw(extra.der);
  w.end();
  w.begin(kSet);
  w.raw(signer.signer_info);
  w.end();
  for (int i = 0; i < 3; ++i) w.end();
  return w.finish();
}

Bytes add_cms_signer(std::span<const std::uint8_t> signed_data, const AnyPrivateKey& key, const Certificate& signer_cert,
                     std::optional<std::span<const std::uint8_t>> detached_content, const CmsSignOptions& options,
                     RandomSource& rng) {
  const SignedData sd = read_signed_data(signed_data);
  if (sd.content && detached_content) throw_invalid("the signed file holds its content: no detached content goes with it");
  if (!sd.content && !detached_content) throw_invalid("a detached signature: the content it signs is needed");
  const std::span<const std::uint8_t> content = sd.content ? std::span<const std::uint8_t>(*sd.content) : *detached_content;
  const NewSigner signer = new_signer(key, signer_cert, content, options, sd.content_type, rng);

  // The SignedData's fields as they are, so that the signatures already there still
  // cover what they covered (RFC 5652 §5.1).
  der::Reader top(sd.der);
  der::Reader info = top.enter(der::kSequence, "ContentInfo");
  info.oid("contentType");
  der::Reader explicit0 = info.enter(der::context(0), "content");
  der::Reader body = explicit0.enter(der::kSequence, "SignedData");
  const std::uint64_t version = body.small_integer("SignedData version");
  const der::Element digests = body.expect(kSet, "digestAlgorithms");
  const der::Element encap = body.expect(der::kSequence, "encapContentInfo");
  std::optional<der::Element> certificates, crls;
  if (!body.empty() && body.peek() == der::context(0)) certificates = body.next();
  if (!body.empty() && body.peek() == der::context(1)) crls = body.next();
  const der::Element signers = body.expect(kSet, "signerInfos");

  der::Writer w;
  w.begin(der::kSequence);
  w.oid(kOidSignedData);
  w.begin(der::context(0));
  w.begin(der::kSequence);
  w.integer(version);  // a version 1 signer changes no version rule (RFC 5652 §5.1)
  w.begin(kSet);
  w.raw(digests.content);
  bool has_digest = false;
  for (der::Reader r(digests.content); !r.empty();) has_digest |= algorithm_oid(r.next().encoded) == signer.algs.digest;
  if (!has_digest) w.raw(algorithm_identifier(signer.algs.digest.c_str()));
  w.end();
  w.raw(encap.encoded);
  w.begin(der::context(0));
  if (certificates) w.raw(certificates->content);
  const auto carried = [&](const Certificate& c) {
    return std::any_of(sd.certificates.begin(), sd.certificates.end(), [&](const Certificate& x) { return x.der == c.der; });
  };
  if (!carried(signer_cert)) w.raw(signer_cert.der);
  for (const Certificate& extra : options.extra_certificates) {
    if (!carried(extra) && extra.der != signer_cert.der) w.raw(extra.der);
  }
  w.end();
  if (crls) w.raw(crls->encoded);
  w.begin(kSet);
  w.raw(signers.content);
  w.raw(signer.signer_info);
  w.end();
  for (int i = 0; i < 3; ++i) w.end();
  return w.finish();
}

}  // namespace dstu::pkix
