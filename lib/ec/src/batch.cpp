// The batch of many scalar multiplications (batch.hpp): chunks of requests spread over
// the team, one shared inversion per chunk.
#include "dstu/ec/batch.hpp"

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
  for (std::size_t i = 0; i < req.size(); ++i) {
    const detail::Acc<K> a = detail::wnaf_double_acc(f, cf, c, *req[i].s, *req[i].r, *req[i].q);
    inf[i] = a.inf;
    pts[i] = a.p;
    z[i] = a.inf ? FieldOps<K>::one() : a.p.Z;
  }
  to_affine<K>(f, pts, z, out);
  for (std::size_t i = 0; i < req.size(); ++i) {
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
  for (std::size_t i = 0; i < k.size(); ++i) {
    Scalar e = scalar_reduce(c, k[i]);
    inf[i] = detail::comb_columns(f, cf, t, e, 0, t.columns, pts[i]);
    e.wipe();
    z[i] = pts[i].Z;
    f.cmov(z[i], FieldOps<K>::one(), inf[i]);
  }
  to_affine<K>(f, pts, z, out);
  secure_wipe(pts.data(), pts.size() * sizeof(LdPoint<K>));
  secure_wipe(z.data(), z.size() * sizeof(typename K::Fe));
  for (std::size_t i = 0; i < k.size(); ++i) {
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
