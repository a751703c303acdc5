// Whole-file hashing: 1 MiB read() calls; past the first, read ahead on another thread.
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <memory>
#include <system_error>

#include "dstu/base/error.hpp"
#include "dstu/hash/hasher.hpp"
#include "read_ahead.hpp"

namespace dstu::hash {
namespace {

constexpr std::size_t kChunk = std::size_t{1} << 20;
/// Blocks in flight: one hashed, up to three read ahead.
constexpr std::size_t kSlots = 4;

/// Closes the descriptor it owns.
struct Fd {
  int fd;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

/// Up to n octets from fd into p; 0 at end of file. Throws Error(io) naming `what`.
std::size_t read_some(int fd, std::uint8_t* p, std::size_t n, const std::string& what) {
  for (;;) {
    const ssize_t r = ::read(fd, p, n);
    if (r >= 0) return static_cast<std::size_t>(r);
    if (errno != EINTR) throw_io(what + ": read failed: " + std::strerror(errno));
  }
}

/// The first kChunk octets are read here; anything longer is read ahead on a thread of
/// its own (ReadAhead) while this one hashes, so reading never stalls hashing. A small
/// file costs no thread.
void absorb(Hasher& h, int fd, const std::string& what) {
  std::unique_ptr<std::uint8_t[]> buf(new std::uint8_t[kChunk]);
  for (std::size_t seen = 0; seen < kChunk;) {
    const std::size_t n = read_some(fd, buf.get(), kChunk - seen, what);
    if (n == 0) return;
    h.update({buf.get(), n});
    seen += n;
  }
  std::unique_ptr<ReadAhead> ahead;
  try {
    ahead = std::make_unique<ReadAhead>(fd, kChunk, kSlots, what);
  } catch (const std::system_error&) {  // no thread to be had: read in turn
    for (std::size_t n; (n = read_some(fd, buf.get(), kChunk, what)) != 0;) h.update({buf.get(), n});
    return;
  }
  buf.reset();
  for (auto block = ahead->next(); !block.empty(); block = ahead->next()) h.update(block);
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
