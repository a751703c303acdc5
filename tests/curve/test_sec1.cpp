// The SEC 1 point codec (dstu/curve/sec1.hpp) through both kinds of curves (B-233 and
// K-163 over GF(2^m), P-256 and brainpoolP384r1 over GF(p)): round trips, compressed and
// not, and the same refusal, word for word, for the same fault on either kind (only the
// field's reason for a coordinate out of range differs: bits at or above x^m, or not
// below p); the order check on the binary curves' point of order 2.
#include <doctest/doctest.h>

#include <functional>
#include <string>
#include <vector>

#include "dstu/base/error.hpp"
#include "dstu/ec2m/curve.hpp"
#include "dstu/ec2m/point.hpp"
#include "dstu/ec2m/scalar_mul.hpp"
#include "dstu/ecp/curve.hpp"
#include "dstu/ecp/point.hpp"
#include "dstu/ecp/scalar_mul.hpp"

using dstu::Bytes;
using dstu::mp::Nat;

namespace {

/// The message of decode's refusal, or "accepted".
std::string refusal(const std::function<void()>& decode) {
  try {
    decode();
  } catch (const dstu::Error& e) {
    return e.what();
  }
  return "accepted";
}

/// One kind of curve as the test sees it: the encodings of a point and the decoder.
struct Kind {
  std::string name;
  std::size_t octets;
  Bytes full, packed;                           ///< a point of order n, both forms
  std::function<void(const Bytes&)> decode;     ///< throws what the module throws
  std::function<void()> encode_infinity;        ///< encodes O
  std::string range_reason;                     ///< the field's reason for x out of range
  Bytes x_out_of_range;                         ///< an uncompressed encoding with such an x
};

Kind binary(const char* name) {
  namespace ec = dstu::ec2m;
  const ec::Curve& c = *ec::Curve::find_nist(name);
  const ec::AffinePoint p = ec::mul_base(c, dstu::curve::scalar_from_nat(Nat(12345)));
  Kind k{name, c.field_bytes(), ec::encode_point(c, p, false), ec::encode_point(c, p, true),
         [&c](const Bytes& b) { (void)ec::decode_point(c, b); },
         [&c] { (void)ec::encode_point(c, ec::AffinePoint::at_infinity(), true); },
         "has bits at or above x^" + std::to_string(c.m()), {}};
  k.x_out_of_range = k.full;
  k.x_out_of_range[1] = 0xff;  // m is not a multiple of 8 on these curves
  REQUIRE(ec::same_point(c, ec::decode_point(c, k.full), p));
  REQUIRE(ec::same_point(c, ec::decode_point(c, k.packed), p));
  return k;
}

Kind prime(const char* name) {
  namespace ecp = dstu::ecp;
  const ecp::Curve& c = ecp::Curve::named(name);
  const ecp::AffinePoint p = ecp::mul_base(c, dstu::curve::scalar_from_nat(Nat(12345)));
  Kind k{name, c.field().bytes(), ecp::encode_point(c, p, false), ecp::encode_point(c, p, true),
         [&c](const Bytes& b) { (void)ecp::decode_point(c, b); },
         [&c] { (void)ecp::encode_point(c, ecp::AffinePoint::at_infinity(), true); }, "is not below p", {}};
  k.x_out_of_range = k.full;
  for (std::size_t i = 1; i <= k.octets; ++i) k.x_out_of_range[i] = 0xff;
  REQUIRE(ecp::same_point(c, ecp::decode_point(c, k.full), p));
  REQUIRE(ecp::same_point(c, ecp::decode_point(c, k.packed), p));
  return k;
}

}  // namespace

TEST_CASE("the same fault gets the same refusal on binary and prime curves") {
  for (const Kind& k : {binary("B-233"), binary("K-163"), prime("P-256"), prime("brainpoolP384r1")}) {
    INFO(k.name);
    const auto decode = [&](const Bytes& b) { return refusal([&] { k.decode(b); }); };
    const std::string l = std::to_string(k.octets), l2 = std::to_string(2 * k.octets);
    CHECK(decode({}) == "SEC 1 point: empty");
    CHECK(decode({0x00}) == "SEC 1 point: 00 is the point at infinity, not a valid point");
    for (std::uint8_t prefix : {0x01, 0x05, 0x06, 0x07, 0xff}) {
      Bytes b = k.full;
      b[0] = prefix;
      static const char* hex = "0123456789abcdef";
      CHECK(decode(b) == std::string("SEC 1 point: unknown prefix 0x") + hex[prefix >> 4] + hex[prefix & 15] +
                             " (expected 02 or 03 compressed, 04 uncompressed)");
    }
    Bytes shorter(k.full.begin(), k.full.end() - 1);
    CHECK(decode(shorter) == "SEC 1 point: " + std::to_string(2 * k.octets) + " octets with prefix 0x04, expected " +
                                 std::to_string(1 + 2 * k.octets) + " on " + k.name);
    Bytes longer = k.packed;
    longer.push_back(0);
    CHECK(decode(longer) == "SEC 1 point: " + std::to_string(k.octets + 2) + " octets with prefix 0x0" +
                                std::to_string(k.packed[0]) + ", expected " + std::to_string(1 + k.octets) + " on " +
                                k.name);
    CHECK(decode(k.x_out_of_range) == "SEC 1 point: x " + k.range_reason);
    Bytes y_out = k.full;
    for (std::size_t i = 1 + k.octets; i < y_out.size(); ++i) y_out[i] = 0xff;
    CHECK(decode(y_out) == "SEC 1 point: y " + k.range_reason);
    Bytes off = k.full;
    off.back() ^= 1;
    CHECK(decode(off) == "SEC 1 point: not on the curve");
    // A compressed x with no point: about half of all x on either kind (the others give
    // a point, of order n or not: B-233's and K-163's cofactor is 2).
    int no_point = 0;
    for (std::uint8_t v = 1; v < 40; ++v) {
      Bytes b(1 + k.octets, 0);
      b[0] = 0x02;
      b[k.octets] = v;
      const std::string why = decode(b);
      no_point += why == "SEC 1 point: no point of the curve has this x";
      CHECK((why == "accepted" || why == "SEC 1 point: no point of the curve has this x" ||
             why == "SEC 1 point: not of order n (n P != O)"));
    }
    CHECK(no_point > 0);
    CHECK(refusal(k.encode_infinity) ==
          "SEC 1 point: the point at infinity has no encoding here (00 is not a public key)");
    CHECK(decode(k.full) == "accepted");
    CHECK(decode(k.packed) == "accepted");
  }
}

TEST_CASE("a point of the curve but not of order n is refused as such (binary curves, cofactor 2 and 4)") {
  namespace ec = dstu::ec2m;
  for (const char* name : {"B-233", "K-233"}) {
    const ec::Curve& c = *ec::Curve::find_nist(name);
    ec::AffinePoint t;  // (0, sqrt(B)): order 2
    t.y = c.sqrt_b();
    REQUIRE(ec::on_curve(c, t));
    for (bool compressed : {false, true}) {
      INFO(name << (compressed ? " compressed" : ""));
      CHECK(refusal([&] { (void)ec::decode_point(c, ec::encode_point(c, t, compressed)); }) ==
            "SEC 1 point: not of order n (n P != O)");
    }
  }
}
