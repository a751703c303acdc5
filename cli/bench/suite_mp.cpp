// dstu bench mp: the integer tables of the sources on this machine.
//   comba  — [Parallel Comba] Table 1: Modified Comba vs 2x vs Mx for 3..384 32-bit words
//   modexp — [Parallel DSTU 4145] Table 1: sequential vs parallel exponentiation, 1024..4096 bits
//   mont   — Montgomery multiplication at 256 and 512 bits
//   prime  — random prime generation at 512, 1024, 2048 bits ([Crypto Library Slides])
#include <vector>

#include "bench/bench.hpp"
#include "dstu/mp/limbs.hpp"
#include "dstu/mp/modular.hpp"
#include "dstu/mp/prime.hpp"
#include "dstu/rng/random.hpp"

namespace dstu::cli::bench {
namespace {

std::vector<mp::Limb> random_limbs(rng::ChaCha20Drbg& rng, std::size_t bits) {
  std::vector<mp::Limb> v((bits + 63) / 64);
  for (auto& x : v) x = rng.next_u64();
  if (bits % 64) v.back() &= (mp::Limb{1} << (bits % 64)) - 1;
  v.back() |= mp::Limb{1} << ((bits - 1) % 64);
  return v;
}

mp::Nat random_nat(rng::ChaCha20Drbg& rng, std::size_t bits) { return mp::Nat::from_limbs(random_limbs(rng, bits)); }

/// A bits-bit odd modulus, a base below it and a bits-bit exponent (measure_modexp's
/// operands when rng is ChaCha20Drbg(2, bits)).
struct ModexpOperands {
  mp::Nat base, exp, mod;
};

ModexpOperands modexp_operands(rng::ChaCha20Drbg& rng, std::size_t bits) {
  ModexpOperands x;
  x.mod = random_nat(rng, bits);
  x.mod.set_bit(0);
  x.base = random_nat(rng, bits - 1);
  x.exp = random_nat(rng, bits);
  return x;
}

void comba_table(const Options& opt, std::vector<Record>& out) {
  const std::vector<std::size_t> words = opt.quick ? std::vector<std::size_t>{8, 32, 128, 384}
                                                   : std::vector<std::size_t>{3, 4, 8, 16, 32, 48, 64, 96, 128, 192, 256, 384};
  const Budget budget{opt.quick ? 5 : 11, std::chrono::milliseconds(opt.quick ? 1 : 3)};
  for (std::size_t w : words) {
    for (Record& r : measure_comba(w, opt.threads, budget)) out.push_back(std::move(r));
    // Beside the table, on the same operands: the row basecase and the product the
    // library picks.
    rng::ChaCha20Drbg rng(1, w);
    const std::size_t bits = 32 * w, n = (bits + 63) / 64;
    const auto a = random_limbs(rng, bits), b = random_limbs(rng, bits);
    std::vector<mp::Limb> r(2 * n), scratch(mp::ln::mul_scratch(n, n) + 1);
    const Json p = {{"words32", w}, {"bits", bits}};
    out.push_back(time_op("mp", "mul_basecase", p, 1, "ns", budget,
                          [&] { mp::ln::mul_basecase(r.data(), a.data(), n, b.data(), n); keep(r); }));
    out.push_back(time_op("mp", "mul", p, 1, "ns", budget, [&] {
      mp::ln::mul(r.data(), a.data(), n, b.data(), n, scratch.data());
      keep(r);
    }));
  }
}

void modexp_table(const Options& opt, std::vector<Record>& out) {
  const std::vector<std::size_t> sizes = opt.quick ? std::vector<std::size_t>{1024, 2048}
                                                   : std::vector<std::size_t>{1024, 2048, 3072, 4096};
  const Budget budget{opt.quick ? 3 : 7, std::chrono::nanoseconds(1)};
  for (std::size_t bits : sizes) {
    for (Record& r : measure_modexp(bits, opt.threads, budget)) out.push_back(std::move(r));
    rng::ChaCha20Drbg rng(2, bits);  // the constant-time form on the same operands
    const ModexpOperands x = modexp_operands(rng, bits);
    out.push_back(time_op("mp", "powmod_consttime", {{"bits", bits}}, 1, "ms", budget,
                          [&] { keep(mp::powmod(x.base, x.exp, x.mod, bits)); }));
  }
}

void montgomery_table(const Options& opt, std::vector<Record>& out) {
  rng::ChaCha20Drbg rng(3, 0);
  const Budget budget{opt.quick ? 5 : 11, std::chrono::milliseconds(2)};
  for (std::size_t bits : {256, 512, 1024, 2048}) {
    mp::Nat m = random_nat(rng, bits);
    m.set_bit(0);
    const mp::Montgomery mont(m);
    const auto a = mont.to_mont(random_nat(rng, bits - 1)), b = mont.to_mont(random_nat(rng, bits - 1));
    std::vector<mp::Limb> r(mont.size()), scratch(mont.scratch_size());
    const Json p = {{"bits", bits}};
    out.push_back(time_op("mp", "montgomery_mul", p, 1, "ns", budget, [&] {
      mont.mul(r.data(), a.data(), b.data(), scratch.data());
      keep(r);
    }));
    out.push_back(time_op("mp", "montgomery_sqr", p, 1, "ns", budget, [&] {
      mont.sqr(r.data(), a.data(), scratch.data());
      keep(r);
    }));
  }
}

void prime_table(const Options& opt, std::vector<Record>& out) {
  const std::vector<std::size_t> sizes = opt.quick ? std::vector<std::size_t>{512, 1024}
                                                   : std::vector<std::size_t>{512, 1024, 2048};
  std::uint64_t request = 0;
  for (std::size_t bits : sizes) {
    const int samples = opt.quick ? (bits <= 512 ? 15 : 5) : (bits <= 1024 ? 41 : 15);
    mp::PrimeRequest req;
    req.bits = bits;
    for (int threads : {1, opt.threads}) {
      if (threads == opt.threads && threads == 1 && out.back().name == "random_prime") continue;
      const Budget budget{samples, std::chrono::nanoseconds(1)};
      out.push_back(time_op("mp", "random_prime", {{"bits", bits}}, threads, "ms", budget, [&] {
        const std::uint64_t r = request++;
        const mp::StreamFactory streams = [r](std::uint64_t w) -> std::unique_ptr<RandomSource> {
          return std::make_unique<rng::ChaCha20Drbg>(0xbe7c4, r << 32 | w);
        };
        keep(mp::random_prime(req, streams, threads).prime);
      }));
    }
  }
}

}  // namespace

std::vector<Record> measure_comba(std::size_t words32, int threads, const Budget& budget) {
  rng::ChaCha20Drbg rng(1, words32);  // comba_table draws the same operands
  const std::size_t bits = 32 * words32, n = (bits + 63) / 64;
  const auto a = random_limbs(rng, bits), b = random_limbs(rng, bits);
  std::vector<mp::Limb> r(2 * n);
  const Json p = {{"words32", words32}, {"bits", bits}};
  return {time_op("mp", "mul_comba", p, 1, "ns", budget,
                  [&] { mp::ln::mul_comba(r.data(), a.data(), n, b.data(), n); keep(r); }),
          time_op("mp", "mul_comba_2x", p, 2, "ns", budget,
                  [&] { mp::ln::mul_comba_2x(r.data(), a.data(), n, b.data(), n); keep(r); }),
          time_op("mp", "mul_comba_mx", p, threads, "ns", budget, [&] {
            mp::ln::mul_comba_mx(r.data(), a.data(), n, b.data(), n, threads);
            keep(r);
          })};
}

std::vector<Record> measure_modexp(std::size_t bits, int threads, const Budget& budget) {
  rng::ChaCha20Drbg rng(2, bits);
  const ModexpOperands x = modexp_operands(rng, bits);
  const Json p = {{"bits", bits}};
  return {time_op("mp", "powmod_sequential", p, 1, "ms", budget,
                  [&] { keep(mp::powmod_sequential_vartime(x.base, x.exp, x.mod)); }),
          time_op("mp", "powmod_parallel", p, threads, "ms", budget,
                  [&] { keep(mp::powmod_parallel_vartime(x.base, x.exp, x.mod, threads)); })};
}

void suite_mp(const Options& opt, std::vector<Record>& out) {
  comba_table(opt, out);
  montgomery_table(opt, out);
  modexp_table(opt, out);
  prime_table(opt, out);
}

}  // namespace dstu::cli::bench
