// dstu::curve — the scheduling of the multi-request methods of F. F. Al-Otaibi's
// thesis "Trade-off analysis for generic-point parallel elliptic curve scalar
// multiplication" (multi_request.hpp names and describes them), written once for every
// kind of curve: a template over a small group policy G that knows the points and their
// formulas, while this file knows only bits, partitions, threads and buffers.
//
// The policy G (a const object shared by the threads; lib/ec2m and lib/ecp have one each):
//   G::Point                       a point in the coordinates of the double-and-add
//   G::Base                        an affine point in the form mixed additions take
//   G::Affine                      the caller's affine point (input and output)
//   Point zero()                   O
//   bool is_zero(const Point&)
//   Base base(const Affine&)       the caller's point as a Base
//   Point lift(const Base&)        a Base as a Point (O stays O)
//   void dbl(Point& r, const Point& p)                   r = 2 p, every p; r may alias p
//   void add_mixed(Point& q, const Base& b)               q = q + b, every case
//   void add(Point& r, const Point& p, const Point& q)   r = p + q, every case; r may alias p
//   Affine to_affine(const Point&)
//   void to_bases(std::span<Base> out, std::span<const Point> in)   affine forms of many
//                                  points (one shared inversion); O stays O
//   std::size_t order_bits()       L(n), the width of the key partitions' key
// "Every case" means O on either side, P = Q and P = -Q. A request is any struct with
// members k (a pointer to a scalar with bits() and bit(t)) and p (a pointer to a
// G::Affine); both must outlive the call.
//
// Every method uses the same plain binary method (left-to-right double-and-add with
// mixed additions of the affine base) inside its partitions, so that the comparison
// between methods counts what the thesis counts; partial results are added by the
// general addition. The results are exactly k_i P_i for every scalar (0 and multiples
// of the order give O) and every point (O included). Variable time: public scalars and
// points only (a throughput study), hence the _vartime name.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <memory>
#include <span>
#include <thread>
#include <vector>

#include "dstu/curve/multi_request.hpp"
#include "dstu/parallel/team.hpp"

namespace dstu::curve {
namespace multi_request_detail {

/// sum of k_t 2^(t - lo) B over the bits t in [lo, hi) of k: the binary method, left to
/// right (the one inner loop of every method).
template <class G, class Scalar>
typename G::Point binary_vartime(const G& g, const Scalar& k, std::size_t lo, std::size_t hi,
                                 const typename G::Base& b) {
  typename G::Point q = g.zero();
  hi = std::min<std::size_t>(hi, k.bits());
  bool started = false;
  for (std::size_t t = hi; t-- > lo;) {
    if (started) g.dbl(q, q);
    if (k.bit(t)) {
      g.add_mixed(q, b);
      started = true;
    }
  }
  return q;
}

/// The state of one call: the requests, their bases, u and the partition width w.
template <class G, class Request>
struct Job {
  using Point = typename G::Point;
  using Base = typename G::Base;
  const G& g;
  std::span<const Request> req;
  std::vector<Base> bases;
  std::size_t u, w;
  std::vector<typename G::Affine> out;

  Job(const G& group, std::span<const Request> requests, int threads)
      : g(group), req(requests), u(static_cast<std::size_t>(std::max(threads, 1))), out(requests.size()) {
    std::size_t bits = g.order_bits();  // L(n), or more if a scalar is longer
    for (const Request& q : requests) {
      bases.push_back(g.base(*q.p));
      bits = std::max<std::size_t>(bits, q.k->bits());
    }
    w = (bits + u - 1) / u;
  }
  std::size_t size() const { return req.size(); }

  /// Request i whole, by the binary method.
  void whole(std::size_t i) { out[i] = g.to_affine(binary_vartime(g, *req[i].k, 0, req[i].k->bits(), bases[i])); }

