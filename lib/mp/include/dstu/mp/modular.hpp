// dstu::mp — modular arithmetic on Nat: Montgomery and Barrett contexts, modular
// exponentiation (sliding window, constant-time fixed window, parallel by exponent
// portions), inverse.
//
// Moduli are public. The Montgomery kernels (mul, sqr, redc on n-limb arrays) are
// constant-time; powmod() keeps the exponent secret; functions ending in _vartime
// branch on their inputs and are for public data only.
#pragma once

#include <optional>
#include <vector>

#include "dstu/mp/nat.hpp"

namespace dstu::mp {

/// Montgomery arithmetic modulo an odd m > 1 with R = B^n, n = limbs of m.
class Montgomery {
 public:
  explicit Montgomery(const Nat& modulus);

  std::size_t size() const { return n_; }
  const Nat& modulus() const { return m_; }
  /// Scratch limbs mul() and sqr() need.
  std::size_t scratch_size() const { return scratch_; }

  /// r = a b / R mod m for a, b < m (n-limb arrays). r may alias a or b.
  void mul(Limb* r, const Limb* a, const Limb* b, Limb* scratch) const;
  /// r = a^2 / R mod m.
  void sqr(Limb* r, const Limb* a, Limb* scratch) const;
  /// r = t / R mod m for t < m R (2n limbs; t is destroyed).
  void redc(Limb* r, Limb* t) const;

  /// a R mod m, for any a (reduced first if needed).
  std::vector<Limb> to_mont(const Nat& a) const;
  /// a / R mod m as a Nat.
  Nat from_mont(const Limb* a) const;
  /// R mod m (Montgomery form of 1).
  const std::vector<Limb>& one() const { return one_; }
  /// R^2 mod m: mul(r, a, r2().data(), ...) brings a < m into the form by one product.
  const std::vector<Limb>& r2() const { return r2_; }

  /// Overwrites the modulus and its constants with zeros (for a secret modulus, before
  /// the context is freed); the context is unusable afterwards.
  void wipe() noexcept;

 private:
  Nat m_;
  std::vector<Limb> mod_, r2_, one_;
  Limb m0inv_ = 0;  // -m^-1 mod B
  std::size_t n_ = 0;
  std::size_t scratch_ = 0;
};

/// Barrett reduction modulo m > 0 with mu = floor(B^(2n) / m).
class Barrett {
 public:
  explicit Barrett(const Nat& modulus);
  const Nat& modulus() const { return m_; }
  /// x mod m; x < B^(2n) takes the fast path, anything larger falls back to division.
  Nat reduce(const Nat& x) const;
  /// a b mod m.
  Nat mul(const Nat& a, const Nat& b) const { return reduce(a * b); }

 private:
  Nat m_, mu_;
  std::size_t n_ = 0;
};

/// base^exp mod m by left-to-right sliding window (window size from the exponent
/// length). Variable time: public exponents only. Throws if m == 0. For odd moduli
/// and exponents of 384 bits or more, powmod_parallel_vartime on the thread team
/// where this process has measured it faster, per 256-bit size class
/// (dstu/parallel/choice.hpp: after 32 sequential calls, 15 timings of each form).
Nat powmod_vartime(const Nat& base, const Nat& exp, const Nat& m);

/// The same, always on the calling thread.
Nat powmod_sequential_vartime(const Nat& base, const Nat& exp, const Nat& m);

/// base^exp mod m for odd m with a secret exponent: fixed 4-bit windows over exactly
/// exp_bits bits (a public bound >= the exponent's length), each table entry chosen by
/// a full masked scan. Time depends on the sizes of m and exp_bits only.
Nat powmod(const Nat& base, const Nat& exp, const Nat& m, std::size_t exp_bits);

/// An odd modulus m > 1 prepared once for constant-time arithmetic on secret operands,
/// where m itself may be secret (an RSA prime): a Montgomery context in 64-bit limbs and,
/// where powmod() would use them, the AVX-512 IFMA kernels' one. Building a context
/// divides (variable time, once): the constructor builds the one that serves, and where
/// IFMA serves the 64-bit one is built by the first reduce() (concurrent first calls are
/// safe). Otherwise the time depends on the limb counts of m and of the operands only.
/// Results are Nat, whose normalised length shows as Nat's always does. Wipes its
/// contexts when destroyed.
class SecretModulus {
 public:
  explicit SecretModulus(const Nat& m);
  ~SecretModulus();
  SecretModulus(const SecretModulus&) = delete;
  SecretModulus& operator=(const SecretModulus&) = delete;

