#include "batch_list.hpp"

#include <optional>

namespace dstu::cli {

ListEntry parse_list_line(const std::string& raw, const std::string& where) {
  std::string line = raw;
  if (!line.empty() && line.back() == '\r') line.pop_back();
  ListEntry e;
  const auto tab = line.find('\t');
  if (tab != std::string::npos) {
    e.file = trim_blanks(line.substr(0, tab));
    e.sig_path = trim_blanks(line.substr(tab + 1));
    if (e.sig_path.find('\t') != std::string::npos) e.error = where + ": more than two TAB-separated fields";
  } else {
    const std::string t = trim_blanks(line);
    const auto space = t.find(' ');
    e.file = t.substr(0, space);
    if (space != std::string::npos) {
      e.sig_path = trim_blanks(t.substr(space));
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

bool BatchList::next(std::vector<ListEntry>& out, std::size_t max) {
  const std::size_t before = out.size();
  while (out.size() - before < max) {
    const std::optional<ListFile::Line> line = list_.next();
    if (!line) break;
    if (line->too_long) {  // even a blank or comment line: the list ends here
      out.push_back({"", "", line->where + ": line longer than 8193 octets; the rest of the list is not read"});
      continue;
    }
    const std::string t = trim_blanks(line->text);
    if (t.empty() || t[0] == '#') continue;
    if (line->text.find('\0') != std::string::npos) {
      out.push_back({"", "", line->where + ": NUL in a line"});
      continue;
    }
    out.push_back(parse_list_line(line->text, line->where));
  }
  return out.size() > before;
}

}  // namespace dstu::cli
