// dstu::mp::Nat — variable-width natural numbers for public values.
//
// Nat holds a normalised little-endian limb vector (no high zero limbs; zero is
// empty). It is meant for public data: primes being searched, moduli, exponents of
// public-key operations. Its operations branch on sizes and values, so every member
// is variable-time; we do not suffix each one with _vartime because the whole type
// is (house style: the rule is written down here instead). For secrets use Fixed<N>
// and the constant-time functions in modular.hpp.
#pragma once

#include <compare>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "dstu/mp/limbs.hpp"

namespace dstu::mp {

/// Longest decimal or hex text Nat accepts (about 332,000 bits).
inline constexpr std::size_t kMaxTextDigits = 100000;

class Nat {
 public:
  Nat() = default;
  Nat(std::uint64_t v) {  // NOLINT: implicit from a machine word is convenient
    if (v) v_.push_back(v);
  }

  /// From limbs, least significant first (high zero limbs are dropped).
  static Nat from_limbs(std::span<const Limb> limbs);
  /// From big-endian / little-endian bytes (any length, leading zeros allowed).
  static Nat from_bytes_be(std::span<const std::uint8_t> bytes);
  static Nat from_bytes_le(std::span<const std::uint8_t> bytes);
  /// From hex digits (no prefix), decimal digits, or either ("0x" prefix = hex).
  /// Throws Error(invalid_input) on empty text, signs, spaces or stray characters.
  static Nat from_hex(std::string_view text);
  static Nat from_dec(std::string_view text);
  static Nat parse(std::string_view text);
  /// 2^k.
  static Nat power_of_two(std::size_t k);

  std::string to_hex() const;  ///< lower-case, no prefix, "0" for zero
  std::string to_dec() const;
  /// Big-/little-endian bytes, exactly `len` long (0: as few as needed, "00" for
  /// zero is the empty string). Throws Error(invalid_input) if the value needs more.
  std::vector<std::uint8_t> to_bytes_be(std::size_t len = 0) const;
  std::vector<std::uint8_t> to_bytes_le(std::size_t len = 0) const;

  bool is_zero() const { return v_.empty(); }
  bool is_odd() const { return !v_.empty() && (v_[0] & 1); }
  std::size_t size() const { return v_.size(); }  ///< limbs
  std::size_t bits() const;                       ///< bit length; 0 for zero
  bool bit(std::size_t i) const;
  void set_bit(std::size_t i);
  Limb limb(std::size_t i) const { return i < v_.size() ? v_[i] : 0; }
  std::span<const Limb> limbs() const { return v_; }
  /// The low 64 bits.
  std::uint64_t low_u64() const { return v_.empty() ? 0 : v_[0]; }

  /// Writes the value into exactly n limbs (zero-padded); the value must fit.
  void to_limbs(Limb* out, std::size_t n) const;

  /// Raw access for kernels: resizes to n limbs (new limbs zero); call normalize()
  /// after writing.
  Limb* resize(std::size_t n) {
    v_.resize(n);
    return v_.data();
  }
  void normalize() { v_.resize(ln::normalized_size_vartime(v_.data(), v_.size())); }
  void swap(Nat& other) noexcept { v_.swap(other.v_); }

  friend bool operator==(const Nat& a, const Nat& b) { return a.v_ == b.v_; }
  friend std::strong_ordering operator<=>(const Nat& a, const Nat& b);

 private:
  std::vector<Limb> v_;
};

// Arithmetic into an existing Nat (reusing its storage); r may alias a or b.
void add(Nat& r, const Nat& a, const Nat& b);
/// r = a - b; throws Error(invalid_input) if a < b.
void sub(Nat& r, const Nat& a, const Nat& b);
void mul(Nat& r, const Nat& a, const Nat& b);
void sqr(Nat& r, const Nat& a);
/// q = a / b, rem = a mod b (either may be null); throws Error(invalid_input) if b == 0.
void divrem(Nat* q, Nat* rem, const Nat& a, const Nat& b);
/// a mod d for one limb d != 0.
Limb mod_limb(const Nat& a, Limb d);
void shift_left(Nat& r, const Nat& a, std::size_t bits);
void shift_right(Nat& r, const Nat& a, std::size_t bits);

Nat operator+(const Nat& a, const Nat& b);
Nat operator-(const Nat& a, const Nat& b);
Nat operator*(const Nat& a, const Nat& b);
Nat operator/(const Nat& a, const Nat& b);
Nat operator%(const Nat& a, const Nat& b);
Nat operator<<(const Nat& a, std::size_t bits);
Nat operator>>(const Nat& a, std::size_t bits);

/// Greatest common divisor (binary; gcd(0, 0) = 0).
Nat gcd(const Nat& a, const Nat& b);

}  // namespace dstu::mp
