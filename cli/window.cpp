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

}  // namespace dstu::cli
