// Internal: the constant-time modular inverse by Bernstein-Yang divsteps (inv_safegcd.cpp).
#pragma once

#include <cstddef>

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

}  // namespace dstu::gfp::detail
