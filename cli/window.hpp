// Windows of many-file commands (`dstu sign`, `dstu verify`): requests are taken a
// window at a time (files hashed on the team, curve work as one batch, results printed
// in input order) and the rule for how large a window grows lives here alone.
//
// A window closes at 256 requests (enough to keep every thread busy and amortise a
// batch), or earlier once it holds two requests per thread and 64 MiB of files, so the
// results of large files are printed as they are done rather than hundreds at once.
// Small files wait for their window's batch (milliseconds); in a window of large files
// (large()) each request's curve work and record follow as soon as it and every
// earlier request are read and hashed (InOrder).
#pragma once

#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <string>
#include <vector>

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
  /// The window holds 64 MiB of files: finish its requests one by one, in order.
  bool large() const { return bytes_ >= kEarlyBytes; }

 private:
  std::size_t min_requests_;
  std::size_t requests_ = 0;
  std::uint64_t bytes_ = 0;
};

/// Hands a window's requests on in input order as soon as each one and every earlier
/// one are done: done(i), from any thread, marks request i; the call that finds a run
/// of requests [begin, end) ready after the last one handed on runs flush(begin, end)
/// itself, outside the lock, and then any run that became ready meanwhile, while other
/// threads' done() calls only mark and return: flushes never overlap and come in input
/// order. A flush that throws stops the hand-on (later done() calls only mark); the
/// exception is rethrown by rethrow(), after the window's threads are done.
class InOrder {
 public:
  using Flush = std::function<void(std::size_t begin, std::size_t end)>;
  InOrder(std::size_t count, Flush flush) : done_(count, 0), flush_(std::move(flush)) {}

  void done(std::size_t i);
  /// Requests handed on so far.
  std::size_t flushed() const;
  /// Rethrows what a flush threw, if one did.
  void rethrow() const;

 private:
  mutable std::mutex mutex_;
  std::vector<char> done_;
  std::size_t next_ = 0;
  bool flushing_ = false;
  std::exception_ptr failure_;
  Flush flush_;
};

}  // namespace dstu::cli
