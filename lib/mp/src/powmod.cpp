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
#include "fixed_window.hpp"

namespace dstu::mp {
namespace {

// powmod()'s window: 4 bits (16 entries; SecretModulus measured 5 bits no faster).
constexpr int kPowmodWindow = 4;

template <class D>
Nat pow_in(D& d, const Nat& base, const Nat& exp) {
  return d.to_nat(detail::sliding_pow(d, d.from(base), exp));
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

Nat powmod(const Nat& base, const Nat& exp, const Nat& m, std::size_t exp_bits) {
  if (!m.is_odd() || m <= Nat(1)) throw_invalid("constant-time exponentiation needs an odd modulus > 1");
  // The exponent in a fixed number of limbs, so its length does not show.
  const std::size_t windows = (exp_bits + kPowmodWindow - 1) / kPowmodWindow;
  std::vector<Limb> e = detail::fixed_exponent(exp, exp_bits, windows, kPowmodWindow);
  Nat result;
  auto run = [&](auto& d) {
    auto acc = detail::fixed_window_pow(d, d.from(base), e, windows, kPowmodWindow);
    // The result leaves as a Nat, whose length is public: declassify it here.
    ct::unpoison(acc.data(), acc.size() * sizeof(acc[0]));
    result = d.to_nat(acc);
  };
  if (detail::use_ifma(m)) {
    const ifma::Context ctx(m);
    detail::IfmaDomain d(ctx);
    run(d);
  } else {
    const Montgomery mont(m);
    detail::MontDomain d(mont);
    run(d);
  }
  secure_wipe(e.data(), e.size() * sizeof(Limb));
  return result;
}

}  // namespace dstu::mp
