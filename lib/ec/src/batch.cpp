// The batch of many scalar multiplications (batch.hpp): chunks of requests spread over
// the team, one shared inversion per chunk.
#include "dstu/ec/batch.hpp"

#include <tuple>

#include "dstu/base/ctgrind.hpp"
#include "dstu/base/wipe.hpp"
#include "dstu/ec/scalar.hpp"
#include "dstu/parallel/team.hpp"
#include "comb_internal.hpp"
#include "wnaf_internal.hpp"

namespace dstu::ec {
namespace {

using detail::FieldOps;
using detail::LdPoint;

/// Whether a thread runs its requests two at a time, interleaved (paired kernels), on
/// this field and kernel path. tests/perf/batch_ab, AMD EPYC Zen 4 (family 25 model 17),
/// one thread, 64 requests, one-at-a-time / batch with pairing (without pairing):
///  - vpclmul: m <= 191 comb 1.16-1.19 (1.09-1.10), wNAF 1.10-1.11 (1.02-1.03);
///    m = 233 1.36 (1.07) and 1.17 (1.02); m = 257-431 pairing only loses (0.92 at 431).
///  - clmul: m <= 191 comb 1.11-1.24 (1.09-1.10), wNAF 1.03-1.07 (1.02-1.04); m = 233
///    0.92 (1.06); above, no gain.
///  - portable: 1.03-1.09 (1.01-1.03) on every field.
/// The shared inversion alone always gains a little; pairing pays where the paired
/// kernel is cheaper than two single products, and costs register spills above.
bool pair_requests(int m, gf2m::Isa isa) {
  return isa == gf2m::Isa::portable || m <= 191 || (m <= 233 && isa == gf2m::Isa::vpclmul);
}

/// Calls chunk(begin, end) for consecutive ranges of at most kBatchChunk requests,
/// spread over the team.
template <class F>
void for_each_chunk(std::size_t count, int threads, F&& chunk) {
  const std::size_t chunks = (count + kBatchChunk - 1) / kBatchChunk;
  parallel::for_each(chunks, threads, [&](std::size_t i) {
    chunk(i * kBatchChunk, std::min(count, (i + 1) * kBatchChunk));
  });
}

/// out[i] = the affine form of p[i] for every p[i] != O, with one inversion. z[i] is
/// p[i].Z, or 1 where p[i] is O (so every entry is invertible); scratch of the caller's.
template <class K>
void to_affine(const FieldOps<K>& f, std::span<const LdPoint<K>> p, std::span<typename K::Fe> z,
               std::span<AffinePoint> out) {
  using Fe = typename K::Fe;
  detail::batch_invert(f, z);
  Fe x, y, z2;
  for (std::size_t i = 0; i < p.size(); ++i) {
    f.sqr(z2, z[i]);
    f.mul(x, p[i].X, z[i]);
    f.mul(y, p[i].Y, z2);
    out[i] = f.point(x, y);
  }
  secure_wipe(&x, sizeof x);
  secure_wipe(&y, sizeof y);
  secure_wipe(&z2, sizeof z2);
}

template <class K>
void double_chunk(K kern, const Curve& c, std::span<const DoubleScalar> req, std::span<AffinePoint> out) {
  const FieldOps<K> f{kern};
  const detail::CurveFe<K> cf(f, c);
  std::vector<LdPoint<K>> pts(req.size());
  std::vector<typename K::Fe> z(req.size());
  std::vector<bool> inf(req.size());
  const detail::GTable<K> g(f, c);
  std::vector<detail::Acc<K>> acc(req.size());
  std::size_t i = 0;
  const bool pair = pair_requests(f.k.m, f.k.isa);
  for (; pair && i + 1 < req.size(); i += 2) {  // two requests at a time, interleaved
    const detail::DoublePlan<K> pa(f, cf, c, *req[i].s, *req[i].r, *req[i].q);
    const detail::DoublePlan<K> pb(f, cf, c, *req[i + 1].s, *req[i + 1].r, *req[i + 1].q);
    detail::wnaf_double_acc2(f, cf, g, pa, pb, acc[i], acc[i + 1]);
  }
  for (; i < req.size(); ++i) acc[i] = detail::wnaf_double_acc(f, cf, g, detail::DoublePlan<K>(f, cf, c, *req[i].s, *req[i].r, *req[i].q));
  for (i = 0; i < req.size(); ++i) {
    inf[i] = acc[i].inf;
    pts[i] = acc[i].p;
    z[i] = acc[i].inf ? FieldOps<K>::one() : acc[i].p.Z;
  }
  to_affine<K>(f, pts, z, out);
  for (i = 0; i < req.size(); ++i) {
    if (inf[i]) out[i] = AffinePoint::at_infinity();
  }
}

template <class K>
void base_chunk(K kern, const Curve& c, std::span<const Scalar> k, std::span<AffinePoint> out) {
  const FieldOps<K> f{kern};
  const detail::CurveFe<K> cf(f, c);
  const detail::CombTable& t = c.precomputed().comb;
  std::vector<LdPoint<K>> pts(k.size());
  std::vector<typename K::Fe> z(k.size());
  std::vector<ct::Mask> inf(k.size());
  std::size_t i = 0;
  const bool pair = pair_requests(f.k.m, f.k.isa);
  for (; pair && i + 1 < k.size(); i += 2) {  // two requests at a time, interleaved
    Scalar ea = scalar_reduce(c, k[i]), eb = scalar_reduce(c, k[i + 1]);
    std::tie(inf[i], inf[i + 1]) = detail::comb_columns2(f, cf, t, ea, eb, pts[i], pts[i + 1]);
    ea.wipe();
    eb.wipe();
  }
  for (; i < k.size(); ++i) {
    Scalar e = scalar_reduce(c, k[i]);
    inf[i] = detail::comb_columns(f, cf, t, e, 0, t.columns, pts[i]);
    e.wipe();
  }
  for (i = 0; i < k.size(); ++i) {
    z[i] = pts[i].Z;
    f.cmov(z[i], FieldOps<K>::one(), inf[i]);
  }
  to_affine<K>(f, pts, z, out);
  secure_wipe(pts.data(), pts.size() * sizeof(LdPoint<K>));
  secure_wipe(z.data(), z.size() * sizeof(typename K::Fe));
  for (i = 0; i < k.size(); ++i) {
    ct::unpoison(&inf[i], sizeof inf[i]);  // set only for k = 0 mod n
    if (inf[i]) out[i] = AffinePoint::at_infinity();
  }
}

}  // namespace

std::vector<AffinePoint> mul_double_batch_vartime(const Curve& c, std::span<const DoubleScalar> requests,
                                                  int threads) {
  std::vector<AffinePoint> out(requests.size());
  for_each_chunk(requests.size(), threads, [&](std::size_t begin, std::size_t end) {
    gf2m::dispatch(c.field(), [&](auto kern) {
      double_chunk(kern, c, requests.subspan(begin, end - begin), std::span(out).subspan(begin, end - begin));
    });
  });
  return out;
}

std::vector<AffinePoint> mul_base_batch(const Curve& c, std::span<const Scalar> k, int threads) {
  std::vector<AffinePoint> out(k.size());
  for_each_chunk(k.size(), threads, [&](std::size_t begin, std::size_t end) {
    gf2m::dispatch(c.field(), [&](auto kern) {
      base_chunk(kern, c, k.subspan(begin, end - begin), std::span(out).subspan(begin, end - begin));
    });
  });
  return out;
}

}  // namespace dstu::ec
