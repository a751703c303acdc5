// dstu bench ec: [Parallel DSTU 4145] Table 2 on this machine (D and A in López–Dahab and
// Jacobian-type coordinates, r = A / D, comb iterations d for window 8) and the
// scalar multiplications per curve (ladder, comb, wNAF, double-scalar).
#include <string>

#include "bench/bench.hpp"
#include "dstu/ec2m/formulas.hpp"
#include "dstu/ec2m/point.hpp"
#include "dstu/ec2m/curve.hpp"
#include "dstu/ec2m/scalar_mul.hpp"
#include "dstu/rng/random.hpp"

namespace dstu::cli::bench {
namespace {

ec2m::Scalar random_scalar(const ec2m::Curve& c, rng::ChaCha20Drbg& rng) {
  ec2m::Scalar k;
  for (auto& l : k.v) l = rng.next_u64();
  return c.scalar_field().reduce(k);
}

}  // namespace

std::size_t comb_iterations(const ec2m::Curve& c) { return (c.order_bits() + ec2m::kCombWindow - 1) / ec2m::kCombWindow; }

std::vector<Record> measure_formulas(const ec2m::Curve& c, ec2m::Coordinates coords, const Budget& budget) {
  rng::ChaCha20Drbg rng(6, static_cast<std::uint64_t>(c.m()));
  const ec2m::AffinePoint p = ec2m::mul_base(c, random_scalar(c, rng));
  const ec2m::AffinePoint q = ec2m::mul_base(c, random_scalar(c, rng));
  constexpr std::size_t kSteps = 256;  // formula applications per timed call
  const char* tag = coords == ec2m::Coordinates::lopez_dahab ? "ld" : "jacobian";
  const Json params = {{"curve", c.name()}, {"coordinates", tag}, {"comb_iterations", comb_iterations(c)}};
  Record D = time_op("ec", "double", params, 1, "ns", budget, [&] { keep(ec2m::repeated_double(c, coords, p, kSteps)); });
  Record A = time_op("ec", "add_mixed", params, 1, "ns", budget,
                     [&] { keep(ec2m::repeated_add(c, coords, p, q, kSteps)); });
  for (Record* r : {&D, &A}) set(*r, stats::scaled(summary(*r), 1.0 / kSteps));
  Record r = ratio_record("ec", "r_add_over_double", params, A, D);
  return {std::move(D), std::move(A), std::move(r)};
}

void suite_ec(const Options& opt, std::vector<Record>& out) {
  rng::ChaCha20Drbg rng(6, 0);
  const Budget budget{opt.quick ? 3 : 9, std::chrono::milliseconds(opt.quick ? 1 : 3)};
  for (const ec2m::Curve* c : ec2m::Curve::all_named()) {
    for (auto coords : {ec2m::Coordinates::lopez_dahab, ec2m::Coordinates::jacobian}) {
      for (Record& r : measure_formulas(*c, coords, budget)) out.push_back(std::move(r));
    }
    const ec2m::AffinePoint p = ec2m::mul_base(*c, random_scalar(*c, rng));
    const ec2m::AffinePoint q = ec2m::mul_base(*c, random_scalar(*c, rng));
    const Json params = {{"curve", c->name()}, {"m", c->m()}};
    const ec2m::Scalar k = random_scalar(*c, rng);
    const ec2m::Scalar s = random_scalar(*c, rng), rr = random_scalar(*c, rng);
    out.push_back(time_op("ec", "ladder", params, 1, "us", budget, [&] { keep(ec2m::mul(*c, k, p)); }));
    out.push_back(time_op("ec", "comb", {{"curve", c->name()}, {"m", c->m()}, {"window", ec2m::kCombWindow}}, 1, "us",
                          budget, [&] { keep(ec2m::mul_base(*c, k)); }));
    out.push_back(time_op("ec", "wnaf", params, 1, "us", budget, [&] { keep(ec2m::mul_wnaf_vartime(*c, s, p)); }));
    out.push_back(time_op("ec", "double_scalar", params, 1, "us", budget,
                          [&] { keep(ec2m::mul_double_vartime(*c, s, rr, q)); }));
  }
}

}  // namespace dstu::cli::bench
