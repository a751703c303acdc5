// Modular exponentiation: sliding window (public exponents) and fixed window with
// masked table scans (secret exponents).
#include "dstu/base/ct.hpp"
#include "dstu/base/ctgrind.hpp"
#include "dstu/base/error.hpp"
#include "dstu/base/wipe.hpp"
#include "dstu/mp/modular.hpp"
#include "dstu/parallel/team.hpp"
#include "dstu/parallel/choice.hpp"
#include "tuning.hpp"
#include "mont_ifma.hpp"
#include "window.hpp"

namespace dstu::mp {
namespace {

template <class D>
Nat pow_in(D& d, const Nat& base, const Nat& exp) {
  const int w = detail::window_size(exp.bits());
  const auto table = detail::odd_powers(d, d.from(base), w);
  return d.to_nat(detail::window_pow(d, table, exp, 0, exp.bits(), w));
}

}  // namespace

bool detail::use_ifma(const Nat& m) {
  return m.bits() >= tuning::kIfmaMinBits && ifma::available() && ifma::supports(m);
}

Nat powmod_sequential_vartime(const Nat& base, const Nat& exp, const Nat& m) {
  if (m.is_zero()) throw_invalid("modular exponentiation modulo zero");
  if (m == Nat(1)) return Nat();
  if (exp.is_zero()) return Nat(1);
  if (detail::use_ifma(m)) {
    ifma::Context ctx(m);
    detail::IfmaDomain d(ctx);
    return pow_in(d, base, exp);
  }
  if (m.is_odd()) {
    Montgomery mont(m);
    detail::MontDomain d(mont);
    return pow_in(d, base, exp);
  }
  Barrett barrett(m);
  detail::BarrettDomain d(barrett);
  return pow_in(d, base, exp);
}

Nat powmod_vartime(const Nat& base, const Nat& exp, const Nat& m) {
  const int threads = parallel::available();
  if (!m.is_odd() || m.bits() < tuning::kPowmodParallelBits || exp.bits() < tuning::kPowmodParallelBits) {
    return powmod_sequential_vartime(base, exp, m);
  }
  // Exponent portions on the team only where this process measured them faster, per
  // 256-bit size class of the modulus (dstu/parallel/choice.hpp).
  static auto* choices = new parallel::ChoiceTable<64>;  // never destroyed: used until the last thread ends
  return choices->of(m.bits() / 256).run(
      threads, [&] { return powmod_sequential_vartime(base, exp, m); },
      [&] { return powmod_parallel_vartime(base, exp, m, threads); });
}

namespace {

/// The fixed-window ladder of powmod() in domain D over the exponent limbs e.
template <class D>
Nat fixed_window_pow(D& d, const Nat& base, const std::vector<Limb>& e, std::size_t windows) {
  constexpr int kWindow = 4;
  constexpr std::size_t kEntries = 1 << kWindow;
  // table[k] = base^k, k = 0..15.
  std::vector<typename D::Elem> table(kEntries, d.one());
  table[1] = d.from(base);
  for (std::size_t k = 2; k < kEntries; ++k) d.mul(table[k], table[k - 1], table[1]);
  typename D::Elem acc = d.one(), pick = d.one();
  const std::size_t words = acc.size();
  for (std::size_t wi = windows; wi-- > 0;) {
    for (int s = 0; s < kWindow; ++s) d.sqr(acc, acc);
    const std::size_t pos = wi * kWindow;
    Limb digit = e[pos / 64] >> (pos % 64);
    if (pos % 64 > 64 - kWindow) digit |= e[pos / 64 + 1] << (64 - pos % 64);
    digit &= kEntries - 1;
    for (std::size_t k = 0; k < kEntries; ++k) ct::cmov(pick.data(), table[k].data(), words, ct::eq(k, digit));
    d.mul(acc, acc, pick);
  }
  // The result leaves as a Nat, whose length is public: declassify it here.
  ct::unpoison(acc.data(), words * sizeof(Limb));
  return d.to_nat(acc);
}

}  // namespace

Nat powmod(const Nat& base, const Nat& exp, const Nat& m, std::size_t exp_bits) {
  if (!m.is_odd() || m <= Nat(1)) throw_invalid("constant-time exponentiation needs an odd modulus > 1");
  constexpr int kWindow = 4;
  // The exponent in a fixed number of limbs, so its length does not show. Its limb
  // count is public; whether it fits the declared bound is checked in constant time
  // and only that one bit is declassified.
  const std::size_t windows = (exp_bits + kWindow - 1) / kWindow;
  std::vector<Limb> e((windows * kWindow + 63) / 64 + 1, 0);
  if (exp.size() > e.size()) throw_invalid("exponent is longer than its declared bound");
  exp.to_limbs(e.data(), e.size());
  Limb above = 0;
  for (std::size_t i = 0; i < e.size(); ++i) {
    const std::size_t lo = 64 * i;
    if (lo >= exp_bits) {
      above |= e[i];
    } else if (exp_bits - lo < 64) {
      above |= e[i] >> (exp_bits - lo);
    }
  }
  bool fits = ct::is_zero(above) != 0;
  ct::unpoison(&fits, sizeof fits);
  if (!fits) throw_invalid("exponent is longer than its declared bound");
  Nat result;
  if (detail::use_ifma(m)) {
    const ifma::Context ctx(m);
    detail::IfmaDomain d(ctx);
    result = fixed_window_pow(d, base, e, windows);
  } else {
    const Montgomery mont(m);
    detail::MontDomain d(mont);
    result = fixed_window_pow(d, base, e, windows);
  }
  secure_wipe(e.data(), e.size() * sizeof(Limb));
  return result;
}

}  // namespace dstu::mp
