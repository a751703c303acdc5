// File input and output for the CLI: '-' is stdin/stdout; every output file is
// written atomically (temporary file in the same directory, fsync, rename), so a
// failed run leaves no partial file and never replaces a file it was not told to.
#pragma once

#include <span>
#include <string>
#include <sys/types.h>

#include "dstu/base/bytes.hpp"
#include "dstu/base/wipe.hpp"

namespace dstu::cli {

/// Whole contents of `path` ('-': standard input). Throws Error(io) naming the path.
/// Refuses anything larger than `limit` bytes (keys and signatures are small).
Bytes read_file(const std::string& path, std::size_t limit = std::size_t{1} << 20);
/// read_file for secrets (key files): the bytes in wiping memory, no copy left behind.
SecureBytes read_secret_file(const std::string& path, std::size_t limit = std::size_t{1} << 20);

enum class Overwrite { refuse, replace };

/// Writes data to `path` ('-': standard output) atomically with permissions `mode`
/// (e.g. 0600 for private keys). With Overwrite::refuse an existing path is an
/// Error(io) and is left untouched; the check and the creation are one step
/// (link(2) of the finished temporary file), so a file appearing meanwhile is safe.
void write_file_atomic(const std::string& path, std::span<const std::uint8_t> data, mode_t mode,
                       Overwrite overwrite);

/// write_file_atomic in two steps, for files that go together (a key pair): the
/// constructor writes `data` to a temporary file beside `path` (synced, with `mode`);
/// commit() puts it in place. Uncommitted, it leaves nothing behind. Standard output
/// ('-') is written by commit(), so `data` must outlive the object.
class StagedFile {
 public:
  StagedFile(const std::string& path, std::span<const std::uint8_t> data, mode_t mode);
  ~StagedFile();
  StagedFile(const StagedFile&) = delete;
  StagedFile& operator=(const StagedFile&) = delete;

  void commit(Overwrite overwrite);

 private:
  std::string path_, temp_;
  std::span<const std::uint8_t> data_;
};

/// Error(io) "PATH: already exists (use --force to replace it)" when `path` exists and
/// `force` is false ('-' never exists), and with `force` refuse_unreplaceable's: the
/// early check before any work; write_file_atomic refuses again at the end, for a file
/// that appears meanwhile.
void refuse_existing(const std::string& path, bool force);

/// Error(io) when `path` exists and is not a regular file: a directory, a device
/// (/dev/null, /dev/sda), a FIFO, a socket or a symbolic link (/dev/stdout). --force
/// replaces a file by renaming over it, which would replace the node or the link
/// itself: as root, /dev/null or /dev/stdout would become a file.
void refuse_unreplaceable(const std::string& path);

/// Same for text.
void write_text_atomic(const std::string& path, const std::string& text, mode_t mode, Overwrite overwrite);

}  // namespace dstu::cli
