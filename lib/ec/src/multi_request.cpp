// The multi-request scalar multiplication methods of F. F. Al-Otaibi's thesis
// "Trade-off analysis for generic-point parallel elliptic curve scalar multiplication"
// (multi_request.hpp). Public scalars and points only: everything here is variable time.
#include "dstu/ec/multi_request.hpp"

#include <algorithm>
#include <atomic>
#include <memory>
#include <thread>

#include "dstu/gf2m/kernels.hpp"
#include "dstu/parallel/team.hpp"
#include "ld.hpp"

namespace dstu::ec {
namespace {

using detail::CurveFe;
using detail::FieldOps;
using detail::LdPoint;

/// The field and curve constants of one call.
template <class K>
struct Ctx {
  FieldOps<K> f;
  CurveFe<K> c;
  Ctx(K kern, const Curve& curve) : f{kern}, c(f, curve) {}
};

/// An affine point in the kernel's element type.
template <class K>
struct Base {
  typename K::Fe x, y;
  bool infinity = true;
};

template <class K>
Base<K> base(const FieldOps<K>& f, const AffinePoint& p) {
  return {f.from(p.x), f.from(p.y), p.infinity};
}

template <class K>
LdPoint<K> infinity() {
  return {FieldOps<K>::one(), FieldOps<K>::zero(), FieldOps<K>::zero()};
}

template <class K>
bool is_infinity(const FieldOps<K>& f, const LdPoint<K>& p) {
  return f.is_zero_vartime(p.Z);
}

/// q = q + b (b affine), every case: O on either side, q = b, q = -b.
template <class K>
void add_mixed_vartime(const Ctx<K>& x, LdPoint<K>& q, const Base<K>& b) {
  if (b.infinity) return;
  if (is_infinity(x.f, q)) {
    q = {b.x, b.y, FieldOps<K>::one()};
    return;
  }
  typename K::Fe t, z2;
  x.f.mul(t, b.x, q.Z);
  x.f.add(t, t, q.X);
  if (x.f.is_zero_vartime(t)) {  // same x: q = b or q = -b = (x, x + y)
    x.f.sqr(z2, q.Z);
    x.f.mul(t, b.y, z2);
    x.f.add(t, t, q.Y);
    if (x.f.is_zero_vartime(t)) {
      detail::ld_double(x.f, x.c, q, q);
    } else {
      q = infinity<K>();
    }
    return;
  }
  detail::ld_add_mixed(x.f, x.c, q, q, b.x, b.y);
}

/// r = p + q for two López–Dahab points, every case. With A = X1 Z2 + X2 Z1,
/// B = Y1 Z2^2 + Y2 Z1^2 (lambda = B / C) and C = Z1 Z2 A: Z3 = C^2,
/// X3 = B^2 + B C + Z1 Z2 A^3 + a C^2, Y3 = B X1 Z2 A Z3 + X3 (B C + Z3) + Y1 Z1^2 (Z2^2 A^2)^2.
template <class K>
void add_vartime(const Ctx<K>& x, LdPoint<K>& r, const LdPoint<K>& p, const LdPoint<K>& q) {
  if (is_infinity(x.f, p)) {
    r = q;
    return;
  }
  if (is_infinity(x.f, q)) {
    r = p;
    return;
  }
  const FieldOps<K>& f = x.f;
  typename K::Fe x1z2, a, b, t, z1s, z2s, z1z2, cc, bc, a2, x3, y3, z3;
  f.mul(x1z2, p.X, q.Z);
  f.mul(t, q.X, p.Z);
  f.add(a, x1z2, t);
  f.sqr(z1s, p.Z);
  f.sqr(z2s, q.Z);
  f.mul(b, p.Y, z2s);
  f.mul(t, q.Y, z1s);
  f.add(b, b, t);
  if (f.is_zero_vartime(a)) {  // same x: q = p or q = -p
    if (f.is_zero_vartime(b)) {
      detail::ld_double(f, x.c, r, p);
    } else {
      r = infinity<K>();
    }
    return;
  }
  f.mul(z1z2, p.Z, q.Z);
  f.mul(cc, z1z2, a);
  f.sqr(z3, cc);
  f.mul(bc, b, cc);
  f.sqr(a2, a);
  f.mul(t, a2, a);
  f.mul(t, t, z1z2);
  f.sqr(x3, b);
  f.add(x3, x3, bc);
  f.add(x3, x3, t);
  if (x.c.a) f.add(x3, x3, z3);
  f.mul(y3, x1z2, a);  // B X1 Z2 A Z3
  f.mul(y3, y3, b);
  f.mul(y3, y3, z3);
  f.add(t, bc, z3);  // X3 (B C + Z3)
  f.mul(t, t, x3);
  f.add(y3, y3, t);
  f.mul(t, z2s, a2);  // Y1 Z1^2 (Z2^2 A^2)^2
  f.sqr(t, t);
  f.mul(t, t, z1s);
  f.mul(t, t, p.Y);
  f.add(r.Y, y3, t);
  r.X = x3;
  r.Z = z3;
}

/// sum of k_t 2^(t - lo) B over the bits t in [lo, hi) of k: the binary method, left to
/// right (the same inner loop for every method).
template <class K>
LdPoint<K> binary_vartime(const Ctx<K>& x, const mp::Nat& k, std::size_t lo, std::size_t hi, const Base<K>& b) {
  LdPoint<K> q = infinity<K>();
  hi = std::min(hi, k.bits());
  bool started = false;
  for (std::size_t t = hi; t-- > lo;) {
    if (started) detail::ld_double(x.f, x.c, q, q);
    if (k.bit(t)) {
      add_mixed_vartime(x, q, b);
      started = true;
    }
  }
  return q;
}

template <class K>
AffinePoint to_affine(const Ctx<K>& x, const LdPoint<K>& p) {
  return is_infinity(x.f, p) ? AffinePoint::at_infinity() : detail::ld_affine_point(x.f, p);
}

/// The bits of the key partitions: L(n), or more if a scalar is longer.
std::size_t key_bits(const Curve& c, std::span<const MulRequest> requests) {
  std::size_t bits = c.order_bits();
  for (const MulRequest& q : requests) bits = std::max(bits, q.k->bits());
  return bits;
}

/// The state of one call: its requests in kernel form, u and the partition width w.
template <class K>
struct Job {
  Ctx<K> x;
  std::span<const MulRequest> req;
  std::vector<Base<K>> bases;
  std::size_t u, w;
  std::vector<AffinePoint> out;

