// perf_gf2m — nanoseconds per field operation for each built-in field (DSTU 4145 and
// NIST, builtin.hpp) and CPU path.
//
// Usage: perf_gf2m [--quick] [--throughput] [--vpclmul] [m ...]
// (m selects the built-in fields of that degree: 233 is DSTU's and NIST's; the rows of
// a NIST field show its degree with a trailing "n".)
// Every operation runs as a dependent chain (r = op(r, b)), so the figures are
// latencies, the cost an algorithm pays in a sequence of dependent field operations;
// --throughput adds mul/sqr on independent operands (four interleaved chains). Rows
// per CPU path: native, native without VPCLMULQDQ (the clmul kernels), portable.
// --vpclmul instead compares the PCLMULQDQ and VPCLMULQDQ kernels of each field (mul,
// sqr, and the paired mul2/sqr2 the ladder calls): latency (dependent chain) and
// throughput (independent chains; ns per call, i.e. per pair for mul2/sqr2).
// Each figure is the median (dstu::stats) of 7 timed runs of >= 20 ms each (--quick: 3
// of >= 4 ms); --vpclmul alternates the two kernel families over 2 rounds and takes the
// median of the runs of both. "typed" rows call Kernels<P, I> directly (what a
// templated ec uses); the others go through the catalog (catalog.hpp), the entry points
// applications call. Parallel rows use a team of 2 threads (dstu::parallel).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "dstu/base/stats.hpp"
#include "dstu/cpu/features.hpp"
#include "catalog.hpp"
#include "dstu/gf2m/internal/kernels.hpp"
#include "dstu/gf2m/ops.hpp"
#include "dstu/parallel/team.hpp"

namespace g = dstu::gf2m;
using Clock = std::chrono::steady_clock;

