// X.509 certificates, read (certificate.hpp).
#include "dstu/pkix/certificate.hpp"

#include <string_view>

#include "dstu/base/der.hpp"
#include "dstu/base/error.hpp"
#include "dstu/base/pem.hpp"
#include "dstu/pkix/key_info.hpp"
#include "x509_internal.hpp"

namespace dstu::pkix {
namespace {

constexpr std::uint8_t kIssuerUniqueId = 0x81;   // [1] IMPLICIT BIT STRING
constexpr std::uint8_t kSubjectUniqueId = 0x82;  // [2] IMPLICIT BIT STRING

int read_version(der::Reader& tbs) {
  if (tbs.empty() || tbs.peek() != der::context(0)) return 1;
  der::Reader v = tbs.enter(der::context(0), "version");
  const std::uint64_t n = v.small_integer("version");
  v.finish("version");
  // v1 is the DEFAULT, which DER never writes.
  if (n != 1 && n != 2) throw_invalid("certificate version " + std::to_string(n + 1) + " (2 or 3 written)");
  return static_cast<int>(n) + 1;
}

void read_validity(Certificate& cert, der::Reader& tbs) {
  der::Reader v = tbs.enter(der::kSequence, "validity");
  cert.not_before = detail::read_time(v, "validity notBefore");
  cert.not_after = detail::read_time(v, "validity notAfter");
  v.finish("validity");
}

/// The key, decoded where the key layer knows its algorithm; otherwise the reason.
void read_key(Certificate& cert, const der::Element& spki_element) {
  cert.spki.assign(spki_element.encoded.begin(), spki_element.encoded.end());
  const SubjectPublicKeyInfo spki = read_subject_public_key_info(spki_element.encoded);
  cert.key_algorithm = spki.algorithm.oid;
  cert.subject_public_key = spki.subject_public_key;
  try {
    cert.public_key = decode_spki(spki_element.encoded);
  } catch (const Error& e) {
    cert.key_error = e.what();
  }
}

void read_tbs(Certificate& cert, std::span<const std::uint8_t> content) {
  der::Reader tbs(content);
  cert.version = read_version(tbs);
  const der::Element serial = tbs.expect(der::kInteger, "serialNumber");
  if (serial.content.empty()) throw_invalid("serialNumber: an empty INTEGER");
  cert.serial.assign(serial.content.begin(), serial.content.end());
  std::string oid;
  Bytes parameters;
  detail::read_algorithm(tbs, "signature", oid, parameters);
  if (oid != cert.signature_oid || parameters != cert.signature_parameters) {
    throw_invalid("the signature algorithm inside the certificate differs from the one outside");
  }
  cert.issuer = detail::read_name(tbs.next(), "issuer");
  read_validity(cert, tbs);
  cert.subject = detail::read_name(tbs.next(), "subject");
  read_key(cert, tbs.expect(der::kSequence, "subjectPublicKeyInfo"));
  for (const std::uint8_t tag : {kIssuerUniqueId, kSubjectUniqueId}) {
    if (!tbs.empty() && tbs.peek() == tag) {
      if (cert.version < 2) throw_invalid("a unique identifier in a version 1 certificate");
      (void)tbs.next();
    }
  }
  if (!tbs.empty() && tbs.peek() == der::context(3)) {
    if (cert.version != 3) throw_invalid("extensions in a version " + std::to_string(cert.version) + " certificate");
    der::Reader wrapper = tbs.enter(der::context(3), "extensions");
    const der::Element extensions = wrapper.expect(der::kSequence, "extensions");
    wrapper.finish("extensions");
    detail::read_extensions(cert, extensions.content);
  }
  tbs.finish("tbsCertificate");
}

Certificate read_certificate_der(std::span<const std::uint8_t> der_bytes) {
  detail::Signed signed_object = detail::read_signed(der_bytes, "Certificate", "tbsCertificate");
  Certificate cert;
  cert.signature_oid = std::move(signed_object.oid);
  cert.signature_parameters = std::move(signed_object.parameters);
  cert.signature = std::move(signed_object.signature);
  read_tbs(cert, detail::tbs_content(signed_object));
  cert.der = std::move(signed_object.der);
  cert.tbs = std::move(signed_object.tbs);
  return cert;
}

}  // namespace

namespace detail {

Signed read_signed(std::span<const std::uint8_t> der_bytes, const char* what, const char* tbs_what) {
  Signed out;
  der::Reader top(der_bytes);
  der::Reader seq = top.enter(der::kSequence, what);
  top.finish(what);
  const der::Element tbs = seq.expect(der::kSequence, tbs_what);
  read_algorithm(seq, "signatureAlgorithm", out.oid, out.parameters);
  out.signature = seq.bit_string("signatureValue");
  seq.finish(what);
  out.der.assign(der_bytes.begin(), der_bytes.end());
  out.tbs.assign(tbs.encoded.begin(), tbs.encoded.end());
  return out;
}

std::span<const std::uint8_t> tbs_content(const Signed& signed_object) {
  der::Reader r(signed_object.tbs);
  return r.next().content;
}

Bytes unarmor(std::span<const std::uint8_t> data, std::string_view label) {
  if (!pem::looks_armored(data)) return Bytes(data.begin(), data.end());
  pem::Block block = pem::decode(std::string_view(reinterpret_cast<const char*>(data.data()), data.size()));
  if (block.label != label) throw_invalid("a PEM block labelled \"" + block.label + "\"");
  return std::move(block.data);
}

void read_algorithm(der::Reader& outer, const char* what, std::string& oid, Bytes& parameters) {
  der::Reader r = outer.enter(der::kSequence, what);
  oid = r.oid(what);
  while (!r.empty()) {
    const der::Element e = r.next();
    parameters.insert(parameters.end(), e.encoded.begin(), e.encoded.end());
  }
}

std::int64_t read_time(der::Reader& r, const char* what) {
  const der::Element e = r.next();
  try {
    return pkix::read_time(e.tag, e.content);
  } catch (const Error& error) {
    throw Error(error.code(), std::string(what) + ": " + error.what());
  }
}

}  // namespace detail

Certificate read_certificate(std::span<const std::uint8_t> data) {
  try {
    return read_certificate_der(detail::unarmor(data, "CERTIFICATE"));
  } catch (const Error& e) {
    throw Error(e.code(), std::string("certificate: ") + e.what());
  }
}

}  // namespace dstu::pkix
