// dstu::ec2m — many generic-point scalar multiplications k_i P_i at once on a binary
// curve, by the methods compared in F. F. Al-Otaibi's thesis "Trade-off analysis for
// generic-point parallel elliptic curve scalar multiplication" (seed 004): r requests
// on u threads. The methods, their names and the thesis's cost model are the
// curve-independent ones of dstu/parallel/multi_request.hpp (named here too); their
// scheduling is dstu/parallel/multi_request_schedule.hpp, run here with López–Dahab
// formulas (mixed additions of the affine base inside the partitions, a general
// López–Dahab addition for the partial results). The results are exactly k_i P_i,
// equal to mul_wnaf_vartime one at a time, for every scalar (0 and multiples of n give
// O) and every point on the curve (O included).
//
// Variable time throughout: for public scalars and points only (a throughput study).
// Depends on gf2m (kernels), mp (Nat) and parallel (the team and the scheduling).
#pragma once

#include <span>
#include <vector>

#include "dstu/ec2m/curve.hpp"
#include "dstu/mp/nat.hpp"
#include "dstu/parallel/multi_request.hpp"

namespace dstu::ec2m {

/// One request k P (pointers to the caller's data, which must outlive the call).
using MulRequest = parallel::MulRequest<mp::Nat, AffinePoint>;

/// The methods, their names and the cost model (dstu/parallel/multi_request.hpp).
using parallel::kMultiRequestMethods;
using parallel::multi_request_method_name;
using parallel::multi_request_model_doublings;
using parallel::MultiRequestMethod;

/// k_i P_i for every request by `method` with u = `threads` (at least 1) partitions,
/// lanes or threads as the method says, on up to `threads` team threads. Points must
/// be on the curve. Variable time: public scalars and points only.
std::vector<AffinePoint> mul_multi_request_vartime(const Curve& c, MultiRequestMethod method,
                                                   std::span<const MulRequest> requests, int threads);

}  // namespace dstu::ec2m
