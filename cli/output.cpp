#include "output.hpp"

#include <fmt/core.h>

#include <cstdio>

namespace dstu::cli {

void print_error(const std::string& message) {
  // One line whatever the message holds, and no control characters: messages quote what
  // files and servers (a TSA's status text) hold, which must not drive the terminal.
  std::string line = message;
  for (char& c : line) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '\n' || c == '\r' || c == '\t') {
      c = ' ';
    } else if (u < 0x20 || u == 0x7f) {
      c = '?';
    }
  }
  fmt::print(stderr, "dstu: error: {}\n", line);
}

void print_json(const Json& doc) {
  fmt::print("{}\n", doc.dump(-1, ' ', false, Json::error_handler_t::replace));
  std::fflush(stdout);
}

bool report_signed(bool json, const std::string& file, const std::string& signature, const std::string& error,
                   const Json& fields) {
  if (!error.empty()) print_error(error);
  if (json) {
    Json r = {{"file", file}, {"signature", signature}, {"status", error.empty() ? "signed" : "error"}};
    for (const auto& [name, value] : fields.items()) r[name] = value;
    if (!error.empty()) r["reason"] = error;
    print_json(r);
  }
  return !error.empty();
}

}  // namespace dstu::cli
