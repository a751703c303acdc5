// Windows of many-file commands (`dstu sign`, `dstu verify`): requests are taken a
// window at a time (files hashed on the team, curve work as one batch, results printed
// in input order) and the rule for how large a window grows lives here alone.
//
// A window closes at 256 requests (enough to keep every thread busy and amortise a
// batch), or earlier once it holds two requests per thread and 64 MiB of files, so the
// results of large files are printed as they are done rather than hundreds at once.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace dstu::cli {

class WindowFill {
 public:
  static constexpr std::size_t kMaxRequests = 256;
  static constexpr std::uint64_t kEarlyBytes = std::uint64_t{64} << 20;

  explicit WindowFill(int threads) : min_requests_(2 * static_cast<std::size_t>(threads < 1 ? 1 : threads)) {}

  /// Counts a request for `path` ('-' and files that cannot be examined count 0 bytes).
  void add(const std::string& path);

  /// The window has what it should hold.
  bool full() const {
    return requests_ >= kMaxRequests || (requests_ >= min_requests_ && bytes_ >= kEarlyBytes);
  }

 private:
  std::size_t min_requests_;
  std::size_t requests_ = 0;
  std::uint64_t bytes_ = 0;
};

}  // namespace dstu::cli
