// Internal: pieces of the primality code shared between the tests and the search.
#pragma once

#include <cstdint>

#include "dstu/mp/modular.hpp"
#include "dstu/mp/prime.hpp"

namespace dstu::mp {

/// out[k] = n mod small_primes()[k] for k < count.
void small_prime_residues(const Nat& n, std::size_t count, std::uint32_t* out);

/// Miller-Rabin to base a with a prepared Montgomery context for n.
bool miller_rabin(const Montgomery& mont, const Nat& n, const Nat& a);

/// BPSW followed by `rounds` random-base rounds, for odd n > 2^16 with no small
/// factor (the search has sieved it). Counts what it runs into stats.
bool probable_prime_after_sieve(const Nat& n, RandomSource& rng, int rounds, TestStats& stats);

}  // namespace dstu::mp
