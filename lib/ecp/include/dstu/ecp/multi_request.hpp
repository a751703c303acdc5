// dstu::ecp — the multi-request methods of F. F. Al-Otaibi's thesis "Trade-off analysis
// for generic-point parallel elliptic curve scalar multiplication" on curves over GF(p),
// the thesis's own kind (it measured brainpoolP160r1, P192r1, P256r1 and P512r1): the
// scheduling of dstu/curve/multi_request_schedule.hpp, the same code as on binary curves
// (dstu/ec2m/multi_request.hpp), run in Jacobian coordinates: mixed additions of the
// affine base inside the partitions (a = -3 doublings where the curve has a = -3) and
// general Jacobian additions for the partial results. The results are exactly k_i P_i,
// equal to mul one at a time, for every scalar (0 and multiples of n give O; any length)
// and every point on the curve (O included). Variable time throughout: for public
// scalars and points only (a throughput study).
#pragma once

#include <span>
#include <vector>

#include "dstu/curve/multi_request.hpp"
#include "dstu/ecp/curve.hpp"

namespace dstu::ecp {

/// One request k P (pointers to the caller's data, which must outlive the call).
using MulRequest = curve::MulRequest<mp::Nat, AffinePoint>;

/// k_i P_i for every request by `method` on up to `threads` team threads (u = threads).
std::vector<AffinePoint> mul_multi_request_vartime(const Curve& c, curve::MultiRequestMethod method,
                                                   std::span<const MulRequest> requests, int threads);

}  // namespace dstu::ecp
