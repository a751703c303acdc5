// dstu::ecdsa — signature encodings: DER (the ECDSA-Sig-Value of RFC 3279 / SEC 1 §C.5,
// SEQUENCE { r INTEGER, s INTEGER }) and IEEE P1363 (r || s, each as many octets as n).
//
// Decoders check the form only (strict DER: minimal lengths and integers, no negative
// values, nothing after the SEQUENCE; P1363: exactly 2 ceil(L(n)/8) octets); the range
// of r and s is verify's decision.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "dstu/base/bytes.hpp"
#include "dstu/ecdsa/sign.hpp"

namespace dstu::ecdsa {

enum class SignatureFormat { der, p1363 };

/// "der" or "p1363"; Error(invalid_input) otherwise.
SignatureFormat signature_format_from_name(std::string_view name);

Bytes encode_der(const Signature& sig);
/// Error(invalid_input) saying what is wrong for anything but canonical DER.
Signature decode_der(std::span<const std::uint8_t> der);

/// r and s as big-endian octets of ceil(L(n)/8) each (Error(invalid_input) if either does
/// not fit).
Bytes encode_p1363(const Group& curve, const Signature& sig);
/// Error(invalid_input) unless exactly 2 ceil(L(n)/8) octets.
Signature decode_p1363(const Group& curve, std::span<const std::uint8_t> bytes);

Bytes encode_signature(SignatureFormat f, const Group& curve, const Signature& sig);
Signature decode_signature(SignatureFormat f, const Group& curve, std::span<const std::uint8_t> bytes);

}  // namespace dstu::ecdsa
