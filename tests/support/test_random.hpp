// Test helpers: a reproducible random source for every test executable.
//
// The seed comes from DSTU_TEST_SEED when set (to replay a failure), else a fixed
// default, and is printed by failing checks through the INFO in each test.
#pragma once

#include <cstdint>
#include <vector>

#include "dstu/rng/random.hpp"

namespace dstu::test {

/// The seed of this run (DSTU_TEST_SEED or the default).
std::uint64_t seed();

/// A deterministic generator for one named stream of test data.
class TestRng {
 public:
  explicit TestRng(std::uint64_t stream) : drbg_(seed(), stream) {}
  std::uint64_t u64() { return drbg_.next_u64(); }
  /// Uniform in [lo, hi].
  std::uint64_t range(std::uint64_t lo, std::uint64_t hi) { return lo + drbg_.uniform(hi - lo + 1); }
  /// Bit length drawn log-uniformly from [1, max_bits] (small sizes are common).
  std::size_t log_bits(std::size_t max_bits);
  /// n random limbs shaped to hit edge cases: uniformly random, all-ones runs, zero
  /// runs, single bits.
  std::vector<std::uint64_t> limbs(std::size_t n);
  /// A random number of exactly `bits` bits as limbs (top bit set), edge-shaped.
  std::vector<std::uint64_t> number(std::size_t bits);
  void fill(std::uint8_t* p, std::size_t n) { drbg_.fill({p, n}); }

 private:
  rng::ChaCha20Drbg drbg_;
};

}  // namespace dstu::test
