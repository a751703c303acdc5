// Barrett reduction (HAC 14.42) on Nat.
#include "dstu/base/error.hpp"
#include "dstu/mp/modular.hpp"

namespace dstu::mp {

Barrett::Barrett(const Nat& modulus) : m_(modulus) {
  if (modulus.is_zero()) throw_invalid("Barrett modulus must be nonzero");
  n_ = modulus.size();
  mu_ = Nat::power_of_two(128 * n_) / modulus;
}

Nat Barrett::reduce(const Nat& x) const {
  if (x < m_) return x;
  if (x.size() > 2 * n_) return x % m_;
  // q = floor(floor(x / B^(n-1)) mu / B^(n+1)) is at most 2 below floor(x / m).
  const Nat q = ((x >> (64 * (n_ - 1))) * mu_) >> (64 * (n_ + 1));
  Nat r = x - q * m_;
  while (r >= m_) sub(r, r, m_);
  return r;
}

}  // namespace dstu::mp
