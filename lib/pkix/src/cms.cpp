// CMS SignedData, read (cms.hpp): the envelope, the certificates, and each SignerInfo
// with its attributes as received.
#include "dstu/pkix/cms.hpp"

#include <string_view>
#include <utility>

#include "dstu/base/der.hpp"
#include "dstu/base/error.hpp"
#include "dstu/base/pem.hpp"
#include "hash_oids.hpp"
#include "x509_internal.hpp"

namespace dstu::pkix {
namespace {

constexpr const char* kOidSignedData = "1.2.840.113549.1.7.2";
// RFC 5652 §11.
constexpr const char* kOidContentType = "1.2.840.113549.1.9.3";
constexpr const char* kOidMessageDigest = "1.2.840.113549.1.9.4";
constexpr const char* kOidSigningTime = "1.2.840.113549.1.9.5";
// RFC 2634 §5.4 and RFC 5035 §3.
constexpr const char* kOidSigningCertificate = "1.2.840.113549.1.9.16.2.12";
constexpr const char* kOidSigningCertificateV2 = "1.2.840.113549.1.9.16.2.47";

constexpr std::uint8_t kSet = 0x31;
constexpr std::uint8_t kImplicit0 = 0xa0;      // certificates, signedAttrs: [0] IMPLICIT SET
constexpr std::uint8_t kImplicit1 = 0xa1;      // crls, unsignedAttrs: [1] IMPLICIT SET
constexpr std::uint8_t kSubjectKeyId = 0x80;   // sid's [0] IMPLICIT SubjectKeyIdentifier
constexpr std::uint8_t kDirectoryName = 0xa4;  // GeneralName's [4] EXPLICIT Name

using detail::copy;
using detail::named;

/// The DER of a ContentInfo: given as is, or the data of one "PKCS7" or "CMS" PEM block.
Bytes unarmor_cms(std::span<const std::uint8_t> data) {
  if (!pem::looks_armored(data)) return copy(data);
  pem::Block block = pem::decode(std::string_view(reinterpret_cast<const char*>(data.data()), data.size()));
  if (block.label != "PKCS7" && block.label != "CMS") throw_invalid("a PEM block labelled \"" + block.label + "\"");
  return std::move(block.data);
}

/// The one value of a single-valued attribute.
der::Reader single_value(const CmsAttribute& a, const char* what) {
  if (a.values.size() != 1) throw_invalid(std::string(what) + ": " + std::to_string(a.values.size()) + " values, not one");
  return der::Reader(a.values[0]);
}

/// IssuerSerial ::= SEQUENCE { issuer GeneralNames, serialNumber } (RFC 5035 §4): the first
/// directoryName, and the serial.
void read_issuer_serial(EssCertId& id, const der::Element& element) {
  der::Reader seq(element.content);
  der::Reader names = seq.enter(der::kSequence, "issuerSerial issuer");
  while (!names.empty()) {
    const der::Element name = names.next();
    if (name.tag != kDirectoryName || id.issuer) continue;
    der::Reader inner(name.content);
    id.issuer = detail::read_name(inner.next(), "issuerSerial directoryName");
    inner.finish("issuerSerial directoryName");
  }
  id.serial = copy(seq.expect(der::kInteger, "issuerSerial serialNumber").content);
  seq.finish("issuerSerial");
}

/// SigningCertificate(V2) ::= SEQUENCE { certs SEQUENCE OF ESSCertID(v2), policies OPTIONAL }:
/// the first ESSCertID names the signer's certificate (RFC 5035 §3).
EssCertId read_signing_certificate(const CmsAttribute& a, bool v2) {
  const char* what = v2 ? "signingCertificateV2" : "signingCertificate";
  der::Reader value = single_value(a, what);
  der::Reader outer = value.enter(der::kSequence, what);
  value.finish(what);
  der::Reader certs = outer.enter(der::kSequence, "certs");
  if (certs.empty()) throw_invalid(std::string(what) + " names no certificate");
  der::Reader id_reader = certs.enter(der::kSequence, "ESSCertID");
  EssCertId id;
  id.v2 = v2;
  id.hash_oid = detail::digest_oid_by_name(v2 ? "sha256" : "sha1");
  if (v2 && !id_reader.empty() && id_reader.peek() == der::kSequence) {
    Bytes parameters;
    detail::read_algorithm(id_reader, "ESSCertIDv2 hashAlgorithm", id.hash_oid, parameters);
  }
  id.hash = id_reader.octet_string("certHash");
  if (!id_reader.empty()) read_issuer_serial(id, id_reader.expect(der::kSequence, "issuerSerial"));
  id_reader.finish("ESSCertID");
  return id;
}

void decode_attribute(SignerInfo& si, const CmsAttribute& a) {
  if (a.oid == kOidContentType) {
    der::Reader r = single_value(a, "contentType");
    si.content_type = r.oid("contentType");
    r.finish("contentType");
  } else if (a.oid == kOidMessageDigest) {
    der::Reader r = single_value(a, "messageDigest");
    si.message_digest = r.octet_string("messageDigest");
    r.finish("messageDigest");
  } else if (a.oid == kOidSigningTime) {
    der::Reader r = single_value(a, "signingTime");
    si.signing_time = detail::read_time(r, "signingTime");
    r.finish("signingTime");
  } else if (a.oid == kOidSigningCertificateV2 || a.oid == kOidSigningCertificate) {
    if (si.signing_certificate) throw_invalid("both signingCertificate and signingCertificateV2");
    si.signing_certificate = read_signing_certificate(a, a.oid == kOidSigningCertificateV2);
  }
}

/// The content of a SET OF Attribute; `signed_set` refuses any type twice (RFC 5652 §11
/// and RFC 5035 §3 allow each of theirs once) and decodes the known ones.
std::vector<CmsAttribute> read_attributes(SignerInfo& si, std::span<const std::uint8_t> set, bool signed_set) {
  std::vector<CmsAttribute> out;
  der::Reader r(set);
  while (!r.empty()) {
    const der::Element element = r.expect(der::kSequence, "Attribute");
    der::Reader seq(element.content);
    CmsAttribute a;
    a.oid = seq.oid("attrType");
    der::Reader values = seq.enter(kSet, "attrValues");
    seq.finish("Attribute");
    while (!values.empty()) a.values.push_back(copy(values.next().encoded));
    a.der = copy(element.encoded);
    if (signed_set) {
      for (const CmsAttribute& before : out) {
        if (before.oid == a.oid) throw_invalid("the signed attribute " + a.oid + " appears twice");
      }
      named("attribute " + a.oid, [&] { decode_attribute(si, a); return 0; });
    }
    out.push_back(std::move(a));
  }
  return out;
}

void read_sid(SignerInfo& si, der::Reader& seq) {
  if (si.version == 1) {
    der::Reader ias = seq.enter(der::kSequence, "issuerAndSerialNumber");
    si.issuer = detail::read_name(ias.next(), "issuer");
    const der::Element serial = ias.expect(der::kInteger, "serialNumber");
    if (serial.content.empty()) throw_invalid("serialNumber: an empty INTEGER");
    si.serial = copy(serial.content);
    ias.finish("issuerAndSerialNumber");
  } else if (si.version == 3) {
    si.subject_key_id = copy(seq.expect(kSubjectKeyId, "subjectKeyIdentifier").content);
  } else {
    throw_invalid("a SignerInfo version other than 1 or 3");
  }
}

SignerInfo read_signer_info(std::span<const std::uint8_t> encoded) {
  der::Reader top(encoded);
  der::Reader seq = top.enter(der::kSequence, "SignerInfo");
  SignerInfo si;
  const std::uint64_t version = seq.small_integer("version");
  si.version = version <= 3 ? static_cast<int>(version) : 0;
  read_sid(si, seq);
  Bytes digest_parameters;
  detail::read_algorithm(seq, "digestAlgorithm", si.digest_oid, digest_parameters);
  if (!seq.empty() && seq.peek() == kImplicit0) {
    const der::Element attrs = seq.next();
    si.signed_attrs = copy(attrs.encoded);
    si.signed_attrs[0] = kSet;  // RFC 5652 §5.4: the signature covers the EXPLICIT SET OF
    si.signed_attributes = read_attributes(si, attrs.content, true);
  }
  detail::read_algorithm(seq, "signatureAlgorithm", si.signature_oid, si.signature_parameters);
  si.signature = seq.octet_string("signature");
  if (!seq.empty() && seq.peek() == kImplicit1) si.unsigned_attributes = read_attributes(si, seq.next().content, false);
  seq.finish("SignerInfo");
  return si;
}

void read_encap_content(SignedData& sd, const der::Element& element) {
  der::Reader eci(element.content);
  sd.content_type = eci.oid("eContentType");
  if (!eci.empty()) {
    der::Reader explicit_content = eci.enter(der::context(0), "eContent");
    sd.content = explicit_content.octet_string("eContent");
    explicit_content.finish("eContent");
  }
  eci.finish("encapContentInfo");
}

void read_certificates(SignedData& sd, std::span<const std::uint8_t> set, CertificateCache* cache) {
  der::Reader r(set);
  for (std::size_t i = 1; !r.empty(); ++i) {
    const der::Element e = r.next();
    if (e.tag != der::kSequence) continue;  // other CertificateChoices are not X.509
    sd.certificates.push_back(named("certificate " + std::to_string(i), [&] {
      return cache != nullptr ? cache->read(e.encoded) : read_certificate(e.encoded);
    }));
  }
}

void read_crls(SignedData& sd, std::span<const std::uint8_t> set) {
  der::Reader r(set);
  for (std::size_t i = 1; !r.empty(); ++i) {
    const der::Element e = r.next();
    if (e.tag != der::kSequence) continue;  // other RevocationInfoChoices
    sd.crls.push_back(named("CRL " + std::to_string(i), [&] { return read_crl(e.encoded); }));
  }
}

void read_body(SignedData& sd, der::Reader& body, CertificateCache* cache) {
  const std::uint64_t version = body.small_integer("SignedData version");
  if (version > 5) throw_invalid("SignedData version " + std::to_string(version));
  sd.version = static_cast<int>(version);
  der::Reader digests = body.enter(kSet, "digestAlgorithms");
  while (!digests.empty()) {
    std::string oid;
    Bytes parameters;
    detail::read_algorithm(digests, "digestAlgorithm", oid, parameters);
    sd.digest_oids.push_back(std::move(oid));
  }
  read_encap_content(sd, body.expect(der::kSequence, "encapContentInfo"));
  if (!body.empty() && body.peek() == kImplicit0) read_certificates(sd, body.next().content, cache);
  if (!body.empty() && body.peek() == kImplicit1) read_crls(sd, body.next().content);
  der::Reader signers = body.enter(kSet, "signerInfos");
  body.finish("SignedData");
  for (std::size_t i = 1; !signers.empty(); ++i) {
    const der::Element e = signers.next();
    sd.signers.push_back(named("SignerInfo " + std::to_string(i), [&] { return read_signer_info(e.encoded); }));
  }
}

}  // namespace

namespace {

std::string_view as_text(std::span<const std::uint8_t> der) {
  return {reinterpret_cast<const char*>(der.data()), der.size()};
}

}  // namespace

Certificate CertificateCache::read(std::span<const std::uint8_t> der) {
  {
    const std::lock_guard lock(mutex_);
    if (auto it = entries_.find(as_text(der)); it != entries_.end()) return *it->second.certificate;
  }
  Certificate cert = read_certificate(der);
  const std::lock_guard lock(mutex_);
  if (entries_.size() < limit_) entries_.emplace(std::string(as_text(der)), Entry{std::make_shared<const Certificate>(cert), {}});
  return cert;
}

std::shared_ptr<const Certificate> CertificateCache::shared(std::span<const std::uint8_t> der) {
  const std::lock_guard lock(mutex_);
  auto it = entries_.find(as_text(der));
  return it != entries_.end() ? it->second.certificate : nullptr;
}

Bytes CertificateCache::digest(const Certificate& cert, const std::string& hash_name) {
  {
    const std::lock_guard lock(mutex_);
    if (auto it = entries_.find(as_text(cert.der)); it != entries_.end()) {
      if (auto d = it->second.digests.find(hash_name); d != it->second.digests.end()) return d->second;
    }
  }
  if (!cert.public_key) throw_invalid("the certificate's key cannot be used: " + cert.key_error);
  const auto hasher = make_hasher(*cert.public_key, hash_name);
  hasher->update(cert.der);
  Bytes digest = hasher->final();
  const std::lock_guard lock(mutex_);
  if (auto it = entries_.find(as_text(cert.der)); it != entries_.end()) it->second.digests.emplace(hash_name, digest);
  return digest;
}

SignedData read_signed_data(std::span<const std::uint8_t> data, CertificateCache* cache) {
  return named("CMS SignedData", [&] {
    SignedData sd;
    sd.der = unarmor_cms(data);
    der::Reader body = detail::enter_signed_data(sd.der);
    read_body(sd, body, cache);
    return sd;
  });
}

namespace detail {

der::Reader enter_signed_data(std::span<const std::uint8_t> der_bytes) {
  der::Reader top(der_bytes);
  der::Reader info = top.enter(der::kSequence, "ContentInfo");
  top.finish("ContentInfo");
  const std::string type = info.oid("contentType");
  if (type != kOidSignedData) throw_invalid("a ContentInfo of type " + type + ", not SignedData");
  der::Reader explicit_content = info.enter(der::context(0), "SignedData");
  info.finish("ContentInfo");
  der::Reader body = explicit_content.enter(der::kSequence, "SignedData");
  explicit_content.finish("SignedData");
  return body;
}

}  // namespace detail

}  // namespace dstu::pkix
