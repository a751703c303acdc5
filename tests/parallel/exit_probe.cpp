// One parallel call, then a normal exit (static destructors run, including the
// pool's): the process the exit test starts many times.
#include <atomic>
#include <cstddef>

#include "dstu/parallel/team.hpp"

int main() {
  std::atomic<int> ran{0};
  dstu::parallel::for_each(2, 2, [&](std::size_t) { ++ran; });
  return ran == 2 ? 0 : 3;
}
