// dstu::ec — many independent scalar multiplications at once: the batch behind
// dstu4145::verify_batch and sign_batch.
//
// Across threads, each team thread takes whole requests (seed 004, "one request per
// processor": no split, no synchronisation inside a request). Requests are taken in
// chunks of kBatchChunk consecutive ones, and the final conversions to affine
// coordinates of a chunk share one field inversion (Montgomery's trick), which saves
// an inversion per request. Requests of mul_double_batch_vartime that share their
// point Q (many signatures of one key; from 4 or 6 of them, by kernel path) use a comb
// table of Q built once for them: each then costs ceil(L(n) / 8) doublings instead of
// about L(n). Results are identical to the one-at-a-time functions.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "dstu/ec/curve.hpp"
#include "dstu/mp/nat.hpp"

namespace dstu::ec {

/// One request s G + r Q (pointers to the caller's data, which must outlive the call).
struct DoubleScalar {
  const mp::Nat* s;
  const mp::Nat* r;
  const AffinePoint* q;
};

/// Requests per chunk: one pool item, one shared inversion.
inline constexpr std::size_t kBatchChunk = 8;

/// s_i G + r_i Q_i for every request, equal to mul_double_vartime one at a time, on up
/// to `threads` team threads. Variable time: public scalars and points only.
std::vector<AffinePoint> mul_double_batch_vartime(const Curve& c, std::span<const DoubleScalar> requests,
                                                  int threads);

/// k_i G for every i, equal to mul_base one at a time (fixed-base comb), on up to
/// `threads` team threads. Constant time in every k_i: the shared inversion runs the
/// same operations whatever the values (a k_i = 0 mod n enters it as 1 by masked
/// selection), and the intermediate points are wiped.
std::vector<AffinePoint> mul_base_batch(const Curve& c, std::span<const Scalar> k, int threads);

}  // namespace dstu::ec
