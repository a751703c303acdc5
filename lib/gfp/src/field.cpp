// GF(p): construction, conversions, and the constant-time operations on Montgomery
// elements through kernel_table.cpp's fixed-width kernels for the prime's number of
// limbs and form (additions with a masked subtraction of p, Montgomery products:
// portable CIOS or FIPS, the 2^521 - 1 fold, the BMI2 + ADX product where the CPU
// switch allows it); conversions through mp::Montgomery.
#include "dstu/gfp/field.hpp"

#include "dstu/base/ctgrind.hpp"
#include "dstu/base/error.hpp"
#include "dstu/gfp/internal/kernels.hpp"
#include "dstu/mp/limbs.hpp"

#include "kernel_table.hpp"

namespace dstu::gfp {
namespace {

namespace ln = mp::ln;

/// Scratch for Montgomery products of at most kMaxLimbs limbs (checked in the constructor).
constexpr std::size_t kScratch = 8 * kMaxLimbs;

Element from_limbs(const mp::Nat& x, std::size_t n) {
  Element e;
  x.to_limbs(e.w.data(), n);
  return e;
}

}  // namespace

Field::Field(const mp::Nat& p, std::string name)
    : name_(std::move(name)), p_(p), mont_(p), n_(p.size()), bits_(p.bits()) {
  if (!p.is_odd() || p <= mp::Nat(3) || n_ > kMaxLimbs) {
    throw_invalid("GF(p): need an odd prime p > 3 of at most " + std::to_string(64 * kMaxLimbs) + " bits");
  }
  if (mont_.scratch_size() > kScratch) throw_invalid("GF(p): Montgomery scratch larger than expected");
  p_limbs_ = from_limbs(p, n_);
  one_ = from_limbs(mp::Nat::from_limbs(mont_.one()), n_);
  r2_ = from_limbs(mp::Nat::power_of_two(128 * n_) % p, n_);
  r3_ = from_limbs(mp::Nat::power_of_two(192 * n_) % p, n_);
  m0inv_ = mp::neg_inverse_limb(p_limbs_.w[0]);
  p_minus_2_ = p - mp::Nat(2);
  if (p == mp::Nat::power_of_two(521) - mp::Nat(1)) {
    form_ = Form::mersenne521;
  } else if (p == mp::Nat::from_limbs(detail::kP256)) {
    form_ = Form::p256;
  } else if (m0inv_ == 1) {
    form_ = Form::m0inv_one;
  }
  const detail::KernelTable t = detail::kernel_table(n_, form_);
  mul_portable_ = t.mul_portable;
  mul_adx_ = t.mul_adx;
  sqr_portable_ = t.sqr_portable;
  sqr_adx_ = t.sqr_adx;
  add_ = t.add;
  sub_ = t.sub;
}

Element Field::from_nat(const mp::Nat& x) const {
  const std::vector<mp::Limb> m = mont_.to_mont(x);
  Element e;
  for (std::size_t i = 0; i < n_ && i < m.size(); ++i) e.w[i] = m[i];
  return e;
}

mp::Nat Field::to_nat(const Element& a) const { return mont_.from_mont(a.w.data()); }

bool Field::from_bytes_be(std::span<const std::uint8_t> in, Element& out) const {
  if (in.size() != bytes()) return false;
  Element x;
  for (std::size_t i = 0; i < in.size(); ++i) {
    const std::size_t k = in.size() - 1 - i;  // octet k from the low end
    x.w[k / 8] |= static_cast<mp::Limb>(in[i]) << (8 * (k % 8));
  }
  Element t;
  const mp::Limb borrow = ln::sub_n(t.w.data(), x.w.data(), p_limbs_.w.data(), n_);
  bool below_p = borrow != 0;  // x < p: whether the encoding is valid is public
  ct::unpoison(&below_p, sizeof below_p);
  if (!below_p) return false;
  mul(out, x, r2_);  // x R^2 / R = x R
  return true;
}

void Field::to_bytes_be(const Element& a, std::span<std::uint8_t> out) const {
  if (out.size() != bytes()) throw_invalid("GF(p): output of the wrong length");
  Element one_plain, x;
  one_plain.w[0] = 1;
  mul(x, a, one_plain);  // a R / R = a
  for (std::size_t i = 0; i < out.size(); ++i) {
    const std::size_t k = out.size() - 1 - i;
    out[i] = static_cast<std::uint8_t>(x.w[k / 8] >> (8 * (k % 8)));
  }
}

void Field::neg(Element& r, const Element& a) const { sub(r, zero(), a); }

void Field::mul(Element& r, const Element& a, const Element& b) const {
  // Asked per call, so that DSTU_CPU reaches both.
  const detail::MulFn k = adx_allowed() ? mul_adx_ : mul_portable_;
  k(r.w.data(), a.w.data(), b.w.data(), p_limbs_.w.data(), m0inv_);
}

void Field::sqr(Element& r, const Element& a) const {
  const detail::SqrFn k = adx_allowed() ? sqr_adx_ : sqr_portable_;
  k(r.w.data(), a.w.data(), p_limbs_.w.data(), m0inv_);
}

ct::Mask Field::is_zero(const Element& a) const {
  mp::Limb acc = 0;
  for (std::size_t i = 0; i < n_; ++i) acc |= a.w[i];
  return ct::is_zero(acc);
}

ct::Mask Field::eq(const Element& a, const Element& b) const {
  mp::Limb acc = 0;
  for (std::size_t i = 0; i < n_; ++i) acc |= a.w[i] ^ b.w[i];
  return ct::is_zero(acc);
}

void Field::cmov(Element& r, const Element& a, ct::Mask mask) const {
  for (std::size_t i = 0; i < n_; ++i) r.w[i] ^= (r.w[i] ^ a.w[i]) & mask;
}

}  // namespace dstu::gfp
