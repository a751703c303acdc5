// dstu::rsa — key generation by FIPS 186-5 appendix A.1.3 (random probable primes).
//
// Depends on lib/mp (is_probable_prime) and a RandomSource. Secret: p, q and all that
// follows from them.
#pragma once

#include <cstddef>

#include "dstu/base/random.hpp"
#include "dstu/rsa/key.hpp"

namespace dstu::rsa {

/// Miller-Rabin rounds for a prime factor of `prime_bits` bits: FIPS 186-5 Table B.1,
/// the column for the higher security strength (5 rounds for 1024-bit primes, 4 for 1536
/// and 2048 and above), 7 for primes of 512 bits and below (FIPS 186-4 Table C.2 for
/// nlen 1024). lib/mp runs Baillie-PSW before them as well.
int miller_rabin_rounds(std::size_t prime_bits);

/// floor(sqrt(2) 2^(bits - 1)): a prime factor of a bits-bit half must exceed it.
mp::Nat sqrt2_lower_bound(std::size_t bits);

/// A new key of exactly `bits` bits (a multiple of 8, kMinGenerateBits..kMaxBits) and
/// public exponent e (odd, 65537 <= e < 2^256). By FIPS 186-5 A.1.3: p and q drawn from
/// rng as bits/2-bit odd integers with p, q > sqrt(2) 2^(bits/2 - 1), gcd(p - 1, e) = 1,
/// probable primes by miller_rabin_rounds, |p - q| > 2^(bits/2 - 100); p > q.
/// Throws Error(invalid_input) on a size or exponent out of range. Variable time in the
/// candidates (gcd, the Miller-Rabin exponentiations) and in the key's inverses: unlike
/// every other key generation here, it is not constant time; run it where its timing
/// cannot be observed.
PrivateKey generate_key(std::size_t bits, RandomSource& rng, const mp::Nat& e = mp::Nat(kDefaultExponent));

}  // namespace dstu::rsa
