#include "dstu/base/random.hpp"

#include "dstu/base/error.hpp"

namespace dstu {

std::uint64_t RandomSource::next_u64() {
  std::uint8_t b[8];
  fill(b);
  std::uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = v << 8 | b[i];
  return v;
}

std::uint64_t RandomSource::uniform(std::uint64_t bound) {
  if (bound == 0) throw_invalid("uniform(0): empty range");
  const std::uint64_t limit = (0 - bound) % bound;  // reject the lowest 2^64 mod bound values
  for (;;) {
    std::uint64_t v = next_u64();
    if (v >= limit) return v % bound;
  }
}

}  // namespace dstu
