// Signature octets: r_le || s_le and s_be || r_be, the bit string D = s || r of
// DSTU 4145-2002 §5.10 written least or most significant octet first.
#include <algorithm>

#include "dstu/base/der.hpp"
#include "dstu/base/error.hpp"
#include "dstu/dstu4145/encoding.hpp"

namespace dstu::dstu4145 {

std::size_t signature_half_bytes(const ec2m::Curve& curve) { return (curve.order_bits() + 7) / 8; }

Bytes encode_signature_le(const ec2m::Curve& curve, const Signature& sig) {
  const std::size_t half = signature_half_bytes(curve);
  Bytes out = sig.r.to_bytes_le(half);
  const Bytes s = sig.s.to_bytes_le(half);
  out.insert(out.end(), s.begin(), s.end());
  return out;
}

Bytes encode_signature_be(const ec2m::Curve& curve, const Signature& sig) {
  Bytes out = encode_signature_le(curve, sig);
  std::reverse(out.begin(), out.end());
  return out;
}

SignatureLengths raw_signature_lengths(const ec2m::Curve& curve) {
  // L_D is a multiple of 16 bits and at least 2 L(n) (DSTU 4145-2002 §12, §13): halves of
  // ceil(L(n)/8) octets or more. Annex B.1 uses 32-octet halves on a 163-bit order, so up
  // to 32 octets beyond the minimum are read; nobody writes longer ones.
  const std::size_t half = signature_half_bytes(curve);
  return {2 * half, 2 * (half + 32)};
}

namespace {

Signature split_halves(std::span<const std::uint8_t> octets, bool big_endian) {
  Bytes le(octets.begin(), octets.end());
  if (big_endian) std::reverse(le.begin(), le.end());
  const std::size_t half = le.size() / 2;
  return {mp::Nat::from_bytes_le({le.data(), half}), mp::Nat::from_bytes_le({le.data() + half, half})};
}

std::string octets_text(std::size_t n) { return std::to_string(n) + (n == 1 ? " octet" : " octets"); }

}  // namespace

Signature decode_signature(const ec2m::Curve& curve, std::span<const std::uint8_t> octets, bool big_endian) {
  const SignatureLengths len = raw_signature_lengths(curve);
  if (octets.empty()) throw_invalid("the signature is empty");
  if (octets.size() < len.min || octets.size() > len.max || octets.size() % 2 != 0) {
    throw_invalid("signature has " + octets_text(octets.size()) + "; a " + curve.name() + " signature has " +
                  std::to_string(len.min) + " (DSTU 4145 allows an even number from " + std::to_string(len.min) +
                  " to " + std::to_string(len.max) + ")");
  }
  return split_halves(octets, big_endian);
}

Signature decode_signature_der(const ec2m::Curve& curve, std::span<const std::uint8_t> der_octets, bool big_endian) {
  der::Element e;
  bool one_octet_string = false;
  try {
    der::Reader r(der_octets);
    e = r.next();
    one_octet_string = e.tag == der::kOctetString && r.empty();
  } catch (const Error&) {
  }
  if (!one_octet_string) throw_invalid("not a DER signature (one OCTET STRING holding the signature octets)");
  // BouncyCastle writes each half as BigInteger.toByteArray() of the larger of r and s:
  // shorter than ceil(L(n)/8) octets when both are small, so any even length is read here.
  const std::size_t max = raw_signature_lengths(curve).max;
  if (e.content.empty() || e.content.size() % 2 != 0 || e.content.size() > max) {
    throw_invalid("DER signature holds " + octets_text(e.content.size()) + "; expected an even number up to " +
                  std::to_string(max) + " on " + curve.name());
  }
  return split_halves(e.content, big_endian);
}

}  // namespace dstu::dstu4145
