#include "batch_list.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>

#include "dstu/base/error.hpp"

namespace dstu::cli {
namespace {

constexpr std::size_t kMaxLine = 2 * 4096 + 1;  // two paths of PATH_MAX and a separator

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
}

}  // namespace

ListEntry parse_list_line(const std::string& raw, const std::string& where) {
  std::string line = raw;
  if (!line.empty() && line.back() == '\r') line.pop_back();
  ListEntry e;
  const auto tab = line.find('\t');
  if (tab != std::string::npos) {
    e.file = trim(line.substr(0, tab));
    e.sig_path = trim(line.substr(tab + 1));
    if (e.sig_path.find('\t') != std::string::npos) e.error = where + ": more than two TAB-separated fields";
  } else {
    const std::string t = trim(line);
    const auto space = t.find(' ');
    e.file = t.substr(0, space);
    if (space != std::string::npos) {
      e.sig_path = trim(t.substr(space));
      if (e.sig_path.find(' ') != std::string::npos) {
        e.error = where + ": more than two fields (separate a path with spaces by a TAB)";
      }
    }
  }
  if (e.error.empty() && e.file.empty()) e.error = where + ": no file name";
  if (e.error.empty() && (e.file == "-" || e.sig_path == "-")) {
    e.error = where + ": standard input cannot be listed (verify it alone with --sig)";
  }
  if (e.error.empty() && e.sig_path.empty()) e.sig_path = e.file + ".sig";
  return e;
}

BatchList::BatchList(const std::string& path) : path_(path) {
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

BatchList::~BatchList() {
  if (owned_) std::fclose(in_);
}

bool BatchList::next(std::vector<ListEntry>& out, std::size_t max) {
  const std::size_t before = out.size();
  std::string line;
  while (!ended_ && out.size() - before < max) {
    line.clear();
    int ch;
    bool too_long = false;
    while ((ch = getc_unlocked(in_)) != EOF && ch != '\n') {
      if (line.size() == kMaxLine) {  // not a list: stop here (/dev/zero has no line end)
        too_long = true;
        ended_ = true;
        break;
      }
      line.push_back(static_cast<char>(ch));
    }
    if (ch == EOF && line.empty()) {
      if (std::ferror(in_)) throw Error(Errc::io, path_ + ": cannot read list");
      break;
    }
    ++line_;
    const std::string where = (path_ == "-" ? "standard input" : path_) + ":" + std::to_string(line_);
    if (too_long) {  // even a blank or comment line: the list ends here
      out.push_back({"", "", where + ": line longer than 8193 octets; the rest of the list is not read"});
      continue;
    }
    const std::string t = trim(line);
    if (t.empty() || t[0] == '#') continue;
    if (line.find('\0') != std::string::npos) {
      out.push_back({"", "", where + ": NUL in a line"});
      continue;
    }
    out.push_back(parse_list_line(line, where));
  }
  return out.size() > before;
}

}  // namespace dstu::cli
