#include <sys/random.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "dstu/base/error.hpp"
#include "dstu/rng/random.hpp"

namespace dstu::rng {

std::uint64_t RandomSource::next_u64() {
  std::uint8_t b[8];
  fill(b);
  std::uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = v << 8 | b[i];
  return v;
}

std::uint64_t RandomSource::uniform(std::uint64_t bound) {
  if (bound == 0) throw_invalid("uniform(0): empty range");
  const std::uint64_t limit = -bound % bound;  // reject the lowest 2^64 mod bound values
  for (;;) {
    std::uint64_t v = next_u64();
    if (v >= limit) return v % bound;
  }
}

void os_random(std::span<std::uint8_t> out) {
  std::size_t done = 0;
  while (done < out.size()) {
    ssize_t got = getrandom(out.data() + done, out.size() - done, 0);
    if (got < 0) {
      if (errno == EINTR) continue;
      throw_io(std::string("getrandom failed: ") + std::strerror(errno));
    }
    done += static_cast<std::size_t>(got);
  }
}

void OsRandom::fill(std::span<std::uint8_t> out) { os_random(out); }

}  // namespace dstu::rng
