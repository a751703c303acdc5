#include "list_file.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>

#include "dstu/base/error.hpp"

namespace dstu::cli {

ListFile::ListFile(const std::string& path) : path_(path) {
  if (path == "-") {
    in_ = stdin;
    return;
  }
  in_ = std::fopen(path.c_str(), "r");
  if (in_ == nullptr) throw Error(Errc::io, path + ": cannot open list: " + std::strerror(errno));
  owned_ = true;
  struct stat st {};
  if (::fstat(::fileno(in_), &st) == 0 && S_ISDIR(st.st_mode)) {
    std::fclose(in_);
    owned_ = false;
    throw Error(Errc::io, path + ": cannot open list: " + std::strerror(EISDIR));
  }
}

ListFile::~ListFile() {
  if (owned_) std::fclose(in_);
}

std::optional<ListFile::Line> ListFile::next() {
  if (ended_) return std::nullopt;
  Line line;
  int ch;
  while ((ch = getc_unlocked(in_)) != EOF && ch != '\n') {
    if (line.text.size() == kMaxLine) {  // not a list: stop here (/dev/zero has no line end)
      line.too_long = true;
      ended_ = true;
      break;
    }
    line.text.push_back(static_cast<char>(ch));
  }
  if (ch == EOF && line.text.empty()) {
    if (std::ferror(in_)) throw Error(Errc::io, path_ + ": cannot read list");
    ended_ = true;
    return std::nullopt;
  }
  line.where = name() + ":" + std::to_string(++line_);
  return line;
}

std::string trim_blanks(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
}

}  // namespace dstu::cli
