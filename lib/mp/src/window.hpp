// Internal: the sliding-window exponentiation engine shared by the sequential and the
// parallel modular exponentiation, generic over the arithmetic domain (Montgomery
// limb vectors for odd moduli, Barrett-reduced Nat for even ones).
#pragma once

#include <cstddef>
#include <type_traits>
#include <vector>

#include "dstu/base/wipe.hpp"
#include "dstu/mp/modular.hpp"
#include "mont_ifma.hpp"

namespace dstu::mp::detail {

/// True when exponentiation modulo m runs on the IFMA kernels (size and CPU).
bool use_ifma(const Nat& m);

/// Sliding-window width minimising 2^(w-1) table entries + bits/(w+1) multiplications.
inline int window_size(std::size_t bits) {
  int best = 1;
  double best_cost = 1e300;
  for (int w = 1; w <= 7; ++w) {
    double cost = static_cast<double>(1 << (w - 1)) + static_cast<double>(bits) / (w + 1);
    if (cost < best_cost) {
      best_cost = cost;
      best = w;
    }
  }
  return best;
}

/// Products (squarings counted as products) of the sliding-window exponentiation of
/// exp with width w: the table's (for w > 1, one squaring and 2^(w-1) - 1 products),
/// one squaring per bit below the first window and one product per later window.
inline std::size_t window_products(const Nat& exp, int w) {
  std::size_t windows = 0, squarings = 0;
  for (std::size_t i = exp.bits(); i > 0;) {
    const std::size_t top = i - 1;
    if (!exp.bit(top)) {
      i = top;
      continue;
    }
    std::size_t j = top + 1 >= static_cast<std::size_t>(w) ? top + 1 - w : 0;
    while (!exp.bit(j)) ++j;
    if (windows++ == 0) squarings = j;
    i = j;
  }
  const std::size_t table = w > 1 ? std::size_t{1} << (w - 1) : 0;
  return table + squarings + (windows > 0 ? windows - 1 : 0);
}

/// Exponents of up to this many bits get the width counted for them (window_size_for).
constexpr std::size_t kCountedWindowBits = 256;

/// The sliding-window width for a public exponent. A short one (RSA's e) gets the width
/// with the fewest products for its own bits: a sparse exponent such as 65537 needs no
/// table at all, where window_size's estimate for random bits would build one. Longer
/// exponents take the estimate, whose count would cost more than it saves.
inline int window_size_for(const Nat& exp) {
  const std::size_t bits = exp.bits();
  if (bits > kCountedWindowBits) return window_size(bits);
  int best = 1;
  std::size_t best_products = window_products(exp, 1);
  for (int w = 2; w <= window_size(bits); ++w) {
    const std::size_t products = window_products(exp, w);
    if (products < best_products) {
      best_products = products;
      best = w;
    }
  }
  return best;
}

/// Montgomery-form limb vectors modulo an odd modulus.
class MontDomain {
 public:
  using Elem = std::vector<Limb>;
  explicit MontDomain(const Montgomery& m) : m_(m), scratch_(m.scratch_size()) {}
  MontDomain(const MontDomain&) = delete;
  MontDomain& operator=(const MontDomain&) = delete;
  /// The scratch held products of the operands, which may be secret.
  ~MontDomain() { secure_wipe(scratch_.data(), scratch_.size() * sizeof(Limb)); }
  Elem one() const { return m_.one(); }
  Elem from(const Nat& x) const { return m_.to_mont(x); }
  Nat to_nat(const Elem& x) const { return m_.from_mont(x.data()); }
  void mul(Elem& r, const Elem& a, const Elem& b) { m_.mul(r.data(), a.data(), b.data(), scratch_.data()); }
  void sqr(Elem& r, const Elem& a) { m_.sqr(r.data(), a.data(), scratch_.data()); }
  /// The unique representative (REDC output is fully reduced already).
  const Elem& canonical(const Elem& x) const { return x; }

