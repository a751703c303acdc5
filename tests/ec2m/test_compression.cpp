// Point compression: the KATs of test-vectors/ec2m/compression.vec and round trips of
// random points on every curve, once per CPU path; invalid inputs.
#include <doctest/doctest.h>

#include "cpu_paths.hpp"
#include "dstu/base/error.hpp"
#include "dstu/ec2m/point.hpp"
#include "dstu/gf2m/ops.hpp"
#include "ec2m_test_util.hpp"
#include "vec.hpp"

using dstu::ec2m::Curve;
namespace ec2m = dstu::ec2m;
namespace gf2m = dstu::gf2m;

TEST_CASE("compression known answers") {
  dstu::test::for_each_cpu_path([](const std::string& path) {
    for (const auto& v : dstu::test::load_vectors("ec2m/compression.vec", "compression")) {
      INFO(v.where() << " " << v.get("Id") << " path=" << path);
      const Curve& c = Curve::named(v.get("Oid"));
      const auto& f = c.field();
      if (v.has("CompressedLe")) {
        const ec2m::AffinePoint p = ec2m::decompress_le(c, v.bytes("CompressedLe"));
        CHECK(ec2m::same_point(c, p, c.generator()));
        CHECK(dstu::to_hex(ec2m::compress_le(c, c.generator())) == v.get("CompressedLe"));
        CHECK(dstu::to_hex(gf2m::to_bytes_le(f, c.b())) == v.get("BLe"));
        continue;
      }
      ec2m::AffinePoint want;
      want.x = gf2m::from_hex(f, v.get("X"));
      want.y = gf2m::from_hex(f, v.get("Y"));
      CHECK(ec2m::on_curve(c, want));
      const gf2m::Element packed = gf2m::from_hex(f, v.get("Compressed"));
      CHECK(ec2m::same_point(c, ec2m::decompress(c, packed), want));
      if (!gf2m::is_zero(f, want.x)) CHECK(gf2m::equal(f, ec2m::compress(c, want), packed));
    }
  });
}

TEST_CASE("compress/decompress round trips on every curve") {
  dstu::test::for_each_cpu_path([](const std::string&) {
    dstu::test::TestRng rng(100);
    for (const Curve* c : Curve::all_named()) {
      for (int i = 0; i < 30; ++i) {
        const ec2m::AffinePoint p = dstu::test::random_point(*c, rng);
        INFO(c->name());
        CHECK(ec2m::valid_public_point(*c, p));
        const dstu::Bytes le = ec2m::compress_le(*c, p);
        CHECK(le.size() == c->field_bytes());
        CHECK(ec2m::same_point(*c, ec2m::decompress_le(*c, le), p));
        CHECK(ec2m::same_point(*c, ec2m::decompress(*c, ec2m::compress(*c, ec2m::negate(*c, p))), ec2m::negate(*c, p)));
      }
    }
  });
}

TEST_CASE("invalid compressed points and keys are rejected") {
  const Curve& c = Curve::named("dstu257");
  const auto& f = c.field();
  int rejected = 0;
  dstu::test::TestRng rng(101);
  for (int i = 0; i < 200; ++i) {
    gf2m::Element x;
    for (int w = 0; w < f.words(); ++w) x.w[w] = rng.u64();
    x.w[f.words() - 1] &= f.top_mask();
    try {
      ec2m::decompress(c, x);
    } catch (const dstu::Error&) {
      ++rejected;
    }
  }
  CHECK(rejected > 50);  // about half of all x have no point
  CHECK_THROWS_AS(ec2m::decompress_le(c, dstu::Bytes(32, 0)), dstu::Error);   // wrong length
  CHECK_THROWS_AS(ec2m::decompress_le(c, dstu::Bytes(33, 0xff)), dstu::Error);  // >= 2^257
  CHECK_THROWS_AS(ec2m::compress(c, ec2m::AffinePoint::at_infinity()), dstu::Error);
  // (0, sqrt(B)) decompresses but has order 2: not a valid public key.
  const ec2m::AffinePoint two = ec2m::decompress(c, gf2m::Element{});
  CHECK(ec2m::on_curve(c, two));
  CHECK_FALSE(ec2m::valid_public_point(c, two));
  CHECK_FALSE(ec2m::valid_public_point(c, ec2m::AffinePoint::at_infinity()));
  ec2m::AffinePoint off = c.generator();
  off.y.w[0] ^= 1;
  CHECK_FALSE(ec2m::valid_public_point(c, off));
  // Points of order h n but not n: on the curve, rejected as keys.
  int outside = 0;
  for (gf2m::Word xv = 2; outside < 5 && xv < 1000; ++xv) {
    gf2m::Element x;
    x.w[0] = xv;
    try {
      const ec2m::AffinePoint p = ec2m::decompress(c, x);
      if (ec2m::mul_wnaf_vartime(c, ec2m::scalar_from_nat(c.order()), p).infinity) continue;
      CHECK(ec2m::on_curve(c, p));
      CHECK_FALSE(ec2m::valid_public_point(c, p));
      ++outside;
    } catch (const dstu::Error&) {
    }
  }
  CHECK(outside == 5);
}