  const Nat& modulus() const;
  /// Limbs of m.
  std::size_t size() const;
  /// x mod m for x of at most 2 size() limbs with x < m B^size() (the product of two
  /// numbers below m, or a number below another modulus of at most as many limbs as m).
  Nat reduce(const Nat& x) const;
  /// a b mod m for a, b < m.
  Nat mul(const Nat& a, const Nat& b) const;
  /// a - b mod m for a, b < m.
  Nat sub(const Nat& a, const Nat& b) const;
  /// base^exp mod m for base < m as powmod(base, exp, m, exp_bits) computes it (fixed
  /// 4-bit windows over exp_bits bits).
  Nat powmod(const Nat& base, const Nat& exp, std::size_t exp_bits) const;

  /// base^exp mod m for base < m and a public exp (RSA's e), by sliding windows on the
  /// prepared context: no conversion constants to divide for (RSA's public operation and
  /// the check of a signature with the key's n). Variable time in exp only: no step
  /// depends on base (RSA's blinding raises its secret r so).
  Nat powmod_vartime(const Nat& base, const Nat& exp) const;

  /// True when pow_pair runs two exponentiations modulo m0 and m1 interleaved (both
  /// on the IFMA kernels with the same number of digits).
  static bool pairs(const SecretModulus& m0, const SecretModulus& m1);

 private:
  struct Impl;
  friend void pow_pair(Nat out[2], const SecretModulus& m0, const Nat& base0, const Nat& exp0,
                       const SecretModulus& m1, const Nat& base1, const Nat& exp1, std::size_t exp_bits);
  Impl* impl_;
};

/// out[0] = base0^exp0 mod m0 and out[1] = base1^exp1 mod m1, both exponents bounded by
/// exp_bits, each as SecretModulus::powmod gives it: interleaved in one loop where
/// SecretModulus::pairs says so (each product's latency hides the other's; RSA's two CRT
/// halves on one thread), else one after the other.
void pow_pair(Nat out[2], const SecretModulus& m0, const Nat& base0, const Nat& exp0, const SecretModulus& m1,
              const Nat& base1, const Nat& exp1, std::size_t exp_bits);

/// base^exp mod m split by exponent portions over `threads` team threads ([Parallel
/// DSTU 4145] §2): portion i, bits [s_i, s_i+1), is raised on its own thread and
/// corrected by its position with s_i squarings; portion sizes are balanced so that all
/// threads finish together; the portions' powers are multiplied at the end. Odd m only
/// (even m: sequential). Bit-identical to powmod_sequential_vartime.
Nat powmod_parallel_vartime(const Nat& base, const Nat& exp, const Nat& m, int threads);

/// The portion boundaries s_0 = 0 < s_1 < ... < s_T = bits used by the parallel
/// exponentiation, for a `bits`-bit exponent on T threads (exposed for the tests).
std::vector<std::size_t> powmod_portions(std::size_t bits, int threads);

/// a^-1 mod m, or nothing when gcd(a, m) != 1. Variable time (extended Euclid).
std::optional<Nat> inverse_mod_vartime(const Nat& a, const Nat& m);

/// -m^-1 mod 2^64 for odd m (Newton iteration).
Limb neg_inverse_limb(Limb m);

}  // namespace dstu::mp
