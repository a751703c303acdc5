// dstu::gfp — prime fields GF(p): elements in Montgomery form (x R mod p, R = 2^(64 n)
// for a prime of n limbs), the arithmetic of lib/mp's Montgomery kernels.
//
// For code that runs many field operations (the scalar multiplications of lib/ecp),
// kernels.hpp gives the same arithmetic specialised at compile time for the prime's
// number of limbs and form, inline: gfp::dispatch(field, [&](auto k) { ... }).
//
// Constant time in the elements: mul, sqr, add, sub, neg, inv (Bernstein-Yang divsteps;
// inv_fermat, a^(p-2) by the public exponent's bits, is its slower twin), the masks and
// cmov; the prime is public. Functions ending in
// _vartime (square roots, for decompressing public points) branch on their input.
#pragma once

#include <array>
#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "dstu/base/ct.hpp"
#include "dstu/mp/modular.hpp"
#include "dstu/mp/nat.hpp"

namespace dstu::gfp {

/// Up to 9 limbs: 576 bits, enough for P-521 and brainpoolP512r1.
inline constexpr std::size_t kMaxLimbs = 9;

/// A field element in Montgomery form; limbs at and above Field::limbs() are zero.
struct Element {
  std::array<mp::Limb, kMaxLimbs> w{};
};

/// The special shape of a prime that its kernels exploit (kernels.hpp).
enum class Form : unsigned char {
  generic,      ///< any odd p: Montgomery products with m0inv = -p^-1 mod 2^64
  m0inv_one,    ///< p = -1 mod 2^64 (P-192): m0inv = 1, no product by it
  p256,         ///< P-256's p: m0inv = 1 and one product per reduction step, not four
  mersenne521,  ///< p = 2^521 - 1 (P-521): products folded, no reduction products
};

namespace detail {
/// The shapes of the kernels a Field calls (built in kernel_table.cpp): r = a b / R mod p
/// (r, a, b, p, m0inv), r = a^2 / R mod p, r = a +- b mod p.
using MulFn = void (*)(mp::Limb*, const mp::Limb*, const mp::Limb*, const mp::Limb*, mp::Limb);
using SqrFn = void (*)(mp::Limb*, const mp::Limb*, const mp::Limb*, mp::Limb);
using AddFn = void (*)(mp::Limb*, const mp::Limb*, const mp::Limb*, const mp::Limb*);
}  // namespace detail

class Field {
 public:
  /// GF(p) for an odd p > 3 of at most 576 bits; `name` is for messages. The caller
  /// vouches that p is prime (named fields are; tests check with Miller-Rabin).
  explicit Field(const mp::Nat& p, std::string name = "");

  const std::string& name() const { return name_; }
  const mp::Nat& prime() const { return p_; }
  std::size_t limbs() const { return n_; }
  std::size_t bits() const { return bits_; }
  /// Octets of a field element in encodings (ceil(bits / 8)).
  std::size_t bytes() const { return (bits_ + 7) / 8; }

  Element zero() const { return {}; }
  const Element& one() const { return one_; }

  /// x mod p into the field (public values: reduction by division).
  Element from_nat(const mp::Nat& x) const;
  mp::Nat to_nat(const Element& a) const;
  /// Big-endian octets of exactly bytes() length, the value < p; false otherwise (public
  /// decision). Constant time in the value otherwise.
  bool from_bytes_be(std::span<const std::uint8_t> in, Element& out) const;
  /// Big-endian octets, exactly bytes() of them.
  void to_bytes_be(const Element& a, std::span<std::uint8_t> out) const;

  void add(Element& r, const Element& a, const Element& b) const {
    add_(r.w.data(), a.w.data(), b.w.data(), p_limbs_.w.data());
  }
  void sub(Element& r, const Element& a, const Element& b) const {
    sub_(r.w.data(), a.w.data(), b.w.data(), p_limbs_.w.data());
  }
  void neg(Element& r, const Element& a) const;
  void mul(Element& r, const Element& a, const Element& b) const;
  void sqr(Element& r, const Element& a) const;
  /// 1/a (0 for a = 0), by the constant-time divsteps of Bernstein and Yang.
  void inv(Element& r, const Element& a) const;
  /// 1/a (0 for a = 0) for a public a: the same divsteps in variable time (runs of
  /// even values at once, stopping when done), about twice as fast.
  void inv_vartime(Element& r, const Element& a) const;
  /// a^(p-2) = 1/a (0 for a = 0): Fermat's little theorem, inv's slower twin.
  void inv_fermat(Element& r, const Element& a) const;
  /// a^e for a public exponent e (constant time in a).
  void pow_public(Element& r, const Element& a, const mp::Nat& e) const;

  ct::Mask is_zero(const Element& a) const;
  ct::Mask eq(const Element& a, const Element& b) const;
  /// r = a where mask is all ones.
  void cmov(Element& r, const Element& a, ct::Mask mask) const;

  /// A square root of a (the one with the lower value of the two) if a is a square;
  /// public inputs only. Tonelli-Shanks, with the p = 3 mod 4 shortcut a^((p+1)/4).
  bool sqrt_vartime(Element& r, const Element& a) const;
  /// Whether the canonical value of a is odd (for point compression's y bit).
  bool is_odd_vartime(const Element& a) const;

  /// A named field: "P-192", "P-224", "P-256", "P-384", "P-521" (NIST), "brainpoolP160"
  /// ... "brainpoolP512" (the primes of RFC 5639's r1 and t1 curves). Throws
  /// Error(invalid_input) naming the known ones.
  static const Field& named(std::string_view name);
  static std::vector<std::string> names();

  /// What the fixed-width kernels of kernels.hpp need: p's limbs (limbs() of them),
  /// -p^-1 mod 2^64 and p's special form.
  const Element& modulus() const { return p_limbs_; }
  mp::Limb m0inv() const { return m0inv_; }
  Form form() const { return form_; }

 private:
  std::string name_;
  mp::Nat p_, p_minus_2_;
  mp::Montgomery mont_;
  std::size_t n_ = 0, bits_ = 0;
  Element one_, r2_, r3_, p_limbs_;
  mp::Limb m0inv_ = 0;  ///< -p^-1 mod 2^64
  Form form_ = Form::generic;
  /// The product and square kernels for n_ limbs and this form (kernel_table.cpp): the
  /// portable ones and the BMI2 + ADX ones (the portable ones again where there are
  /// none), chosen per call by cpu::active() so that DSTU_CPU reaches both.
  detail::MulFn mul_portable_ = nullptr, mul_adx_ = nullptr;
  detail::SqrFn sqr_portable_ = nullptr, sqr_adx_ = nullptr;
  /// The kernels' additions, called straight from the inline add and sub (one indirect
  /// call each). Code that runs many of them takes kernels.hpp's inline ones instead.
  detail::AddFn add_ = nullptr, sub_ = nullptr;
};

}  // namespace dstu::gfp
