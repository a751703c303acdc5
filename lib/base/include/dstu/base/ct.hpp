// dstu::ct — constant-time building blocks.
//
// Masks are 0 or all-ones 64-bit words. Every helper here runs in time independent
// of its arguments' values; value_barrier() keeps the optimiser from turning a mask
// computation back into a branch.
#pragma once

#include <cstddef>
#include <cstdint>

namespace dstu::ct {

using Mask = std::uint64_t;

/// Hides x from the optimiser so that it cannot reason about its value.
inline std::uint64_t value_barrier(std::uint64_t x) {
  __asm__("" : "+r"(x));
  return x;
}

/// All-ones if bit (0 or 1) is 1, else 0.
inline Mask mask_from_bit(std::uint64_t bit) { return 0 - value_barrier(bit & 1); }

/// All-ones if x == 0, else 0.
inline Mask is_zero(std::uint64_t x) {
  x = value_barrier(x);
  return mask_from_bit((~x & (x - 1)) >> 63);
}

/// All-ones if a == b, else 0.
inline Mask eq(std::uint64_t a, std::uint64_t b) { return is_zero(a ^ b); }

/// All-ones if a < b (unsigned), else 0.
inline Mask lt(std::uint64_t a, std::uint64_t b) {
  a = value_barrier(a);
  return mask_from_bit((a ^ ((a ^ b) | ((a - b) ^ a))) >> 63);
}

/// mask ? a : b, without a branch.
inline std::uint64_t select(Mask mask, std::uint64_t a, std::uint64_t b) {
  return (a & mask) | (b & ~mask);
}

/// r[i] = mask ? a[i] : r[i] for i < n.
inline void cmov(std::uint64_t* r, const std::uint64_t* a, std::size_t n, Mask mask) {
  for (std::size_t i = 0; i < n; ++i) r[i] = select(mask, a[i], r[i]);
}

/// Swaps a[i] and b[i] for i < n when mask is all-ones.
inline void cswap(std::uint64_t* a, std::uint64_t* b, std::size_t n, Mask mask) {
  for (std::size_t i = 0; i < n; ++i) {
    std::uint64_t t = (a[i] ^ b[i]) & mask;
    a[i] ^= t;
    b[i] ^= t;
  }
}

/// True iff the n bytes at a and b are equal; time depends only on n.
inline bool bytes_equal(const void* a, const void* b, std::size_t n) {
  const auto* x = static_cast<const unsigned char*>(a);
  const auto* y = static_cast<const unsigned char*>(b);
  std::uint64_t acc = 0;
  for (std::size_t i = 0; i < n; ++i) acc |= static_cast<std::uint64_t>(x[i] ^ y[i]);
  return is_zero(acc) != 0;
}

}  // namespace dstu::ct
