// mp_vs_gmp: our integer arithmetic against GMP, measured in one run (issue #2 §8).
// A benchmark, not a test: it prints times (ns per call: the median of the samples by
// dstu::stats; the mean over all primes for prime generation) and their ratios (ours /
// GMP; < 1 means we are faster), and never fails. Single thread unless a line says
// otherwise.
//   multiplication 256/512 bits   target: within 1.3x of mpz_mul
//   2048-bit powmod               target: within 1.3x of mpz_powm; 2 threads faster
//   1024-bit prime generation     target: mean no slower than mpz_nextprime from random starts
// Usage: mp_vs_gmp [--quick] [--json]
#include <gmp.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "dstu/mp/fixed.hpp"
#include "dstu/mp/modular.hpp"
#include "dstu/mp/nat.hpp"
#include "dstu/mp/prime.hpp"
#include "dstu/parallel/team.hpp"
#include "dstu/rng/random.hpp"
#include "per_call.hpp"

namespace {

using Clock = std::chrono::steady_clock;
using dstu::mp::Nat;

template <class T>
void keep(const T& v) {
  __asm__ volatile("" : : "g"(&v) : "memory");
}

/// Median ns per call of f over `samples` samples of `batch` calls.
double median_ns(int samples, long batch, const std::function<void()>& f) {
  f();
  return dstu::perf::median_ns_per_call(samples, batch, f);
}

struct Row {
  std::string what;
  double ours, gmp, target;  // target: the ratio to stay under
};

std::vector<Row> rows;

void row(const std::string& what, double ours, double gmp, double target) {
  rows.push_back({what, ours, gmp, target});
}

void set_mpz(mpz_t z, const Nat& n) { mpz_import(z, n.size(), -1, 8, 0, 0, n.limbs().data()); }

Nat random_nat(dstu::rng::ChaCha20Drbg& rng, std::size_t bits) {
  std::vector<dstu::mp::Limb> v((bits + 63) / 64);
  for (auto& x : v) x = rng.next_u64();
  if (bits % 64) v.back() &= (1ULL << (bits % 64)) - 1;
  v.back() |= 1ULL << ((bits - 1) % 64);
  return Nat::from_limbs(v);
}

template <std::size_t N>
void multiplication(dstu::rng::ChaCha20Drbg& rng, int samples) {
  const std::size_t bits = 64 * N;
  const Nat a = random_nat(rng, bits), b = random_nat(rng, bits);
  dstu::mp::Fixed<N> fa, fb;
  a.to_limbs(fa.data(), N);
  b.to_limbs(fb.data(), N);
  mpz_t za, zb, zr;
  mpz_inits(za, zb, zr, nullptr);
  set_mpz(za, a);
  set_mpz(zb, b);
  const double gmp = median_ns(samples, 200000, [&] { mpz_mul(zr, za, zb); keep(zr); });
  const double mpn = median_ns(samples, 200000, [&] {
    mp_limb_t r[2 * N];
    mpn_mul_n(r, mpz_limbs_read(za), mpz_limbs_read(zb), N);
    keep(r);
  });
  const double fixed = median_ns(samples, 200000, [&] { keep(dstu::mp::mul(fa, fb)); });
  Nat r;
  const double nat = median_ns(samples, 200000, [&] { dstu::mp::mul(r, a, b); keep(r); });
  row("mul " + std::to_string(bits) + " Fixed<" + std::to_string(N) + "> vs mpz_mul", fixed, gmp, 1.3);
  row("mul " + std::to_string(bits) + " Nat vs mpz_mul", nat, gmp, 1.3);
  row("mul " + std::to_string(bits) + " Fixed<" + std::to_string(N) + "> vs mpn_mul_n", fixed, mpn, 0);
  mpz_clears(za, zb, zr, nullptr);
}

void exponentiation(dstu::rng::ChaCha20Drbg& rng, int samples) {
  for (std::size_t bits : {1024, 2048}) {
    Nat m = random_nat(rng, bits);
    m.set_bit(0);
    const Nat b = random_nat(rng, bits - 1), e = random_nat(rng, bits);
    mpz_t zm, zb, ze, zr;
    mpz_inits(zm, zb, ze, zr, nullptr);
    set_mpz(zm, m);
    set_mpz(zb, b);
    set_mpz(ze, e);
    const double gmp = median_ns(samples, 4, [&] { mpz_powm(zr, zb, ze, zm); keep(zr); });
    const double seq = median_ns(samples, 4, [&] { keep(dstu::mp::powmod_sequential_vartime(b, e, m)); });
    const double par = median_ns(samples, 4, [&] { keep(dstu::mp::powmod_parallel_vartime(b, e, m, 2)); });
    const double ct = median_ns(samples, 4, [&] { keep(dstu::mp::powmod(b, e, m, bits)); });
    const std::string s = std::to_string(bits);
    row("powmod " + s + " sequential vs mpz_powm", seq, gmp, bits == 2048 ? 1.3 : 0);
    row("powmod " + s + " parallel (2 threads) vs mpz_powm", par, gmp, bits == 2048 ? 1.0 : 0);
    row("powmod " + s + " constant-time vs mpz_powm", ct, gmp, 0);
    mpz_clears(zm, zb, ze, zr, nullptr);
  }
}

void primes(int count) {
  const std::size_t bits = 1024;
  gmp_randstate_t st;
  gmp_randinit_default(st);
  gmp_randseed_ui(st, 20261121);
  mpz_t start, p;
  mpz_inits(start, p, nullptr);
  const auto t0 = Clock::now();
  for (int i = 0; i < count; ++i) {
    mpz_urandomb(start, st, bits);
    mpz_setbit(start, bits - 1);
    mpz_nextprime(p, start);
    keep(p);
  }
  const double gmp = std::chrono::duration<double, std::nano>(Clock::now() - t0).count() / count;
  dstu::mp::PrimeRequest req;
  req.bits = bits;
  const auto t1 = Clock::now();
  for (int i = 0; i < count; ++i) {
    const std::uint64_t r = static_cast<std::uint64_t>(i);
    const dstu::mp::StreamFactory streams = [r](std::uint64_t w) -> std::unique_ptr<dstu::RandomSource> {
      return std::make_unique<dstu::rng::ChaCha20Drbg>(20261121, r << 32 | w);
    };
    keep(dstu::mp::random_prime(req, streams, 1).prime);
  }
  const double ours = std::chrono::duration<double, std::nano>(Clock::now() - t1).count() / count;
  row("prime 1024 mean of " + std::to_string(count) + " vs mpz_nextprime", ours, gmp, 1.0);
  mpz_clears(start, p, nullptr);
  gmp_randclear(st);
}

}  // namespace

