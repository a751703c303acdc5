// Parallel variants of multiplication and squaring (parallel.hpp): the product's
// columns, or the square's words, cut into parts; each part computed and reduced on
// its own team thread; partial results XORed. Constant time: the cut depends on the
// word count and the thread count only.
#include "dstu/gf2m/parallel.hpp"

#include <algorithm>

#include "dstu/gf2m/ops.hpp"
#include "dstu/parallel/team.hpp"
#include "internal.hpp"
#include "words.hpp"

namespace dstu::gf2m {
namespace {

/// Products in column k of an n x n schoolbook product.
int column_products(int n, int k) { return std::min(k, 2 * n - 2 - k) + 1; }

/// First column of part t when 2n - 1 columns are cut into `parts` ranges holding
/// nearly equal numbers of word products.
int column_cut(int n, int parts, int t) {
  const int total = n * n;
  int k = 0, done = 0;
  while (k < 2 * n - 1 && done * parts < t * total) done += column_products(n, k++);
  return k;
}

/// Runs part(t) for t < parts on up to `threads` team threads, then XORs the parts.
template <class Part>
void run_parts(const Field& f, Word* r, int parts, int threads, Part&& part) {
  Word out[kMaxParallelParts][kMaxWords] = {};
  parallel::on_team(std::min(threads, parts), [&](int index, int count) {
    for (int t = index; t < parts; t += count) part(t, out[t]);
  });
  for (int j = 0; j < f.words(); ++j) {
    Word v = 0;
    for (int t = 0; t < parts; ++t) v ^= out[t][j];
    r[j] = v;
  }
}

}  // namespace

void mul_parallel(const Field& f, Element& r, const Element& a, const Element& b, int threads) {
  const Ops& o = ops(f);
  const int n = f.words();
  const int parts = std::clamp(threads, 1, std::min(kMaxParallelParts, 2 * n - 1));
  const auto columns = o.isa != Isa::portable ? detail::mul_columns_clmul : detail::mul_columns_portable;
  const Element x = a, y = b;
  run_parts(f, r.w, parts, threads, [&](int t, Word* out) {
    Word p[detail::kWideWords] = {};
    columns(p, x.w, y.w, n, column_cut(n, parts, t), column_cut(n, parts, t + 1));
    o.reduce(f, out, p);
  });
}

void sqr_parallel(const Field& f, Element& r, const Element& a, int threads) {
  const Ops& o = ops(f);
  const int n = f.words();
  const int parts = std::clamp(threads, 1, std::min(kMaxParallelParts, n));
  const auto spread = o.isa != Isa::portable ? detail::sqr_wide_n_clmul : detail::sqr_wide_n_portable;
  const Element x = a;
  run_parts(f, r.w, parts, threads, [&](int t, Word* out) {
    const int i0 = n * t / parts, i1 = n * (t + 1) / parts;
    Word p[detail::kWideWords] = {};
    spread(p + 2 * i0, x.w + i0, i1 - i0);
    o.reduce(f, out, p);
  });
}

// The table parallel_*_pays() read: ns per operation from perf_gf2m (carry-less path,
// a team of 2 threads, the other core idle; its CPU: docs/performance.md). A fork and
// join of the team cost about a hundred times the product itself, and with the other
// core busy the join waits for a scheduler time slice; the portable path, several
// times slower per product, does not change the verdict.
namespace {

struct Measured {
  int m;
  double mul_seq, mul_par2, sqr_seq, sqr_par2;
};

constexpr Measured kMeasured[] = {
    {163, 10.0, 971, 6.2, 956},   {167, 10.2, 931, 6.0, 913},   {173, 8.8, 934, 5.5, 934},
    {179, 8.8, 950, 5.5, 940},    {191, 8.8, 1024, 5.4, 969},   {233, 9.5, 1155, 5.7, 1009},
    {257, 10.7, 1037, 6.4, 1020}, {307, 11.3, 1086, 5.4, 1022}, {367, 13.2, 1119, 6.6, 1082},
    {431, 15.3, 1117, 7.1, 1074},
};

const Measured* measured(int m) {
  for (const auto& e : kMeasured) {
    if (e.m == m) return &e;
  }
  return nullptr;
}

}  // namespace

bool parallel_mul_pays(const Field& f, int threads) {
  const Measured* e = measured(f.m());
  return threads >= 2 && e != nullptr && e->mul_par2 < e->mul_seq;
}

bool parallel_sqr_pays(const Field& f, int threads) {
  const Measured* e = measured(f.m());
  return threads >= 2 && e != nullptr && e->sqr_par2 < e->sqr_seq;
}

}  // namespace dstu::gf2m
