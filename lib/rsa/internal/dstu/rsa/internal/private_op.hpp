// Internal: the RSA private operation (RSASP1, RFC 8017 §5.2.1) by CRT, blinded and
// checked, and its two forms (the halves interleaved on one thread, or on two team
// threads) for the tests that compare them.
#pragma once

#include "dstu/base/random.hpp"
#include "dstu/rsa/key.hpp"

namespace dstu::rsa::detail {

/// s = m^d mod n for m < n: m is blinded by r^e (r drawn from rng every 32 signatures
/// of the key, squared in between, as OpenSSL's blinding does), the two halves m^dp mod p
/// and m^dq mod q exponentiated in constant time, recombined by Garner's formula
/// s = s2 + q (qinv (s1 - s2) mod p) with Montgomery products, unblinded, and s^e = m
/// checked. Throws Error(invalid_input) if the check fails: no faulty value leaves.
/// The halves run concurrently on two team threads where the process has measured
/// that faster (dstu/parallel/choice.hpp), else interleaved on the calling thread.
mp::Nat private_op(const PrivateKey& key, const mp::Nat& m, RandomSource& rng);

/// Which form the halves take in private_op_as.
enum class Halves { chosen, sequential, split };

/// private_op with the form of the halves forced (the tests: both forms give the same
/// signatures).
mp::Nat private_op_as(Halves form, const PrivateKey& key, const mp::Nat& m, RandomSource& rng);

}  // namespace dstu::rsa::detail
