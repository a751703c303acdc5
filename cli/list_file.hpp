// Lists read a line at a time (`dstu verify --batch LIST`, `dstu hash --check LIST`), so
// that a long list, or one still being written to a pipe, is worked through as it
// arrives. '-' is standard input. A line longer than 8193 octets (two paths of PATH_MAX
// and a separator) ends the list there: what follows is not a list of paths, and may not
// end (/dev/zero).
#pragma once

#include <cstdio>
#include <optional>
#include <string>

namespace dstu::cli {

class ListFile {
 public:
  static constexpr std::size_t kMaxLine = 2 * 4096 + 1;

  /// Opens the list ('-' = standard input); Error(io) naming it if it cannot be read.
  explicit ListFile(const std::string& path);
  ~ListFile();
  ListFile(const ListFile&) = delete;
  ListFile& operator=(const ListFile&) = delete;

  struct Line {
    std::string text;       ///< without its newline
    std::string where;      ///< "LIST:N" ("standard input:N"), for messages
    bool too_long = false;  ///< past kMaxLine: text is cut, and nothing more is read
  };

  /// The next line, or nothing at the end of the list (or after a line too long).
  /// Error(io) on a read error.
  std::optional<Line> next();

  /// The list as messages name it: its path, or "standard input".
  std::string name() const { return path_ == "-" ? "standard input" : path_; }

 private:
  std::string path_;
  std::FILE* in_ = nullptr;
  bool owned_ = false;
  std::size_t line_ = 0;
  bool ended_ = false;
};

/// `s` without the spaces, tabs and carriage returns at either end.
std::string trim_blanks(const std::string& s);

}  // namespace dstu::cli
