// The parts of the certificate, CRL, bundle and CMS readers (certificate.hpp, crl.hpp,
// bundle.hpp, cms.hpp) that their sources share: Names, directory strings and extensions,
// read from DER elements; the SignedData envelope.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "dstu/base/der.hpp"
#include "dstu/base/error.hpp"
#include "dstu/pkix/certificate.hpp"

namespace dstu::pkix::detail {

/// Runs `f`, prefixing any Error with `what` (the readers name where a fault is).
template <class F>
auto named(const std::string& what, F f) {
  try {
    return f();
  } catch (const Error& e) {
    throw Error(e.code(), what + ": " + e.what());
  }
}

inline Bytes copy(std::span<const std::uint8_t> s) { return Bytes(s.begin(), s.end()); }

/// The SIGNED envelope of certificates and CRLs (RFC 5280 §4.1, §5.1): SEQUENCE {
/// to-be-signed SEQUENCE, signatureAlgorithm, signatureValue BIT STRING }, to its last octet.
struct Signed {
  Bytes der, tbs;  ///< the whole; the to-be-signed element's encoding
  std::string oid;
  Bytes parameters, signature;
};
Signed read_signed(std::span<const std::uint8_t> der_bytes, const char* what, const char* tbs_what);

/// A reader over the SignedData of a ContentInfo (RFC 5652 §3, §5.1), which must be all
/// of `der_bytes`; Error for another content type. Bundles and CMS signatures share it.
der::Reader enter_signed_data(std::span<const std::uint8_t> der_bytes);

/// The content of the to-be-signed element (a view into signed.tbs).
std::span<const std::uint8_t> tbs_content(const Signed& signed_object);

/// DER as given, or the data of the one PEM block `data` holds, which must be labelled
/// `label`.
Bytes unarmor(std::span<const std::uint8_t> data, std::string_view label);

/// An AlgorithmIdentifier's OID and its parameters, encoded (empty when absent).
void read_algorithm(der::Reader& outer, const char* what, std::string& oid, Bytes& parameters);

/// The next element as a Time (read_time), errors prefixed with `what`.
std::int64_t read_time(der::Reader& r, const char* what);

/// A Name from its SEQUENCE element (`what` names it in errors).
Name read_name(const der::Element& element, const char* what);

/// A directory string's value as UTF-8 text (certificate.hpp's NameAttribute::text).
std::string directory_string_text(std::uint8_t tag, std::span<const std::uint8_t> content);

/// The Extensions SEQUENCE's content, each extension once (Error otherwise).
std::vector<Extension> read_extension_list(std::span<const std::uint8_t> extensions);

/// AuthorityKeyIdentifier's keyIdentifier from the extension's value (CRLs use it too).
std::optional<Bytes> read_authority_key_id(std::span<const std::uint8_t> value);

/// The Extensions SEQUENCE's content into cert.extensions and the decoded fields.
void read_extensions(Certificate& cert, std::span<const std::uint8_t> extensions);

}  // namespace dstu::pkix::detail
