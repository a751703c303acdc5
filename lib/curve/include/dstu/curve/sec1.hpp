// dstu::curve — the SEC 1 v2.0 point encodings of both kinds of curves: §2.3.3
// (Elliptic-Curve-Point-to-Octet-String: 04 || X || Y, or 02 / 03 || X compressed) and
// §2.3.4 (Octet-String-to-Elliptic-Curve-Point), then the public-key validation of
// §3.2.2.1 (on the curve, n P = O). The prefixes, the lengths, the order of the checks
// and the one set of error texts live here; the field's own steps come from the curve
// module as a small policy F (lib/ec2m/src/sec1.cpp, lib/ecp/src/point.cpp):
//   F::Point                                the module's affine point (x, y, infinity)
//   std::size_t octets()                    octets of a coordinate: ceil(field bits / 8)
//   const std::string& curve_name()         for the messages ("" for a custom curve)
//   bool coordinate(span, Element& out)     a coordinate from its octets (§2.3.6), false
//                                           where they are no field element
//   const char* not_element()               why not, after "x " or "y " ("is not below p")
//   void put(const Element&, span out)      a coordinate to its octets (§2.3.5)
//   unsigned y_bit(const Point&)            the bit a compressed encoding keeps of y
//   bool decompress(Point& p, unsigned bit) y for p.x and the bit; false where no point
//   bool on_curve(const Point&)             the curve equation
//   bool of_order_n(const Point&)           n P = O (true at once for cofactor 1)
// Public points only: variable time.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "dstu/base/bytes.hpp"

namespace dstu::curve {

/// What is wrong with a SEC 1 encoding or a point to encode.
enum class Sec1Refusal { empty, infinity_octet, prefix, length, x_range, y_range, no_point, off_curve, order,
                         infinity_point };

/// Throws Error(invalid_input) "SEC 1 point: ..." saying `why`: the prefix and the
/// octets found (prefix, length), the octets expected and the curve (length), the
/// field's reason (x_range, y_range).
[[noreturn]] void sec1_refuse(Sec1Refusal why, std::span<const std::uint8_t> encoded = {}, std::size_t expected = 0,
                              const std::string& curve_name = "", const char* reason = "");

/// §2.3.4 steps 1-2: the prefix (02, 03, 04; never the hybrid 06 / 07) and the length
/// for coordinates of `octets` octets. Returns whether the point is compressed; throws
/// by sec1_refuse.
bool sec1_check_form(std::span<const std::uint8_t> encoded, std::size_t octets, const std::string& curve_name);

/// §2.3.3 for a finite point; sec1_refuse(infinity_point) for O.
template <class F>
Bytes encode_point_sec1(const F& f, const typename F::Point& p, bool compressed) {
  if (p.infinity) sec1_refuse(Sec1Refusal::infinity_point);
  const std::size_t l = f.octets();
  Bytes out(1 + l * (compressed ? 1 : 2));
  f.put(p.x, std::span(out).subspan(1, l));
  if (compressed) {
    out[0] = static_cast<std::uint8_t>(0x02 | f.y_bit(p));
  } else {
    out[0] = 0x04;
    f.put(p.y, std::span(out).subspan(1 + l, l));
  }
  return out;
}

/// §2.3.4 and the validation: a finite point of the curve, of order n.
template <class F>
typename F::Point decode_point_sec1(const F& f, std::span<const std::uint8_t> in) {
  const bool compressed = sec1_check_form(in, f.octets(), f.curve_name());
  const std::size_t l = f.octets();
  typename F::Point p;
  if (!f.coordinate(in.subspan(1, l), p.x)) sec1_refuse(Sec1Refusal::x_range, {}, 0, "", f.not_element());
  if (compressed) {
    if (!f.decompress(p, in[0] & 1u)) sec1_refuse(Sec1Refusal::no_point);
  } else {
    if (!f.coordinate(in.subspan(1 + l, l), p.y)) sec1_refuse(Sec1Refusal::y_range, {}, 0, "", f.not_element());
    if (!f.on_curve(p)) sec1_refuse(Sec1Refusal::off_curve);
  }
  if (!f.of_order_n(p)) sec1_refuse(Sec1Refusal::order);
  return p;
}

}  // namespace dstu::curve
