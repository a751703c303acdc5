// dstu::mp::Fixed<N> — fixed-width naturals of N 64-bit limbs (N <= 9: 576 bits, the
// widest DSTU 4145 scalar), for secrets.
//
// No heap, every loop has a compile-time bound and is unrolled, and every operation
// is constant-time: running time and memory accesses depend on N only, never on the
// values. There is deliberately no operator==; use ct_eq() and act on its mask.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "dstu/base/ct.hpp"
#include "dstu/base/wipe.hpp"
#include "dstu/mp/limbs.hpp"

namespace dstu::mp {

template <std::size_t N>
struct Fixed {
  static_assert(N >= 1 && N <= 24, "Fixed<N> is for scalars and their products");
  static constexpr std::size_t kLimbs = N;
  static constexpr std::size_t kBits = 64 * N;

  std::array<Limb, N> v{};  ///< little-endian limbs

  Limb& operator[](std::size_t i) { return v[i]; }
  const Limb& operator[](std::size_t i) const { return v[i]; }
  Limb* data() { return v.data(); }
  const Limb* data() const { return v.data(); }

  /// Overwrites the limbs with zeros in a way the optimiser keeps.
  void wipe() { secure_wipe(v.data(), sizeof v); }

  /// From little-endian / big-endian bytes; longer input must have zero high bytes
  /// (checked in constant time; returns false if the value does not fit).
  bool set_bytes_le(std::span<const std::uint8_t> bytes);
  bool set_bytes_be(std::span<const std::uint8_t> bytes);
  /// Writes the low out.size() bytes (little-/big-endian).
  void get_bytes_le(std::span<std::uint8_t> out) const;
  void get_bytes_be(std::span<std::uint8_t> out) const;

