#include "dstu/pkix/file_kind.hpp"

#include <string>
#include <vector>

#include "dstu/base/der.hpp"
#include "dstu/base/error.hpp"
#include "dstu/pkix/cms.hpp"
#include "dstu/pkix/container.hpp"

namespace dstu::pkix {
namespace {

constexpr std::uint8_t kInteger = 0x02, kOid = 0x06, kSequence = 0x30, kExplicit0 = 0xA0;
constexpr std::uint8_t kUtcTime = 0x17, kGeneralizedTime = 0x18;

/// The labels of the "-----BEGIN label-----" lines of PEM text, in order.
std::vector<std::string> pem_labels(std::string_view text) {
  std::vector<std::string> labels;
  constexpr std::string_view kBegin = "-----BEGIN ";
  for (std::size_t at = text.find(kBegin); at != std::string_view::npos; at = text.find(kBegin, at + 1)) {
    const std::size_t from = at + kBegin.size();
    const std::size_t to = text.find("-----", from);
    if (to == std::string_view::npos) break;
    labels.emplace_back(text.substr(from, to - from));
  }
  return labels;
}

FileKind pem_kind(std::string_view text) {
  const std::vector<std::string> labels = pem_labels(text);
  if (labels.empty()) return FileKind::unknown;
  const std::string& first = labels.front();
  const bool pki = first == "CERTIFICATE" || first == "X509 CRL" || first == "PKCS7" || first == "CMS";
  if (!pki) return FileKind::key_file;
  if (labels.size() > 1 || first == "PKCS7" || first == "CMS") return FileKind::bundle;
  return first == "CERTIFICATE" ? FileKind::certificate : FileKind::crl;
}

/// A DER file's kind from its first levels (above).
FileKind der_kind(std::span<const std::uint8_t> data) {
  der::Reader file(data);
  der::Reader outer = file.enter(kSequence, "file");
  const std::uint8_t first = outer.peek();
  if (first == kOid) return FileKind::bundle;  // file_kind tells signed data apart
  if (first == kInteger) return FileKind::key_file;
  if (first != kSequence) return FileKind::unknown;
  der::Reader inner = outer.enter(kSequence, "file");
  const std::uint8_t head = inner.peek();
  if (head == kOid) return FileKind::key_file;
  if (head == kExplicit0) return FileKind::certificate;
  // The to-be-signed part of a v1 certificate or a CRL: a certificate has its serial
  // then algorithm, issuer and the validity SEQUENCE; a CRL its (optional) version,
  // algorithm, issuer and thisUpdate, a Time.
  if (head == kInteger) inner.next();
  if (inner.empty() || inner.next().tag != kSequence) return FileKind::unknown;  // algorithm
  if (inner.empty() || inner.next().tag != kSequence) return FileKind::unknown;  // issuer
  if (inner.empty()) return FileKind::unknown;
  const std::uint8_t after_issuer = inner.peek();
  if (after_issuer == kUtcTime || after_issuer == kGeneralizedTime) return FileKind::crl;
  return head == kInteger && after_issuer == kSequence ? FileKind::certificate : FileKind::unknown;
}

/// A ContentInfo, or PEM text whose first block may be one: signed data when it reads as
/// a SignedData with signers, else a bundle (whose reader then says what is wrong).
FileKind signed_or_bundle(std::span<const std::uint8_t> data) {
  try {
    return read_signed_data(data).signers.empty() ? FileKind::bundle : FileKind::signed_data;
  } catch (const Error&) {
    return FileKind::bundle;
  }
}

}  // namespace

FileKind file_kind(std::span<const std::uint8_t> data) {
  if (const auto format = container_format(data); format && *format != ContainerFormat::key6_pbes2) {
    return FileKind::container;
  }
  std::size_t i = 0;
  while (i < data.size() && (data[i] == ' ' || data[i] == '\t' || data[i] == '\r' || data[i] == '\n')) ++i;
  if (i < data.size() && data[i] == '-') {
    const FileKind kind = pem_kind(std::string_view(reinterpret_cast<const char*>(data.data()) + i, data.size() - i));
    return kind == FileKind::bundle ? signed_or_bundle(data) : kind;
  }
  FileKind kind = FileKind::unknown;
  try {
    kind = der_kind(data);
  } catch (const Error&) {
    return FileKind::unknown;
  }
  return kind == FileKind::bundle ? signed_or_bundle(data) : kind;
}

std::string_view file_kind_name(FileKind kind) {
  switch (kind) {
    case FileKind::key_file: return "key file";
    case FileKind::container: return "key container";
    case FileKind::certificate: return "certificate";
    case FileKind::crl: return "CRL";
    case FileKind::bundle: return "bundle";
    case FileKind::signed_data: return "signed data";
    case FileKind::unknown: break;
  }
  return "unknown";
}

}  // namespace dstu::pkix
