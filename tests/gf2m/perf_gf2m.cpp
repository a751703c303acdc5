// perf_gf2m — nanoseconds per field operation for each DSTU field and CPU path.
//
// Usage: perf_gf2m [--quick] [--throughput] [m ...]
// Every operation runs as a dependent chain (r = op(r, b)), so the figures are
// latencies, the cost an algorithm pays in a sequence of dependent field operations;
// --throughput adds mul/sqr on independent operands (four interleaved chains).
// Minimum of 7 timed runs of >= 20 ms each (robust to other load on the machine). "typed" rows call Kernels<P, I>
// directly (what a templated ec uses); the others go through the catalog
// (catalog.hpp), the table the CLI's `bench field` uses. Parallel rows use a team of
// 2 threads (dstu::parallel).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "dstu/cpu/features.hpp"
#include "dstu/gf2m/catalog.hpp"
#include "dstu/gf2m/kernels.hpp"
#include "dstu/gf2m/ops.hpp"
#include "dstu/parallel/team.hpp"

namespace g = dstu::gf2m;
using Clock = std::chrono::steady_clock;

namespace {

double g_min_seconds = 0.02;
int g_runs = 7;

/// Median ns per call of body(iterations).
template <class Body>
double time_ns(Body&& body) {
  long n = 1;
  for (;;) {
    const auto t0 = Clock::now();
    body(n);
    const double s = std::chrono::duration<double>(Clock::now() - t0).count();
    if (s >= g_min_seconds) break;
    n = s <= 0 ? n * 16 : std::max(n * 2, static_cast<long>(n * g_min_seconds * 1.2 / s));
  }
  std::vector<double> runs;
  for (int r = 0; r < g_runs; ++r) {
    const auto t0 = Clock::now();
    body(n);
    runs.push_back(std::chrono::duration<double, std::nano>(Clock::now() - t0).count() /
                   static_cast<double>(n));
  }
  std::sort(runs.begin(), runs.end());
  return runs.front();  // the minimum: least disturbed by other load on the machine
}

g::Element sample(const g::Field& f, std::uint64_t seed) {
  g::Element e;
  std::uint64_t s = seed * 0x9e3779b97f4a7c15ULL + 1;
  for (int i = 0; i < f.words(); ++i) {
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    e.w[i] = s;
  }
  e.w[f.words() - 1] &= f.top_mask();
  e.w[0] |= 1;
  return e;
}

volatile g::Word g_sink;

double run_catalog(const g::Field& f, const g::Operation& op) {
  g::Element r = sample(f, 1), b = sample(f, 2);
  const double ns = time_ns([&](long n) {
    for (long i = 0; i < n; ++i) op.run(f, r, r, b);
  });
  g_sink = r.w[0];
  return ns;
}

/// Typed direct-call latency of mul and sqr, plus 4-chain throughput.
struct TypedTimes {
  double mul = 0, sqr = 0, mul_thr = 0, sqr_thr = 0;
};

TypedTimes run_typed(const g::Field& f, bool throughput) {
  return g::dispatch(f, [&](auto k) {
    using K = decltype(k);
    typename K::Fe r{}, b{}, r2{}, r3{}, r4{};
    const g::Element er = sample(f, 3), eb = sample(f, 4);
    std::copy_n(er.w, r.size(), r.begin());
    std::copy_n(eb.w, b.size(), b.begin());
    r2 = r3 = r4 = r;
    TypedTimes t;
    t.mul = time_ns([&](long n) {
      for (long i = 0; i < n; ++i) k.mul(r.data(), r.data(), b.data());
    });
    t.sqr = time_ns([&](long n) {
      for (long i = 0; i < n; ++i) k.sqr(r.data(), r.data());
    });
    if (throughput) {
      t.mul_thr = time_ns([&](long n) {
        for (long i = 0; i < n; i += 4) {
          k.mul(r.data(), r.data(), b.data());
          k.mul(r2.data(), r2.data(), b.data());
          k.mul(r3.data(), r3.data(), b.data());
          k.mul(r4.data(), r4.data(), b.data());
        }
      });
      t.sqr_thr = time_ns([&](long n) {
        for (long i = 0; i < n; i += 4) {
          k.sqr(r.data(), r.data());
          k.sqr(r2.data(), r2.data());
          k.sqr(r3.data(), r3.data());
          k.sqr(r4.data(), r4.data());
        }
      });
    }
    g_sink = r[0] ^ r2[0] ^ r3[0] ^ r4[0];
    return t;
  });
}

}  // namespace

int main(int argc, char** argv) {
  bool throughput = false;
  std::vector<int> degrees;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--quick") == 0) {
      g_min_seconds = 0.004;
      g_runs = 3;
    } else if (std::strcmp(argv[i], "--throughput") == 0) {
      throughput = true;
    } else {
      degrees.push_back(std::atoi(argv[i]));
    }
  }
  if (degrees.empty()) degrees.assign(g::dstu_degrees().begin(), g::dstu_degrees().end());
  dstu::parallel::init(2);

  std::printf("# perf_gf2m: ns per operation (dependent chains), cpu: %s\n",
              dstu::cpu::describe(dstu::cpu::detected()).c_str());
  std::printf("%-5s %-9s %8s %8s", "m", "path", "mul.typ", "sqr.typ");
  if (throughput) std::printf(" %8s %8s", "mul.thr", "sqr.thr");
  for (const auto& op : g::operations()) std::printf(" %12s", op.name);
  std::printf("\n");
  for (const char* path : {"native", "portable"}) {
    dstu::cpu::set_override(path);
    for (int m : degrees) {
      const g::Field& f = g::Field::dstu(m);
      const TypedTimes t = run_typed(f, throughput);
      std::printf("%-5d %-9s %8.1f %8.1f", m, g::isa_name(g::active_isa()), t.mul, t.sqr);
      if (throughput) std::printf(" %8.1f %8.1f", t.mul_thr, t.sqr_thr);
      for (const auto& op : g::operations()) std::printf(" %12.1f", run_catalog(f, op));
      std::printf("\n");
      std::fflush(stdout);
    }
  }
  dstu::cpu::set_override("native");
  return 0;
}
