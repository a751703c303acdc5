#include "read_ahead.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "dstu/base/error.hpp"

namespace dstu::hash {

ReadAhead::ReadAhead(int fd, std::size_t chunk, std::size_t slots, std::string what)
    : fd_(fd), chunk_(chunk), what_(std::move(what)), lengths_(slots) {
  for (std::size_t i = 0; i < slots; ++i) buffers_.emplace_back(new std::uint8_t[chunk]);
  thread_ = std::thread([this] { run(); });
}

ReadAhead::~ReadAhead() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  freed_.notify_one();
  thread_.join();
}

void ReadAhead::run() {
  for (;;) {
    std::size_t slot;
    {
      std::unique_lock lock(mutex_);
      freed_.wait(lock, [&] { return stop_ || count_ < buffers_.size(); });
      if (stop_) return;
      slot = (head_ + count_) % buffers_.size();  // beyond every filled slot: the reader's alone
    }
    ssize_t n;
    do {
      n = ::read(fd_, buffers_[slot].get(), chunk_);
    } while (n < 0 && errno == EINTR);
    const int saved = errno;
    {
      std::lock_guard lock(mutex_);
      if (n > 0) {
        lengths_[slot] = static_cast<std::size_t>(n);
        ++count_;
      } else if (n == 0) {
        eof_ = true;
      } else {
        error_ = saved;
      }
    }
    filled_.notify_one();
    if (n <= 0) return;
  }
}

std::span<const std::uint8_t> ReadAhead::next() {
  std::unique_lock lock(mutex_);
  if (holding_) {  // the caller is done with the block it held
    head_ = (head_ + 1) % buffers_.size();
    --count_;
    holding_ = false;
    freed_.notify_one();
  }
  filled_.wait(lock, [&] { return count_ > 0 || eof_ || error_ != 0; });
  if (count_ > 0) {  // blocks read before an error or the end still count, in order
    holding_ = true;
    return {buffers_[head_].get(), lengths_[head_]};
  }
  if (error_ != 0) throw_io(what_ + ": read failed: " + std::strerror(error_));
  return {};
}

}  // namespace dstu::hash
