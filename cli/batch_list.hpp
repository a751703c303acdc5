// The list of `dstu verify --batch LIST`: one request per line, read a window at a
// time so that a long list (or one still being written to a pipe) is verified and
// reported as it arrives.
//
// A line is FILE, or FILE and SIGFILE separated by a TAB, or (when the line has no
// TAB) by spaces. A path holding spaces needs the TAB form ("FILE<TAB>" when there
// is no SIGFILE); spaces around each field are dropped. Empty lines and lines
// starting with '#' are skipped. Without SIGFILE the signature is FILE.sig. A line
// naming standard input or holding a NUL is an error for that request. A line longer
// than 8193 octets is one too, and ends the list there: what follows is not a list
// of paths, and may not end (/dev/zero).
#pragma once

#include <string>
#include <vector>

#include "list_file.hpp"

namespace dstu::cli {

/// One request: a file and its signature file, or the reason its line is malformed.
struct ListEntry {
  std::string file;
  std::string sig_path;
  std::string error;  ///< non-empty: the line could not be read as a request
};

/// Parses one line of a list (without its newline); `where` names it in errors.
ListEntry parse_list_line(const std::string& line, const std::string& where);

class BatchList {
 public:
  /// Opens the list ('-' = standard input); throws Error(io) if it cannot be read.
  explicit BatchList(const std::string& path) : list_(path) {}

  /// Appends up to `max` entries; false once the list is exhausted and nothing was added.
  bool next(std::vector<ListEntry>& out, std::size_t max);

 private:
  ListFile list_;
};

}  // namespace dstu::cli
