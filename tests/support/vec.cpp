#include "vec.hpp"

#include <fstream>
#include <stdexcept>

namespace dstu::test {
namespace {

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  const auto e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

}  // namespace

const std::string& Vector::get(const std::string& key) const {
  auto it = fields.find(key);
  if (it == fields.end()) throw std::runtime_error(where() + ": no field '" + key + "'");
  return it->second;
}

Bytes Vector::bytes(const std::string& key) const { return from_hex(get(key)); }

std::string Vector::where() const {
  return file + ":" + std::to_string(line) + (section.empty() ? "" : " [" + section + "]");
}

std::vector<Vector> load_vectors(const std::string& relative_path) {
  const std::string path = std::string(DSTU_TEST_VECTORS) + "/" + relative_path;
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::vector<Vector> out;
  std::string source, section, raw;
  Vector cur;
  int lineno = 0;
  auto flush = [&] {
    if (cur.fields.empty()) return;
    if (cur.source.empty()) throw std::runtime_error(cur.where() + ": vector without a '# Source:' line");
    out.push_back(cur);
    cur = Vector{};
  };
  while (std::getline(in, raw)) {
    ++lineno;
    const std::string line = trim(raw);
    if (line.empty()) {
      flush();
    } else if (line.rfind("# Source:", 0) == 0) {
      flush();
      source = trim(line.substr(9));
    } else if (line[0] == '#') {
      continue;
    } else if (line.front() == '[' && line.back() == ']') {
      flush();
      section = line.substr(1, line.size() - 2);
    } else {
      const auto eq = line.find('=');
      if (eq == std::string::npos) {
        throw std::runtime_error(relative_path + ":" + std::to_string(lineno) + ": expected 'Key = value'");
      }
      if (cur.fields.empty()) {
        cur.file = relative_path;
        cur.line = lineno;
        cur.section = section;
        cur.source = source;
      }
      cur.fields[trim(line.substr(0, eq))] = trim(line.substr(eq + 1));
    }
  }
  flush();
  if (out.empty()) throw std::runtime_error(path + ": no vectors");
  return out;
}

std::vector<Vector> load_vectors(const std::string& relative_path, const std::string& section) {
  std::vector<Vector> all = load_vectors(relative_path), out;
  for (auto& v : all) {
    if (v.section == section) out.push_back(std::move(v));
  }
  if (out.empty()) throw std::runtime_error(relative_path + ": no vectors in [" + section + "]");
  return out;
}

}  // namespace dstu::test
