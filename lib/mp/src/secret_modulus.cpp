// SecretModulus: constant-time reduction, product, difference and exponentiation modulo
// a prepared (possibly secret) odd modulus, and two exponentiations interleaved on the
// IFMA kernels (the dual exponentiation of Gueron and Krasnov, "Accelerating Big Integer
// Arithmetic Using Intel IFMA Extensions").
#include <mutex>
#include <optional>

#include "dstu/base/ct.hpp"
#include "dstu/base/ctgrind.hpp"
#include "dstu/base/error.hpp"
#include "dstu/base/wipe.hpp"
#include "dstu/mp/limbs.hpp"
#include "dstu/mp/modular.hpp"
#include "fixed_window.hpp"
#include "mont_ifma.hpp"
#include "window.hpp"

namespace dstu::mp {
namespace {

template <class T>
void wipe_vec(std::vector<T>& v) {
  if (!v.empty()) secure_wipe(v.data(), v.size() * sizeof(T));
}

/// Window width: 4 bits. 5 bits measured no faster for 1024- to 2048-bit exponents
/// (tests/perf/rsa_speed): the products it saves go to a table twice as long and a scan
/// twice as wide.
int window_for(std::size_t) { return 4; }

/// The result as a Nat. A Nat's length is public (it drops high zero limbs by branching),
/// so the value is declassified here, as powmod() does with its result.
Nat leave(const std::vector<Limb>& r) {
  ct::unpoison(r.data(), r.size() * sizeof(Limb));
  return Nat::from_limbs(r);
}

}  // namespace

struct SecretModulus::Impl {
  explicit Impl(const Nat& modulus) : m(modulus) {
    if (detail::use_ifma(m)) {
      ifma.emplace(m);
      ifma_r2 = ifma::to_digits(Nat::power_of_two(104 * ifma->steps()) % m, ifma->digits());
    } else {
      mont();  // refuses an even m or one below 3
    }
  }
  ~Impl() {
    wipe_vec(ifma_r2);
    if (mont_) mont_->wipe();
    if (ifma) ifma->wipe();
    if (const std::size_t n = m.size()) secure_wipe(m.resize(n), n * sizeof(Limb));
  }

  /// The 64-bit Montgomery context: made by the constructor without IFMA, else on first
  /// need (reduce() alone needs it there, and a verifier's modulus never does: its two
  /// divisions would make a one-off verification slower than with no prepared modulus).
  const Montgomery& mont() const {
    std::call_once(mont_made_, [this] { mont_.emplace(m); });
    return *mont_;
  }

  /// x < m in the Montgomery form of mont() (n limbs): x R^2 / R.
  std::vector<Limb> to_mont(const Nat& x, std::vector<Limb>& scratch) const {
    std::vector<Limb> r(m.size(), 0);
    x.to_limbs(r.data(), r.size());
    mont().mul(r.data(), r.data(), mont().r2().data(), scratch.data());
    return r;
  }

  /// x (< m, n limbs) in the IFMA domain: x R^2 / R.
  ifma::Context::Digits to_ifma(const Nat& x) const {
    ifma::Context::Digits d = ifma::to_digits(x, ifma->digits());
    ifma->mul(d.data(), d.data(), ifma_r2.data());
    return d;
  }

  /// a b mod m for a, b < m on the IFMA kernels: (a R) b / R, then the final subtraction.
  /// Two products in radix 2^52 cost less than two in 64-bit limbs (tests/perf/rsa_speed).
  Nat mul_ifma(const Nat& a, const Nat& b) const {
    ifma::Context::Digits x = to_ifma(a), y = ifma::to_digits(b, ifma->digits());
    ifma->mul(x.data(), x.data(), y.data());
    ifma::Context::Digits r = ifma->reduce(x);
    ct::unpoison(r.data(), r.size() * sizeof(r[0]));
    Nat out = ifma::from_digits(r.data(), r.size());
    for (auto* v : {&x, &y, &r}) wipe_vec(*v);
    return out;
  }

