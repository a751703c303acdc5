// The certificate extensions a chain needs (certificate.hpp), each read in strict DER to
// the end of its extnValue; every extension is kept as read as well; the names of the
// key usages and key purposes.
#include <algorithm>
#include <iterator>
#include <utility>

#include "dstu/base/error.hpp"
#include "x509_internal.hpp"

namespace dstu::pkix::detail {
namespace {

constexpr std::uint8_t kBoolean = 0x01;
constexpr std::uint8_t kSet = 0x31;
constexpr std::uint8_t kKeyIdentifier = 0x80;  // AKI's [0] IMPLICIT OCTET STRING
constexpr std::uint8_t kUri = 0x86;            // GeneralName's [6] IMPLICIT IA5String

constexpr const char* kOidSubjectDirectoryAttributes = "2.5.29.9";
constexpr const char* kOidSubjectKeyId = "2.5.29.14";
constexpr const char* kOidKeyUsage = "2.5.29.15";
constexpr const char* kOidBasicConstraints = "2.5.29.19";
constexpr const char* kOidCrlDistributionPoints = "2.5.29.31";
constexpr const char* kOidCertificatePolicies = "2.5.29.32";
constexpr const char* kOidAuthorityKeyId = "2.5.29.35";
constexpr const char* kOidExtKeyUsage = "2.5.29.37";
constexpr const char* kOidQcStatements = "1.3.6.1.5.5.7.1.3";
// Ukrainian PKI's subject directory attributes: the DRFO and EDRPOU codes.
constexpr const char* kOidDrfo = "1.2.804.2.1.1.1.11.1.4.1.1";
constexpr const char* kOidEdrpou = "1.2.804.2.1.1.1.11.1.4.2.1";

bool read_boolean(der::Reader& r, const char* what) {
  const der::Element e = r.expect(kBoolean, what);
  if (e.content.size() != 1 || (e.content[0] != 0 && e.content[0] != 0xff)) {
    throw_invalid(std::string(what) + ": a BOOLEAN that is not DER");
  }
  return e.content[0] == 0xff;
}

/// KeyUsage ::= BIT STRING, named bits (unused bits allowed, as DER drops trailing zeros).
std::uint16_t key_usage(der::Reader& r) {
  const der::Element e = r.expect(der::kBitString, "keyUsage");
  if (e.content.empty() || e.content[0] > 7 || (e.content.size() == 1 && e.content[0] != 0)) {
    throw_invalid("keyUsage: a malformed BIT STRING");
  }
  std::uint16_t bits = 0;
  const std::size_t nbits = (e.content.size() - 1) * 8 - e.content[0];
  for (std::size_t i = 0; i < std::min<std::size_t>(nbits, 9); ++i) {
    if (e.content[1 + i / 8] & (0x80 >> (i % 8))) bits = static_cast<std::uint16_t>(bits | 1u << i);
  }
  return bits;
}

BasicConstraints basic_constraints(der::Reader& r) {
  der::Reader seq = r.enter(der::kSequence, "basicConstraints");
  BasicConstraints bc;
  if (!seq.empty() && seq.peek() == kBoolean) bc.ca = read_boolean(seq, "basicConstraints cA");
  if (!seq.empty()) bc.path_len = seq.small_integer("basicConstraints pathLenConstraint");
  seq.finish("basicConstraints");
  return bc;
}

/// AuthorityKeyIdentifier ::= SEQUENCE { keyIdentifier [0], authorityCertIssuer [1],
/// authorityCertSerialNumber [2] } (RFC 5280 §4.2.1.1). jkurwa writes the extnValue as a
/// bare OCTET STRING holding the identifier, as for the SKI; the tag tells the two apart.
std::optional<Bytes> authority_key_id(der::Reader& r) {
  if (r.peek() == der::kOctetString) return r.octet_string("authorityKeyIdentifier");
  der::Reader seq = r.enter(der::kSequence, "authorityKeyIdentifier");
  std::optional<Bytes> id;
  if (!seq.empty() && seq.peek() == kKeyIdentifier) {
    const der::Element e = seq.next();
    id = Bytes(e.content.begin(), e.content.end());
  }
  if (!seq.empty() && seq.peek() == der::context(1)) (void)seq.next();
  if (!seq.empty() && seq.peek() == 0x82) (void)seq.next();
  seq.finish("authorityKeyIdentifier");
  return id;
}

std::vector<std::string> oid_sequence(der::Reader& r, const char* what) {
  der::Reader seq = r.enter(der::kSequence, what);
  std::vector<std::string> out;
  while (!seq.empty()) out.push_back(seq.oid(what));
  return out;
}

/// SEQUENCE OF SEQUENCE { OID, ANY OPTIONAL }: qcStatements, certificatePolicies.
std::vector<std::string> leading_oids(der::Reader& r, const char* what) {
  der::Reader seq = r.enter(der::kSequence, what);
  std::vector<std::string> out;
  while (!seq.empty()) {
    der::Reader item = seq.enter(der::kSequence, what);
    out.push_back(item.oid(what));
    if (!item.empty()) (void)item.next();
    item.finish(what);
  }
  return out;
}

/// CRLDistributionPoints (RFC 5280 §4.2.1.13): the URIs among each distributionPoint's
/// fullName; reasons, cRLIssuer and relative names are left in the extension.
std::vector<std::string> crl_distribution_points(der::Reader& r) {
  const char* what = "cRLDistributionPoints";
  der::Reader seq = r.enter(der::kSequence, what);
  std::vector<std::string> uris;
  while (!seq.empty()) {
    der::Reader point = seq.enter(der::kSequence, what);
    if (!point.empty() && point.peek() == der::context(0)) {
      der::Reader name = point.enter(der::context(0), what);
      const der::Element choice = name.next();
      name.finish(what);
      if (choice.tag == der::context(0)) {
        der::Reader general_names(choice.content);
        while (!general_names.empty()) {
          const der::Element g = general_names.next();
          if (g.tag == kUri) uris.emplace_back(g.content.begin(), g.content.end());
        }
      }
    }
    while (!point.empty()) (void)point.next();
  }
  return uris;
}

/// SubjectDirectoryAttributes ::= SEQUENCE OF Attribute { type, values SET OF ANY }.
void directory_attributes(Certificate& cert, der::Reader& r) {
  const char* what = "subjectDirectoryAttributes";
  der::Reader seq = r.enter(der::kSequence, what);
  while (!seq.empty()) {
    der::Reader attr = seq.enter(der::kSequence, what);
    const std::string type = attr.oid(what);
    der::Reader values = attr.enter(kSet, what);
    attr.finish(what);
    if (values.empty()) throw_invalid(std::string(what) + ": an attribute without a value");
    const der::Element v = values.next();
    if (type == kOidDrfo) cert.drfo = directory_string_text(v.tag, v.content);
    if (type == kOidEdrpou) cert.edrpou = directory_string_text(v.tag, v.content);
  }
}

void decode_extension(Certificate& cert, const Extension& ext) {
  der::Reader r(ext.value);
  const std::string& oid = ext.oid;
  if (oid == kOidKeyUsage) {
    cert.key_usage = key_usage(r);
  } else if (oid == kOidExtKeyUsage) {
    cert.ext_key_usage = oid_sequence(r, "extKeyUsage");
  } else if (oid == kOidBasicConstraints) {
    cert.basic_constraints = basic_constraints(r);
  } else if (oid == kOidSubjectKeyId) {
    cert.subject_key_id = r.octet_string("subjectKeyIdentifier");
  } else if (oid == kOidAuthorityKeyId) {
    cert.authority_key_id = authority_key_id(r);
  } else if (oid == kOidCrlDistributionPoints) {
    cert.crl_distribution_points = crl_distribution_points(r);
  } else if (oid == kOidQcStatements) {
    cert.qc_statements = leading_oids(r, "qcStatements");
  } else if (oid == kOidCertificatePolicies) {
    cert.policies = leading_oids(r, "certificatePolicies");
  } else if (oid == kOidSubjectDirectoryAttributes) {
    directory_attributes(cert, r);
  } else {
    return;
  }
  r.finish(("extension " + oid).c_str());
}

}  // namespace

std::vector<Extension> read_extension_list(std::span<const std::uint8_t> extensions) {
  der::Reader seq(extensions);
  if (seq.empty()) throw_invalid("extensions: an empty SEQUENCE");
  std::vector<Extension> out;
  while (!seq.empty()) {
    der::Reader e = seq.enter(der::kSequence, "Extension");
    Extension ext;
    ext.oid = e.oid("extnID");
    if (!e.empty() && e.peek() == kBoolean) ext.critical = read_boolean(e, "Extension critical");
    ext.value = e.octet_string("extnValue");
    e.finish("Extension");
    for (const Extension& seen : out) {
      if (seen.oid == ext.oid) throw_invalid("extension " + ext.oid + " appears twice");
    }
    out.push_back(std::move(ext));
  }
  return out;
}

std::optional<Bytes> read_authority_key_id(std::span<const std::uint8_t> value) {
  der::Reader r(value);
  std::optional<Bytes> id = authority_key_id(r);
  r.finish("authorityKeyIdentifier");
  return id;
}

void read_extensions(Certificate& cert, std::span<const std::uint8_t> extensions) {
  cert.extensions = read_extension_list(extensions);
  for (const Extension& ext : cert.extensions) {
    try {
      decode_extension(cert, ext);
    } catch (const Error& error) {
      throw Error(error.code(), "extension " + ext.oid + ": " + error.what());
    }
  }
}

}  // namespace dstu::pkix::detail

