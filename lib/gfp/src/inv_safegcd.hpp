// Internal: the constant-time modular inverse by Bernstein-Yang divsteps (inv_safegcd.cpp).
#pragma once

#include <cstddef>
#include <cstdint>

#include "dstu/mp/limbs.hpp"

namespace dstu::gfp::detail {

/// The number of divsteps that suffices for an odd modulus of `bits` bits (Bernstein and
/// Yang, Theorem 11.2).
std::size_t safegcd_divsteps(std::size_t bits);

/// r = x^-1 mod p (0 for x = 0) for x < p, p odd of `bits` bits and n <= 9 limbs;
/// m0inv = -p^-1 mod 2^64. Constant time in x.
void inv_safegcd(mp::Limb* r, const mp::Limb* x, const mp::Limb* p, std::size_t n, std::size_t bits,
                 mp::Limb m0inv);
/// The same for a public x: variable time, about twice as fast.
void inv_safegcd_vartime(mp::Limb* r, const mp::Limb* x, const mp::Limb* p, std::size_t n, std::size_t bits,
                         mp::Limb m0inv);

/// The transition matrix of a batch of 62 divsteps: 2^62 (f', g') = [u v; q r] (f, g).
struct DivstepMatrix {
  std::int64_t u, v, q, r;
};

/// One batch of 62 divsteps on the low words of f (odd) and g, delta carried from batch
/// to batch: the constant-time steps, or (vartime) their variable-time twin, which must
/// give the same matrix and delta. For the tests, which compare the two.
DivstepMatrix divsteps_batch(bool vartime, std::int64_t& delta, std::uint64_t f, std::uint64_t g);

}  // namespace dstu::gfp::detail
