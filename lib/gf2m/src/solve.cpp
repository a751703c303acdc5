// Solving z^2 + z = c (DSTU 4145-2002 §6.7 with u = 1) for odd m: z = htr(c) when
// Tr(c) = 0 (the other root is z + 1); no root when Tr(c) = 1. Constant time: the
// half-trace is computed either way and only the returned flag tells.
#include "dstu/gf2m/ops.hpp"

namespace dstu::gf2m {

bool solve_quadratic(const Field& f, Element& z, const Element& c) {
  const unsigned t = trace(f, c);
  half_trace(f, z, c);
  return t == 0;
}

}  // namespace dstu::gf2m
