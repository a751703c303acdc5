// Base64 (RFC 4648) and PEM-style armor.
#include "dstu/base/pem.hpp"

#include "dstu/base/error.hpp"

namespace dstu::pem {
namespace {

constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

int value_of(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/') return 63;
  return -1;
}

bool space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && space(s.front())) s.remove_prefix(1);
  while (!s.empty() && space(s.back())) s.remove_suffix(1);
  return s;
}

}  // namespace

std::string base64_encode(std::span<const std::uint8_t> d) {
  std::string out;
  out.reserve((d.size() + 2) / 3 * 4);
  for (std::size_t i = 0; i < d.size(); i += 3) {
    const std::uint32_t n = static_cast<std::uint32_t>(d[i]) << 16 |
                            (i + 1 < d.size() ? static_cast<std::uint32_t>(d[i + 1]) << 8 : 0) |
                            (i + 2 < d.size() ? d[i + 2] : 0);
    out.push_back(kAlphabet[n >> 18 & 63]);
    out.push_back(kAlphabet[n >> 12 & 63]);
    out.push_back(i + 1 < d.size() ? kAlphabet[n >> 6 & 63] : '=');
    out.push_back(i + 2 < d.size() ? kAlphabet[n & 63] : '=');
  }
  return out;
}

Bytes base64_decode(std::string_view text) {
  std::string clean;
  for (char c : text) {
    if (!space(c)) clean.push_back(c);
  }
  if (clean.size() % 4 != 0) throw_invalid("Base64 text has a length that is not a multiple of 4");
  Bytes out;
  for (std::size_t i = 0; i < clean.size(); i += 4) {
    int v[4];
    int pad = 0;
    for (int k = 0; k < 4; ++k) {
      const char c = clean[i + k];
      if (c == '=' && i + 4 == clean.size() && k >= 2) {
        v[k] = 0;
        ++pad;
        continue;
      }
      if (pad) throw_invalid("Base64 padding in the middle");
      v[k] = value_of(c);
      if (v[k] < 0) throw_invalid("'" + std::string(1, c) + "' is not a Base64 character");
    }
    if (pad == 1 && clean[i + 2] == '=') throw_invalid("bad Base64 padding");
    const std::uint32_t n = static_cast<std::uint32_t>(v[0] << 18 | v[1] << 12 | v[2] << 6 | v[3]);
    out.push_back(static_cast<std::uint8_t>(n >> 16));
    if (pad < 2) out.push_back(static_cast<std::uint8_t>(n >> 8));
    if (pad < 1) out.push_back(static_cast<std::uint8_t>(n));
  }
  return out;
}

std::string encode(const Block& b) {
  std::string out = "-----BEGIN " + b.label + "-----\n";
  for (const auto& [name, value] : b.headers) out += name + ": " + value + "\n";
  if (!b.headers.empty()) out += "\n";
  const std::string body = base64_encode(b.data);
  for (std::size_t i = 0; i < body.size(); i += 64) out += body.substr(i, 64) + "\n";
  out += "-----END " + b.label + "-----\n";
  return out;
}

Block decode(std::string_view text) {
  const std::string_view begin = "-----BEGIN ";
  const auto b = text.find(begin);
  if (b == std::string_view::npos) throw_invalid("no '-----BEGIN' line");
  if (!trim(text.substr(0, b)).empty()) throw_invalid("text before the '-----BEGIN' line");
  const auto label_end = text.find("-----", b + begin.size());
  const auto line_end = text.find('\n', b);
  if (label_end == std::string_view::npos || (line_end != std::string_view::npos && label_end > line_end)) {
    throw_invalid("malformed BEGIN line");
  }
  Block block;
  block.label = std::string(text.substr(b + begin.size(), label_end - b - begin.size()));
  const std::string end_line = "-----END " + block.label + "-----";
  const auto e = text.find(end_line, label_end);
  if (e == std::string_view::npos) throw_invalid("no matching '" + end_line + "' line");
  if (!trim(text.substr(e + end_line.size())).empty()) throw_invalid("text after the '" + end_line + "' line");
  std::string_view body = text.substr(label_end + 5, e - label_end - 5);
  // Headers: "Name: value" lines up to a blank line, only if the first line has a colon.
  std::string_view rest = body;
  if (!rest.empty() && rest.front() == '\r') rest.remove_prefix(1);
  if (!rest.empty() && rest.front() == '\n') rest.remove_prefix(1);
  const auto first_nl = rest.find('\n');
  const std::string_view first = rest.substr(0, first_nl);
  if (first.find(':') != std::string_view::npos) {
    while (!rest.empty()) {
      const auto nl = rest.find('\n');
      std::string_view line = trim(rest.substr(0, nl));
      rest = nl == std::string_view::npos ? std::string_view{} : rest.substr(nl + 1);
      if (line.empty()) break;
      const auto colon = line.find(':');
      if (colon == std::string_view::npos) throw_invalid("armor header line without ':'");
      block.headers.emplace_back(std::string(trim(line.substr(0, colon))), std::string(trim(line.substr(colon + 1))));
    }
  }
  block.data = base64_decode(rest);
  return block;
}

bool looks_armored(std::span<const std::uint8_t> data) {
  std::size_t i = 0;
  while (i < data.size() && space(static_cast<char>(data[i]))) ++i;
  static constexpr std::string_view kBegin = "-----BEGIN ";
  if (data.size() - i < kBegin.size()) return false;
  for (std::size_t k = 0; k < kBegin.size(); ++k) {
    if (data[i + k] != static_cast<std::uint8_t>(kBegin[k])) return false;
  }
  return true;
}

}  // namespace dstu::pem