int main(int argc, char** argv) {
  bool quick = false, json = false;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--quick")) quick = true;
    if (!std::strcmp(argv[i], "--json")) json = true;
  }
  dstu::parallel::init(2);
  dstu::rng::ChaCha20Drbg rng(99, 0);
  const int samples = quick ? 5 : 15;
  multiplication<4>(rng, samples);
  multiplication<8>(rng, samples);
  exponentiation(rng, samples);
  primes(quick ? 20 : 100);
  if (json) std::printf("{\"gmp\":\"%s\",\"rows\":[", gmp_version);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const Row& r = rows[i];
    const double ratio = r.ours / r.gmp;
    const char* verdict = r.target == 0 ? "" : (ratio <= r.target ? "meets target" : "MISSES target");
    if (json) {
      std::printf("%s{\"what\":\"%s\",\"ours_ns\":%.1f,\"gmp_ns\":%.1f,\"ratio\":%.3f,\"target\":%.2f}",
                  i ? "," : "", r.what.c_str(), r.ours, r.gmp, ratio, r.target);
    } else {
      std::printf("%-48s ours %12.1f ns  gmp %12.1f ns  ratio %6.3f  %s\n", r.what.c_str(), r.ours, r.gmp,
                  ratio, r.target ? (std::string("(target <= ") + std::to_string(r.target).substr(0, 4) + ") " + verdict).c_str() : "");
    }
  }
  if (json) std::printf("]}\n");
  return 0;
}
