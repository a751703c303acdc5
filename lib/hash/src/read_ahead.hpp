// ReadAhead: a file descriptor read on a thread of its own into a ring of buffers, so
// the next blocks are read (from the disk, a pipe or the page cache) while the caller
// hashes the current one. Used by hash_fd / hash_file past the first chunk.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <thread>
#include <vector>

namespace dstu::hash {

class ReadAhead {
 public:
  /// Starts the reader on fd (not owned, not closed) with `slots` buffers of `chunk`
  /// octets. Throws std::system_error when no thread can be started.
  ReadAhead(int fd, std::size_t chunk, std::size_t slots, std::string what);
  /// Stops the reader (it finishes at most one read) and joins it. Before the end of
  /// input that read may block: on a pipe whose writer neither writes nor closes, this
  /// waits for it. hash_fd reaches here early only if Hasher::update throws, which no
  /// hash does.
  ~ReadAhead();
  ReadAhead(const ReadAhead&) = delete;
  ReadAhead& operator=(const ReadAhead&) = delete;

  /// The next block, in file order; empty at end of file. The block stays valid until
  /// the next call. Throws Error(io) naming `what` when a read failed.
  std::span<const std::uint8_t> next();

 private:
  void run();

  const int fd_;
  const std::size_t chunk_;
  const std::string what_;
  std::vector<std::unique_ptr<std::uint8_t[]>> buffers_;
  std::vector<std::size_t> lengths_;
  std::mutex mutex_;
  std::condition_variable filled_, freed_;
  std::size_t head_ = 0;   ///< the oldest filled slot (the one the caller holds, if any)
  std::size_t count_ = 0;  ///< filled slots, including the one the caller holds
  bool holding_ = false;   ///< the caller holds slot head_
  bool eof_ = false, stop_ = false;
  int error_ = 0;  ///< errno of a failed read
  std::thread thread_;
};

}  // namespace dstu::hash
