// The named curves: parameters against the independent JSON copy, the base point on
// the curve and of prime order n, compression of G, lookup by name and OID, and
// custom-curve parameter checks.
#include <doctest/doctest.h>

#include <sstream>

#include "cpu_paths.hpp"
#include "dstu/base/error.hpp"
#include "dstu/ec2m/point.hpp"
#include "dstu/ec2m/scalar_mul.hpp"
#include "dstu/gf2m/ops.hpp"
#include "dstu/mp/prime.hpp"
#include "vec.hpp"

using dstu::ec2m::Curve;
namespace ec2m = dstu::ec2m;
namespace mp = dstu::mp;
namespace gf2m = dstu::gf2m;

TEST_CASE("built-in curves match test-vectors/ec2m/curves.vec") {
  const auto vectors = dstu::test::load_vectors("ec2m/curves.vec", "curve");
  REQUIRE(vectors.size() == 10);
  for (const auto& v : vectors) {
    INFO(v.where());
    const Curve& c = Curve::named(v.get("Oid"));
    CHECK(c.m() == std::stoi(v.get("M")));
    std::istringstream exps(v.get("Exponents"));
    std::vector<int> want;
    for (int e; exps >> e;) want.push_back(e);
    CHECK(std::vector<int>(c.field().exponents().begin(), c.field().exponents().end()) == want);
    CHECK(c.a() == static_cast<unsigned>(std::stoi(v.get("A"))));
    CHECK(gf2m::equal(c.field(), c.b(), gf2m::from_hex(c.field(), v.get("B"))));
    CHECK(c.order() == mp::Nat::from_hex(v.get("N")));
    CHECK(c.cofactor() == static_cast<unsigned>(std::stoi(v.get("H"))));
    CHECK(gf2m::equal(c.field(), c.generator().x, gf2m::from_hex(c.field(), v.get("Gx"))));
    CHECK(gf2m::equal(c.field(), c.generator().y, gf2m::from_hex(c.field(), v.get("Gy"))));
    CHECK(dstu::to_hex(ec2m::compress_le(c, c.generator())) == v.get("CompressedLe"));
    CHECK(Curve::named(c.name()).oid() == v.get("Oid"));
  }
}

TEST_CASE("every named curve: G on the curve, n prime, n G = O, h n in the Hasse bound") {
  dstu::test::for_each_cpu_path([](const std::string& path) {
    for (const Curve* c : Curve::all_named()) {
      INFO(c->name() << " path=" << path);
      CHECK(ec2m::on_curve(*c, c->generator()));
      CHECK(mp::baillie_psw(c->order()));
      CHECK(ec2m::mul_reference_vartime(*c, c->order(), c->generator()).infinity);
      CHECK(ec2m::mul_wnaf_vartime(*c, ec2m::scalar_from_nat(c->order()), c->generator()).infinity);
      CHECK(ec2m::valid_public_point(*c, c->generator()));
      CHECK_FALSE(ec2m::mul_reference_vartime(*c, c->order() - mp::Nat(1), c->generator()).infinity);
      const ec2m::AffinePoint back = ec2m::decompress(*c, ec2m::compress(*c, c->generator()));
      CHECK(ec2m::same_point(*c, back, c->generator()));
      // The custom-curve checks accept the named parameters too.
      const Curve copy(c->spec());
      CHECK(copy.order() == c->order());
    }
  });
}

TEST_CASE("unknown curves and bad custom parameters are errors") {
  CHECK_THROWS_AS(Curve::named("dstu256"), dstu::Error);
  CHECK_THROWS_AS(Curve::named("1.2.3"), dstu::Error);
  ec2m::CurveSpec s = Curve::named("dstu163").spec();
  s.a = 2;
  CHECK_THROWS_AS(Curve{s}, dstu::Error);
  s = Curve::named("dstu163").spec();
  s.gy = "1";  // not on the curve
  CHECK_THROWS_AS(Curve{s}, dstu::Error);
  s = Curve::named("dstu163").spec();
  s.n = "400000000000000000002BEC12BE2262D39BCF14F";  // n + 2: not the order
  CHECK_THROWS_AS(Curve{s}, dstu::Error);
  s = Curve::named("dstu163").spec();
  s.b = "0";
  CHECK_THROWS_AS(Curve{s}, dstu::Error);
  s = Curve::named("dstu163").spec();
  s.exponents = {163, 8, 0};  // reducible or a different field: G no longer fits
  CHECK_THROWS(Curve{s});
}
