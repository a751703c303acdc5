// dstu::ecp — scalar multiplication.
//
// mul and mul_base are constant time in the scalar and the point: mul by 4-bit fixed
// windows over L(n) bits, mul_base by fixed-base windows of signed 6-bit digits; each
// table entry read by a masked scan of the whole table; mul by one complete projective
// formula for doublings and additions alike, mul_base by Jacobian mixed additions where
// the window's place rules out their exceptional cases, complete ones above. Functions
// ending in _vartime are for public scalars (verification).
#pragma once

#include <span>
#include <vector>

#include "dstu/curve/multi_request.hpp"
#include "dstu/ecp/curve.hpp"

namespace dstu::ecp {

/// k P for any k < 2^(4 ceil(L(n) / 4)) (reduce secret scalars mod n first). Each of the
/// three constant-time multiplications throws Error(invalid_input) for a longer k, which
/// its windows would not read.
AffinePoint mul(const Curve& c, const Scalar& k, const AffinePoint& p);
/// k G for k < 2^(6 ceil((L(n) + 1) / 6) - 1), which holds every k < 2^L(n) (reduce secret
/// scalars mod n first): fixed-base windows of Booth's signed 6-bit digits, one table of
/// 32 affine points per window computed on the first call for each curve, no doublings;
/// constant time like mul.
AffinePoint mul_base(const Curve& c, const Scalar& k);
/// The same k G by the fixed-base comb of Lim and Lee (5 teeth, four tables of 32
/// points), for k < 2^(20 ceil(L(n)/20)): mul_base's twin, in the tests and benchmarks.
AffinePoint mul_base_comb(const Curve& c, const Scalar& k);
/// u1 G + u2 Q for public u1, u2 (interleaved w-NAF in Jacobian coordinates with cached
/// affine odd multiples of G).
AffinePoint mul_double_vartime(const Curve& c, const Scalar& u1, const Scalar& u2, const AffinePoint& q);
/// One request k P of the multi-request methods (pointers to the caller's data).
using MulRequest = curve::MulRequest<mp::Nat, AffinePoint>;
/// k_i P_i for every request by one of the multi-request methods of Al-Otaibi's thesis
/// (dstu/curve/multi_request.hpp) with u = `threads`, in Jacobian coordinates: exactly
/// mul one at a time, for every scalar (any length) and every point on the curve (O
/// included). Variable time: public scalars and points only (a throughput study).
std::vector<AffinePoint> mul_multi_request_vartime(const Curve& c, curve::MultiRequestMethod method,
                                                   std::span<const MulRequest> requests, int threads);
/// Whether u1 G + u2 Q is finite and its x, as an integer, is r mod n: the last test of
/// ECDSA and ECGDSA verification, made on the Jacobian sum without inverting its Z
/// (public inputs; false for r >= n).
bool mul_double_x_equals_vartime(const Curve& c, const Scalar& u1, const Scalar& u2, const AffinePoint& q,
                                 const mp::Nat& r);

}  // namespace dstu::ecp
