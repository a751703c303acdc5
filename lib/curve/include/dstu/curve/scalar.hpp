// dstu::curve — scalars: integers below 2^576 in nine fixed-width limbs (mp::Fixed<9>,
// constant time), the one scalar type of both kinds of curves (lib/ec2m, lib/ecp) and of
// the signature schemes on them: every order n of a curve in the library fits. And
// ScalarField, the integers mod a curve's order n, which each curve owns: what DSTU
// 4145 (s = e + d r mod n) and ECDSA / ECGDSA (s = k^-1 (e + r d), d^-1) compute.
//
// Secret: every argument of ScalarField's functions but those of inv_vartime; the order
// n is public. Reduction, addition, subtraction and products are Barrett's at n's own
// width (mp::FixedModulus, any n > 1); inverses Bernstein and Yang's divsteps in the
// integers mod n as a prime field (gfp::Field: n odd and above 3, as the order of every
// curve that signs is).
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <variant>

#include "dstu/base/ct.hpp"
#include "dstu/mp/fixed.hpp"
#include "dstu/mp/fixed_mod.hpp"
#include "dstu/mp/nat.hpp"

namespace dstu::gfp {
class Field;
}

namespace dstu::curve {

/// Limbs of a scalar: 576 bits, the widest order (P-521, B-571, K-571) and more.
inline constexpr std::size_t kScalarLimbs = 9;
using Scalar = mp::Fixed<kScalarLimbs>;

/// x as a Scalar (a public conversion); Error(invalid_input) for x >= 2^576.
Scalar scalar_from_nat(const mp::Nat& x);
/// x as a Nat (a public conversion).
mp::Nat scalar_to_nat(const Scalar& x);
/// L(x), the bit length of a public x (0 for 0).
std::size_t scalar_bits_vartime(const Scalar& x);

/// The integers mod n, constant time in the values (see the file comment).
class ScalarField {
 public:
  /// The integers mod n for 1 < n < 2^576 (Error(invalid_input) otherwise); `name`
  /// names the curve in messages.
  ScalarField(const mp::Nat& n, const std::string& name);
  ~ScalarField();
  ScalarField(ScalarField&&) noexcept;
  ScalarField& operator=(ScalarField&&) noexcept;

  /// n, as a Nat and as a Scalar, and its bit length L(n).
  const mp::Nat& order() const { return n_; }
  const Scalar& order_scalar() const { return n_scalar_; }
  std::size_t bits() const { return n_.bits(); }

  /// k mod n for any k < 2^576.
  Scalar reduce(const Scalar& k) const;
  /// (a + b) mod n and (a - b) mod n for a, b < n.
  Scalar add(const Scalar& a, const Scalar& b) const;
  Scalar sub(const Scalar& a, const Scalar& b) const;
  /// (a b) mod n for a, b < n.
  Scalar mul(const Scalar& a, const Scalar& b) const;
  /// a^-1 mod n for 0 < a < n (0 for a = 0). Error(unsupported) where n is even or
  /// below 5 (the tiny curves of the tests).
  Scalar inv(const Scalar& a) const;
  /// The same for a public a: variable time, about twice as fast.
  Scalar inv_vartime(const Scalar& a) const;
  /// All ones where 0 < a < n.
  ct::Mask in_range(const Scalar& a) const { return ~mp::ct_is_zero(a) & mp::ct_lt(a, n_scalar_); }

 private:
  /// Barrett reduction at n's own width.
  using Modulus = std::variant<mp::FixedModulus<1>, mp::FixedModulus<2>, mp::FixedModulus<3>, mp::FixedModulus<4>,
                               mp::FixedModulus<5>, mp::FixedModulus<6>, mp::FixedModulus<7>, mp::FixedModulus<8>,
                               mp::FixedModulus<9>>;
  static Modulus make_modulus(const mp::Nat& n);
  const gfp::Field& field() const;

  mp::Nat n_;
  Scalar n_scalar_;
  std::string name_;
  Modulus mod_;
  std::unique_ptr<const gfp::Field> field_;  ///< n as a prime field, for inverses; null when it cannot be one
};

}  // namespace dstu::curve