  Job(K kern, const Curve& curve, std::span<const MulRequest> requests, int threads)
      : x(kern, curve), req(requests), u(static_cast<std::size_t>(std::max(threads, 1))), out(requests.size()) {
    for (const MulRequest& q : requests) bases.push_back(base(x.f, *q.p));
    const std::size_t bits = key_bits(curve, requests);
    w = (bits + u - 1) / u;
  }
  std::size_t size() const { return req.size(); }

  /// Request i whole, by the binary method.
  void whole(std::size_t i) { out[i] = to_affine(x, binary_vartime(x, *req[i].k, 0, req[i].k->bits(), bases[i])); }

  /// out[i] = the sum of the u partial results parts[i u ... i u + u - 1].
  void assemble(std::size_t i, const std::vector<LdPoint<K>>& parts) {
    LdPoint<K> sum = parts[i * u];
    for (std::size_t j = 1; j < u; ++j) add_vartime(x, sum, sum, parts[i * u + j]);
    out[i] = to_affine(x, sum);
  }
};

template <class K>
void sequential(Job<K>& job) {
  for (std::size_t i = 0; i < job.size(); ++i) job.whole(i);
}

template <class K>
void per_request(Job<K>& job, int threads) {
  parallel::for_each(job.size(), threads, [&](std::size_t i) { job.whole(i); });
}

/// [10]: item (pair, j) computes partition j of the pair's first request and partition
/// u - 1 - j of its second, each doubled by its post-computation; then each request's
/// u partial results are added.
template <class K>
void postcomputation(Job<K>& job, int threads) {
  const std::size_t u = job.u, w = job.w, pairs = (job.size() + 1) / 2;
  std::vector<LdPoint<K>> parts(job.size() * u);
  auto partition = [&](std::size_t i, std::size_t j) {
    LdPoint<K> q = binary_vartime(job.x, *job.req[i].k, j * w, (j + 1) * w, job.bases[i]);
    if (!is_infinity(job.x.f, q)) {
      for (std::size_t s = 0; s < j * w; ++s) detail::ld_double(job.x.f, job.x.c, q, q);
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

/// The affine points 2^(j w) P, j = 0 ... u - 1, of one request, by (u - 1) w doublings
/// and one shared inversion (Montgomery's trick).
template <class K>
void precompute(const Job<K>& job, std::size_t i, std::span<Base<K>> pre) {
  const FieldOps<K>& f = job.x.f;
  pre[0] = job.bases[i];
  if (pre[0].infinity) {
    for (Base<K>& b : pre) b.infinity = true;
    return;
  }
  std::vector<LdPoint<K>> q(job.u);
  std::vector<typename K::Fe> z(job.u);
  q[0] = {pre[0].x, pre[0].y, FieldOps<K>::one()};
  z[0] = FieldOps<K>::one();
  for (std::size_t j = 1; j < job.u; ++j) {
    q[j] = q[j - 1];
    for (std::size_t s = 0; s < job.w; ++s) detail::ld_double(f, job.x.c, q[j], q[j]);
    z[j] = is_infinity(f, q[j]) ? FieldOps<K>::one() : q[j].Z;  // a point of small order
  }
  detail::batch_invert(f, std::span<typename K::Fe>(z));
  for (std::size_t j = 1; j < job.u; ++j) {
    pre[j].infinity = is_infinity(f, q[j]);
    if (pre[j].infinity) continue;
    typename K::Fe zi2;
    f.sqr(zi2, z[j]);
    f.mul(pre[j].x, q[j].X, z[j]);
    f.mul(pre[j].y, q[j].Y, zi2);
  }
}

/// [11]: the precomputations of the requests on the team (one request's points per
/// item), then the partitions k_j (2^(j w) P) on the team, then the sums.
template <class K>
void precomputation(Job<K>& job, int threads) {
  const std::size_t u = job.u, w = job.w;
  std::vector<Base<K>> pre(job.size() * u);
  parallel::for_each(job.size(), threads,
                     [&](std::size_t i) { precompute(job, i, std::span<Base<K>>(pre).subspan(i * u, u)); });
  std::vector<LdPoint<K>> parts(job.size() * u);
  parallel::for_each(job.size() * u, threads, [&](std::size_t item) {
    const std::size_t i = item / u, j = item % u;
    parts[item] = binary_vartime(job.x, *job.req[i].k, j * w, (j + 1) * w, pre[item]);
  });
  parallel::for_each(job.size(), threads, [&](std::size_t i) { job.assemble(i, parts); });
}

/// [12]'s buffer between the doubling and the adding lane of one request: the points
/// 2^t P with k_t = 1, published one by one.
template <class K>
struct Lane {
  std::vector<LdPoint<K>> buffer;  // sized before the lanes start: never reallocated
  std::atomic<std::size_t> ready{0};
};

template <class K>
void doubling_lane(const Job<K>& job, std::size_t i, Lane<K>& lane) {
  const mp::Nat& k = *job.req[i].k;
  LdPoint<K> q = {job.bases[i].x, job.bases[i].y, FieldOps<K>::one()};
  std::size_t n = 0;
  for (std::size_t t = 0; t < k.bits(); ++t) {
    if (k.bit(t)) {
      lane.buffer[n] = q;
      lane.ready.store(++n, std::memory_order_release);
    }
    if (t + 1 < k.bits()) detail::ld_double(job.x.f, job.x.c, q, q);
  }
}

template <class K>
void adding_lane(Job<K>& job, std::size_t i, Lane<K>& lane) {
  LdPoint<K> sum = infinity<K>();
  for (std::size_t n = 0; n < lane.buffer.size(); ++n) {
    while (lane.ready.load(std::memory_order_acquire) <= n) std::this_thread::yield();
    add_vartime(job.x, sum, sum, lane.buffer[n]);
  }
  job.out[i] = to_affine(job.x, sum);
}

/// [12]: items 2i (doubling lane) and 2i + 1 (adding lane) of request i. The adding
/// lane is the one item of the library that waits for another; it cannot wait forever,
/// because the team claims items in increasing order, so its doubling lane has been
/// claimed (and never waits) before it runs, and with one thread the lanes run in turn.
template <class K>
void pipeline(Job<K>& job, int threads) {
  std::unique_ptr<Lane<K>[]> lanes(new Lane<K>[job.size()]);
  for (std::size_t i = 0; i < job.size(); ++i) {
    const mp::Nat& k = *job.req[i].k;
    std::size_t ones = 0;
    if (!job.bases[i].infinity) {
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

template <class K>
std::vector<AffinePoint> run(K kern, const Curve& c, MultiRequestMethod method, std::span<const MulRequest> requests,
                             int threads) {
  Job<K> job(kern, c, requests, threads);
  switch (method) {
    case MultiRequestMethod::sequential: sequential(job); break;
    case MultiRequestMethod::postcomputation_10: postcomputation(job, threads); break;
    case MultiRequestMethod::precomputation_11: precomputation(job, threads); break;
    case MultiRequestMethod::pipeline_12: pipeline(job, threads); break;
    case MultiRequestMethod::per_request: per_request(job, threads); break;
  }
  return std::move(job.out);
}

}  // namespace

std::vector<AffinePoint> mul_multi_request_vartime(const Curve& c, MultiRequestMethod method,
                                                   std::span<const MulRequest> requests, int threads) {
  return gf2m::dispatch(c.field(), [&](auto kern) { return run(kern, c, method, requests, threads); });
}

}  // namespace dstu::ec
