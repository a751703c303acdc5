// The RSA private operation (RSASP1, RFC 8017 §5.2.1) by CRT, blinded and checked.
#pragma once

#include "dstu/base/random.hpp"
#include "dstu/rsa/key.hpp"

namespace dstu::rsa::detail {

/// s = m^d mod n for m < n: m is blinded by r^e (r random), the two halves m^dp mod p
/// and m^dq mod q by lib/mp's constant-time powmod, recombined by Garner's formula
/// s = s2 + q (qinv (s1 - s2) mod p), unblinded, and s^e = m checked. Throws
/// Error(invalid_input) if the check fails: no faulty value leaves.
mp::Nat private_op(const PrivateKey& key, const mp::Nat& m, RandomSource& rng);

}  // namespace dstu::rsa::detail