  static Fixed from_u64(std::uint64_t x) {
    Fixed r;
    r.v[0] = x;
    return r;
  }
};

// ---- constant-time predicates (return masks) ----

template <std::size_t N>
ct::Mask ct_is_zero(const Fixed<N>& a) {
  Limb acc = 0;
#pragma GCC unroll 18
  for (std::size_t i = 0; i < N; ++i) acc |= a.v[i];
  return ct::is_zero(acc);
}

template <std::size_t N>
ct::Mask ct_eq(const Fixed<N>& a, const Fixed<N>& b) {
  Limb acc = 0;
#pragma GCC unroll 18
  for (std::size_t i = 0; i < N; ++i) acc |= a.v[i] ^ b.v[i];
  return ct::is_zero(acc);
}

/// All-ones when a < b.
template <std::size_t N>
ct::Mask ct_lt(const Fixed<N>& a, const Fixed<N>& b) {
  Fixed<N> t;
  return 0 - ln::sub_n(t.data(), a.data(), b.data(), N);
}

/// r = mask ? a : r.
template <std::size_t N>
void ct_cmov(Fixed<N>& r, const Fixed<N>& a, ct::Mask mask) {
  ct::cmov(r.data(), a.data(), N, mask);
}

// ---- arithmetic ----

/// r = a + b; returns the carry.
template <std::size_t N>
Limb add(Fixed<N>& r, const Fixed<N>& a, const Fixed<N>& b) {
  return ln::add_n(r.data(), a.data(), b.data(), N);
}

/// r = a - b; returns the borrow.
template <std::size_t N>
Limb sub(Fixed<N>& r, const Fixed<N>& a, const Fixed<N>& b) {
  return ln::sub_n(r.data(), a.data(), b.data(), N);
}

/// The full product a * b: the unrolled mulx/adx kernel where the CPU has one, else
/// Modified Comba unrolled for the width.
template <std::size_t N>
Fixed<2 * N> mul(const Fixed<N>& a, const Fixed<N>& b) {
  Fixed<2 * N> r;
  if (ln::mul_n_hw(r.data(), a.data(), b.data(), N)) return r;
  DLimb carry = 0;
#pragma GCC unroll 18
  for (std::size_t k = 0; k < 2 * N - 1; ++k) {
    DLimb lo = 0, hi = 0;
#pragma GCC unroll 18
    for (std::size_t i = (k >= N ? k - N + 1 : 0); i <= (k < N ? k : N - 1); ++i) {
      DLimb p = static_cast<DLimb>(a.v[i]) * b.v[k - i];
      lo += static_cast<Limb>(p);
      hi += p >> 64;
    }
    DLimb col = carry + lo;
    r.v[k] = static_cast<Limb>(col);
    carry = (col >> 64) + hi;
  }
  r.v[2 * N - 1] = static_cast<Limb>(carry);
  return r;
}

/// The square a^2.
template <std::size_t N>
Fixed<2 * N> sqr(const Fixed<N>& a) {
  Fixed<2 * N> r;
  if (ln::sqr_n_hw(r.data(), a.data(), N)) return r;
  ln::sqr_comba(r.data(), a.data(), N);
  return r;
}

/// r = a * w; returns the high limb.
template <std::size_t N>
Limb mul_word(Fixed<N>& r, const Fixed<N>& a, Limb w) {
  return ln::mul_1(r.data(), a.data(), N, w);
}

/// r = a << k for a public shift count 0 <= k < 64 N.
template <std::size_t N>
Fixed<N> shift_left(const Fixed<N>& a, std::size_t k) {
  Fixed<N> r;
  const std::size_t limbs = k / 64;
  const unsigned bits = static_cast<unsigned>(k % 64);
  for (std::size_t i = N; i-- > limbs;) {
    Limb x = a.v[i - limbs] << bits;
    if (bits && i > limbs) x |= a.v[i - limbs - 1] >> (64 - bits);
    r.v[i] = x;
  }
  return r;
}

/// r = a >> k for a public shift count 0 <= k < 64 N.
template <std::size_t N>
Fixed<N> shift_right(const Fixed<N>& a, std::size_t k) {
  Fixed<N> r;
  const std::size_t limbs = k / 64;
  const unsigned bits = static_cast<unsigned>(k % 64);
  for (std::size_t i = 0; i + limbs < N; ++i) {
    Limb x = a.v[i + limbs] >> bits;
    if (bits && i + limbs + 1 < N) x |= a.v[i + limbs + 1] << (64 - bits);
    r.v[i] = x;
  }
  return r;
}

/// Keeps the low `bits` bits (a public count), clearing the rest.
template <std::size_t N>
void truncate_bits(Fixed<N>& a, std::size_t bits) {
  for (std::size_t i = 0; i < N; ++i) {
    if (64 * i >= bits) {
      a.v[i] = 0;
    } else if (64 * (i + 1) > bits) {
      a.v[i] &= (Limb{1} << (bits - 64 * i)) - 1;
    }
  }
}

/// Bit i (public position) of a, as 0 or 1.
template <std::size_t N>
Limb bit(const Fixed<N>& a, std::size_t i) {
  return (a.v[i / 64] >> (i % 64)) & 1;
}

/// The low N limbs of a wider value.
template <std::size_t N, std::size_t M>
Fixed<N> low(const Fixed<M>& a) {
  static_assert(N <= M);
  Fixed<N> r;
  for (std::size_t i = 0; i < N; ++i) r.v[i] = a.v[i];
  return r;
}

/// a zero-extended to M limbs.
template <std::size_t M, std::size_t N>
Fixed<M> widen(const Fixed<N>& a) {
  static_assert(M >= N);
  Fixed<M> r;
  for (std::size_t i = 0; i < N; ++i) r.v[i] = a.v[i];
  return r;
}

// ---- bytes ----

template <std::size_t N>
bool Fixed<N>::set_bytes_le(std::span<const std::uint8_t> bytes) {
  v.fill(0);
  Limb overflow = 0;
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    if (i < 8 * N) {
      v[i / 8] |= static_cast<Limb>(bytes[i]) << (8 * (i % 8));
    } else {
      overflow |= bytes[i];
    }
  }
  return ct::is_zero(overflow) != 0;
}

template <std::size_t N>
bool Fixed<N>::set_bytes_be(std::span<const std::uint8_t> bytes) {
  v.fill(0);
  Limb overflow = 0;
  const std::size_t n = bytes.size();
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t pos = n - 1 - i;  // significance of bytes[i]
    if (pos < 8 * N) {
      v[pos / 8] |= static_cast<Limb>(bytes[i]) << (8 * (pos % 8));
    } else {
      overflow |= bytes[i];
    }
  }
  return ct::is_zero(overflow) != 0;
}

template <std::size_t N>
void Fixed<N>::get_bytes_le(std::span<std::uint8_t> out) const {
  for (std::size_t i = 0; i < out.size(); ++i) {
    out[i] = i < 8 * N ? static_cast<std::uint8_t>(v[i / 8] >> (8 * (i % 8))) : 0;
  }
}

template <std::size_t N>
void Fixed<N>::get_bytes_be(std::span<std::uint8_t> out) const {
  const std::size_t n = out.size();
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t pos = n - 1 - i;
    out[i] = pos < 8 * N ? static_cast<std::uint8_t>(v[pos / 8] >> (8 * (pos % 8))) : 0;
  }
}

}  // namespace dstu::mp
