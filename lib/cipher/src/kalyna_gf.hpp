// Internal: the binary fields of DSTU 7624:2014's GCM, GMAC and XTS: GF(2^128) mod
// x^128 + x^7 + x^2 + x + 1, GF(2^256) mod x^256 + x^10 + x^5 + x^2 + 1 and GF(2^512) mod
// x^512 + x^8 + x^5 + x^2 + 1 (the polynomials of the standard, as UAPKI's
// dstu7624_init_gcm lists them). An element is a block read as a little-endian integer:
// bit i of it (bit i mod 8 of octet i / 8) is the coefficient of x^i. Constant time: the
// product uses PCLMULQDQ where the CPU has it, else a carry-less product from integer
// multiplications of operands with holes (no table, no branch on the operands).
#pragma once

#include <cstddef>
#include <cstdint>

namespace dstu::cipher::kalyna_gf {

/// Words in an element of the field of a block of `block` octets (2, 4 or 8).
constexpr int words_of(std::size_t block) { return static_cast<int>(block / 8); }

/// r = a * b in the field of `words` 64-bit words (r may be a or b).
void mul(std::uint64_t* r, const std::uint64_t* a, const std::uint64_t* b, int words);

/// a = a * x (XTS's tweak step).
void mul_x(std::uint64_t* a, int words);

namespace detail {
/// The 2 * words-word carry-less product of a and b, with PCLMULQDQ (kalyna_gf_clmul.cpp).
void clmul_words_pclmul(std::uint64_t* p, const std::uint64_t* a, const std::uint64_t* b, int words);
}  // namespace detail

}  // namespace dstu::cipher::kalyna_gf
