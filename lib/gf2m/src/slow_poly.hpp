// Internal: simple variable-time binary polynomials on word vectors, for public data
// only — building fields (Barrett constant, reduction rows) and testing a modulus
// for irreducibility. Never used on elements.
#pragma once

#include <span>
#include <vector>

#include "dstu/gf2m/field.hpp"

namespace dstu::gf2m::detail {

using SlowPoly = std::vector<Word>;

/// The polynomial with these exponents.
SlowPoly slow_from_exponents(std::span<const int> exponents);
/// Degree, -1 for zero.
int slow_degree(const SlowPoly& a);
/// Remainder of a by f; the quotient too when q is not null.
SlowPoly slow_divmod(SlowPoly a, const SlowPoly& f, SlowPoly* q = nullptr);
/// a^2 mod f.
SlowPoly slow_sqrmod(const SlowPoly& a, const SlowPoly& f);
/// gcd(a, b).
SlowPoly slow_gcd(SlowPoly a, SlowPoly b);

}  // namespace dstu::gf2m::detail
