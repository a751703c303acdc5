// The parts of the certificate reader (certificate.hpp) that its sources share: Names,
// directory strings and extensions, read from DER elements.
#pragma once

#include <span>
#include <string>

#include "dstu/base/der.hpp"
#include "dstu/pkix/certificate.hpp"

namespace dstu::pkix::detail {

/// A Name from its SEQUENCE element (`what` names it in errors).
Name read_name(const der::Element& element, const char* what);

/// A directory string's value as UTF-8 text (certificate.hpp's NameAttribute::text).
std::string directory_string_text(std::uint8_t tag, std::span<const std::uint8_t> content);

/// The Extensions SEQUENCE's content into cert.extensions and the decoded fields.
void read_extensions(Certificate& cert, std::span<const std::uint8_t> extensions);

}  // namespace dstu::pkix::detail