 private:
  const Montgomery& m_;
  std::vector<Limb> scratch_;
};

/// Radix-2^52 digit vectors on AVX-512 IFMA, almost reduced ([0, 2m)).
class IfmaDomain {
 public:
  using Elem = std::vector<std::uint64_t>;
  explicit IfmaDomain(const ifma::Context& c) : c_(c) {}
  Elem one() const { return c_.one(); }
  Elem from(const Nat& x) const { return c_.to(x); }
  Nat to_nat(const Elem& x) const { return c_.from(x.data()); }
  void mul(Elem& r, const Elem& a, const Elem& b) { c_.mul(r.data(), a.data(), b.data()); }
  void sqr(Elem& r, const Elem& a) { c_.mul(r.data(), a.data(), a.data()); }
  /// The representative in [0, m), for comparisons.
  Elem canonical(const Elem& x) const { return c_.reduce(x); }

 private:
  const ifma::Context& c_;
};

/// Nat residues reduced by Barrett (any nonzero modulus).
class BarrettDomain {
 public:
  using Elem = Nat;
  explicit BarrettDomain(const Barrett& b) : b_(b) {}
  Elem one() const { return b_.reduce(Nat(1)); }
  Elem from(const Nat& x) const { return b_.reduce(x); }
  Nat to_nat(const Elem& x) const { return x; }
  void mul(Elem& r, const Elem& a, const Elem& b) { r = b_.mul(a, b); }
  void sqr(Elem& r, const Elem& a) { r = b_.mul(a, a); }

 private:
  const Barrett& b_;
};

/// g, g^3, g^5, ..., g^(2^w - 1).
template <class D>
std::vector<typename D::Elem> odd_powers(D& d, const typename D::Elem& g, int w) {
  std::vector<typename D::Elem> t(std::size_t{1} << (w - 1), g);
  if (t.size() > 1) {
    typename D::Elem g2 = g;
    d.sqr(g2, g);
    for (std::size_t i = 1; i < t.size(); ++i) d.mul(t[i], t[i - 1], g2);
  }
  return t;
}

/// g^(bits lo..hi-1 of exp, read as a number) by left-to-right sliding windows over
/// the odd-power table of width w (HAC 14.85). Variable time.
template <class D>
typename D::Elem window_pow(D& d, const std::vector<typename D::Elem>& table, const Nat& exp,
                            std::size_t lo, std::size_t hi, int w) {
  typename D::Elem acc = d.one();
  bool started = false;
  std::size_t i = hi;
  while (i > lo) {
    const std::size_t top = i - 1;
    if (!exp.bit(top)) {
      if (started) d.sqr(acc, acc);
      i = top;
      continue;
    }
    // The longest window [j, top] of at most w bits that ends in a 1 bit.
    std::size_t j = top + 1 >= lo + static_cast<std::size_t>(w) ? top + 1 - w : lo;
    while (!exp.bit(j)) ++j;
    std::size_t value = 0;
    for (std::size_t k = top + 1; k-- > j;) value = value << 1 | (exp.bit(k) ? 1 : 0);
    if (started) {
      for (std::size_t k = j; k <= top; ++k) d.sqr(acc, acc);
      d.mul(acc, acc, table[value >> 1]);
    } else {
      acc = table[value >> 1];
      started = true;
    }
    i = j;
  }
  return acc;
}

/// g^exp for exp > 0 by sliding windows of the width window_size_for picks. Which
/// products run depends on exp only, never on g; the table of a limb-vector domain is
/// wiped (g may be secret: RSA's blinding raises r so).
template <class D>
typename D::Elem sliding_pow(D& d, const typename D::Elem& g, const Nat& exp) {
  const int w = window_size_for(exp);
  auto table = odd_powers(d, g, w);
  auto acc = window_pow(d, table, exp, 0, exp.bits(), w);
  if constexpr (std::is_same_v<typename D::Elem, std::vector<Limb>>) {
    for (auto& t : table) secure_wipe(t.data(), t.size() * sizeof(Limb));
  }
  return acc;
}

}  // namespace dstu::mp::detail
