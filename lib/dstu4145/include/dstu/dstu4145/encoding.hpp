// dstu::dstu4145 — signature octets: the Ukrainian PKI octets r_le || s_le (each half
// ceil(L(n)/8) bytes on output; on input the lengths DSTU 4145-2002 §12-13 allow: L_D a
// multiple of 16 bits, at least 2 L(n)), the big-endian s_be || r_be (the same octets
// reversed), and, only when the caller says so, the JCA form of BouncyCastle and jkurwa
// (a DER OCTET STRING around the octets, whose halves BouncyCastle sometimes writes
// shorter). The form is never guessed from the octets: a raw signature may begin like
// DER. Keys in their envelopes and files: lib/pkix (dstu4145_key.hpp).
#pragma once

#include <span>
#include <string>

#include "dstu/base/bytes.hpp"
#include "dstu/dstu4145/keys.hpp"
#include "dstu/dstu4145/sign.hpp"

namespace dstu::dstu4145 {

/// ceil(L(n) / 8): the length of each half of an encoded signature.
std::size_t signature_half_bytes(const ec2m::Curve& curve);

/// r_le || s_le.
Bytes encode_signature_le(const ec2m::Curve& curve, const Signature& sig);
/// s_be || r_be.
Bytes encode_signature_be(const ec2m::Curve& curve, const Signature& sig);
/// The octet lengths a raw signature may have on a curve: even, from 2 * ceil(L(n)/8)
/// (what encode_signature_* write) to 2 * (ceil(L(n)/8) + 32).
struct SignatureLengths {
  std::size_t min, max;
};
SignatureLengths raw_signature_lengths(const ec2m::Curve& curve);

/// From raw r_le || s_le (or, big_endian, s_be || r_be) of a length raw_signature_lengths
/// allows, split in the middle. Throws Error(invalid_input) on any other length; range
/// checks (0 < r, s < n) belong to verification. Raw octets are never taken for anything
/// else: a signature whose octets happen to look like DER is still raw.
Signature decode_signature(const ec2m::Curve& curve, std::span<const std::uint8_t> octets, bool big_endian = false);
/// From the JCA form of BouncyCastle and jkurwa: exactly one DER OCTET STRING holding the
/// octets, whose halves may be shorter than ceil(L(n)/8) (any even, nonzero length up to
/// the raw maximum). Only where the caller says the signature is in this form.
Signature decode_signature_der(const ec2m::Curve& curve, std::span<const std::uint8_t> der, bool big_endian = false);

}  // namespace dstu::dstu4145
