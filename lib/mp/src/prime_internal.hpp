// Internal: pieces of the primality code shared between the tests and the search.
#pragma once

#include <cstdint>

#include "dstu/mp/modular.hpp"
#include "dstu/mp/prime.hpp"
#include "mont_ifma.hpp"

#include <optional>

namespace dstu::mp {

/// out[k] = n mod small_primes()[k] for k < count.
void small_prime_residues(const Nat& n, std::size_t count, std::uint32_t* out);

/// The arithmetic contexts for testing one candidate n: 64-bit Montgomery always,
/// the IFMA kernels when they serve n on this CPU.
struct PrimeContext {
  explicit PrimeContext(const Nat& n);
  Montgomery mont;
  std::optional<ifma::Context> ifma;
};

/// Miller-Rabin to base a with prepared contexts for n.
bool miller_rabin(const PrimeContext& ctx, const Nat& n, const Nat& a);

/// BPSW followed by `rounds` random-base rounds, for odd n > 2^16 with no small
/// factor (the search has sieved it). Counts what it runs into stats.
bool probable_prime_after_sieve(const Nat& n, RandomSource& rng, int rounds, TestStats& stats);

}  // namespace dstu::mp
