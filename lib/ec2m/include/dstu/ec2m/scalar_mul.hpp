// dstu::ec2m — scalar multiplication.
//
// mul and mul_base take secret scalars and run in constant time: the scalar is
// reduced mod n and recoded to a fixed length in constant time, every step does the
// same field operations, and table entries are read by full masked scans. The
// _vartime functions are for public scalars and points (verification, validation).
// Points given as input must be on the curve; the results of the constant-time
// functions are correct for every scalar (0 and n give O).
#pragma once

#include <span>
#include <vector>

#include "dstu/curve/multi_request.hpp"
#include "dstu/ec2m/curve.hpp"
#include "dstu/mp/nat.hpp"

namespace dstu::ec2m {

/// k P by the Montgomery ladder on López–Dahab x-only coordinates with y recovered
/// at the end (López–Dahab 1999). P must have odd order (any point of the prime-order
/// subgroup does). Constant time in k and P.
AffinePoint mul(const Curve& c, const Scalar& k, const AffinePoint& p);

/// k G by the fixed-base comb (window 8 by default, as in the paper on parallel
/// algorithms for DSTU 4145-2002 on multi-core CPUs), read by a constant-time
/// scan of the curve's precomputed table: signed digits over 128 points where they fit
/// the curve (every named curve), else unsigned digits over 255. Constant time in k.
AffinePoint mul_base(const Curve& c, const Scalar& k);

/// The comb's digits: signed (every digit +-1, half the table) where they fit the
/// curve and window (`best`), or one form forced (signed_digits must fit).
enum class CombDigits { best, unsigned_digits, signed_digits };

/// k G by the comb with window w (2..8) and the given digits, for tests and
/// comparisons; the table is built on each call unless w is the default and the digits
/// are `best` (mul_base itself).
AffinePoint mul_base_comb(const Curve& c, const Scalar& k, int w, CombDigits digits = CombDigits::best);

/// k P by width-5 wNAF on López–Dahab coordinates. Variable time; any scalar.
AffinePoint mul_wnaf_vartime(const Curve& c, const Scalar& k, const AffinePoint& p);

/// s G + r Q by interleaved wNAF (width 8 over the precomputed multiples of G, width 5
/// for Q) and one final inversion. Variable time: public scalars and points only.
AffinePoint mul_double_vartime(const Curve& c, const Scalar& s, const Scalar& r, const AffinePoint& q);

/// Whether s G + r Q is finite and its x, as an integer (x_integer), is v mod n: the last
/// test of ECDSA and ECGDSA verification. Public inputs; false for v >= n.
bool mul_double_x_equals_vartime(const Curve& c, const Scalar& s, const Scalar& r, const AffinePoint& q,
                                 const mp::Nat& v);

/// k P by textbook affine double-and-add: the slow, obvious reference the tests check
/// every other method against. Variable time.
AffinePoint mul_reference_vartime(const Curve& c, const mp::Nat& k, const AffinePoint& p);

/// k G by the comb split over two team threads (that paper's §4): the high portion of
/// `high_columns` comb columns and the low portion run at the same time, the high one
/// corrected by its position with doublings, and the two are added at the end by a
/// constant-time complete selection. high_columns = 0 picks the balanced split of
/// comb_high_columns(). Constant time in k; falls back to mul_base when nested or with
/// one thread.
AffinePoint mul_base_parallel(const Curve& c, const Scalar& k, int threads, std::size_t high_columns = 0);

/// The balanced number of high columns for d comb columns and r = A / D: the
/// ceiling of (d r - 1 + r) / (1 + 2 r) (that paper's "k = (dr - 1 + r)/(1 + 2r)").
std::size_t comb_high_columns(std::size_t d, double r);

/// s G + r Q with the two scalar multiplications on two team threads (that paper, on two
/// cores: "one thread per scalar multiplication"), added at the end. Variable time.
AffinePoint mul_double_parallel_vartime(const Curve& c, const Scalar& s, const Scalar& r, const AffinePoint& q,
                                        int threads);

/// One request k P of the multi-request methods (pointers to the caller's data).
using MulRequest = curve::MulRequest<mp::Nat, AffinePoint>;
/// k_i P_i for every request by one of the multi-request methods of Al-Otaibi's thesis
/// (dstu/curve/multi_request.hpp) with u = `threads`, on López–Dahab points: exactly
/// mul_wnaf_vartime one at a time, for every scalar and every point on the curve (O
/// included). Variable time: public scalars and points only (a throughput study).
std::vector<AffinePoint> mul_multi_request_vartime(const Curve& c, curve::MultiRequestMethod method,
                                                   std::span<const MulRequest> requests, int threads);

/// The default comb window.
inline constexpr int kCombWindow = 8;

}  // namespace dstu::ec2m
