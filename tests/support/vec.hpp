// Test support: plain-text known-answer files (test-vectors/<module>/*.vec).
//
// Format (one vector per block, blocks separated by blank lines):
//   # Source: where the numbers come from      <- applies to the blocks that follow
//   [section]                                   <- optional; applies until the next one
//   Key = value                                 <- one field per line
// Any other line starting with '#' is a comment. Every vector must have a Source;
// the parser rejects a file where one has none, so no vector loses its origin.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "dstu/base/bytes.hpp"

namespace dstu::test {

struct Vector {
  std::string file;
  int line = 0;  ///< line of the block's first field
  std::string section;
  std::string source;
  std::map<std::string, std::string> fields;

  bool has(const std::string& key) const { return fields.count(key) != 0; }
  /// The field's text; throws std::runtime_error naming file:line if missing.
  const std::string& get(const std::string& key) const;
  /// The field as hex bytes ("" is empty).
  Bytes bytes(const std::string& key) const;
  /// "file:line [section]" for failure messages.
  std::string where() const;
};

/// Reads test-vectors/<relative_path>; throws std::runtime_error on a malformed file.
std::vector<Vector> load_vectors(const std::string& relative_path);

/// Only the vectors of one section.
std::vector<Vector> load_vectors(const std::string& relative_path, const std::string& section);

}  // namespace dstu::test
