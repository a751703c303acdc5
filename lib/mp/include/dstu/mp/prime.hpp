// dstu::mp — primality testing and random prime search.
//
// Tests: trial division, Miller-Rabin (strong probable prime) to given or random
// bases, the strong Lucas test with Selfridge's parameters, and Baillie-PSW. The
// default test is BPSW plus Miller-Rabin rounds with random bases: for random
// candidates, enough rounds that the Damgard-Landrock-Pomerance bound is <= 2^-128;
// for numbers from outside (`check`), 64 rounds (error <= 4^-64 for any input).
// All of this is variable time: primes being searched or checked are public.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <vector>

#include "dstu/base/random.hpp"
#include "dstu/mp/nat.hpp"

namespace dstu::mp {

/// The odd primes below 2^16, ascending (3, 5, 7, ...).
std::span<const std::uint32_t> small_primes();

/// True if n is divisible by a small prime other than itself (n > 1).
bool has_small_factor(const Nat& n);

/// Strong probable-prime test of odd n > 3 to base a (2 <= a <= n - 2).
bool miller_rabin(const Nat& n, const Nat& a);

/// Strong Lucas probable-prime test of odd n > 3 (Selfridge method A: the first D in
/// 5, -7, 9, -11, ... with Jacobi(D/n) = -1, P = 1, Q = (1 - D)/4). Perfect squares fail.
bool strong_lucas(const Nat& n);

/// Baillie-PSW: Miller-Rabin to base 2 and the strong Lucas test. No composite is
/// known to pass; none exists below 2^64.
bool baillie_psw(const Nat& n);

/// Jacobi symbol (a / n) for odd n > 0; a may be negative.
int jacobi(std::int64_t a, const Nat& n);

/// Miller-Rabin rounds for a random `bits`-bit candidate to reach error <= 2^-128
/// by the Damgard-Landrock-Pomerance bounds (HAC 4.48, 4.49), given that BPSW runs too.
int random_candidate_rounds(std::size_t bits);

/// Rounds used for numbers of unknown origin (worst case 4^-rounds).
inline constexpr int kAdversarialRounds = 64;

/// What a primality test did (for reporting).
struct TestStats {
  std::uint64_t candidates = 0;   ///< numbers examined, including those the sieve removed
  std::uint64_t sieved_out = 0;   ///< removed by the small-prime sieve
  std::uint64_t mr_rounds = 0;    ///< Miller-Rabin rounds run (base 2 and random bases)
  std::uint64_t lucas_tests = 0;  ///< strong Lucas tests run
};

/// Trial division, BPSW, then `rounds` Miller-Rabin rounds with bases from rng
/// (rounds < 0: random_candidate_rounds(bits)). Deterministic for n < 2^64.
bool is_probable_prime(const Nat& n, RandomSource& rng, int rounds = -1, TestStats* stats = nullptr);

/// What random_prime() is asked for.
struct PrimeRequest {
  std::size_t bits = 1024;  ///< exact bit length, 16 <= bits <= 16384
  bool safe = false;        ///< p = 2q + 1 with q prime as well
  int rounds = -1;          ///< Miller-Rabin rounds after BPSW (-1: for error <= 2^-128)
};

/// A source of independent random streams: stream(k) must return the same bytes for
/// the same k on every call, so a search is reproducible whatever thread runs it.
using StreamFactory = std::function<std::unique_ptr<RandomSource>(std::uint64_t stream)>;

struct PrimeResult {
  Nat prime;
  TestStats stats;
};

/// A random prime of exactly request.bits bits: random windows of odd candidates
/// (window k drawn from stream k), sieved by the small primes, survivors tested by
/// is_probable_prime. `threads` team threads search windows concurrently; the result
/// is always the smallest prime of the lowest-numbered window that has one, so it
/// depends only on the streams, never on the thread count.
PrimeResult random_prime(const PrimeRequest& request, const StreamFactory& streams, int threads);

}  // namespace dstu::mp
