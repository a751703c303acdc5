// Internal: Montgomery multiplication in radix 2^52 on AVX-512 IFMA.
//
// Numbers are vectors of 52-bit digits held in 64-bit lanes, eight per zmm register;
// a modulus of up to 52 * 8 * kMaxVectors - 2 bits is padded to 8 V digits and
// R = 2^(52 s), s the digits m + 2 bits need (a product takes s steps, not 8 V). mul() is the "almost Montgomery" product of Gueron and Krasnov:
// inputs and output lie in [0, 2m) with normalised digits (< 2^52), which needs
// R >= 4m. Each outer step adds a b_i and u m digit-wise with vpmadd52luq/huq and
// shifts the accumulator down one digit; no branch or index depends on the values.
#pragma once

#include <cstdint>
#include <vector>

#include "dstu/mp/nat.hpp"

namespace dstu::mp::ifma {

inline constexpr std::size_t kMaxVectors = 20;  // 160 digits: moduli up to 8318 bits

/// True when the CPU (and the override) allow the IFMA kernels.
bool available();

/// True when m has a size the kernels serve (odd, 3 <= bits <= 52 * 8 * kMaxVectors - 2).
bool supports(const Nat& m);

/// The vector width of the products. Where the last zmm vector of a number would be at
/// least half padding, ymm vectors save those madds while zmm halves the instruction
/// count; which is faster depends on the core (one that runs zmm as two ymm halves
/// favours ymm, one with two full-width IFMA ports zmm), so `chosen` times both once
/// per process and count of vectors, separately for single and paired products.
/// Elsewhere zmm.
enum class Width { chosen, ymm, zmm };

class Context {
 public:
  using Digits = std::vector<std::uint64_t>;

  /// `width` forces a width for the tests (ymm where the size allows it, else zmm).
  explicit Context(const Nat& m, Width width = Width::chosen);
  /// Digits per number (8 V).
  std::size_t digits() const { return 8 * v_; }
  /// R = 2^(52 steps()): digits enough for 4m (steps() <= digits(); the rest is padding).
  std::size_t steps() const { return steps_; }
  /// r = a b / R mod m, almost reduced: a, b, r in [0, 2m). r may alias a or b.
  void mul(std::uint64_t* r, const std::uint64_t* a, const std::uint64_t* b) const;
  /// x R mod m (fully reduced).
  Digits to(const Nat& x) const;
  /// a / R mod m, fully reduced.
  Nat from(const std::uint64_t* a) const;
  /// R mod m.
  const Digits& one() const { return one_; }
  /// True when mul() runs on ymm vectors (for the tests).
  bool ymm() const { return ymm_; }
  /// True when mul_pair() with this context first runs on ymm vectors; the first call
  /// for a count of vectors in a process times both widths.
  bool ymm_pair() const;
  /// a in [0, 2m) brought into [0, m) (constant time).
  Digits reduce(const Digits& a) const;
  /// Overwrites the modulus and its constants with zeros (a secret modulus); the context
  /// is unusable afterwards.
  void wipe() noexcept;

  /// r0 = a0 b0 / R mod m0 and r1 = a1 b1 / R mod m1 (almost reduced, as mul) in one
  /// interleaved loop, at c0's pair width; the two contexts must have the same digits().
  friend void mul_pair(const Context& c0, std::uint64_t* r0, const std::uint64_t* a0, const std::uint64_t* b0,
                       const Context& c1, std::uint64_t* r1, const std::uint64_t* a1, const std::uint64_t* b1);

 private:
  Nat m_;

  std::size_t v_ = 0, steps_ = 0;
  bool ymm_allowed_ = false;  // ymm may serve: the last zmm would be half padding, not forced zmm
  bool ymm_forced_ = false;   // Width::ymm
  bool ymm_ = false;          // mul runs on ymm (4 digits) vectors
  Digits mod_, one_;
  std::uint64_t k0_ = 0;  // -m^-1 mod 2^52
};

void mul_pair(const Context& c0, std::uint64_t* r0, const std::uint64_t* a0, const std::uint64_t* b0,
              const Context& c1, std::uint64_t* r1, const std::uint64_t* a1, const std::uint64_t* b1);

/// out = entry `index` of a table of `entries` numbers of `digits` digits (a multiple of
/// 8) stored one after another, by a scan of every entry with AVX-512 masks (constant
/// time; the caller checks available()).
void select(std::uint64_t* out, const std::uint64_t* table, std::size_t entries, std::size_t digits,
            std::uint64_t index);

/// r = x with every digit brought below 2^52 and its carry moved up, as each product
/// leaves its result: x has `digits` digits (a multiple of 4, at most 8 kMaxVectors) of
/// any 64 bits, and a value below 2^(52 digits). Exposed for the tests of the rare carry
/// ripple through digits of 2^52 - 1, which random products all but never reach.
void normalise(std::uint64_t* r, const std::uint64_t* x, std::size_t digits);

/// Nat <-> radix-2^52 digits (exactly `digits` of them).
Context::Digits to_digits(const Nat& x, std::size_t digits);
Nat from_digits(const std::uint64_t* d, std::size_t digits);

}  // namespace dstu::mp::ifma
