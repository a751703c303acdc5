#include "files.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <vector>

#include "dstu/base/error.hpp"
#include "dstu/base/wipe.hpp"

namespace dstu::cli {
namespace {

[[noreturn]] void fail(const std::string& path, const std::string& what) {
  throw_io(path + ": " + what + ": " + std::strerror(errno));
}

void write_all(int fd, const std::uint8_t* p, std::size_t n, const std::string& path) {
  while (n > 0) {
    const ssize_t w = ::write(fd, p, n);
    if (w < 0) {
      if (errno == EINTR) continue;
      fail(path, "cannot write");
    }
    p += w;
    n -= static_cast<std::size_t>(w);
  }
}

std::string directory_of(const std::string& path) {
  const auto slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

/// Closes and removes the temporary file unless released.
struct TempFile {
  std::string path;
  int fd = -1;
  ~TempFile() {
    if (fd >= 0) ::close(fd);
    if (!path.empty()) ::unlink(path.c_str());
  }
};

}  // namespace

namespace {

/// Reads a whole file into `out` (Bytes, or SecureBytes for secrets: the buffer is
/// wiped either way).
template <class Container>
void read_into(Container& out, const std::string& path, std::size_t limit) {
  const bool is_stdin = path == "-";
  const int fd = is_stdin ? 0 : ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) fail(path, "cannot open");
  struct stat st {};
  if (!is_stdin && ::fstat(fd, &st) == 0) {
    if (S_ISDIR(st.st_mode)) {
      ::close(fd);
      errno = EISDIR;
      fail(path, "cannot read");
    }
    if (S_ISREG(st.st_mode)) out.reserve(std::min<std::size_t>(static_cast<std::size_t>(st.st_size), limit) + 1);
  }
  std::uint8_t buf[65536];
  struct Wipe {  // what a read put in the buffer, not all of it: small files are the many
    std::uint8_t* p;
    std::size_t used = 0;
    ~Wipe() { secure_wipe(p, used); }
  } wipe{buf};
  for (;;) {
    const ssize_t r = ::read(fd, buf, sizeof buf);
    if (r > 0) wipe.used = std::max(wipe.used, static_cast<std::size_t>(r));
    if (r < 0) {
      if (errno == EINTR) continue;
      const int saved = errno;
      if (!is_stdin) ::close(fd);
      errno = saved;
      fail(is_stdin ? "standard input" : path, "cannot read");
    }
    if (r == 0) break;
    out.insert(out.end(), buf, buf + r);
    if (out.size() > limit) {
      if (!is_stdin) ::close(fd);
      throw_io((is_stdin ? std::string("standard input") : path) + ": too large (more than " +
               std::to_string(limit) + " bytes)");
    }
  }
  if (!is_stdin) ::close(fd);
}

}  // namespace

Bytes read_file(const std::string& path, std::size_t limit) {
  Bytes out;
  read_into(out, path, limit);
  return out;
}

SecureBytes read_secret_file(const std::string& path, std::size_t limit) {
  SecureBytes out;
  read_into(out, path, limit);
  return out;
}

StagedFile::StagedFile(const std::string& path, std::span<const std::uint8_t> data, mode_t mode)
    : path_(path), data_(data) {
  if (path == "-") return;
  if (path.empty()) throw_io("empty output file name");
  TempFile tmp;
  tmp.path = directory_of(path) + "/.dstu-tmp-XXXXXX";
  std::vector<char> name(tmp.path.begin(), tmp.path.end());
  name.push_back('\0');
  tmp.fd = ::mkostemp(name.data(), O_CLOEXEC);
  if (tmp.fd < 0) {
    tmp.path.clear();
    fail(path, "cannot create a temporary file beside it");
  }
  tmp.path = name.data();
  if (::fchmod(tmp.fd, mode) != 0) fail(path, "cannot set permissions");
  write_all(tmp.fd, data.data(), data.size(), path);
  if (::fsync(tmp.fd) != 0) fail(path, "cannot sync");
  if (::close(tmp.fd) != 0) {
    tmp.fd = -1;
    fail(path, "cannot close");
  }
  tmp.fd = -1;
  temp_ = std::move(tmp.path);  // ours now: removed by the destructor unless renamed
  tmp.path.clear();
}

StagedFile::~StagedFile() {
  if (!temp_.empty()) ::unlink(temp_.c_str());
}

void StagedFile::commit(Overwrite overwrite) {
  if (path_ == "-") {
    write_all(1, data_.data(), data_.size(), "standard output");
    return;
  }
  if (overwrite == Overwrite::refuse) {
    // link() fails if the target exists: check and creation in one step.
    if (::link(temp_.c_str(), path_.c_str()) != 0) {
      if (errno == EEXIST) throw_io(path_ + ": already exists (use --force to replace it)");
      fail(path_, "cannot create");
    }
  } else {
    refuse_unreplaceable(path_);  // again: a device may have appeared since the early check
    if (::rename(temp_.c_str(), path_.c_str()) != 0) fail(path_, "cannot replace");
    temp_.clear();  // renamed: nothing left to remove
  }
  // Make the directory entry durable too.
  const int dir = ::open(directory_of(path_).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir >= 0) {
    ::fsync(dir);
    ::close(dir);
  }
}

void write_file_atomic(const std::string& path, std::span<const std::uint8_t> data, mode_t mode,
                       Overwrite overwrite) {
  StagedFile(path, data, mode).commit(overwrite);
}

void write_text_atomic(const std::string& path, const std::string& text, mode_t mode, Overwrite overwrite) {
  write_file_atomic(path, {reinterpret_cast<const std::uint8_t*>(text.data()), text.size()}, mode, overwrite);
}

void refuse_existing(const std::string& path, bool force) {
  struct stat st {};
  if (path == "-" || ::lstat(path.c_str(), &st) != 0) return;
  if (!force) throw_io(path + ": already exists (use --force to replace it)");
  refuse_unreplaceable(path);
}

void refuse_unreplaceable(const std::string& path) {
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0 || S_ISREG(st.st_mode)) return;
  if (S_ISDIR(st.st_mode)) throw_io(path + ": is a directory (--force replaces files only)");
  throw_io(path + ": not a regular file (--force replaces files only; '-' writes to standard output)");
}

}  // namespace dstu::cli
