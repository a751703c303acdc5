// Point validation, negation, comparison and SEC 1 encodings (SEC 1 v2 §2.3.3-2.3.4).
#include "dstu/ecp/point.hpp"

#include "dstu/base/error.hpp"
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

[[noreturn]] void bad(const Curve& c, const std::string& what) {
  throw_invalid("point on " + c.name() + ": " + what);
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

Bytes encode_point(const Curve& c, const AffinePoint& p, bool compressed) {
  if (p.infinity) throw_invalid("the point at infinity has no SEC 1 encoding here");
  const gfp::Field& f = c.field();
  const std::size_t len = f.bytes();
  Bytes out(1 + len * (compressed ? 1 : 2));
  f.to_bytes_be(p.x, std::span(out).subspan(1, len));
  if (compressed) {
    out[0] = f.is_odd_vartime(p.y) ? 0x03 : 0x02;
  } else {
    out[0] = 0x04;
    f.to_bytes_be(p.y, std::span(out).subspan(1 + len, len));
  }
  return out;
}

AffinePoint decode_point(const Curve& c, std::span<const std::uint8_t> in) {
  const gfp::Field& f = c.field();
  const std::size_t len = f.bytes();
  if (in.empty()) bad(c, "empty encoding");
  AffinePoint p;
  if (in[0] == 0x04) {
    if (in.size() != 1 + 2 * len) bad(c, "uncompressed encoding of the wrong length");
    if (!f.from_bytes_be(in.subspan(1, len), p.x)) bad(c, "x is not below p");
    if (!f.from_bytes_be(in.subspan(1 + len, len), p.y)) bad(c, "y is not below p");
    if (!on_curve(c, p)) bad(c, "not on the curve");
  } else if (in[0] == 0x02 || in[0] == 0x03) {
    if (in.size() != 1 + len) bad(c, "compressed encoding of the wrong length");
    if (!f.from_bytes_be(in.subspan(1, len), p.x)) bad(c, "x is not below p");
    if (!f.sqrt_vartime(p.y, rhs(c, p.x))) bad(c, "no point has this x");
    if (f.is_odd_vartime(p.y) != (in[0] == 0x03)) f.neg(p.y, p.y);
  } else {
    bad(c, "unknown encoding prefix (02, 03 or 04 expected)");
  }
  if (c.cofactor() != 1 && !mul(c, scalar_from_nat(c.order()), p).infinity) bad(c, "not of order n");
  return p;
}

}  // namespace dstu::ecp