  Nat m;
  mutable std::once_flag mont_made_;
  mutable std::optional<Montgomery> mont_;
  std::optional<ifma::Context> ifma;
  ifma::Context::Digits ifma_r2;  // 2^(2 * 52 digits) mod m
};

SecretModulus::SecretModulus(const Nat& m) : impl_(new Impl(m)) {}
SecretModulus::~SecretModulus() { delete impl_; }

const Nat& SecretModulus::modulus() const { return impl_->m; }
std::size_t SecretModulus::size() const { return impl_->m.size(); }

Nat SecretModulus::reduce(const Nat& x) const {
  const std::size_t n = size();
  if (x.size() > 2 * n) throw_invalid("SecretModulus::reduce: operand longer than twice the modulus");
  const Montgomery& mont = impl_->mont();
  std::vector<Limb> t(2 * n, 0), r(n), scratch(mont.scratch_size());
  x.to_limbs(t.data(), t.size());
  mont.redc(r.data(), t.data());                                  // x / R
  mont.mul(r.data(), r.data(), mont.r2().data(), scratch.data());  // x / R * R^2 / R
  Nat out = leave(r);
  wipe_vec(t);
  wipe_vec(r);
  wipe_vec(scratch);
  return out;
}

Nat SecretModulus::mul(const Nat& a, const Nat& b) const {
  // Both paths refuse what neither can hold (the IFMA digits would drop its top).
  if (a.size() > size() || b.size() > size()) throw_invalid("SecretModulus::mul: operand longer than the modulus");
  if (impl_->ifma) return impl_->mul_ifma(a, b);
  const std::size_t n = size();
  const Montgomery& mont = impl_->mont();
  std::vector<Limb> y(n, 0), scratch(mont.scratch_size());
  std::vector<Limb> x = impl_->to_mont(a, scratch);  // a R
  b.to_limbs(y.data(), n);
  mont.mul(x.data(), x.data(), y.data(), scratch.data());  // a b
  Nat out = leave(x);
  wipe_vec(x);
  wipe_vec(y);
  wipe_vec(scratch);
  return out;
}

Nat SecretModulus::sub(const Nat& a, const Nat& b) const {
  const std::size_t n = size();
  std::vector<Limb> x(n, 0), y(n, 0), r(n), s(n);
  a.to_limbs(x.data(), n);
  b.to_limbs(y.data(), n);
  const Limb borrow = ln::sub_n(r.data(), x.data(), y.data(), n);
  modulus().to_limbs(y.data(), n);
  ln::add_n(s.data(), r.data(), y.data(), n);
  ct::cmov(r.data(), s.data(), n, ct::mask_from_bit(borrow));
  Nat out = leave(r);
  for (auto* v : {&x, &r, &s}) wipe_vec(*v);
  return out;
}

Nat SecretModulus::powmod(const Nat& base, const Nat& exp, std::size_t exp_bits) const {
  const int w = window_for(exp_bits);
  const std::size_t windows = (exp_bits + w - 1) / w;
  std::vector<Limb> e = detail::fixed_exponent(exp, exp_bits, windows, w);
  Nat result;
  if (impl_->ifma) {
    auto g = impl_->to_ifma(base);
    auto acc = detail::fixed_window_pow_ifma(*impl_->ifma, g, e, windows, w);
    ct::unpoison(acc.data(), acc.size() * sizeof(acc[0]));
    result = impl_->ifma->from(acc.data());
    wipe_vec(g);
    wipe_vec(acc);
  } else {
    detail::MontDomain d(impl_->mont());
    std::vector<Limb> scratch(impl_->mont().scratch_size());
    std::vector<Limb> g = impl_->to_mont(base, scratch);
    auto acc = detail::fixed_window_pow(d, g, e, windows, w);
    ct::unpoison(acc.data(), acc.size() * sizeof(acc[0]));
    result = d.to_nat(acc);
    for (auto* v : {&g, &acc, &scratch}) wipe_vec(*v);
  }
  wipe_vec(e);
  return result;
}

Nat SecretModulus::powmod_vartime(const Nat& base, const Nat& exp) const {
  if (exp.is_zero()) return mp::powmod_vartime(base, exp, modulus());
  if (impl_->ifma) {
    detail::IfmaDomain d(*impl_->ifma);
    auto g = impl_->to_ifma(base);
    auto acc = detail::sliding_pow(d, g, exp);
    Nat out = d.to_nat(acc);
    wipe_vec(g);
    wipe_vec(acc);
    return out;
  }
  detail::MontDomain d(impl_->mont());
  std::vector<Limb> scratch(impl_->mont().scratch_size());
  std::vector<Limb> g = impl_->to_mont(base, scratch);
  auto acc = detail::sliding_pow(d, g, exp);
  Nat out = d.to_nat(acc);
  for (auto* v : {&g, &acc, &scratch}) wipe_vec(*v);
  return out;
}

bool SecretModulus::pairs(const SecretModulus& m0, const SecretModulus& m1) {
  return m0.impl_->ifma && m1.impl_->ifma && m0.impl_->ifma->digits() == m1.impl_->ifma->digits() &&
         m0.impl_->ifma->steps() == m1.impl_->ifma->steps();
}

void pow_pair(Nat out[2], const SecretModulus& m0, const Nat& base0, const Nat& exp0, const SecretModulus& m1,
              const Nat& base1, const Nat& exp1, std::size_t exp_bits) {
  if (!SecretModulus::pairs(m0, m1)) {
    out[0] = m0.powmod(base0, exp0, exp_bits);
    out[1] = m1.powmod(base1, exp1, exp_bits);
    return;
  }
  const int w = window_for(exp_bits);
  const std::size_t windows = (exp_bits + w - 1) / w;
  std::vector<Limb> e0 = detail::fixed_exponent(exp0, exp_bits, windows, w);
  std::vector<Limb> e1 = detail::fixed_exponent(exp1, exp_bits, windows, w);
  const ifma::Context* c[2] = {&*m0.impl_->ifma, &*m1.impl_->ifma};
  const std::vector<std::uint64_t> g[2] = {m0.impl_->to_ifma(base0), m1.impl_->to_ifma(base1)};
  const std::vector<Limb>* e[2] = {&e0, &e1};
  std::vector<std::uint64_t> acc[2];
  detail::fixed_window_pow_pair(acc, c, g, e, windows, w);
  for (int k = 0; k < 2; ++k) {
    ct::unpoison(acc[k].data(), acc[k].size() * sizeof(acc[k][0]));
    out[k] = c[k]->from(acc[k].data());
    wipe_vec(acc[k]);
    secure_wipe(const_cast<std::uint64_t*>(g[k].data()), g[k].size() * sizeof(std::uint64_t));
  }
  wipe_vec(e0);
  wipe_vec(e1);
}

}  // namespace dstu::mp
