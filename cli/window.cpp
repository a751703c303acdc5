#include "window.hpp"

#include <sys/stat.h>

namespace dstu::cli {

void WindowFill::add(const std::string& path) {
  ++requests_;
  struct stat st {};
  if (path != "-" && ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode)) {
    bytes_ += static_cast<std::uint64_t>(st.st_size);
  }
}

void InOrder::done(std::size_t i) {
  std::unique_lock lock(mutex_);
  done_.at(i) = 1;
  if (flushing_ || failure_) return;  // the flusher will see it, or nothing is handed on
  flushing_ = true;
  for (;;) {
    std::size_t end = next_;
    while (end < done_.size() && done_[end]) ++end;
    if (end == next_) break;
    const std::size_t begin = next_;
    next_ = end;
    lock.unlock();
    try {
      flush_(begin, end);
    } catch (...) {
      lock.lock();
      failure_ = std::current_exception();
      break;
    }
    lock.lock();
  }
  flushing_ = false;
}

std::size_t InOrder::flushed() const {
  const std::lock_guard lock(mutex_);
  return next_;
}

void InOrder::rethrow() const {
  const std::lock_guard lock(mutex_);
  if (failure_) std::rethrow_exception(failure_);
}

}  // namespace dstu::cli