namespace dstu::pkix {

std::vector<std::string> key_usage_names(std::uint16_t key_usage) {
  static constexpr const char* kNames[] = {"digitalSignature", "nonRepudiation", "keyEncipherment",
                                           "dataEncipherment", "keyAgreement",   "keyCertSign",
                                           "cRLSign",          "encipherOnly",   "decipherOnly"};
  std::vector<std::string> names;
  for (unsigned bit = 0; bit < std::size(kNames); ++bit) {
    if ((key_usage >> bit) & 1u) names.emplace_back(kNames[bit]);
  }
  return names;
}

std::string key_purpose_name(std::string_view oid) {
  static constexpr std::pair<std::string_view, std::string_view> kPurposes[] = {
      {"1.3.6.1.5.5.7.3.1", "serverAuth"},      {"1.3.6.1.5.5.7.3.2", "clientAuth"},
      {"1.3.6.1.5.5.7.3.3", "codeSigning"},     {"1.3.6.1.5.5.7.3.4", "emailProtection"},
      {"1.3.6.1.5.5.7.3.8", "timeStamping"},    {"1.3.6.1.5.5.7.3.9", "OCSPSigning"},
  };
  for (const auto& [o, name] : kPurposes) {
    if (o == oid) return std::string(name);
  }
  return std::string(oid);
}

}  // namespace dstu::pkix
