#include <cstdlib>
#include <string>

#include "test_random.hpp"

namespace dstu::test {

std::uint64_t seed() {
  static const std::uint64_t s = [] {
    const char* env = std::getenv("DSTU_TEST_SEED");
    return env ? std::stoull(env) : 20261121ULL;
  }();
  return s;
}

std::size_t TestRng::log_bits(std::size_t max_bits) {
  // Pick a bit length from [1, max_bits] with probability falling like 1/length.
  std::size_t top = 1;
  while ((std::size_t{1} << top) < max_bits) ++top;
  for (;;) {
    std::size_t k = range(0, top);
    std::size_t lo = std::size_t{1} << (k == 0 ? 0 : k - 1), hi = std::size_t{1} << k;
    std::size_t b = range(lo, hi);
    if (b >= 1 && b <= max_bits) return b;
  }
}

std::vector<std::uint64_t> TestRng::limbs(std::size_t n) {
  std::vector<std::uint64_t> v(n);
  const std::uint64_t shape = range(0, 7);
  for (auto& x : v) {
    switch (shape) {
      case 0: x = ~0ULL; break;                                   // all ones
      case 1: x = range(0, 3) == 0 ? 0 : ~0ULL; break;            // runs of ones
      case 2: x = range(0, 3) == 0 ? u64() : 0; break;            // sparse
      case 3: x = 1ULL << range(0, 63); break;                    // single bits
      case 4: x = range(0, 1) ? ~0ULL : u64(); break;
      default: x = u64(); break;                                  // uniform
    }
  }
  return v;
}

std::vector<std::uint64_t> TestRng::number(std::size_t bits) {
  std::vector<std::uint64_t> v = limbs((bits + 63) / 64);
  const unsigned top = static_cast<unsigned>((bits - 1) % 64);
  std::uint64_t& hi = v.back();
  if (top < 63) hi &= (2ULL << top) - 1;
  hi |= 1ULL << top;
  return v;
}

}  // namespace dstu::test
