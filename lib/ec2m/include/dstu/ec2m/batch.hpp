// dstu::ec2m — many independent scalar multiplications at once: the batch behind
// dstu4145::verify_batch and sign_batch.
//
// Across threads, each team thread takes whole requests (F. F. Al-Otaibi, "Trade-off
// analysis for generic-point parallel elliptic curve scalar multiplication": "one
// request per processor", no split, no synchronisation inside a request). Requests are taken in
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

#include "dstu/ec2m/curve.hpp"

namespace dstu::ec2m {

/// One request s G + r Q (Q: a pointer to the caller's point, which must outlive the call).
struct DoubleScalar {
  Scalar s, r;
  const AffinePoint* q;
};

/// Requests per chunk: one pool item, one shared inversion.
inline constexpr std::size_t kBatchChunk = 8;

/// Where a batch delivers its results: sink(i, R_i) for every request i, each once, on
/// the team thread that computed R_i, as soon as its chunk is done (so a caller's last
/// step per request runs on the team too); calls for different i may run concurrently.
class BatchSink {
 public:
  /// Receives result `index` (the request's position) with the caller's `ctx`.
  using Fn = void (*)(void* ctx, std::size_t index, const AffinePoint& point);
  /// A sink calling fn(ctx, i, R_i). An exception out of fn is rethrown by the batch
  /// once its other chunks are done; results of the chunk that threw after the one
  /// that threw are not delivered.
  BatchSink(Fn fn, void* ctx) : fn_(fn), ctx_(ctx) {}
  /// Stores R_i into out[i].
  explicit BatchSink(std::vector<AffinePoint>& out)
      : BatchSink([](void* v, std::size_t i, const AffinePoint& p) { (*static_cast<std::vector<AffinePoint>*>(v))[i] = p; },
                  &out) {}
  /// Delivers result `index`.
  void operator()(std::size_t index, const AffinePoint& point) const { fn_(ctx_, index, point); }

 private:
  Fn fn_;
  void* ctx_;
};

/// s_i G + r_i Q_i for every request, equal to mul_double_vartime one at a time, on up
/// to `threads` team threads, each to the sink. Variable time: public scalars and
/// points only.
void mul_double_batch_vartime(const Curve& c, std::span<const DoubleScalar> requests, int threads,
                              const BatchSink& sink);

/// The same, collected into a vector.
std::vector<AffinePoint> mul_double_batch_vartime(const Curve& c, std::span<const DoubleScalar> requests,
                                                  int threads);

/// k_i G for every i, equal to mul_base one at a time (fixed-base comb), on up to
/// `threads` team threads. Constant time in every k_i: the shared inversion runs the
/// same operations whatever the values (a k_i = 0 mod n enters it as 1 by masked
/// selection), and the intermediate points are wiped.
std::vector<AffinePoint> mul_base_batch(const Curve& c, std::span<const Scalar> k, int threads);

}  // namespace dstu::ec2m
