// Point compression and decompression, DSTU 4145-2002 §6.9-6.10.
#include "dstu/base/error.hpp"
#include "dstu/ec2m/point.hpp"
#include "dstu/gf2m/ops.hpp"
#include "decompress.hpp"

namespace dstu::ec2m {

bool detail::y_over_x_vartime(const Curve& c, const Element& x, Element& z) {
  const gf2m::Field& f = c.field();
  Element inv, inv2, v;
  gf2m::inv_vartime(f, inv, x);
  gf2m::sqr(f, inv2, inv);
  gf2m::mul(f, v, c.b(), inv2);
  gf2m::add(f, v, v, x);
  if (c.a()) v.w[0] ^= 1;
  return gf2m::solve_quadratic(f, z, v);
}

Element compress(const Curve& c, const AffinePoint& p) {
  if (p.infinity) throw_invalid("the point at infinity has no compressed form");
  const gf2m::Field& f = c.field();
  if (gf2m::is_zero(f, p.x)) return Element{};
  // x with its lowest bit replaced by Tr(y / x).
  Element inv, t;
  gf2m::inv(f, inv, p.x);
  gf2m::mul(f, t, p.y, inv);
  Element out = p.x;
  out.w[0] = (out.w[0] & ~gf2m::Word{1}) | gf2m::trace(f, t);
  return out;
}

AffinePoint decompress(const Curve& c, const Element& packed) {
  const gf2m::Field& f = c.field();
  AffinePoint p;
  if (gf2m::is_zero(f, packed)) {
    gf2m::sqrt(f, p.y, c.b());  // (0, sqrt(B))
    return p;
  }
  const unsigned k = packed.w[0] & 1;
  p.x = packed;
  p.x.w[0] &= ~gf2m::Word{1};
  // For a point of odd order Tr(x) = Tr(A) = A; the lowest bit restores it (Tr(1) = 1).
  if (gf2m::trace(f, p.x) != c.a()) p.x.w[0] |= 1;
  if (gf2m::is_zero(f, p.x)) throw_invalid("compressed point does not decompress (x = 0)");
  // y = z x with z^2 + z = x + A + B / x^2 and Tr(z) = k.
  Element z;
  if (!detail::y_over_x_vartime(c, p.x, z)) throw_invalid("compressed point is not on the curve");
  if (gf2m::trace(f, z) != k) z.w[0] ^= 1;
  gf2m::mul(f, p.y, z, p.x);
  return p;
}

Bytes compress_le(const Curve& c, const AffinePoint& p) { return gf2m::to_bytes_le(c.field(), compress(c, p)); }

AffinePoint decompress_le(const Curve& c, std::span<const std::uint8_t> bytes) {
  if (bytes.size() != c.field_bytes()) {
    throw_invalid("compressed point has " + std::to_string(bytes.size()) + " bytes, expected " +
                  std::to_string(c.field_bytes()));
  }
  return decompress(c, gf2m::from_bytes_le(c.field(), bytes));
}

}  // namespace dstu::ec2m
