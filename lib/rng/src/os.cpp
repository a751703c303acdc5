#include <sys/random.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "dstu/base/error.hpp"
#include "dstu/rng/random.hpp"

namespace dstu::rng {

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
