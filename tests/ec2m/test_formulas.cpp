// The López–Dahab and Jacobian-type doubling and mixed-addition formulas against the
// affine group law, on every curve and CPU path.
#include <doctest/doctest.h>

#include "cpu_paths.hpp"
#include "dstu/ec2m/formulas.hpp"
#include "dstu/ec2m/point.hpp"
#include "ec2m_test_util.hpp"

using dstu::ec2m::Coordinates;
using dstu::ec2m::Curve;
namespace ec2m = dstu::ec2m;

TEST_CASE("projective doublings and mixed additions match the affine formulas") {
  dstu::test::for_each_cpu_path([](const std::string& path) {
    dstu::test::TestRng rng(120);
    for (const Curve* c : Curve::all_named()) {
      for (Coordinates coords : {Coordinates::lopez_dahab, Coordinates::jacobian}) {
        INFO(c->name() << " path=" << path << " jacobian=" << (coords == Coordinates::jacobian));
        const ec2m::AffinePoint p = dstu::test::random_point(*c, rng), q = dstu::test::random_point(*c, rng);
        ec2m::AffinePoint want = p;
        for (std::size_t n : {1, 2, 5, 40}) {
          want = p;
          for (std::size_t i = 0; i < n; ++i) want = ec2m::double_vartime(*c, want);
          CHECK(ec2m::same_point(*c, ec2m::repeated_double(*c, coords, p, n), want));
          want = p;
          for (std::size_t i = 0; i < n; ++i) want = ec2m::add_vartime(*c, want, q);
          CHECK(ec2m::same_point(*c, ec2m::repeated_add(*c, coords, p, q, n), want));
        }
        // P + (-P) = O through the mixed addition.
        CHECK(ec2m::repeated_add(*c, coords, p, ec2m::negate(*c, p), 1).infinity);
      }
    }
  });
}
