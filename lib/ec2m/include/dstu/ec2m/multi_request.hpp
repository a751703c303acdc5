// dstu::ec2m — the multi-request methods of F. F. Al-Otaibi's thesis "Trade-off analysis
// for generic-point parallel elliptic curve scalar multiplication" on binary curves: the
// scheduling of dstu/curve/multi_request_schedule.hpp (the methods, their names and cost
// model: dstu/curve/multi_request.hpp) run with López–Dahab formulas (mixed additions of
// the affine base inside the partitions, a general López–Dahab addition for the partial
// results). The results are exactly k_i P_i, equal to mul_wnaf_vartime one at a time,
// for every scalar (0 and multiples of n give O) and every point on the curve (O
// included). Variable time throughout: for public scalars and points only (a throughput
// study).
#pragma once

#include <span>
#include <vector>

#include "dstu/curve/multi_request.hpp"
#include "dstu/ec2m/curve.hpp"

namespace dstu::ec2m {

/// One request k P (pointers to the caller's data, which must outlive the call).
using MulRequest = curve::MulRequest<mp::Nat, AffinePoint>;

/// k_i P_i for every request by `method` on up to `threads` team threads (u = threads).
std::vector<AffinePoint> mul_multi_request_vartime(const Curve& c, curve::MultiRequestMethod method,
                                                   std::span<const MulRequest> requests, int threads);

}  // namespace dstu::ec2m
