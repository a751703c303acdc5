// The window rule of many-file commands (cli/window.hpp): 256 requests at most, and
// closed early once it holds two requests per thread and 64 MiB of regular files.
#include <doctest/doctest.h>
#include <unistd.h>

#include <cstdio>
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
