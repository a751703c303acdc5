// Random prime search: random windows of odd candidates, sieved by the small
// primes, searched by the thread team with a result that does not depend on the
// number of threads.
#include <algorithm>
#include <atomic>
#include <limits>
#include <mutex>
#include <vector>

#include "dstu/base/error.hpp"
#include "dstu/mp/prime.hpp"
#include "dstu/parallel/team.hpp"
#include "prime_internal.hpp"

namespace dstu::mp {
namespace {

constexpr std::size_t kMinBits = 16, kMaxBits = 16384;

/// Odd candidates per window: about four expected prime gaps, so that ~98% of
/// windows hold a prime; safe primes are much rarer.
std::size_t window_length(const PrimeRequest& req) {
  const std::size_t b = req.bits;
  if (req.safe) return std::clamp<std::size_t>(b * b / 4, 4096, 1u << 22);
  return std::clamp<std::size_t>(3 * b / 2, 256, 1u << 16);
}

/// How many small primes to sieve with: all of them that are below the candidates.
std::size_t sieve_primes(std::size_t bits) {
  const auto primes = small_primes();
  if (bits > 17) return primes.size();
  const std::uint32_t limit = 1u << (bits - 2);
  return static_cast<std::size_t>(std::lower_bound(primes.begin(), primes.end(), limit) - primes.begin());
}

/// A random odd number of exactly `bits` bits.
Nat random_start(std::size_t bits, RandomSource& rng) {
  std::vector<std::uint8_t> buf((bits + 7) / 8);
  rng.fill(buf);
  Nat x = Nat::from_bytes_le(buf);
  if (x.bits() > bits) x = x >> (x.bits() - bits);  // drop the excess top bits
  x.set_bit(bits - 1);
  x.set_bit(0);
  return x;
}

/// Marks the offsets i (candidate = start + 2 i) divisible by a small prime; for safe
/// primes also those where 2 (start + 2 i) + 1 is.
std::vector<std::uint8_t> sieve_window(const Nat& start, std::size_t len, std::size_t nprimes, bool safe) {
  const auto primes = small_primes();
  std::vector<std::uint32_t> res(nprimes);
  small_prime_residues(start, nprimes, res.data());
  std::vector<std::uint8_t> dead(len, 0);
  for (std::size_t k = 0; k < nprimes; ++k) {
    const std::uint64_t p = primes[k], inv2 = (p + 1) / 2;
    // start + 2 i = 0 (mod p)  <=>  i = -start / 2 (mod p)
    std::uint64_t i = (p - res[k]) % p * inv2 % p;
    for (; i < len; i += p) dead[i] = 1;
    if (safe) {
      // 2 (start + 2 i) + 1 = 0  <=>  i = -(2 start + 1) / 4 (mod p)
      const std::uint64_t inv4 = inv2 * inv2 % p;
      std::uint64_t j = (p - (2 * res[k] + 1) % p) % p * inv4 % p;
      for (; j < len; j += p) dead[j] = 1;
    }
  }
  return dead;
}

struct Found {
  std::uint64_t window = std::numeric_limits<std::uint64_t>::max();
  Nat prime;
};

/// Searches window w; returns true and sets *out when it holds a prime. Gives up
/// early when `best` drops below w (a lower window already has the answer).
bool search_window(const PrimeRequest& req, std::uint64_t w, const StreamFactory& streams,
                   const std::atomic<std::uint64_t>& best, TestStats& st, Nat* out) {
  const std::unique_ptr<RandomSource> rng = streams(w);
  const std::size_t qbits = req.safe ? req.bits - 1 : req.bits;
  const Nat start = random_start(qbits, *rng);
  const std::size_t len = window_length(req);
  const std::vector<std::uint8_t> dead = sieve_window(start, len, sieve_primes(req.bits), req.safe);
  Nat c = start;
  const Nat two(2);
  for (std::size_t i = 0; i < len; ++i, add(c, c, two)) {
    if (best.load(std::memory_order_relaxed) < w) return false;
    if (c.bits() > qbits) return false;  // ran off the top of the bit length
    ++st.candidates;
    if (dead[i]) {
      ++st.sieved_out;
      continue;
    }
    if (!req.safe) {
      if (probable_prime_after_sieve(c, *rng, req.rounds, st)) {
        *out = c;
        return true;
      }
      continue;
    }
    // Safe prime p = 2 q + 1: cheap base-2 tests on both before the full tests.
    const Nat p = (c << 1) + Nat(1);
    st.mr_rounds += 2;
    if (!miller_rabin(PrimeContext(c), c, two) || !miller_rabin(PrimeContext(p), p, two)) continue;
    if (probable_prime_after_sieve(c, *rng, req.rounds, st) &&
        probable_prime_after_sieve(p, *rng, req.rounds, st)) {
      *out = p;
      return true;
    }
  }
  return false;
}

}  // namespace

PrimeResult random_prime(const PrimeRequest& req, const StreamFactory& streams, int threads) {
  if (req.bits < kMinBits || req.bits > kMaxBits) {
    throw_invalid("prime size must be between 16 and 16384 bits");
  }
  if (req.rounds > 1000) throw_invalid("too many Miller-Rabin rounds (at most 1000)");
  std::atomic<std::uint64_t> next{0};
  std::atomic<std::uint64_t> best{std::numeric_limits<std::uint64_t>::max()};
  std::mutex lock;
  Found found;
  TestStats total;
  parallel::on_team(std::max(threads, 1), [&](int, int) {
    TestStats st;
    for (;;) {
      const std::uint64_t w = next.fetch_add(1);
      if (w > best.load()) break;
      Nat p;
      if (search_window(req, w, streams, best, st, &p)) {
        std::lock_guard g(lock);
        if (w < found.window) {
          found.window = w;
          found.prime = p;
          best.store(w);
        }
        break;
      }
    }
    std::lock_guard g(lock);
    total.candidates += st.candidates;
    total.sieved_out += st.sieved_out;
    total.mr_rounds += st.mr_rounds;
    total.lucas_tests += st.lucas_tests;
  });
  return {found.prime, total};
}

}  // namespace dstu::mp
