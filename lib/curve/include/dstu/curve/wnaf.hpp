// dstu::curve — the width-w non-adjacent form of a public scalar (Hankerson, Menezes and
// Vanstone, "Guide to Elliptic Curve Cryptography", Algorithm 3.35): the digits of the
// variable-time multiplications of both kinds of curves (verification's s G + r Q,
// validation's n P). Variable time: public scalars only.
#pragma once

#include <cstdint>
#include <vector>

#include "dstu/curve/scalar.hpp"

namespace dstu::curve {

/// The width-w NAF of k for 2 <= w <= 8, least significant digit first: k = sum d_i 2^i
/// with every d_i in {0, +-1, +-3, ..., +-(2^(w-1) - 1)}, every nonzero digit followed by
/// at least w - 1 zeros; at most L(k) + 1 digits, the last one nonzero (none for k = 0).
std::vector<std::int8_t> wnaf_vartime(const Scalar& k, int w);

}  // namespace dstu::curve