namespace {

double g_min_seconds = 0.02;
int g_runs = 7;

/// ns per call of body(iterations) in each of g_runs timed runs.
template <class Body>
std::vector<double> samples_ns(Body&& body) {
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
  return runs;
}

/// Median ns per call of body(iterations).
template <class Body>
double time_ns(Body&& body) {
  return dstu::stats::summarize(samples_ns(body)).median;
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

/// Latency and throughput of one kernel family (raw kernels, no dispatch).
struct Family {
  void (*mul)(g::Word*, const g::Word*, const g::Word*);
  void (*mul2)(g::Word*, const g::Word*, const g::Word*, g::Word*, const g::Word*, const g::Word*);
  void (*sqr)(g::Word*, const g::Word*);
  void (*sqr2)(g::Word*, const g::Word*, g::Word*, const g::Word*);
};

template <class P>
Family clmul_family() {
  return {g::mul_clmul<P>, g::mul2_clmul<P>, g::sqr_clmul<P>, g::sqr2_clmul<P>};
}

template <class P>
Family vpclmul_family() {
  return {g::mul_vpclmul<P>, g::mul2_vpclmul<P>, g::sqr_vpclmul<P>, g::sqr2_vpclmul<P>};
}

/// The samples of ns per call, appended to t[0..6]: mul (latency, throughput of 4
/// chains), mul2 (latency, throughput of 2 chains), sqr (latency), sqr2 (latency,
/// throughput of 2 chains).
void run_family(const g::Field& f, const Family& k, std::vector<double> (&t)[7]) {
  g::Element x[8];
  for (int i = 0; i < 8; ++i) x[i] = sample(f, 10 + static_cast<std::uint64_t>(i));
  g::Word* w[8];
  for (int i = 0; i < 8; ++i) w[i] = x[i].w;
  const g::Word* b = w[7];
  const auto add = [&](std::vector<double>& to, auto&& body) {
    const std::vector<double> s = samples_ns(body);
    to.insert(to.end(), s.begin(), s.end());
  };
  add(t[0], [&](long n) {
    for (long i = 0; i < n; ++i) k.mul(w[0], w[0], b);
  });
  add(t[1], [&](long n) {
    for (long i = 0; i < n; i += 4) {
      k.mul(w[0], w[0], b);
      k.mul(w[1], w[1], b);
      k.mul(w[2], w[2], b);
      k.mul(w[3], w[3], b);
    }
  });
  add(t[2], [&](long n) {
    for (long i = 0; i < n; ++i) k.mul2(w[0], w[0], b, w[1], w[1], b);
  });
  add(t[3], [&](long n) {
    for (long i = 0; i < n; i += 2) {
      k.mul2(w[0], w[0], b, w[1], w[1], b);
      k.mul2(w[2], w[2], b, w[3], w[3], b);
    }
  });
  add(t[4], [&](long n) {
    for (long i = 0; i < n; ++i) k.sqr(w[0], w[0]);
  });
  add(t[5], [&](long n) {
    for (long i = 0; i < n; ++i) k.sqr2(w[0], w[0], w[1], w[1]);
  });
  add(t[6], [&](long n) {
    for (long i = 0; i < n; i += 2) {
      k.sqr2(w[0], w[0], w[1], w[1]);
      k.sqr2(w[2], w[2], w[3], w[3]);
    }
  });
  g_sink = x[0].w[0] ^ x[1].w[0] ^ x[2].w[0] ^ x[3].w[0];
}

/// "233" for a DSTU field, "233n" for a NIST one.
std::string field_label(const g::Field& f) { return std::to_string(f.m()) + (f.is_dstu() ? "" : "n"); }

void compare_vpclmul(const std::vector<const g::Field*>& fields) {
  const auto& c = dstu::cpu::detected();
  if (!dstu::cpu::vpclmul_kernels(c)) {
    std::printf("# perf_gf2m --vpclmul: this CPU has no vpclmulqdq + avx512f\n");
    return;
  }
  std::printf("# perf_gf2m --vpclmul: ns per call; lat = dependent chain, thr = independent chains\n");
  std::printf("%-5s %-8s %8s %8s %9s %9s %8s %9s %9s  %s\n", "m", "kernels", "mul.lat", "mul.thr", "mul2.lat",
              "mul2.thr", "sqr.lat", "sqr2.lat", "sqr2.thr", "dispatch");
  for (const g::Field* field : fields) {
    const g::Field& f = *field;
    std::vector<double> samples[2][7];  // [clmul, vpclmul][column]: the runs of both rounds
    switch (*f.builtin_id()) {
#define DSTU_PERF_CASE(F)                                                          \
  case g::F::id:                                                                   \
    for (int rep = 0; rep < 2; ++rep) { /* alternate to even out drift */          \
      run_family(f, clmul_family<g::F>(), samples[0]);                             \
      run_family(f, vpclmul_family<g::F>(), samples[1]);                           \
    }                                                                              \
    break;
      DSTU_GF2M_FOR_EACH_VPCLMUL_FIELD(DSTU_PERF_CASE)
#undef DSTU_PERF_CASE
      default:
        continue;
    }
    const char* chosen = g::isa_name(g::ops(f).isa);
    for (int row = 0; row < 2; ++row) {
      double t[7];
      for (int i = 0; i < 7; ++i) t[i] = dstu::stats::summarize(samples[row][i]).median;
      std::printf("%-5s %-8s %8.2f %8.2f %9.2f %9.2f %8.2f %9.2f %9.2f  %s\n", field_label(f).c_str(),
                  row == 0 ? "clmul" : "vpclmul",
                  t[0], t[1], t[2], t[3], t[4], t[5], t[6], row == 0 ? "" : chosen);
    }
    std::fflush(stdout);
  }
}

}  // namespace

int main(int argc, char** argv) {
  bool throughput = false, vpclmul = false;
  std::vector<int> degrees;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--quick") == 0) {
      g_min_seconds = 0.004;
      g_runs = 3;
    } else if (std::strcmp(argv[i], "--throughput") == 0) {
      throughput = true;
    } else if (std::strcmp(argv[i], "--vpclmul") == 0) {
      vpclmul = true;
    } else {
      degrees.push_back(std::atoi(argv[i]));
    }
  }
  std::vector<const g::Field*> fields;
  for (g::Builtin id : g::builtin_fields()) {
    const g::Field& f = g::Field::builtin(id);
    if (degrees.empty() || std::find(degrees.begin(), degrees.end(), f.m()) != degrees.end()) fields.push_back(&f);
  }
  if (vpclmul) {
    compare_vpclmul(fields);
    return 0;
  }
  dstu::parallel::init(2);

  std::printf("# perf_gf2m: ns per operation (dependent chains), cpu: %s\n",
              dstu::cpu::describe(dstu::cpu::detected()).c_str());
  std::printf("%-5s %-9s %8s %8s", "m", "path", "mul.typ", "sqr.typ");
  if (throughput) std::printf(" %8s %8s", "mul.thr", "sqr.thr");
  for (const auto& op : g::operations()) std::printf(" %12s", op.name);
  std::printf("\n");
  for (const char* path : {"native", "native,-vpclmulqdq", "portable"}) {
    dstu::cpu::set_override(path);
    for (const g::Field* field : fields) {
      const g::Field& f = *field;
      const TypedTimes t = run_typed(f, throughput);
      std::printf("%-5s %-9s %8.1f %8.1f", field_label(f).c_str(), g::isa_name(g::ops(f).isa), t.mul, t.sqr);
      if (throughput) std::printf(" %8.1f %8.1f", t.mul_thr, t.sqr_thr);
      for (const auto& op : g::operations()) std::printf(" %12.1f", run_catalog(f, op));
      std::printf("\n");
      std::fflush(stdout);
    }
  }
  dstu::cpu::set_override("native");
  return 0;
}
