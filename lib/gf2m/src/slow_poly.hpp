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
/// a mod f for f = x^m + the sum of x^e over `lower` (descending, all below m), by
/// folding `step` bits at a time, 1 <= step <= min(64, m - lower[0]) (64 for f = x^m).
SlowPoly slow_fold_mod(SlowPoly a, int m, std::span<const int> lower, int step);
/// a^2 mod f: by folding where f has few terms, else by long division.
SlowPoly slow_sqrmod(const SlowPoly& a, const SlowPoly& f);
/// gcd(a, b).
SlowPoly slow_gcd(SlowPoly a, SlowPoly b);

}  // namespace dstu::gf2m::detail
