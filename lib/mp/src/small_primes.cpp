// The odd primes below 2^16 (sieve of Eratosthenes at first use) and trial division.
#include <vector>

#include "dstu/mp/prime.hpp"

namespace dstu::mp {
namespace {

std::vector<std::uint32_t> sieve_below(std::uint32_t limit) {
  std::vector<bool> composite(limit, false);
  std::vector<std::uint32_t> primes;
  for (std::uint32_t i = 3; i < limit; i += 2) {
    if (composite[i]) continue;
    primes.push_back(i);
    for (std::uint64_t j = std::uint64_t{i} * i; j < limit; j += 2 * i) composite[j] = true;
  }
  return primes;
}

/// Groups of consecutive small primes whose product fits in a limb, so one pass of
/// mod_1 over a long number serves the whole group.
struct PrimeGroup {
  Limb product;
  std::size_t first, count;
};

std::vector<PrimeGroup> group_primes(std::span<const std::uint32_t> primes) {
  std::vector<PrimeGroup> groups;
  std::size_t i = 0;
  while (i < primes.size()) {
    PrimeGroup g{1, i, 0};
    while (i < primes.size() && static_cast<DLimb>(g.product) * primes[i] <= ~Limb{0}) {
      g.product *= primes[i++];
      ++g.count;
    }
    groups.push_back(g);
  }
  return groups;
}

}  // namespace

std::span<const std::uint32_t> small_primes() {
  static const std::vector<std::uint32_t> primes = sieve_below(1u << 16);
  return primes;
}

void small_prime_residues(const Nat& n, std::size_t count, std::uint32_t* out) {
  static const std::vector<PrimeGroup> groups = group_primes(small_primes());
  const auto primes = small_primes();
  for (const PrimeGroup& g : groups) {
    if (g.first >= count) break;
    const Limb r = ln::mod_1_vartime(n.limbs().data(), n.size(), g.product);
    for (std::size_t k = g.first; k < g.first + g.count && k < count; ++k) {
      out[k] = static_cast<std::uint32_t>(r % primes[k]);
    }
  }
}

bool has_small_factor(const Nat& n) {
  if (n.is_zero()) return true;
  if (!n.is_odd()) return n != Nat(2);
  const auto primes = small_primes();
  std::vector<std::uint32_t> res(primes.size());
  small_prime_residues(n, primes.size(), res.data());
  for (std::size_t k = 0; k < primes.size(); ++k) {
    if (res[k] == 0 && n != Nat(primes[k])) return true;
  }
  return false;
}

}  // namespace dstu::mp
