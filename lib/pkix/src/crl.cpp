// X.509 CRLs, read (crl.hpp).
#include "dstu/pkix/crl.hpp"

#include <algorithm>
#include <array>
#include <string>

#include "dstu/base/der.hpp"
#include "dstu/base/error.hpp"
#include "x509_internal.hpp"

namespace dstu::pkix {
namespace {

constexpr std::uint8_t kEnumerated = 0x0a;
constexpr std::uint8_t kUtcTime = 0x17;
constexpr std::uint8_t kGeneralizedTime = 0x18;

constexpr const char* kOidCrlNumber = "2.5.29.20";
constexpr const char* kOidReasonCode = "2.5.29.21";
constexpr const char* kOidInvalidityDate = "2.5.29.24";
constexpr const char* kOidDeltaCrlIndicator = "2.5.29.27";
constexpr const char* kOidAuthorityKeyId = "2.5.29.35";

bool is_time(std::uint8_t tag) { return tag == kUtcTime || tag == kGeneralizedTime; }

/// CRLNumber and BaseCRLNumber: INTEGER (0..MAX), kept as content octets.
Bytes crl_number(const Extension& ext, const char* what) {
  der::Reader r(ext.value);
  const Bytes n = r.integer(what);
  r.finish(what);
  return n;
}

void read_entry_extension(RevokedCertificate& entry, const Extension& ext) {
  der::Reader r(ext.value);
  if (ext.oid == kOidReasonCode) {
    const der::Element e = r.expect(kEnumerated, "reasonCode");
    if (e.content.size() != 1 || e.content[0] > 10 || e.content[0] == 7) throw_invalid("reasonCode out of range");
    entry.reason = e.content[0];
  } else if (ext.oid == kOidInvalidityDate) {
    const der::Element e = r.expect(kGeneralizedTime, "invalidityDate");
    entry.invalidity_date = read_time(e.tag, e.content);
  } else {
    return;
  }
  r.finish(ext.oid.c_str());
}

RevokedCertificate read_entry(der::Reader& list, int version) {
  der::Reader r = list.enter(der::kSequence, "revoked certificate");
  RevokedCertificate entry;
  const der::Element serial = r.expect(der::kInteger, "userCertificate");
  if (serial.content.empty()) throw_invalid("userCertificate: an empty INTEGER");
  entry.serial.assign(serial.content.begin(), serial.content.end());
  entry.date = detail::read_time(r, "revocationDate");
  if (!r.empty()) {
    if (version < 2) throw_invalid("entry extensions in a version 1 CRL");
    entry.extensions = detail::read_extension_list(r.expect(der::kSequence, "crlEntryExtensions").content);
    for (const Extension& ext : entry.extensions) read_entry_extension(entry, ext);
  }
  r.finish("revoked certificate");
  return entry;
}

void read_crl_extensions(Crl& crl, der::Reader& tbs) {
  der::Reader wrapper = tbs.enter(der::context(0), "crlExtensions");
  crl.extensions = detail::read_extension_list(wrapper.expect(der::kSequence, "crlExtensions").content);
  wrapper.finish("crlExtensions");
  for (const Extension& ext : crl.extensions) {
    if (ext.oid == kOidCrlNumber) crl.crl_number = crl_number(ext, "cRLNumber");
    if (ext.oid == kOidDeltaCrlIndicator) crl.delta_base = crl_number(ext, "deltaCRLIndicator");
    if (ext.oid == kOidAuthorityKeyId) crl.authority_key_id = detail::read_authority_key_id(ext.value);
  }
}

void read_tbs(Crl& crl, std::span<const std::uint8_t> content) {
  der::Reader tbs(content);
  if (!tbs.empty() && tbs.peek() == der::kInteger) {
    if (tbs.small_integer("CRL version") != 1) throw_invalid("CRL version other than 2 written");
    crl.version = 2;
  }
  std::string oid;
  Bytes parameters;
  detail::read_algorithm(tbs, "signature", oid, parameters);
  if (oid != crl.signature_oid || parameters != crl.signature_parameters) {
    throw_invalid("the signature algorithm inside the CRL differs from the one outside");
  }
  crl.issuer = detail::read_name(tbs.next(), "issuer");
  crl.this_update = detail::read_time(tbs, "thisUpdate");
  if (!tbs.empty() && is_time(tbs.peek())) crl.next_update = detail::read_time(tbs, "nextUpdate");
  if (!tbs.empty() && tbs.peek() == der::kSequence) {
    der::Reader list = tbs.enter(der::kSequence, "revokedCertificates");
    if (list.empty()) throw_invalid("revokedCertificates: an empty list (DER omits it)");
    while (!list.empty()) crl.revoked.push_back(read_entry(list, crl.version));
  }
  if (!tbs.empty() && tbs.peek() == der::context(0)) {
    if (crl.version < 2) throw_invalid("extensions in a version 1 CRL");
    read_crl_extensions(crl, tbs);
  }
  tbs.finish("tbsCertList");
}

Crl read_crl_der(std::span<const std::uint8_t> der_bytes) {
  detail::Signed signed_object = detail::read_signed(der_bytes, "CertificateList", "tbsCertList");
  Crl crl;
  crl.signature_oid = std::move(signed_object.oid);
  crl.signature_parameters = std::move(signed_object.parameters);
  crl.signature = std::move(signed_object.signature);
  read_tbs(crl, detail::tbs_content(signed_object));
  crl.der = std::move(signed_object.der);
  crl.tbs = std::move(signed_object.tbs);
  return crl;
}

}  // namespace

Crl read_crl(std::span<const std::uint8_t> data) {
  try {
    return read_crl_der(detail::unarmor(data, "X509 CRL"));
  } catch (const Error& e) {
    throw Error(e.code(), std::string("CRL: ") + e.what());
  }
}

SignatureCheck verify_signature(const Crl& crl, const AnyPublicKey& issuer_key) {
  return verify_signed(crl.signature_oid, crl.tbs, crl.signature, issuer_key, crl.signature_parameters);
}

const RevokedCertificate* find_revoked(const Crl& crl, std::span<const std::uint8_t> serial) {
  const auto it = std::find_if(crl.revoked.begin(), crl.revoked.end(), [&](const RevokedCertificate& r) {
    return std::equal(r.serial.begin(), r.serial.end(), serial.begin(), serial.end());
  });
  return it == crl.revoked.end() ? nullptr : &*it;
}

std::string_view reason_name(int reason) {
  static constexpr std::array<std::string_view, 11> kNames{
      "unspecified",          "keyCompromise",      "cACompromise", "affiliationChanged",
      "superseded",           "cessationOfOperation", "certificateHold", "",
      "removeFromCRL",        "privilegeWithdrawn", "aACompromise"};
  return reason >= 0 && reason < 11 ? kNames[static_cast<std::size_t>(reason)] : std::string_view{};
}

}  // namespace dstu::pkix