  /// out[i] = the sum of the u partial results parts[i u ... i u + u - 1].
  void assemble(std::size_t i, const std::vector<Point>& parts) {
    Point sum = parts[i * u];
    for (std::size_t j = 1; j < u; ++j) g.add(sum, sum, parts[i * u + j]);
    out[i] = g.to_affine(sum);
  }
};

template <class J>
void sequential(J& job) {
  for (std::size_t i = 0; i < job.size(); ++i) job.whole(i);
}

template <class J>
void per_request(J& job, int threads) {
  parallel::for_each(job.size(), threads, [&](std::size_t i) { job.whole(i); });
}

/// [10]: item (pair, j) computes partition j of the pair's first request and partition
/// u - 1 - j of its second, each doubled by its post-computation; then each request's
/// u partial results are added.
template <class J>
void postcomputation(J& job, int threads) {
  const std::size_t u = job.u, w = job.w, pairs = (job.size() + 1) / 2;
  std::vector<typename J::Point> parts(job.size() * u);
  auto partition = [&](std::size_t i, std::size_t j) {
    typename J::Point q = binary_vartime(job.g, *job.req[i].k, j * w, (j + 1) * w, job.bases[i]);
    if (!job.g.is_zero(q)) {
      for (std::size_t s = 0; s < j * w; ++s) job.g.dbl(q, q);
    }
    parts[i * u + j] = q;
  };
  parallel::for_each(pairs * u, threads, [&](std::size_t item) {
    const std::size_t pair = item / u, j = item % u;
    partition(2 * pair, j);
    if (2 * pair + 1 < job.size()) partition(2 * pair + 1, u - 1 - j);
  });
  parallel::for_each(job.size(), threads, [&](std::size_t i) { job.assemble(i, parts); });
}

/// The affine points 2^(j w) P, j = 0 ... u - 1, of request i, by (u - 1) w doublings
/// and one shared inversion (the policy's to_bases).
template <class J>
void precompute(const J& job, std::size_t i, std::span<typename J::Base> pre) {
  std::vector<typename J::Point> q(job.u);
  q[0] = job.g.lift(job.bases[i]);
  for (std::size_t j = 1; j < job.u; ++j) {
    q[j] = q[j - 1];
    if (job.g.is_zero(q[j])) continue;
    for (std::size_t s = 0; s < job.w; ++s) job.g.dbl(q[j], q[j]);
  }
  pre[0] = job.bases[i];
  job.g.to_bases(pre.subspan(1), std::span<const typename J::Point>(q).subspan(1));
}

/// [11]: the precomputations of the requests on the team (one request's points per
/// item), then the partitions k_j (2^(j w) P) on the team, then the sums.
template <class J>
void precomputation(J& job, int threads) {
  const std::size_t u = job.u, w = job.w;
  std::vector<typename J::Base> pre(job.size() * u);
  parallel::for_each(job.size(), threads,
           [&](std::size_t i) { precompute(job, i, std::span<typename J::Base>(pre).subspan(i * u, u)); });
  std::vector<typename J::Point> parts(job.size() * u);
  parallel::for_each(job.size() * u, threads, [&](std::size_t item) {
    const std::size_t i = item / u, j = item % u;
    parts[item] = binary_vartime(job.g, *job.req[i].k, j * w, (j + 1) * w, pre[item]);
  });
  parallel::for_each(job.size(), threads, [&](std::size_t i) { job.assemble(i, parts); });
}

/// [12]'s buffer between the doubling and the adding lane of one request: the points
/// 2^t P with k_t = 1, published one by one.
template <class Point>
struct Lane {
  std::vector<Point> buffer;  // sized before the lanes start: never reallocated
  std::atomic<std::size_t> ready{0};
};

template <class J>
void doubling_lane(const J& job, std::size_t i, Lane<typename J::Point>& lane) {
  const auto& k = *job.req[i].k;
  typename J::Point q = job.g.lift(job.bases[i]);
  std::size_t n = 0;
  for (std::size_t t = 0; t < k.bits(); ++t) {
    if (k.bit(t)) {
      lane.buffer[n] = q;
      lane.ready.store(++n, std::memory_order_release);
    }
    if (t + 1 < k.bits()) job.g.dbl(q, q);
  }
}

template <class J>
void adding_lane(J& job, std::size_t i, Lane<typename J::Point>& lane) {
  typename J::Point sum = job.g.zero();
  for (std::size_t n = 0; n < lane.buffer.size(); ++n) {
    while (lane.ready.load(std::memory_order_acquire) <= n) std::this_thread::yield();
    job.g.add(sum, sum, lane.buffer[n]);
  }
  job.out[i] = job.g.to_affine(sum);
}

/// [12]: items 2i (doubling lane) and 2i + 1 (adding lane) of request i. The adding
/// lane is the one item of the library that waits for another; it cannot wait forever,
/// because the team claims items in increasing order, so its doubling lane has been
/// claimed (and never waits) before it runs, and with one thread the lanes run in turn.
/// A request for P = O has an empty buffer (its result is O).
template <class J>
void pipeline(J& job, int threads) {
  std::unique_ptr<Lane<typename J::Point>[]> lanes(new Lane<typename J::Point>[job.size()]);
  for (std::size_t i = 0; i < job.size(); ++i) {
    const auto& k = *job.req[i].k;
    std::size_t ones = 0;
    if (!job.g.is_zero(job.g.lift(job.bases[i]))) {
      for (std::size_t t = 0; t < k.bits(); ++t) ones += k.bit(t) ? 1 : 0;
    }
    lanes[i].buffer.resize(ones);
  }
  parallel::for_each(2 * job.size(), threads, [&](std::size_t item) {
    const std::size_t i = item / 2;
    if (item % 2 == 0) {
      if (!lanes[i].buffer.empty()) doubling_lane(job, i, lanes[i]);
    } else {
      adding_lane(job, i, lanes[i]);
    }
  });
}

}  // namespace multi_request_detail

/// k_i P_i for every request by `method` with u = `threads` (at least 1) partitions,
/// lanes or threads as the method says, on up to `threads` team threads, in the group
/// `g` (see the file comment). Variable time: public scalars and points only.
template <class G, class Request>
std::vector<typename G::Affine> mul_multi_request_vartime(const G& g, MultiRequestMethod method,
                                                          std::span<const Request> requests, int threads) {
  namespace d = multi_request_detail;
  d::Job<G, Request> job(g, requests, threads);
  switch (method) {
    case MultiRequestMethod::sequential: d::sequential(job); break;
    case MultiRequestMethod::postcomputation_10: d::postcomputation(job, threads); break;
    case MultiRequestMethod::precomputation_11: d::precomputation(job, threads); break;
    case MultiRequestMethod::pipeline_12: d::pipeline(job, threads); break;
    case MultiRequestMethod::per_request: d::per_request(job, threads); break;
  }
  return std::move(job.out);
}

}  // namespace dstu::curve
