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
  const std::lock_guard lock(mutex_);
  done_.at(i) = 1;
  std::size_t end = next_;
  while (end < done_.size() && done_[end]) ++end;
  if (end == next_) return;
  const std::size_t begin = next_;
  next_ = end;  // first: a flush that throws does not hand the same requests on twice
  flush_(begin, end);
}

}  // namespace dstu::cli
