// Bundles of certificates and CRLs (bundle.hpp).
#include "dstu/pkix/bundle.hpp"

#include <string>
#include <string_view>

#include "dstu/base/der.hpp"
#include "dstu/base/error.hpp"
#include "dstu/base/pem.hpp"
#include "x509_internal.hpp"

namespace dstu::pkix {
namespace {

constexpr std::uint8_t kSet = 0x31;
constexpr std::uint8_t kCertificates = 0xa0;  // [0] IMPLICIT SET OF CertificateChoices
constexpr std::uint8_t kCrls = 0xa1;          // [1] IMPLICIT SET OF RevocationInfoChoice

/// Reads each element of a SET's content with `read`, errors naming its position.
template <class T, class F>
void read_each(std::vector<T>& out, std::span<const std::uint8_t> set, const char* what, F read) {
  der::Reader r(set);
  for (std::size_t i = 1; !r.empty(); ++i) {
    const der::Element e = r.next();
    // Other choices (attribute certificates, other revocation formats) are not X.509.
    if (e.tag != der::kSequence) continue;
    try {
      out.push_back(read(e.encoded));
    } catch (const Error& error) {
      throw Error(error.code(), std::string(what) + " " + std::to_string(i) + " of the bundle: " + error.what());
    }
  }
}

void read_signed_data(Bundle& bundle, std::span<const std::uint8_t> der_bytes) {
  der::Reader sd = detail::enter_signed_data(der_bytes);
  (void)sd.small_integer("SignedData version");
  (void)sd.expect(kSet, "digestAlgorithms");
  (void)sd.expect(der::kSequence, "encapContentInfo");
  if (!sd.empty() && sd.peek() == kCertificates) {
    read_each(bundle.certificates, sd.next().content, "certificate", read_certificate);
  }
  if (!sd.empty() && sd.peek() == kCrls) read_each(bundle.crls, sd.next().content, "CRL", read_crl);
  (void)sd.expect(kSet, "signerInfos");
  sd.finish("SignedData");
}

/// Whether a DER SEQUENCE begins with an OID: a ContentInfo rather than a certificate.
bool is_content_info(std::span<const std::uint8_t> der_bytes) {
  der::Reader top(der_bytes);
  der::Reader seq = top.enter(der::kSequence, "bundle");
  return !seq.empty() && seq.peek() == der::kOid;
}

void read_der(Bundle& bundle, std::span<const std::uint8_t> der_bytes) {
  if (is_content_info(der_bytes)) {
    read_signed_data(bundle, der_bytes);
  } else {
    bundle.certificates.push_back(read_certificate(der_bytes));
  }
}

void read_pem_block(Bundle& bundle, std::string_view text) {
  const pem::Block block = pem::decode(text);
  if (block.label == "CERTIFICATE") {
    bundle.certificates.push_back(read_certificate(block.data));
  } else if (block.label == "X509 CRL") {
    bundle.crls.push_back(read_crl(block.data));
  } else if (block.label == "PKCS7") {
    read_signed_data(bundle, block.data);
  } else {
    throw_invalid("a PEM block labelled \"" + block.label + "\" in a bundle");
  }
}

void read_pem(Bundle& bundle, std::string_view text) {
  constexpr std::string_view kBegin = "-----BEGIN ", kEnd = "-----END ";
  std::size_t blocks = 0;
  for (std::size_t at = text.find(kBegin); at != std::string_view::npos; at = text.find(kBegin, at)) {
    const std::size_t end = text.find(kEnd, at);
    if (end == std::string_view::npos) throw_invalid("a PEM block without its END line");
    const std::size_t close = text.find("-----", end + kEnd.size());
    if (close == std::string_view::npos) throw_invalid("a PEM END line without its closing dashes");
    const std::size_t stop = close + 5;
    try {
      read_pem_block(bundle, text.substr(at, stop - at));
    } catch (const Error& error) {
      throw Error(error.code(), "PEM block " + std::to_string(blocks + 1) + ": " + error.what());
    }
    ++blocks;
    at = stop;
  }
  if (blocks == 0) throw_invalid("no PEM block");
}

}  // namespace

Bundle read_bundle(std::span<const std::uint8_t> data) {
  Bundle bundle;
  if (pem::looks_armored(data)) {
    read_pem(bundle, std::string_view(reinterpret_cast<const char*>(data.data()), data.size()));
  } else {
    read_der(bundle, data);
  }
  return bundle;
}

}  // namespace dstu::pkix
