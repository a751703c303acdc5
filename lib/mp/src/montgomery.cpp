// Montgomery multiplication: full product (Comba / Karatsuba by size) followed by
// word-by-word REDC, or on BMI2 + ADX at 9..32, 40, 48, 56 and 64 limbs the generated
// kernels of mont_adx.S (product and reduction in one pass, no full product held); the
// final conditional subtraction is masked (constant time) on both paths.
#include <algorithm>

#include "carry.hpp"
#include "kernels.hpp"
#include "dstu/base/ct.hpp"
#include "dstu/base/error.hpp"
#include "dstu/base/wipe.hpp"
#include "dstu/mp/modular.hpp"

namespace dstu::mp {

Limb neg_inverse_limb(Limb m) {
  Limb x = m;  // correct to 3 bits: m * m = 1 mod 8 for odd m
  for (int i = 0; i < 5; ++i) x *= 2 - m * x;  // each step doubles the correct bits
  return 0 - x;
}

Montgomery::Montgomery(const Nat& modulus) : m_(modulus) {
  if (!modulus.is_odd() || modulus <= Nat(1)) throw_invalid("Montgomery modulus must be odd and > 1");
  n_ = modulus.size();
  mod_.assign(modulus.limbs().begin(), modulus.limbs().end());
  m0inv_ = neg_inverse_limb(mod_[0]);
  const Nat r2 = Nat::power_of_two(128 * n_) % modulus;
  const Nat one = Nat::power_of_two(64 * n_) % modulus;
  r2_.assign(n_, 0);
  one_.assign(n_, 0);
  r2.to_limbs(r2_.data(), n_);
  one.to_limbs(one_.data(), n_);
  scratch_ = 2 * n_ + std::max(ln::mul_scratch(n_, n_), ln::sqr_scratch(n_));
}

void Montgomery::wipe() noexcept {
  for (auto* v : {&mod_, &r2_, &one_}) {
    if (!v->empty()) secure_wipe(v->data(), v->size() * sizeof(Limb));
  }
  if (const std::size_t n = m_.size()) secure_wipe(m_.resize(n), n * sizeof(Limb));
  m0inv_ = 0;
}

namespace {

/// r = x + carry B^n - m if that is not negative, else x (x + carry B^n < 2m).
void subtract_once(Limb* r, const Limb* x, Limb carry, const Limb* m, std::size_t n) {
  const Limb borrow = ln::sub_n(r, x, m, n);
  const ct::Mask keep_x = ct::mask_from_bit(borrow & (carry ^ 1u));
  ct::cmov(r, x, n, keep_x);
}

}  // namespace

void Montgomery::redc(Limb* r, Limb* t) const {
  const std::size_t n = n_;
  if (const ln::RedcFn redc_hw = ln::redc_adx(n)) {
    redc_hw(r, t, mod_.data(), m0inv_);
    return;
  }
  unsigned char carry = 0;  // the bit above t[i + n]
  for (std::size_t i = 0; i < n; ++i) {
    const Limb u = t[i] * m0inv_;
    const Limb c = ln::addmul_1(t + i, mod_.data(), n, u);  // clears t[i]
    carry = detail::addc(carry, t[i + n], c, &t[i + n]);
  }
  subtract_once(r, t + n, carry, mod_.data(), n);
}

void Montgomery::mul(Limb* r, const Limb* a, const Limb* b, Limb* scratch) const {
  Limb* t = scratch;
  if (a == b) {
    sqr(r, a, scratch);
    return;
  }
  if (const ln::MontMulFn mul_hw = ln::montmul_adx(n_)) {
    mul_hw(r, t, a, b, mod_.data(), m0inv_);
    return;
  }
  ln::mul(t, a, n_, b, n_, scratch + 2 * n_);
  redc(r, t);
}

void Montgomery::sqr(Limb* r, const Limb* a, Limb* scratch) const {
  Limb* t = scratch;
  if (const ln::MontSqrFn sqr_hw = ln::montsqr_adx(n_)) {
    sqr_hw(r, t, a, mod_.data(), m0inv_);
    return;
  }
  ln::sqr(t, a, n_, scratch + 2 * n_);
  redc(r, t);
}

std::vector<Limb> Montgomery::to_mont(const Nat& a) const {
  const Nat reduced = a < m_ ? a : a % m_;
  std::vector<Limb> x(n_, 0), r(n_), scratch(scratch_);
  reduced.to_limbs(x.data(), n_);
  mul(r.data(), x.data(), r2_.data(), scratch.data());
  return r;
}

Nat Montgomery::from_mont(const Limb* a) const {
  std::vector<Limb> t(2 * n_, 0), r(n_);
  ln::copy(t.data(), a, n_);
  redc(r.data(), t.data());
  return Nat::from_limbs(r);
}

}  // namespace dstu::mp
