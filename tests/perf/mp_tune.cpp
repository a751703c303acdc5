// mp_tune: measures the crossovers behind the automatic choices of lib/mp/src/
// tuning.hpp on this machine and prints them with the timings they come from.
// A benchmark, not a test. Usage: mp_tune
#include <chrono>
#include <cstdio>
#include <functional>
#include <vector>

#include "dstu/mp/limbs.hpp"
#include "dstu/mp/modular.hpp"
#include "dstu/mp/tuning.hpp"
#include "dstu/parallel/team.hpp"
#include "dstu/rng/random.hpp"
#include "per_call.hpp"

namespace {

using dstu::mp::Limb;
namespace ln = dstu::mp::ln;

/// Median ns per call of f over 9 samples, each a batch of calls lasting > 0.5 ms.
double median_ns(const std::function<void()>& f) {
  f();
  const long calls = dstu::perf::calls_lasting(std::chrono::microseconds(500), f);
  return dstu::perf::median_ns_per_call(9, calls, f);
}

std::vector<Limb> limbs(dstu::rng::ChaCha20Drbg& rng, std::size_t n) {
  std::vector<Limb> v(n);
  for (auto& x : v) x = rng.next_u64();
  return v;
}

/// The first size from which `b` beats `a` at this and every following size.
template <class F>
std::size_t crossover(const char* title, std::size_t lo, std::size_t hi, std::size_t step, F&& times) {
  std::printf("%s\n", title);
  std::size_t from = 0;
  for (std::size_t n = lo; n <= hi; n += step) {
    auto [a, b] = times(n);
    std::printf("  n=%3zu  %10.1f  %10.1f  %s\n", n, a, b, b < a ? "second wins" : "");
    if (b < a) {
      if (!from) from = n;
    } else {
      from = 0;
    }
  }
  std::printf("  => crossover %zu limbs\n", from);
  return from;
}

}  // namespace

int main() {
  dstu::rng::ChaCha20Drbg rng(5, 0);
  dstu::parallel::init(dstu::parallel::team_size());
  const int team = dstu::parallel::team_size();
  crossover("mul: Comba columns vs addmul_1 rows (ns)", 2, 20, 1, [&](std::size_t n) {
    auto a = limbs(rng, n), b = limbs(rng, n);
    std::vector<Limb> r(2 * n);
    return std::pair{median_ns([&] { ln::mul_comba(r.data(), a.data(), n, b.data(), n); }),
                     median_ns([&] { ln::mul_basecase(r.data(), a.data(), n, b.data(), n); })};
  });
  crossover("sqr: Comba columns vs rows (ns)", 2, 48, 2, [&](std::size_t n) {
    auto a = limbs(rng, n);
    std::vector<Limb> r(2 * n);
    return std::pair{median_ns([&] { ln::sqr_comba(r.data(), a.data(), n); }),
                     median_ns([&] { ln::sqr_basecase(r.data(), a.data(), n); })};
  });
  // Karatsuba: for each threshold t, the full product at sizes around 2t, with the
  // recursion stopping at t. The best threshold is where one level starts to pay.
  auto& th = dstu::mp::tuning::current();
  const auto saved = th;
  crossover("mul: basecase vs one Karatsuba level over basecase halves (ns)", 8, 160, 8, [&](std::size_t n) {
    auto a = limbs(rng, n), b = limbs(rng, n);
    std::vector<Limb> r(2 * n), s(ln::karatsuba_scratch(n) + 64);
    th.karatsuba_mul = n;  // children (n/2) take the basecase
    const double one_level_off = median_ns([&] { ln::mul_basecase(r.data(), a.data(), n, b.data(), n); });
    th.karatsuba_mul = (n + 1) / 2 + 1;
    const double one_level = median_ns([&] { ln::mul_karatsuba(r.data(), a.data(), b.data(), n, s.data()); });
    return std::pair{one_level_off, one_level};
  });
  th = saved;
  crossover("sqr: row basecase vs one Karatsuba level (ns)", 16, 256, 16, [&](std::size_t n) {
    auto a = limbs(rng, n);
    std::vector<Limb> r(2 * n), s(ln::karatsuba_scratch(n) + 64);
    const double base = median_ns([&] { ln::sqr_basecase(r.data(), a.data(), n); });
    th.karatsuba_sqr = (n + 1) / 2 + 1;
    const double one_level = median_ns([&] { ln::sqr_karatsuba(r.data(), a.data(), n, s.data()); });
    return std::pair{base, one_level};
  });
  th = saved;
  crossover("mul: best sequential vs Comba 2x (ns)", 8, 256, 8, [&](std::size_t n) {
    auto a = limbs(rng, n), b = limbs(rng, n);
    std::vector<Limb> r(2 * n), s(ln::mul_scratch(n, n) + 64);
    return std::pair{median_ns([&] { ln::mul(r.data(), a.data(), n, b.data(), n, s.data()); }),
                     median_ns([&] { ln::mul_comba_2x(r.data(), a.data(), n, b.data(), n); })};
  });
  crossover("mul: best sequential vs Comba Mx on the team (ns)", 8, 256, 8, [&](std::size_t n) {
    auto a = limbs(rng, n), b = limbs(rng, n);
    std::vector<Limb> r(2 * n), s(ln::mul_scratch(n, n) + 64);
    return std::pair{median_ns([&] { ln::mul(r.data(), a.data(), n, b.data(), n, s.data()); }),
                     median_ns([&] { ln::mul_comba_mx(r.data(), a.data(), n, b.data(), n, team); })};
  });
  crossover("mul: sequential Comba vs Comba Mx on the team (ns)", 8, 256, 8, [&](std::size_t n) {
    auto a = limbs(rng, n), b = limbs(rng, n);
    std::vector<Limb> r(2 * n);
    return std::pair{median_ns([&] { ln::mul_comba(r.data(), a.data(), n, b.data(), n); }),
                     median_ns([&] { ln::mul_comba_mx(r.data(), a.data(), n, b.data(), n, team); })};
  });
  std::printf("powmod: sequential vs parallel by exponent portions on the team (us)\n");
  for (std::size_t bits : {128, 192, 256, 384, 512, 768, 1024, 2048}) {
    std::vector<Limb> m = limbs(rng, bits / 64), e = limbs(rng, bits / 64), b = limbs(rng, bits / 64);
    m[0] |= 1;
    m.back() |= Limb{1} << 63;
    const auto M = dstu::mp::Nat::from_limbs(m), E = dstu::mp::Nat::from_limbs(e), B = dstu::mp::Nat::from_limbs(b) % M;
    const double seq = median_ns([&] { auto r = dstu::mp::powmod_sequential_vartime(B, E, M); (void)r; }) / 1000;
    const double par = median_ns([&] { auto r = dstu::mp::powmod_parallel_vartime(B, E, M, team); (void)r; }) / 1000;
    std::printf("  bits=%5zu  %10.1f  %10.1f  %s\n", bits, seq, par, par < seq ? "parallel wins" : "");
  }
  return 0;
}
