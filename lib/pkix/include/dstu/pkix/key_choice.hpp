// dstu::pkix — which key of a container signs, and which certificate is each key's.
//
// A container holds a signing key and often a key-agreement key (IIT writes both), and a
// company's store may hold several signers. Certificates tie them: a key's certificate is
// the one whose subject key is that key (certificate_has_key), looked for in the key's own
// chain (JKS) and then among the container's certificates and any the caller adds. The
// signing key is the one the caller names by key identifier, else the one key whose
// certificate allows signing (keyUsage digitalSignature or nonRepudiation, or no keyUsage),
// else the first key without a certificate (IIT's containers put the signing key first, and
// its certificate often travels apart while the key-agreement key's is inside). Several
// keys whose certificates allow signing are ambiguous and refused with the candidates named.
// Secret: the keys (only read here).
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <vector>

#include "dstu/base/bytes.hpp"
#include "dstu/pkix/certificate.hpp"
#include "dstu/pkix/container.hpp"

namespace dstu::pkix {

/// The certificate of the container's key `index`, from the key's chain, the container's
/// certificates and `extra` (in that order); nullopt when none has the key. Certificates
/// that do not read are passed over.
std::optional<Certificate> key_certificate(const Container& container, std::size_t index,
                                           std::span<const Certificate> extra = {});

/// Whether a certificate allows signing documents: no keyUsage, or digitalSignature or
/// nonRepudiation set.
bool allows_signing(const Certificate& cert);

/// The key of a container to sign with (above). `key_id`: empty, or a key identifier
/// (key_id of key.hpp) or a certificate's SubjectKeyIdentifier to choose by.
/// Error(invalid_input) naming the identifiers when no key or several keys fit.
std::size_t choose_signing_key(const Container& container, std::span<const std::uint8_t> key_id,
                               std::span<const Certificate> extra = {});

}  // namespace dstu::pkix
