// The team starts no thread until a call has work for two: a command that handles one
// small file never spins a helper.
#include <doctest/doctest.h>

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <csignal>

#include "dstu/parallel/team.hpp"

namespace par = dstu::parallel;

TEST_CASE("helpers start on the first call with work for more than one thread") {
  par::init(4);
  CHECK(par::helpers_started() == 0);
  std::atomic<int> ran{0};
  par::for_each(1, 4, [&](std::size_t) { ++ran; });  // one item
  par::for_each(50, 1, [&](std::size_t) { ++ran; });  // one thread
  par::on_team(1, [&](int, int) { ++ran; });
  CHECK(ran == 52);
  CHECK(par::helpers_started() == 0);
  par::for_each(2, 2, [&](std::size_t) { ++ran; });
  CHECK(par::helpers_started() == 1);  // only as many as the call could use
  par::for_each(100, 4, [&](std::size_t) { ++ran; });
  CHECK(par::helpers_started() == 3);
  CHECK(ran == 154);
}

TEST_CASE("wake_helpers starts what a split over that many threads would use, and nothing nested") {
  // Runs after the case above in the same process: 3 helpers exist.
  par::wake_helpers(1, 100);
  CHECK(par::helpers_started() == 3);
  par::for_each(2, 2, [&](std::size_t) { par::wake_helpers(8, 100); });  // inside an item: nothing
  CHECK(par::helpers_started() == 3);
  par::wake_helpers(6, 2000);
  CHECK(par::helpers_started() == 5);
  // Woken with no job, the helpers leave the last job alone: later calls still run
  // every item exactly once.
  for (int round = 0; round < 50; ++round) {
    par::wake_helpers(6, 50);
    std::atomic<int> hits{0};
    par::for_each(37, 6, [&](std::size_t) { ++hits; });
    CHECK(hits == 37);
  }
}

// A helper thread that begins running only after exit() has started must still see
// the stop: a process that makes one parallel call and exits at once must be gone
// within a few seconds (before the fix it hung about once in 40 runs).
TEST_CASE("a process exits right after its first parallel call") {
  constexpr int kRuns = 200;
  int hung = 0;
  int failed = 0;
  for (int run = 0; run < kRuns; ++run) {
    char* const argv[] = {const_cast<char*>(EXIT_PROBE), nullptr};
    pid_t pid = 0;
    REQUIRE(::posix_spawn(&pid, EXIT_PROBE, nullptr, nullptr, argv, environ) == 0);
    int status = 0;
    bool gone = false;
    for (int waited_ms = 0; waited_ms < 5000 && !gone; ++waited_ms) {
      gone = ::waitpid(pid, &status, WNOHANG) == pid;
      if (!gone) ::usleep(1000);
    }
    if (!gone) {
      ++hung;
      ::kill(pid, SIGKILL);
      ::waitpid(pid, &status, 0);
    } else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
      ++failed;
    }
  }
  CHECK(hung == 0);
  CHECK(failed == 0);
}
