// The lines of `dstu hash` and the lists `dstu hash --check` reads: sha256sum's format,
// so that the lists of either tool read in the other where the hash agrees.
//
// A line is the digest in lower-case hex, two spaces and the file's name ("-" for
// standard input). A name that holds a newline, a carriage return or a backslash is
// written escaped (\n, \r, \\) on a line that begins with a backslash, as GNU coreutils
// writes it. Reading takes either case of hex and the binary mark ('*' in place of the
// second space; every file is read as octets anyway); empty lines and lines beginning
// with '#' are skipped. Any other line is malformed, an error of that line.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "dstu/base/bytes.hpp"
#include "list_file.hpp"

namespace dstu::cli {

/// The line (without its newline) for `digest` of `file`.
std::string digest_line(std::span<const std::uint8_t> digest, const std::string& file);

/// `file` as a --check report line names it (as sha256sum -c does): escaped, with a
/// leading backslash, when it holds a newline, a carriage return or a backslash, so
/// that every verdict stays on one line.
std::string report_name(const std::string& file);

/// A line of a list: a file and its expected digest, or why the line is malformed.
struct DigestEntry {
  std::string file;
  Bytes digest;
  std::string error;  ///< non-empty: the line is malformed ("LIST:N: ...")
};

/// Parses one line (without its newline) whose digest has `digest_size` octets (of the
/// hash `hash_name`, for the message); `where` names the line in errors.
DigestEntry parse_digest_line(const std::string& line, std::size_t digest_size, const std::string& hash_name,
                              const std::string& where);

/// A list of digest lines, read a window at a time.
class DigestList {
 public:
  /// Opens the list ('-' = standard input); Error(io) if it cannot be read.
  DigestList(const std::string& path, std::size_t digest_size, std::string hash_name)
      : list_(path), digest_size_(digest_size), hash_name_(std::move(hash_name)) {}

  /// Appends up to `max` entries; false once the list is exhausted and nothing was added.
  bool next(std::vector<DigestEntry>& out, std::size_t max);

  /// The list as messages name it.
  std::string name() const { return list_.name(); }

 private:
  ListFile list_;
  std::size_t digest_size_;
  std::string hash_name_;
};

}  // namespace dstu::cli
