// Parallel modular exponentiation by exponent portions ([Parallel DSTU 4145] §2).
//
// exp = sum_i e_i 2^(s_i). Thread i computes P_i = g^(e_i) by sliding windows and
// then corrects it by its position with s_i squarings: P_i^(2^(s_i)). The result is
// the product of the P_i. Every thread therefore squares up to the top of its
// portion, so the portions are sized for equal cost: with S a squaring and a = the
// cost of the portion's multiplications per bit relative to S, thread i costs
// (1 + a) s_(i+1) - a s_i, which is made equal for all threads (the top portion is
// the shortest). [Parallel DSTU 4145] Table 1 reports 1.2x on 2 cores at 1024-3072 bits.
#include <algorithm>
#include <cmath>

#include "dstu/base/error.hpp"
#include "dstu/mp/modular.hpp"
#include "dstu/parallel/team.hpp"
#include "tuning.hpp"
#include "mont_ifma.hpp"
#include "window.hpp"

namespace dstu::mp {

std::vector<std::size_t> powmod_portions(std::size_t bits, int threads) {
  const std::size_t t = static_cast<std::size_t>(std::max(threads, 1));
  const int w = detail::window_size(bits);
  const double a = tuning::kMulOverSqr / (w + 1);  // multiplication work per exponent bit
  // Boundaries for unit cost, then scaled so the last one is `bits`.
  std::vector<double> s(t + 1, 0.0);
  for (std::size_t i = 0; i < t; ++i) s[i + 1] = (1.0 + a * s[i]) / (1.0 + a);
  std::vector<std::size_t> out(t + 1, 0);
  for (std::size_t i = 1; i < t; ++i) {
    out[i] = static_cast<std::size_t>(std::llround(s[i] / s[t] * static_cast<double>(bits)));
    out[i] = std::clamp(out[i], out[i - 1], bits);
  }
  out[t] = bits;
  return out;
}

namespace {

/// The portions of the exponent on the team, in domain D over context ctx.
template <class D, class Ctx>
Nat parallel_pow(const Ctx& ctx, const Nat& base, const Nat& exp, int threads) {
  const std::vector<std::size_t> s = powmod_portions(exp.bits(), threads);
  D d0(ctx);
  const typename D::Elem g = d0.from(base);
  std::vector<typename D::Elem> part(static_cast<std::size_t>(threads));
  parallel::on_team(threads, [&](int index, int count) {
    // With fewer team threads than asked, each thread takes several portions.
    for (int p = index; p < threads; p += count) {
      const std::size_t lo = s[p], hi = s[p + 1];
      D d(ctx);
      if (lo == hi) {
        part[p] = d.one();
        continue;
      }
      const int w = detail::window_size(hi - lo);
      const auto table = detail::odd_powers(d, g, w);
      typename D::Elem x = detail::window_pow(d, table, exp, lo, hi, w);
      for (std::size_t k = 0; k < lo; ++k) d.sqr(x, x);
      part[p] = std::move(x);
    }
  });
  typename D::Elem acc = part[0];
  for (int p = 1; p < threads; ++p) d0.mul(acc, acc, part[p]);
  return d0.to_nat(acc);
}

}  // namespace

Nat powmod_parallel_vartime(const Nat& base, const Nat& exp, const Nat& m, int threads) {
  if (m.is_zero()) throw_invalid("modular exponentiation modulo zero");
  if (!parallel::split_now(threads) || !m.is_odd() || m == Nat(1) || exp.bits() < 2) {
    return powmod_sequential_vartime(base, exp, m);
  }
  if (detail::use_ifma(m)) {
    const ifma::Context ctx(m);
    return parallel_pow<detail::IfmaDomain>(ctx, base, exp, threads);
  }
  const Montgomery mont(m);
  return parallel_pow<detail::MontDomain>(mont, base, exp, threads);
}

}  // namespace dstu::mp
