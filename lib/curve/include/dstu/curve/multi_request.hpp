// dstu::curve — the methods of F. F. Al-Otaibi's thesis "Trade-off analysis for
// generic-point parallel elliptic curve scalar multiplication" for r
// requests k_i P_i on u threads, named after the reference numbers the thesis gives
// them, and its cost model. Curve-independent: the scheduling of each method is the
// template of multi_request_schedule.hpp, which lib/ec2m (binary curves) and lib/ecp
// (curves over GF(p)) run with their own point formulas.
//
//   postcomputation_10  the thesis's [10]: k cut into u partitions of w = ceil(L / u)
//                       bits; partition j runs on its own thread and is then doubled
//                       j w times (post-computation); requests go in pairs, thread j
//                       taking partition j of the first and u - 1 - j of the second, so
//                       the heavy post-computations of one meet light ones of the other.
//   precomputation_11   [11]: 2^(j w) P for j < u precomputed, one request's points per
//                       thread (concurrently), then the partitions k_j (2^(j w) P) on
//                       the team, their results added.
//   pipeline_12         [12]: two threads per request, one doubling P into a buffer
//                       (the points 2^t P whose bit k_t is 1), the other adding the
//                       buffered points as they arrive (right-to-left binary method).
//   per_request         the thesis's new method: one whole request per thread, u
//                       requests at a time.
//   sequential          one request after another on the caller: the oracle twin.
#pragma once

#include <cstddef>

namespace dstu::curve {

/// The methods of the thesis, named after the reference numbers it gives them.
enum class MultiRequestMethod {
  sequential,          ///< one request after another on the calling thread
  postcomputation_10,  ///< [10]: key split, post-computation doublings, paired requests
  precomputation_11,   ///< [11]: concurrent precomputation of 2^(j w) P, then key split
  pipeline_12,         ///< [12]: a doubling thread and an adding thread per request
  per_request,         ///< the thesis's new method: one request per thread
};

/// Every method, in the order of the thesis's tables (Sequential, [10], [11], [12], New).
inline constexpr MultiRequestMethod kMultiRequestMethods[] = {
    MultiRequestMethod::sequential, MultiRequestMethod::postcomputation_10, MultiRequestMethod::precomputation_11,
    MultiRequestMethod::pipeline_12, MultiRequestMethod::per_request};

/// One request k P of a batch (pointers to the caller's data, which must outlive the
/// call): a scalar with bits() and bit(t) and a point of the group (lib/ec2m and lib/ecp
/// name their own, MulRequest<mp::Nat, AffinePoint>).
template <class Scalar, class Point>
struct MulRequest {
  const Scalar* k;
  const Point* p;
};

/// The method's name as above ("postcomputation_10", ...).
const char* multi_request_method_name(MultiRequestMethod method);

/// The thesis's cost model (its §4.1 and Table 5.4): the time of r requests of m-bit
/// keys on u processors, in point doublings, one addition counted as two doublings
/// and a key of m bits as m doublings and m / 2 additions; v = ceil(m / u).
///   sequential          r 2m
///   per_request         ceil(r / u) 2m
///   pipeline_12         ceil(r / floor(u / 2)) m (the two lanes overlap; 2m r at u = 1)
///   precomputation_11   ceil(r / u) (u - 1) v + r (2v + 2(u - 1))
///   postcomputation_10  ceil(r / 2) (3v + P + 4(u - 1)), P the busiest thread's
///                       post-computation doublings, max over j of p(j) + p(u - 1 - j)
///                       with p(i) = i v + 1 for i > 0 (Algorithm 3 doubles from c = 0 to
///                       i v), p(0) = 0. The 3v (two partitions' v doublings and v / 2
///                       additions, the additions counted as one doubling here) is what
///                       reproduces the thesis's column: 10v + 30 per pair at u = 8.
/// At u = 8 this gives every figure of Table 5.4. The model knows no curve: it is the
/// same for binary and prime curves.
double multi_request_model_doublings(MultiRequestMethod method, std::size_t m, std::size_t r, std::size_t u);

}  // namespace dstu::curve
