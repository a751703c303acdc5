// The window rule of many-file commands (cli/window.hpp): 256 requests at most, and
// closed early once it holds two requests per thread and 64 MiB of regular files; and
// InOrder, which hands the requests of a large window on in input order.
#include <doctest/doctest.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <stdexcept>
#include <thread>
#include <utility>
#include <vector>
#include <string>

#include "window.hpp"

using dstu::cli::WindowFill;

namespace {

/// A sparse regular file of `bytes` (no disk blocks), removed on destruction.
struct SparseFile {
  std::string path;
  explicit SparseFile(long bytes) {
    char tmpl[] = "/tmp/dstu-window-XXXXXX";
    const int fd = mkstemp(tmpl);
    REQUIRE(fd >= 0);
    REQUIRE(::ftruncate(fd, bytes) == 0);
    ::close(fd);
    path = tmpl;
  }
  ~SparseFile() { std::remove(path.c_str()); }
};

std::size_t fill_with(WindowFill fill, const std::string& path) {
  std::size_t n = 0;
  while (!fill.full()) {
    fill.add(path);
    ++n;
  }
  return n;
}

}  // namespace

TEST_CASE("small files, stdin and missing files fill a window of 256") {
  const SparseFile small(1000);
  for (int threads : {1, 2, 8}) {
    CHECK(fill_with(WindowFill(threads), small.path) == WindowFill::kMaxRequests);
    CHECK(fill_with(WindowFill(threads), "-") == WindowFill::kMaxRequests);
    CHECK(fill_with(WindowFill(threads), "/nonexistent/dstu-window") == WindowFill::kMaxRequests);
    CHECK(fill_with(WindowFill(threads), "/tmp") == WindowFill::kMaxRequests);  // not a regular file
  }
}

TEST_CASE("large files close the window at two per thread once it holds 64 MiB") {
  const SparseFile big(100L << 20), medium(20L << 20);
  CHECK(fill_with(WindowFill(1), big.path) == 2);
  CHECK(fill_with(WindowFill(2), big.path) == 4);
  CHECK(fill_with(WindowFill(0), big.path) == 2);   // a team of at least one
  CHECK(fill_with(WindowFill(1), medium.path) == 4);  // 80 MiB after four
  CHECK(fill_with(WindowFill(4), medium.path) == 8);
}

TEST_CASE("InOrder hands requests on in input order as soon as every earlier one is done") {
  std::vector<std::pair<std::size_t, std::size_t>> flushes;
  dstu::cli::InOrder order(6, [&](std::size_t b, std::size_t e) { flushes.emplace_back(b, e); });
  order.done(2);
  order.done(1);
  CHECK(flushes.empty());  // 0 is not done: nothing may be printed yet
  order.done(0);
  CHECK(flushes == std::vector<std::pair<std::size_t, std::size_t>>{{0, 3}});
  order.done(4);
  order.done(3);
  CHECK(flushes.back() == std::pair<std::size_t, std::size_t>{3, 5});
  order.done(5);
  CHECK(flushes.back() == std::pair<std::size_t, std::size_t>{5, 6});
  CHECK(order.flushed() == 6);
}

TEST_CASE("InOrder from many threads: every request once, in order, flushes never overlapping") {
  constexpr std::size_t n = 2000;
  std::vector<std::size_t> seen;
  std::atomic<int> inside{0};
  bool overlapped = false;
  dstu::cli::InOrder order(n, [&](std::size_t b, std::size_t e) {
    overlapped |= inside.fetch_add(1) != 0;
    for (std::size_t i = b; i < e; ++i) seen.push_back(i);
    inside.fetch_sub(1);
  });
  std::vector<std::thread> threads;
  for (std::size_t t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (std::size_t i = t; i < n; i += 4) order.done(n - 1 - i);  // mostly out of order
    });
  }
  for (std::thread& th : threads) th.join();
  CHECK_FALSE(overlapped);
  REQUIRE(seen.size() == n);
  for (std::size_t i = 0; i < n; ++i) CHECK(seen[i] == i);
}

TEST_CASE("InOrder: a flush that throws stops the hand-on, and rethrow() reports it") {
  std::vector<std::pair<std::size_t, std::size_t>> flushes;
  dstu::cli::InOrder order(4, [&](std::size_t b, std::size_t e) {
    flushes.emplace_back(b, e);
    if (b == 1) throw std::runtime_error("disk full");
  });
  order.done(0);
  CHECK_NOTHROW(order.rethrow());
  order.done(1);
  order.done(2);
  order.done(3);
  CHECK(flushes == std::vector<std::pair<std::size_t, std::size_t>>{{0, 1}, {1, 2}});  // nothing after the failure
  CHECK_THROWS_WITH_AS(order.rethrow(), "disk full", std::runtime_error);
}
