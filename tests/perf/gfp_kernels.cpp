// gfp_kernels: the Montgomery products of lib/gfp (dstu/gfp/internal/kernels.hpp and its
// variants) on the named primes, each variant beside its twins in one process: latency
// (a chain of dependent products, r = r b) and throughput (four independent chains
// interleaved), in nanoseconds of this thread's CPU time (a loaded machine's other
// processes do not count), median of 15 rounds that alternate the variants. The figures
// behind the choices written beside detail::mont_mul. A benchmark, never a test.
// Usage: gfp_kernels [--rounds N]
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <functional>
#include <string>
#include <vector>

#include "dstu/cpu/features.hpp"
#include "dstu/gfp/field.hpp"
#include "dstu/gfp/internal/kernels.hpp"
#include "per_call.hpp"

namespace {

using dstu::gfp::Field;
using dstu::gfp::detail::Limb;
using Kernel = void (*)(Limb*, const Limb*, const Limb*, const Limb*, Limb);

double cpu_ns() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e9 + static_cast<double>(ts.tv_nsec);
}

struct Variant {
  const char* name;
  Kernel k;
  bool needs_adx = false;
};

/// ns per product: latency (one chain) or throughput (four chains interleaved).
template <std::size_t N>
double time_kernel(Kernel k, const Field& f, bool throughput, long calls) {
  const Limb* p = f.modulus().w.data();
  const Limb m0inv = f.m0inv();
  Limb x[4][N], b[N];
  for (std::size_t i = 0; i < N; ++i) {
    b[i] = f.one().w[i] ^ (0x9e3779b97f4a7c15ULL * (i + 1));
    for (int c = 0; c < 4; ++c) x[c][i] = f.one().w[i] ^ (0x2545f4914f6cdd1dULL * (i + 7 * c + 1));
  }
  b[N - 1] = p[N - 1] >> 1;
  for (int c = 0; c < 4; ++c) x[c][N - 1] = p[N - 1] >> 2;
  const double t0 = cpu_ns();
  if (throughput) {
    for (long i = 0; i < calls; ++i) {
      k(x[0], x[0], b, p, m0inv);
      k(x[1], x[1], b, p, m0inv);
      k(x[2], x[2], b, p, m0inv);
      k(x[3], x[3], b, p, m0inv);
    }
  } else {
    for (long i = 0; i < calls; ++i) k(x[0], x[0], b, p, m0inv);
  }
  const double t = cpu_ns() - t0;
  dstu::perf::keep(x);
  return t / static_cast<double>(throughput ? 4 * calls : calls);
}

template <std::size_t N>
void compare(const char* field_name, const std::vector<Variant>& variants, int rounds) {
  const Field& f = Field::named(field_name);
  const bool adx = dstu::gfp::adx_allowed();
  std::vector<Variant> vs;
  for (const Variant& v : variants) {
    if (!v.needs_adx || adx) vs.push_back(v);
  }
  std::vector<std::vector<double>> lat(vs.size()), thr(vs.size());
  const long calls = 200000 / static_cast<long>(N * N);
  for (int r = 0; r < rounds; ++r) {
    for (std::size_t i = 0; i < vs.size(); ++i) {
      lat[i].push_back(time_kernel<N>(vs[i].k, f, false, calls));
      thr[i].push_back(time_kernel<N>(vs[i].k, f, true, calls));
    }
  }
  std::printf("%s (%zu limbs)\n", field_name, N);
  for (std::size_t i = 0; i < vs.size(); ++i) {
    std::printf("  %-22s latency %7.1f ns  throughput %7.1f ns\n", vs[i].name,
                dstu::stats::summarize(lat[i]).median, dstu::stats::summarize(thr[i]).median);
  }
}

/// The ADX square kernel for N limbs, as a product kernel that ignores b.
template <std::size_t N, dstu::gfp::Form F = dstu::gfp::Form::generic>
void square(Limb* r, const Limb* a, const Limb*, const Limb* p, Limb m0inv) {
  dstu::gfp::detail::mont_sqr<N, F, dstu::gfp::Path::adx>(r, a, p, m0inv);
}

}  // namespace

int main(int argc, char** argv) {
  int rounds = 15;
  for (int i = 1; i + 1 < argc; ++i) {
    if (!std::strcmp(argv[i], "--rounds")) rounds = std::atoi(argv[i + 1]);
  }
  namespace d = dstu::gfp::detail;
  using dstu::gfp::Form;
  using dstu::gfp::Path;
  std::printf("CPU features: %s\n", dstu::cpu::describe(dstu::cpu::active()).c_str());
  compare<4>("P-256", {{"cios m0inv=1", d::mont_mul_cios<4, true>},
                       {"p256 portable", d::mont_mul_p256},
                       {"adx m0inv=1", d::mont_mul_4_adx<true>, true},
                       {"p256 sos adx", [](Limb* r, const Limb* a, const Limb* b, const Limb* p, Limb) {
                          d::mont_mul_p256_sos_adx(r, a, b, p);
                        }, true},
                       {"p256 adx square", [](Limb* r, const Limb* a, const Limb*, const Limb* p, Limb) {
                          d::mont_sqr_p256_adx(r, a, p);
                        }, true}},
             rounds);
  compare<4>("brainpoolP256", {{"cios", d::mont_mul_cios<4>},
                               {"fips", d::mont_mul_fips<4>},
                               {"adx", d::mont_mul_4_adx<false>, true},
                               {"sos adx", d::mont_mul_4_sos_adx<false>, true},
                               {"adx square", [](Limb* r, const Limb* a, const Limb*, const Limb* p, Limb m0inv) {
                                  d::mont_sqr_4_adx<false>(r, a, p, m0inv);
                                }, true}},
             rounds);
  compare<5>("brainpoolP320", {{"cios", d::mont_mul_cios<5>},
                               {"fips", d::mont_mul_fips<5>},
                               {"sos adx", d::mont_mul<5, Form::generic, Path::adx>, true},
                               {"sos adx square", square<5>, true}},
             rounds);
  compare<6>("P-384", {{"cios", d::mont_mul_cios<6>},
                       {"fips", d::mont_mul_fips<6>},
                       {"sos adx", d::mont_mul<6, Form::generic, Path::adx>, true},
                       {"sos adx square", square<6>, true}},
             rounds);
  compare<8>("brainpoolP512", {{"cios", d::mont_mul_cios<8>},
                               {"fips", d::mont_mul_fips<8>},
                               {"sos adx", d::mont_mul<8, Form::generic, Path::adx>, true},
                               {"sos adx square", square<8>, true}},
             rounds);
  compare<9>("P-521", {{"cios", d::mont_mul_cios<9>},
                       {"mersenne fold", d::mont_mul_p521},
                       {"mersenne fold adx", d::mont_mul<9, Form::mersenne521, Path::adx>, true},
                       {"mersenne fold adx square", square<9, Form::mersenne521>, true}},
             rounds);
  return 0;
}
