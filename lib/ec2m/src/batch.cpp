// The batch of many scalar multiplications (batch.hpp): chunks of requests spread over
// the team, one shared inversion per chunk; requests that share a point Q by the
// two-base comb with Q's table built once (comb_double.hpp).
#include "dstu/ec2m/batch.hpp"

#include <algorithm>
#include <optional>
#include <tuple>
#include <unordered_map>

#include "dstu/base/ctgrind.hpp"
#include "dstu/base/wipe.hpp"
#include "dstu/ec2m/curve.hpp"
#include "dstu/parallel/team.hpp"
#include "comb_double.hpp"
#include "comb_internal.hpp"
#include "regular_internal.hpp"
#include "wnaf_internal.hpp"

namespace dstu::ec2m {
namespace {

using detail::FieldOps;
using detail::LdPoint;

/// Whether a thread runs its requests two at a time, interleaved (paired kernels), on
/// this field and kernel path: where the paired kernel is cheaper than two single
/// products (every field on the portable path, m <= 191, and up to m = 257 where the
/// VPCLMULQDQ kernels run both products of a pair in one sequence); above, the pairs'
/// register spills cost more than they save (tests/perf/batch_ab measures both).
bool pair_requests(int m, gf2m::Isa isa) {
  return isa == gf2m::Isa::portable || m <= 191 || (m <= 257 && isa == gf2m::Isa::vpclmul);
}

/// Whether the paired requests of different points also pair their additions, with
/// regular digits (regular_internal.hpp) instead of the w-NAF's: regular digits cost
/// more additions, which pays only where the VPCLMULQDQ kernels run both products of a
/// pair in one instruction sequence (tests/perf/batch_ab re-measures it).
bool pair_additions(int m, gf2m::Isa isa) { return isa == gf2m::Isa::vpclmul && m <= 257; }

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

/// The affine results of a chunk's accumulators, with one inversion, to the sink as
/// results idx[i].
template <class K>
void store_results(const FieldOps<K>& f, std::span<detail::Acc<K>> acc, std::span<const std::size_t> idx,
                   const BatchSink& out) {
  detail::to_affine_accs_vartime(f, acc);
  for (std::size_t i = 0; i < idx.size(); ++i) {
    out(idx[i], acc[i].inf ? AffinePoint::at_infinity() : f.point(acc[i].p.X, acc[i].p.Y));
  }
}

/// Requests idx of req, each with its own table of Q: two at a time where pairing pays
/// (with regular digits where their additions pair too), else by interleaved w-NAF.
template <class K>
void wnaf_chunk(const FieldOps<K>& f, const detail::CurveFe<K>& cf, const detail::OddTable<K>& g, const Curve& c,
                std::span<const DoubleScalar> req, std::span<const std::size_t> idx, const BatchSink& out) {
  std::vector<detail::Acc<K>> acc(idx.size());
  std::size_t i = 0;
  const auto plan = [&](std::size_t j) {
    const DoubleScalar& q = req[idx[j]];
    return detail::DoublePlan<K>(f, cf, c, q.s, q.r, *q.q);
  };
  const auto regular = [&](std::size_t j) {
    const DoubleScalar& q = req[idx[j]];
    return detail::RegularPlan<K>(f, cf, c, q.s, q.r, *q.q);
  };
  for (; pair_requests(f.k.m, f.k.isa) && i + 1 < idx.size(); i += 2) {
    if (pair_additions(f.k.m, f.k.isa)) {
      detail::regular_double_acc2_vartime(f, cf, g, regular(i), regular(i + 1), acc[i], acc[i + 1]);
    } else {
      detail::wnaf_double_acc2_vartime(f, cf, g, plan(i), plan(i + 1), acc[i], acc[i + 1]);
    }
  }
  for (; i < idx.size(); ++i) acc[i] = detail::wnaf_double_acc_vartime(f, cf, g, plan(i));
  store_results(f, std::span(acc), idx, out);
}

/// Requests idx of req, which share one Q, by the two-base comb over G's table g and
/// Q's table q.
template <class K>
void comb_chunk(const FieldOps<K>& f, const detail::CurveFe<K>& cf, const detail::BaseComb<K>& g,
                const detail::BaseComb<K>& q, std::span<const DoubleScalar> req, std::span<const std::size_t> idx,
                const BatchSink& out) {
  std::vector<detail::Acc<K>> acc(idx.size());
  std::vector<detail::CombPlan> plans(idx.size());
  for (std::size_t j = 0; j < idx.size(); ++j) {
    plans[j].ds = detail::comb_digits_vartime(req[idx[j]].s, g.window, g.columns);
    plans[j].dr = detail::comb_digits_vartime(req[idx[j]].r, g.window, g.columns);
  }
  std::size_t i = 0;
  for (; pair_requests(f.k.m, f.k.isa) && i + 1 < idx.size(); i += 2) {
    detail::comb_double_acc2_vartime(f, cf, g, q, plans[i], plans[i + 1], acc[i], acc[i + 1]);
  }
  for (; i < idx.size(); ++i) acc[i] = detail::comb_double_acc_vartime(f, cf, g, q, plans[i]);
  store_results(f, std::span(acc), idx, out);
}

/// Whether a and b are the same point (equal coordinates, or both O).
bool same_coordinates_vartime(const AffinePoint& a, const AffinePoint& b) {
  if (a.infinity || b.infinity) return a.infinity == b.infinity;
  return std::equal(std::begin(a.x.w), std::end(a.x.w), std::begin(b.x.w)) &&
         std::equal(std::begin(a.y.w), std::end(a.y.w), std::begin(b.y.w));
}

/// The requests' indices grouped by their point Q (equal coordinates), each group in
/// input order, groups in the order of their first request. Runs of requests that hold
/// the same AffinePoint object (one key's many signatures) cost a pointer comparison;
/// other points are hashed by their x (every word folded in, so that keys sharing low
/// words cannot make the grouping quadratic). This runs before the team starts, so it
/// must be short: the team's helpers fall asleep while it runs.
std::vector<std::vector<std::size_t>> group_by_point_vartime(std::span<const DoubleScalar> req) {
  std::unordered_multimap<gf2m::Word, std::size_t> group_of;  // a hash of x -> group
  std::vector<std::vector<std::size_t>> groups;
  std::vector<const AffinePoint*> point_of;  // each group's first point
  const AffinePoint* last = nullptr;
  std::size_t last_group = 0;
  for (std::size_t i = 0; i < req.size(); ++i) {
    const AffinePoint* q = req[i].q;
    if (q != last) {
      gf2m::Word key = q->infinity ? ~gf2m::Word{0} : 0;
      for (const gf2m::Word w : q->x.w) key = (key ^ w) * 0x9e3779b97f4a7c15ull;
      const auto [b, e] = group_of.equal_range(key);
      const auto hit = std::find_if(b, e, [&](const auto& kv) { return same_coordinates_vartime(*point_of[kv.second], *q); });
      if (hit != e) {
        last_group = hit->second;
      } else {
        last_group = groups.size();
        groups.emplace_back();
        point_of.push_back(q);
        group_of.emplace(key, last_group);
      }
      last = q;
    }
    groups[last_group].push_back(i);
  }
  return groups;
}

/// Requests that share a point Q from which Q gets a comb table of its own: building
/// it costs about as much as two w-NAF verifications, so it pays from 4 requests, and
/// from 6 where requests of different keys pair their additions fully (VPCLMULQDQ;
/// `dstu bench sign`'s batch rows re-measure it).
std::size_t shared_point_min(int m, gf2m::Isa isa) { return pair_additions(m, isa) ? 6 : 4; }

/// Parts of a comb table of Q built on the team when the batch has fewer tables than
/// threads: the rows (serial doublings) on one thread, then each half of the entries on
/// its own, which takes a single-key batch's table off the caller.
constexpr std::size_t kTableParts = 2;
static_assert(kTableParts == 1 || kTableParts == 2, "a power of two no larger than 2^window for every window");

/// One pool item: kBatchChunk requests (indices into the request list) and the Q table
/// they share, or none (w-NAF).
struct Chunk {
  const std::vector<std::size_t>* index;
  std::size_t begin, end;
  std::size_t table;  // into the tables, or kNoTable
};
constexpr std::size_t kNoTable = ~std::size_t{0};

void add_chunks(std::vector<Chunk>& chunks, const std::vector<std::size_t>& index, std::size_t table) {
  for (std::size_t b = 0; b < index.size(); b += kBatchChunk) {
    chunks.push_back({&index, b, std::min(index.size(), b + kBatchChunk), table});
  }
}

/// Every request: those of a group of at least shared_point_min() that share Q (and
/// whose scalars fit the comb) by the two-base comb with Q's table built once, the
/// others by w-NAF (or paired regular digits). The tables are built on the team, then
/// every chunk of every group runs on the team.
template <class K>
void double_batch(K kern, const Curve& c, std::span<const DoubleScalar> req, int threads, const BatchSink& out) {
  // Helpers asleep since the last call wake while the caller groups the requests and
  // builds the rows of Q's table (a wake-up takes tens of microseconds on a VM).
  const std::size_t chunk_count = (req.size() + kBatchChunk - 1) / kBatchChunk;
  if (chunk_count > 1) parallel::wake_helpers(static_cast<int>(std::min<std::size_t>(threads, chunk_count)), 0);
  const FieldOps<K> f{kern};
  const detail::CurveFe<K> cf(f, c);
  const detail::CombTable& table = c.precomputed().comb;
  const std::size_t comb_bits = static_cast<std::size_t>(table.window) * table.columns;
  std::vector<std::vector<std::size_t>> shared;  // groups with a table each
  std::vector<std::size_t> rest;
  for (const std::vector<std::size_t>& group : group_by_point_vartime(req)) {
    std::vector<std::size_t> comb;
    for (std::size_t i : group) {
      const bool fits = !req[i].q->infinity && curve::scalar_bits_vartime(req[i].s) <= comb_bits &&
                        curve::scalar_bits_vartime(req[i].r) <= comb_bits;
      (fits ? comb : rest).push_back(i);
    }
    if (comb.size() < shared_point_min(f.k.m, f.k.isa)) {
      rest.insert(rest.end(), comb.begin(), comb.end());
    } else {
      shared.push_back(std::move(comb));
    }
  }
  std::sort(rest.begin(), rest.end());
  std::optional<detail::BaseComb<K>> g;
  if (!shared.empty()) g = detail::g_base_comb_vartime<K>(c);
  std::vector<detail::BaseComb<K>> tables(shared.size());
  if (shared.size() * kTableParts > static_cast<std::size_t>(threads)) {  // a table per item
    parallel::for_each(shared.size(), threads, [&](std::size_t i) {
      tables[i] = detail::build_base_comb_vartime(f, cf, *req[shared[i][0]].q, g->window, g->columns);
    });
  } else {  // few tables (one key's batch): each table's rows, then its parts on the team
    std::vector<std::vector<detail::Acc<K>>> rows;
    for (std::size_t i = 0; i < shared.size(); ++i) {
      rows.push_back(detail::comb_rows_vartime(f, cf, *req[shared[i][0]].q, g->window, g->columns));
      tables[i] = detail::empty_base_comb<K>(g->window, g->columns);
    }
    parallel::for_each(shared.size() * kTableParts, threads, [&](std::size_t i) {
      const std::size_t t = i / kTableParts;
      detail::comb_part_vartime(f, cf, std::span<const detail::Acc<K>>(rows[t]), i % kTableParts, kTableParts,
                                tables[t]);
    });
  }
  std::vector<Chunk> chunks;
  for (std::size_t i = 0; i < shared.size(); ++i) add_chunks(chunks, shared[i], i);
  add_chunks(chunks, rest, kNoTable);
  const detail::OddTable<K> gt = detail::g_table_vartime(f, c);
  parallel::for_each(chunks.size(), threads, [&](std::size_t i) {
    const Chunk& ch = chunks[i];
    const auto idx = std::span<const std::size_t>(*ch.index).subspan(ch.begin, ch.end - ch.begin);
    if (ch.table == kNoTable) {
      wnaf_chunk(f, cf, gt, c, req, idx, out);
    } else {
      comb_chunk(f, cf, *g, tables[ch.table], req, idx, out);
    }
  });
}

template <class K>
void base_chunk(K kern, const Curve& c, std::span<const Scalar> k, std::span<AffinePoint> out) {
  const FieldOps<K> f{kern};
  const detail::CurveFe<K> cf(f, c);
  const detail::CombTable& t = detail::base_comb_table(c.precomputed());
  std::vector<LdPoint<K>> pts(k.size());
  std::vector<typename K::Fe> z(k.size());
  std::vector<ct::Mask> inf(k.size());
  std::size_t i = 0;
  const bool pair = pair_requests(f.k.m, f.k.isa);
  for (; pair && i + 1 < k.size(); i += 2) {  // two requests at a time, interleaved
    Scalar ea = c.scalar_field().reduce(k[i]), eb = c.scalar_field().reduce(k[i + 1]);
    std::tie(inf[i], inf[i + 1]) = detail::comb_all2(f, cf, c, t, ea, eb, pts[i], pts[i + 1]);
    ea.wipe();
    eb.wipe();
  }
  for (; i < k.size(); ++i) {
    Scalar e = c.scalar_field().reduce(k[i]);
    inf[i] = detail::comb_all(f, cf, c, t, e, pts[i]);
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

void mul_double_batch_vartime(const Curve& c, std::span<const DoubleScalar> requests, int threads,
                              const BatchSink& sink) {
  if (requests.empty()) return;
  gf2m::dispatch(c.field(), [&](auto kern) { double_batch(kern, c, requests, threads, sink); });
}

std::vector<AffinePoint> mul_double_batch_vartime(const Curve& c, std::span<const DoubleScalar> requests,
                                                  int threads) {
  std::vector<AffinePoint> out(requests.size());
  mul_double_batch_vartime(c, requests, threads, BatchSink(out));
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

}  // namespace dstu::ec2m
