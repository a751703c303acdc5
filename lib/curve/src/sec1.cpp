// The SEC 1 point encodings' form checks and error texts (sec1.hpp), one set for both
// kinds of curves.
#include "dstu/curve/sec1.hpp"

#include "dstu/base/error.hpp"

namespace dstu::curve {
namespace {

std::string hex_byte(std::uint8_t b) {
  static const char digits[] = "0123456789abcdef";
  return {digits[b >> 4], digits[b & 15]};
}

}  // namespace

void sec1_refuse(Sec1Refusal why, std::span<const std::uint8_t> encoded, std::size_t expected,
                 const std::string& curve_name, const char* reason) {
  std::string what;
  switch (why) {
    case Sec1Refusal::empty: what = "empty"; break;
    case Sec1Refusal::infinity_octet: what = "00 is the point at infinity, not a valid point"; break;
    case Sec1Refusal::prefix:
      what = "unknown prefix 0x" + hex_byte(encoded[0]) + " (expected 02 or 03 compressed, 04 uncompressed)";
      break;
    case Sec1Refusal::length:
      what = std::to_string(encoded.size()) + " octets with prefix 0x" + hex_byte(encoded[0]) + ", expected " +
             std::to_string(expected) + " on " + (curve_name.empty() ? "this curve" : curve_name);
      break;
    case Sec1Refusal::x_range: what = std::string("x ") + reason; break;
    case Sec1Refusal::y_range: what = std::string("y ") + reason; break;
    case Sec1Refusal::no_point: what = "no point of the curve has this x"; break;
    case Sec1Refusal::off_curve: what = "not on the curve"; break;
    case Sec1Refusal::order: what = "not of order n (n P != O)"; break;
    case Sec1Refusal::infinity_point: what = "the point at infinity has no encoding here (00 is not a public key)"; break;
  }
  throw_invalid("SEC 1 point: " + what);
}

bool sec1_check_form(std::span<const std::uint8_t> in, std::size_t octets, const std::string& curve_name) {
  if (in.empty()) sec1_refuse(Sec1Refusal::empty);
  const std::uint8_t prefix = in[0];
  if (prefix == 0x00) sec1_refuse(Sec1Refusal::infinity_octet);
  if (prefix != 0x02 && prefix != 0x03 && prefix != 0x04) sec1_refuse(Sec1Refusal::prefix, in);
  const std::size_t want = prefix == 0x04 ? 1 + 2 * octets : 1 + octets;
  if (in.size() != want) sec1_refuse(Sec1Refusal::length, in, want, curve_name);
  return prefix != 0x04;
}

}  // namespace dstu::curve
