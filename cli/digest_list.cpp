#include "digest_list.hpp"

#include <optional>

namespace dstu::cli {
namespace {

bool is_hex(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

/// `name` with its newlines, carriage returns and backslashes escaped; *escaped says
/// whether any was.
std::string escape_name(const std::string& name, bool* escaped) {
  std::string out;
  *escaped = false;
  for (const char c : name) {
    const char* e = c == '\\' ? "\\\\" : c == '\n' ? "\\n" : c == '\r' ? "\\r" : nullptr;
    if (e == nullptr) {
      out.push_back(c);
      continue;
    }
    out += e;
    *escaped = true;
  }
  return out;
}

/// The name of an escaped line, or nothing for an escape it does not know.
std::optional<std::string> unescape_name(const std::string& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '\\') {
      out.push_back(s[i]);
      continue;
    }
    if (++i == s.size()) return std::nullopt;
    if (s[i] == '\\') out.push_back('\\');
    else if (s[i] == 'n') out.push_back('\n');
    else if (s[i] == 'r') out.push_back('\r');
    else return std::nullopt;
  }
  return out;
}

}  // namespace

std::string report_name(const std::string& file) {
  bool escaped = false;
  const std::string name = escape_name(file, &escaped);
  return escaped ? "\\" + name : name;
}

std::string digest_line(std::span<const std::uint8_t> digest, const std::string& file) {
  bool escaped = false;
  const std::string name = escape_name(file, &escaped);
  return (escaped ? "\\" : "") + to_hex(digest) + "  " + name;
}

DigestEntry parse_digest_line(const std::string& raw, std::size_t digest_size, const std::string& hash_name,
                              const std::string& where) {
  DigestEntry e;
  const bool escaped = !raw.empty() && raw[0] == '\\';
  const std::string line = raw.substr(escaped ? 1 : 0);
  const std::size_t hex = 2 * digest_size;
  std::size_t digits = 0;
  while (digits < line.size() && is_hex(line[digits])) ++digits;
  const bool separated = line.size() > hex + 2 && line[hex] == ' ' && (line[hex + 1] == ' ' || line[hex + 1] == '*');
  if (digits != hex || !separated) {
    e.error = where + ": not a line of " + hash_name + " digests (" + std::to_string(hex) +
              " hex digits, two spaces, the file name)";
    if (digits != hex && digits >= 8 && (line.size() == digits || line[digits] == ' ')) {
      e.error += "; its digest has " + std::to_string(digits) + " digits: another hash? (--hash)";
    }
    return e;
  }
  const std::optional<std::string> name = escaped ? unescape_name(line.substr(hex + 2)) : line.substr(hex + 2);
  if (!name) {
    e.error = where + ": an escape other than \\\\, \\n or \\r in the file name";
    return e;
  }
  e.file = *name;
  e.digest = from_hex(line.substr(0, hex));
  return e;
}

bool DigestList::next(std::vector<DigestEntry>& out, std::size_t max) {
  const std::size_t before = out.size();
  while (out.size() - before < max) {
    std::optional<ListFile::Line> line = list_.next();
    if (!line) break;
    if (line->too_long) {
      out.push_back({"", {}, line->where + ": line longer than 8193 octets; the rest of the list is not read"});
      continue;
    }
    std::string& text = line->text;
    if (!text.empty() && text.back() == '\r') text.pop_back();  // a list written on Windows
    const std::string t = trim_blanks(text);
    if (t.empty() || t[0] == '#') continue;
    if (text.find('\0') != std::string::npos) {
      out.push_back({"", {}, line->where + ": NUL in a line"});
      continue;
    }
    out.push_back(parse_digest_line(text, digest_size_, hash_name_, line->where));
  }
  return out.size() > before;
}

}  // namespace dstu::cli
