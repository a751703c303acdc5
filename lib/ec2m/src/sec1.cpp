// SEC 1 v2.0 point encodings on binary curves: §2.3.3 (elliptic-curve-point-to-octet-
// string) and §2.3.4 (octet-string-to-elliptic-curve-point), with field elements as
// ceil(m/8) big-endian octets (§2.3.5) and point compression by the bit y~ of §2.3.3
// step 3.2 (the rightmost bit of y x^-1). Decoding ends with public-key validation
// (SEC 1 §3.2.2.1: on the curve, n P = O). Public points only: variable time.
#include <cstdint>
#include <string>

#include "dstu/base/error.hpp"
#include "dstu/ec2m/point.hpp"
#include "dstu/gf2m/ops.hpp"

namespace dstu::ec2m {
namespace {

[[noreturn]] void bad(const std::string& what) { throw_invalid("SEC 1 point: " + what); }

std::string hex_byte(std::uint8_t b) {
  static const char digits[] = "0123456789abcdef";
  return {digits[b >> 4], digits[b & 15]};
}

/// The rightmost bit of y x^-1 (SEC 1 §2.3.3 step 3.2); 0 when x = 0.
unsigned y_tilde(const gf2m::Field& f, const AffinePoint& p) {
  if (gf2m::is_zero(f, p.x)) return 0;
  Element inv, z;
  gf2m::inv_vartime(f, inv, p.x);
  gf2m::mul(f, z, p.y, inv);
  return static_cast<unsigned>(z.w[0] & 1);
}

/// A coordinate from its ceil(m/8) big-endian octets, refusing bits at or above m.
Element coordinate(const gf2m::Field& f, std::span<const std::uint8_t> octets, const char* which) {
  // The first octet holds the top m - 8 (ceil(m/8) - 1) bits (1 to 8 of them).
  const int top_bits = f.m() - 8 * (f.bytes() - 1);
  if ((octets[0] >> top_bits) != 0) bad(std::string(which) + " has bits at or above x^" + std::to_string(f.m()));
  return gf2m::from_bytes_be(f, octets);
}

/// SEC 1 §2.3.4 step 2.4.3 for binary fields: the y with this x and y~, from
/// z^2 + z = x + A + B x^-2 and y = x z (x = 0: y = sqrt(B)).
AffinePoint decompress_sec1(const Curve& c, const Element& x, unsigned y_bit) {
  const gf2m::Field& f = c.field();
  AffinePoint p;
  p.x = x;
  if (gf2m::is_zero(f, x)) {
    p.y = c.sqrt_b();
    return p;
  }
  Element inv, inv2, v, z;
  gf2m::inv_vartime(f, inv, x);
  gf2m::sqr(f, inv2, inv);
  gf2m::mul(f, v, c.b(), inv2);
  gf2m::add(f, v, v, x);
  if (c.a()) v.w[0] ^= 1;
  if (!gf2m::solve_quadratic(f, z, v)) bad("no point of the curve has this x (Tr(x + A + B/x^2) = 1)");
  if ((z.w[0] & 1) != y_bit) z.w[0] ^= 1;  // the other root is z + 1
  gf2m::mul(f, p.y, x, z);
  return p;
}

}  // namespace

Bytes encode_point_sec1(const Curve& c, const AffinePoint& p, bool compressed) {
  if (p.infinity) throw_invalid("SEC 1 point: the point at infinity has no encoding here (00 is not a public key)");
  const gf2m::Field& f = c.field();
  Bytes out{static_cast<std::uint8_t>(compressed ? 0x02 | y_tilde(f, p) : 0x04)};
  const Bytes x = gf2m::to_bytes_be(f, p.x);
  out.insert(out.end(), x.begin(), x.end());
  if (!compressed) {
    const Bytes y = gf2m::to_bytes_be(f, p.y);
    out.insert(out.end(), y.begin(), y.end());
  }
  return out;
}

AffinePoint decode_point_sec1(const Curve& c, std::span<const std::uint8_t> encoded) {
  const gf2m::Field& f = c.field();
  const std::size_t l = c.field_bytes();
  if (encoded.empty()) bad("empty");
  const std::uint8_t prefix = encoded[0];
  if (prefix == 0x00) bad("00 is the point at infinity, not a valid point");
  if (prefix != 0x02 && prefix != 0x03 && prefix != 0x04) {
    bad("unknown prefix 0x" + hex_byte(prefix) + " (expected 02 or 03 compressed, 04 uncompressed)");
  }
  const std::size_t want = prefix == 0x04 ? 1 + 2 * l : 1 + l;
  if (encoded.size() != want) {
    bad(std::to_string(encoded.size()) + " octets with prefix 0x" + hex_byte(prefix) + ", expected " +
        std::to_string(want) + " on " + (c.name().empty() ? "this curve" : c.name()));
  }
  const Element x = coordinate(f, encoded.subspan(1, l), "x");
  AffinePoint p;
  if (prefix == 0x04) {
    p.x = x;
    p.y = coordinate(f, encoded.subspan(1 + l, l), "y");
    if (!on_curve(c, p)) bad("not on the curve");
  } else {
    p = decompress_sec1(c, x, prefix & 1u);
  }
  if (!valid_public_point(c, p)) bad("not of order n (n P != O)");
  return p;
}

}  // namespace dstu::ec2m
