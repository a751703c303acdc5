// SEC 1 v2.0 point encodings on binary curves (the codec of dstu/curve/sec1.hpp with
// this field's steps): field elements as ceil(m/8) big-endian octets (§2.3.5), point
// compression by the bit y~ of §2.3.3 step 3.2 (the rightmost bit of y x^-1), and its
// reverse from z^2 + z = x + A + B x^-2 (§2.3.4 step 2.4.3). Public points only:
// variable time.
#include <cstdint>
#include <string>

#include "dstu/curve/sec1.hpp"
#include "dstu/ec2m/point.hpp"
#include "dstu/ec2m/scalar_mul.hpp"
#include "dstu/gf2m/ops.hpp"
#include "decompress.hpp"

namespace dstu::ec2m {
namespace {

/// The steps of the SEC 1 codec over GF(2^m).
struct Sec1Binary {
  using Point = AffinePoint;
  const Curve& c;
  std::string why = "has bits at or above x^" + std::to_string(c.m());

  std::size_t octets() const { return c.field_bytes(); }
  const std::string& curve_name() const { return c.name(); }
  const char* not_element() const { return why.c_str(); }

  /// A coordinate from its ceil(m/8) octets: the first holds the top m - 8 (ceil(m/8) - 1)
  /// bits (1 to 8 of them), so bits above them mean no element.
  bool coordinate(std::span<const std::uint8_t> octets, Element& out) const {
    const gf2m::Field& f = c.field();
    const int top_bits = f.m() - 8 * (f.bytes() - 1);
    if ((octets[0] >> top_bits) != 0) return false;
    out = gf2m::from_bytes_be(f, octets);
    return true;
  }

  void put(const Element& e, std::span<std::uint8_t> out) const {
    const Bytes b = gf2m::to_bytes_be(c.field(), e);
    std::copy(b.begin(), b.end(), out.begin());
  }

  /// The rightmost bit of y x^-1 (§2.3.3 step 3.2); 0 when x = 0.
  unsigned y_bit(const Point& p) const {
    const gf2m::Field& f = c.field();
    if (gf2m::is_zero(f, p.x)) return 0;
    Element inv, z;
    gf2m::inv_vartime(f, inv, p.x);
    gf2m::mul(f, z, p.y, inv);
    return static_cast<unsigned>(z.w[0] & 1);
  }

  /// y = x z with z^2 + z = x + A + B x^-2 and the rightmost bit of z the given one
  /// (x = 0: y = sqrt(B)); false when the equation has no root (Tr(x + A + B/x^2) = 1).
  bool decompress(Point& p, unsigned bit) const {
    if (gf2m::is_zero(c.field(), p.x)) {
      p.y = c.sqrt_b();
      return true;
    }
    Element z;
    if (!detail::y_over_x_vartime(c, p.x, z)) return false;
    if ((z.w[0] & 1) != bit) z.w[0] ^= 1;  // the other root is z + 1
    gf2m::mul(c.field(), p.y, p.x, z);
    return true;
  }

  bool on_curve(const Point& p) const { return ec2m::on_curve(c, p); }
  bool of_order_n(const Point& p) const { return mul_wnaf_vartime(c, c.scalar_field().order_scalar(), p).infinity; }
};

}  // namespace

mp::Nat x_integer(const Curve& c, const AffinePoint& p) {
  return mp::Nat::from_bytes_be(gf2m::to_bytes_be(c.field(), p.x));
}

Bytes encode_point(const Curve& c, const AffinePoint& p, bool compressed) {
  return curve::encode_point_sec1(Sec1Binary{c}, p, compressed);
}

AffinePoint decode_point(const Curve& c, std::span<const std::uint8_t> encoded) {
  return curve::decode_point_sec1(Sec1Binary{c}, encoded);
}

}  // namespace dstu::ec2m
