// dstu::mp::FixedModulus<N> — constant-time arithmetic modulo an N-limb modulus,
// e.g. the order n of a DSTU 4145 base point (signing computes s = e + d r mod n).
//
// Reduction is Barrett's (HAC 14.42) with both possible final subtractions always
// performed under a mask, so time depends on N only. The modulus itself is public.
#pragma once

#include "dstu/base/error.hpp"
#include "dstu/mp/fixed.hpp"
#include "dstu/mp/nat.hpp"

namespace dstu::mp {

template <std::size_t N>
class FixedModulus {
 public:
  /// n must have exactly N limbs and exceed 2^(64 (N - 1)) (so mu fits in N + 1
  /// limbs); checked. The modulus is public.
  explicit FixedModulus(const Nat& n);

  const Fixed<N>& modulus() const { return n_; }
  std::size_t bits() const { return bits_; }

  /// x mod n for any x < 2^(128 N).
  Fixed<N> reduce(const Fixed<2 * N>& x) const;
  /// x mod n for any x < 2^(64 N).
  Fixed<N> reduce(const Fixed<N>& x) const { return reduce(widen<2 * N>(x)); }
  /// (a + b) mod n for a, b < n.
  Fixed<N> add(const Fixed<N>& a, const Fixed<N>& b) const;
  /// (a - b) mod n for a, b < n.
  Fixed<N> sub(const Fixed<N>& a, const Fixed<N>& b) const;
  /// (a * b) mod n for any a, b < 2^(64 N).
  Fixed<N> mul(const Fixed<N>& a, const Fixed<N>& b) const { return reduce(mp::mul(a, b)); }
  /// All-ones when 0 < a < n.
  ct::Mask in_range(const Fixed<N>& a) const { return ~ct_is_zero(a) & ct_lt(a, n_); }

 private:
  Fixed<N> n_;
  Fixed<N + 1> mu_;  // floor(B^(2N) / n)
  std::size_t bits_ = 0;
};

template <std::size_t N>
FixedModulus<N>::FixedModulus(const Nat& n) {
  if (n.size() != N || n <= Nat::power_of_two(64 * (N - 1)) || n <= Nat(1)) {
    throw_invalid("modulus does not have the expected width");
  }
  n.to_limbs(n_.data(), N);
  Nat mu = Nat::power_of_two(128 * N) / n;
  mu.to_limbs(mu_.data(), N + 1);
  bits_ = n.bits();
}

template <std::size_t N>
Fixed<N> FixedModulus<N>::reduce(const Fixed<2 * N>& x) const {
  // q = floor(floor(x / B^(N-1)) * mu / B^(N+1)) underestimates x / n by at most 2.
  Fixed<N + 1> q1;
  for (std::size_t i = 0; i < N + 1; ++i) q1.v[i] = x.v[N - 1 + i];
  const Fixed<2 * N + 2> q2 = mp::mul(q1, mu_);
  Fixed<N + 1> q3;
  for (std::size_t i = 0; i < N + 1; ++i) q3.v[i] = q2.v[N + 1 + i];
  // r = (x - q3 n) mod B^(N+1), which equals x - q3 n since that is < 3n.
  const Fixed<2 * N + 2> qn = mp::mul(q3, widen<N + 1>(n_));
  Fixed<N + 1> r = low<N + 1>(x), t;
  mp::sub(r, r, low<N + 1>(qn));
  const Fixed<N + 1> wide_n = widen<N + 1>(n_);
  for (int k = 0; k < 2; ++k) {
    const Limb borrow = mp::sub(t, r, wide_n);
    ct_cmov(r, t, ct::mask_from_bit(borrow ^ 1));  // keep r - n when r >= n
  }
  return low<N>(r);
}

template <std::size_t N>
Fixed<N> FixedModulus<N>::add(const Fixed<N>& a, const Fixed<N>& b) const {
  Fixed<N> s, t;
  const Limb carry = mp::add(s, a, b);
  const Limb borrow = mp::sub(t, s, n_);
  // Keep s - n when the sum overflowed or is >= n.
  ct_cmov(s, t, ct::mask_from_bit(carry | (borrow ^ 1)));
  return s;
}

template <std::size_t N>
Fixed<N> FixedModulus<N>::sub(const Fixed<N>& a, const Fixed<N>& b) const {
  Fixed<N> d, t;
  const Limb borrow = mp::sub(d, a, b);
  mp::add(t, d, n_);
  ct_cmov(d, t, ct::mask_from_bit(borrow));
  return d;
}

}  // namespace dstu::mp
