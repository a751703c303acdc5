// Point validation, negation, comparison and SEC 1 encodings (SEC 1 v2 §2.3.3-2.3.4, the
// codec of dstu/curve/sec1.hpp with this field's steps).
#include "dstu/ecp/point.hpp"

#include "dstu/base/error.hpp"
#include "dstu/curve/sec1.hpp"
#include "dstu/ecp/scalar_mul.hpp"

namespace dstu::ecp {
namespace {

/// x^3 + a x + b.
gfp::Element rhs(const Curve& c, const gfp::Element& x) {
  const gfp::Field& f = c.field();
  gfp::Element r;
  f.sqr(r, x);
  f.add(r, r, c.a());
  f.mul(r, r, x);
  f.add(r, r, c.b());
  return r;
}

}  // namespace

bool on_curve(const Curve& c, const AffinePoint& p) {
  if (p.infinity) return true;
  gfp::Element y2;
  c.field().sqr(y2, p.y);
  return c.field().eq(y2, rhs(c, p.x)) != 0;
}

AffinePoint negate(const Curve& c, const AffinePoint& p) {
  AffinePoint r = p;
  if (!p.infinity) c.field().neg(r.y, p.y);
  return r;
}

bool same_point(const Curve& c, const AffinePoint& p, const AffinePoint& q) {
  if (p.infinity || q.infinity) return p.infinity == q.infinity;
  return c.field().eq(p.x, q.x) != 0 && c.field().eq(p.y, q.y) != 0;
}

namespace {

/// The steps of the SEC 1 codec over GF(p): coordinates as the field's big-endian octets,
/// the compressed point's bit the parity of y.
struct Sec1Prime {
  using Point = AffinePoint;
  const Curve& c;

  std::size_t octets() const { return c.field().bytes(); }
  const std::string& curve_name() const { return c.name(); }
  const char* not_element() const { return "is not below p"; }
  bool coordinate(std::span<const std::uint8_t> in, gfp::Element& out) const { return c.field().from_bytes_be(in, out); }
  void put(const gfp::Element& e, std::span<std::uint8_t> out) const { c.field().to_bytes_be(e, out); }
  unsigned y_bit(const Point& p) const { return c.field().is_odd_vartime(p.y) ? 1 : 0; }
  /// y = sqrt(x^3 + a x + b) of the given parity; false where the root does not exist.
  bool decompress(Point& p, unsigned bit) const {
    const gfp::Field& f = c.field();
    if (!f.sqrt_vartime(p.y, rhs(c, p.x))) return false;
    if ((f.is_odd_vartime(p.y) ? 1u : 0u) != bit) f.neg(p.y, p.y);
    return true;
  }
  bool on_curve(const Point& p) const { return ecp::on_curve(c, p); }
  /// n P = O: every point of the curve for cofactor 1.
  bool of_order_n(const Point& p) const {
    return c.cofactor() == 1 || mul(c, c.scalar_field().order_scalar(), p).infinity;
  }
};

}  // namespace

mp::Nat x_integer(const Curve& c, const AffinePoint& p) { return c.field().to_nat(p.x); }

Bytes encode_point(const Curve& c, const AffinePoint& p, bool compressed) {
  return curve::encode_point_sec1(Sec1Prime{c}, p, compressed);
}

AffinePoint decode_point(const Curve& c, std::span<const std::uint8_t> in) {
  return curve::decode_point_sec1(Sec1Prime{c}, in);
}

}  // namespace dstu::ecp
