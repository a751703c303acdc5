// Whole-file hashing: 1 MiB read() calls into one reused buffer.
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <memory>

#include "dstu/base/error.hpp"
#include "dstu/hash/hasher.hpp"

namespace dstu::hash {
namespace {

constexpr std::size_t kChunk = std::size_t{1} << 20;

/// Closes the descriptor it owns.
struct Fd {
  int fd;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

void absorb(Hasher& h, int fd, const std::string& what) {
  std::unique_ptr<std::uint8_t[]> buf(new std::uint8_t[kChunk]);
  for (;;) {
    const ssize_t n = ::read(fd, buf.get(), kChunk);
    if (n > 0) {
      h.update({buf.get(), static_cast<std::size_t>(n)});
    } else if (n == 0) {
      return;
    } else if (errno != EINTR) {
      throw_io(what + ": read failed: " + std::strerror(errno));
    }
  }
}

}  // namespace

Bytes hash_fd(Hasher& h, int fd) {
  absorb(h, fd, "file descriptor " + std::to_string(fd));
  return h.final();
}

Bytes hash_file(Hasher& h, const std::string& path) {
  Fd f{::open(path.c_str(), O_RDONLY | O_CLOEXEC)};
  if (f.fd < 0) throw_io(path + ": cannot open: " + std::strerror(errno));
#ifdef POSIX_FADV_SEQUENTIAL
  ::posix_fadvise(f.fd, 0, 0, POSIX_FADV_SEQUENTIAL);
#endif
  absorb(h, f.fd, path);
  return h.final();
}

}  // namespace dstu::hash
