// DER and IEEE P1363 signature encodings (signature_codec.hpp).
#include "dstu/ecdsa/signature_codec.hpp"

#include <string>

#include "dstu/base/der.hpp"
#include "dstu/base/error.hpp"

namespace dstu::ecdsa {

SignatureFormat signature_format_from_name(std::string_view name) {
  if (name == "der") return SignatureFormat::der;
  if (name == "p1363") return SignatureFormat::p1363;
  throw_invalid("unknown signature format '" + std::string(name) + "' (der, p1363)");
}

Bytes encode_der(const Signature& sig) {
  der::Writer w;
  w.begin(der::kSequence);
  w.integer(sig.r.to_bytes_be());
  w.integer(sig.s.to_bytes_be());
  w.end();
  return w.finish();
}

Signature decode_der(std::span<const std::uint8_t> bytes) {
  der::Reader top(bytes);
  der::Reader seq = top.enter(der::kSequence, "ECDSA-Sig-Value");
  top.finish("ECDSA-Sig-Value");
  Signature sig;
  sig.r = mp::Nat::from_bytes_be(seq.integer_view("signature r"));
  sig.s = mp::Nat::from_bytes_be(seq.integer_view("signature s"));
  seq.finish("ECDSA-Sig-Value");
  return sig;
}

Bytes encode_p1363(const Group& curve, const Signature& sig) {
  const std::size_t half = (curve.order_bits() + 7) / 8;
  if (sig.r.bits() > 8 * half || sig.s.bits() > 8 * half) throw_invalid("signature value wider than the group order");
  Bytes out = sig.r.to_bytes_be(half);
  const Bytes s = sig.s.to_bytes_be(half);
  out.insert(out.end(), s.begin(), s.end());
  return out;
}

Signature decode_p1363(const Group& curve, std::span<const std::uint8_t> bytes) {
  const std::size_t half = (curve.order_bits() + 7) / 8;
  if (bytes.size() != 2 * half) {
    throw_invalid("P1363 signature of " + std::to_string(bytes.size()) + " octets; " + curve.name() + " takes " +
                  std::to_string(2 * half));
  }
  return {mp::Nat::from_bytes_be(bytes.first(half)), mp::Nat::from_bytes_be(bytes.subspan(half))};
}

Bytes encode_signature(SignatureFormat f, const Group& curve, const Signature& sig) {
  return f == SignatureFormat::der ? encode_der(sig) : encode_p1363(curve, sig);
}

Signature decode_signature(SignatureFormat f, const Group& curve, std::span<const std::uint8_t> bytes) {
  return f == SignatureFormat::der ? decode_der(bytes) : decode_p1363(curve, bytes);
}

}  // namespace dstu::ecdsa
