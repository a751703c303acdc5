// Test support for CLI transcripts: run the real dstu binary with arguments and
// standard input, capture its standard output, standard error and exit status.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace dstu::test {

struct Run {
  int status = -1;  ///< exit status, or 128 + signal number if killed
  std::string out;
  std::string err;
};

/// Runs DSTU_BINARY with args (no shell), feeding `input` on stdin, optionally with
/// extra environment entries ("NAME=value") and in directory `cwd` ("" = current). The
/// child runs in a session of its own, without a controlling terminal.
Run run_dstu(const std::vector<std::string>& args, const std::string& input = "",
             const std::vector<std::string>& env = {}, const std::string& cwd = "");

/// Number of lines in s.
std::size_t count_lines(const std::string& s);

/// A fresh directory under /tmp for one test, removed afterwards.
struct TempDir {
  std::filesystem::path path;
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::string operator/(const std::string& name) const { return (path / name).string(); }
};

/// Writes (replaces) a file with these bytes.
void write(const std::string& path, const std::string& bytes);
/// A whole file's bytes ("" if it cannot be read).
std::string read(const std::string& path);
/// A file's permission bits (mode & 0777); fails the test if it cannot be stat'ed.
unsigned mode_of(const std::string& path);

}  // namespace dstu::test
