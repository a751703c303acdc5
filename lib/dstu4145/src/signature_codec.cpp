// Signature octets: r_le || s_le and s_be || r_be (spec digest §2.6).
#include <algorithm>

#include "dstu/base/der.hpp"
#include "dstu/base/error.hpp"
#include "dstu/dstu4145/encoding.hpp"

namespace dstu::dstu4145 {

std::size_t signature_half_bytes(const ec::Curve& curve) { return (curve.order_bits() + 7) / 8; }

Bytes encode_signature_le(const ec::Curve& curve, const Signature& sig) {
  const std::size_t half = signature_half_bytes(curve);
  Bytes out = sig.r.to_bytes_le(half);
  const Bytes s = sig.s.to_bytes_le(half);
  out.insert(out.end(), s.begin(), s.end());
  return out;
}

Bytes encode_signature_be(const ec::Curve& curve, const Signature& sig) {
  Bytes out = encode_signature_le(curve, sig);
  std::reverse(out.begin(), out.end());
  return out;
}

Signature decode_signature(const ec::Curve& curve, std::span<const std::uint8_t> octets, bool big_endian) {
  // Halves of up to 32 octets beyond the minimum: the standard allows any L_D that is
  // a multiple of 16 (Annex B.1 uses 32-octet halves on a 163-bit order).
  const std::size_t max = 2 * (signature_half_bytes(curve) + 32);
  if (octets.empty() || octets.size() % 2 != 0) {
    throw_invalid("signature has " + std::to_string(octets.size()) + " octets; expected an even number");
  }
  if (octets.size() > max) {
    throw_invalid("signature has " + std::to_string(octets.size()) + " octets; at most " + std::to_string(max) +
                  " make sense on " + curve.name());
  }
  Bytes le(octets.begin(), octets.end());
  if (big_endian) std::reverse(le.begin(), le.end());
  const std::size_t half = le.size() / 2;
  return {mp::Nat::from_bytes_le({le.data(), half}), mp::Nat::from_bytes_le({le.data() + half, half})};
}

Bytes unwrap_octet_string(std::span<const std::uint8_t> data) {
  if (data.size() < 2 || data[0] != der::kOctetString) return Bytes(data.begin(), data.end());
  try {
    der::Reader r(data);
    const der::Element e = r.next();
    if (r.empty() && !e.content.empty() && e.content.size() % 2 == 0) return Bytes(e.content.begin(), e.content.end());
  } catch (const Error&) {
  }
  return Bytes(data.begin(), data.end());
}

}  // namespace dstu::dstu4145
