// Base64 (RFC 4648) and PEM-style armor.
#include "dstu/base/pem.hpp"

#include "dstu/base/ct.hpp"
#include "dstu/base/ctgrind.hpp"
#include "dstu/base/error.hpp"
#include "dstu/base/wipe.hpp"

#include <algorithm>
#include <vector>

namespace dstu::pem {
namespace {

// Base64 in constant time (no table index, no branch on the data): private keys pass
// through here. Masks are all ones (true) or zero.
std::uint32_t mask_lt(std::uint32_t a, std::uint32_t b) { return 0u - ((a - b) >> 31); }  // a, b < 2^31
std::uint32_t mask_in(std::uint32_t x, std::uint32_t lo, std::uint32_t hi) {  // lo <= x <= hi
  return ~mask_lt(x, lo) & ~mask_lt(hi, x);
}

/// The Base64 character of a 6-bit value.
char char_of(std::uint32_t v) {
  const std::uint32_t c = (mask_lt(v, 26) & (v + 'A')) | (mask_in(v, 26, 51) & (v - 26 + 'a')) |
                          (mask_in(v, 52, 61) & (v - 52 + '0')) | (mask_in(v, 62, 62) & '+') |
                          (mask_in(v, 63, 63) & '/');
  return static_cast<char>(c);
}

/// The 6-bit value of a Base64 character, and in *bad all ones when it is none.
std::uint32_t value_of(char ch, std::uint32_t* bad) {
  const std::uint32_t c = static_cast<unsigned char>(ch);
  const std::uint32_t upper = mask_in(c, 'A', 'Z'), lower = mask_in(c, 'a', 'z'), digit = mask_in(c, '0', '9');
  const std::uint32_t plus = mask_in(c, '+', '+'), slash = mask_in(c, '/', '/');
  *bad = ~(upper | lower | digit | plus | slash);
  return (upper & (c - 'A')) | (lower & (c - 'a' + 26)) | (digit & (c - '0' + 52)) | (plus & 62) | (slash & 63);
}

/// White space, without a branch on c (masks behind a value barrier, so that the
/// compiler cannot turn the comparisons into a range check and a jump).
bool space(char ch) {
  const std::uint64_t c = static_cast<unsigned char>(ch);
  return (ct::eq(c, ' ') | ct::eq(c, '\t') | ct::eq(c, '\r') | ct::eq(c, '\n')) != 0;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && space(s.front())) s.remove_prefix(1);
  while (!s.empty() && space(s.back())) s.remove_suffix(1);
  return s;
}

/// White space removed, into wiping memory (the text may be a private key's).
using Text = std::vector<char, WipingAllocator<char>>;

template <class Out>
void append_base64(Out& out, std::span<const std::uint8_t> d) {
  for (std::size_t i = 0; i < d.size(); i += 3) {  // branches on the length only
    const std::uint32_t n = static_cast<std::uint32_t>(d[i]) << 16 |
                            (i + 1 < d.size() ? static_cast<std::uint32_t>(d[i + 1]) << 8 : 0) |
                            (i + 2 < d.size() ? d[i + 2] : 0);
    out.push_back(static_cast<typename Out::value_type>(char_of(n >> 18 & 63)));
    out.push_back(static_cast<typename Out::value_type>(char_of(n >> 12 & 63)));
    out.push_back(static_cast<typename Out::value_type>(i + 1 < d.size() ? char_of(n >> 6 & 63) : '='));
    out.push_back(static_cast<typename Out::value_type>(i + 2 < d.size() ? char_of(n & 63) : '='));
  }
}

std::size_t base64_length(std::size_t bytes) { return (bytes + 2) / 3 * 4; }

template <class Out>
Out decode_base64(std::string_view text) {
  // Where the white space is (line breaks) and the padding's length are public: they
  // are declassified one decision at a time; the characters' values never are.
  Text clean;
  clean.reserve(text.size());
  for (char c : text) {
    bool is_space = space(c);
    ct::unpoison(&is_space, sizeof is_space);
    if (!is_space) clean.push_back(c);
  }
  if (clean.size() % 4 != 0) throw_invalid("Base64 text has a length that is not a multiple of 4");
  std::size_t pad = 0;
  for (std::size_t k = clean.size(); k > 0 && pad < 2; --k) {
    bool is_pad = clean[k - 1] == '=';
    ct::unpoison(&is_pad, sizeof is_pad);
    if (!is_pad) break;
    ++pad;
  }
  Out out;
  out.reserve(clean.size() / 4 * 3);
  std::uint32_t bad = 0;
  for (std::size_t i = 0; i < clean.size(); i += 4) {
    std::uint32_t n = 0;
    const std::size_t chars = i + 4 == clean.size() ? 4 - pad : 4;
    for (std::size_t k = 0; k < 4; ++k) {
      std::uint32_t b = 0;
      const std::uint32_t v = k < chars ? value_of(clean[i + k], &b) : 0;
      bad |= b;
      n = n << 6 | v;
    }
    out.push_back(static_cast<std::uint8_t>(n >> 16));
    if (chars > 2) out.push_back(static_cast<std::uint8_t>(n >> 8));
    if (chars > 3) out.push_back(static_cast<std::uint8_t>(n));
  }
  ct::unpoison(&bad, sizeof bad);  // whether the text is Base64 at all is public
  if (bad != 0) {
    secure_wipe(out.data(), out.size());
    throw_invalid("not Base64 text (a character outside A-Z a-z 0-9 + / =, or '=' inside)");
  }
  return out;
}

}  // namespace

std::string base64_encode(std::span<const std::uint8_t> d) {
  std::string out;
  out.reserve(base64_length(d.size()));
  append_base64(out, d);
  return out;
}

Bytes base64_decode(std::string_view text) { return decode_base64<Bytes>(text); }

SecureBytes base64_decode_secret(std::string_view text) { return decode_base64<SecureBytes>(text); }

namespace {

using Headers = std::vector<std::pair<std::string, std::string>>;

template <class Out>
void append_text(Out& out, std::string_view text) {
  for (char c : text) out.push_back(static_cast<typename Out::value_type>(c));
}

/// BEGIN line, headers (then a blank line), Base64 in 64-column lines, END line, written
/// into one buffer reserved at its final size (no reallocation leaves a copy behind).
template <class Out>
Out armor(std::string_view label, const Headers& headers, std::span<const std::uint8_t> data) {
  std::string head = "-----BEGIN " + std::string(label) + "-----\n";
  for (const auto& [name, value] : headers) head += name + ": " + value + "\n";
  if (!headers.empty()) head += "\n";
  const std::string tail = "-----END " + std::string(label) + "-----\n";
  const std::size_t chars = base64_length(data.size());
  Text body;
  body.reserve(chars);
  append_base64(body, data);
  Out out;
  out.reserve(head.size() + chars + (chars + 63) / 64 + tail.size());
  append_text(out, head);
  for (std::size_t i = 0; i < chars; i += 64) {
    for (std::size_t k = i; k < std::min(chars, i + 64); ++k) out.push_back(static_cast<typename Out::value_type>(body[k]));
    out.push_back('\n');
  }
  append_text(out, tail);
  return out;
}

}  // namespace

std::string encode(const Block& b) { return armor<std::string>(b.label, b.headers, b.data); }

SecureBytes encode_secret(std::string_view label, std::span<const std::uint8_t> data) {
  return armor<SecureBytes>(label, {}, data);
}

namespace {

/// A yes/no about secret text, made public: the decisions below reveal only the armor's
/// structure (line breaks, armor lines, blank lines, header colons), which Base64 text
/// never contains, so they say nothing about the Base64 characters' values.
bool declassify(bool decision) {
  ct::unpoison(&decision, sizeof decision);
  return decision;
}

/// line without the white space at its ends (where white space is, is public).
std::string_view strip(std::string_view line) {
  while (!line.empty() && declassify(space(line.front()))) line.remove_prefix(1);
  while (!line.empty() && declassify(space(line.back()))) line.remove_suffix(1);
  return line;
}

/// The lines of text, stripped, found without branching on other characters.
std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  std::size_t start = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (declassify(text[i] == '\n')) {
      lines.push_back(strip(text.substr(start, i - start)));
      start = i + 1;
    }
  }
  if (start < text.size()) lines.push_back(strip(text.substr(start)));
  return lines;
}

bool blank(std::string_view stripped_line) { return stripped_line.empty(); }

/// Begins with "-----" (decided in constant time, then declassified).
bool armor_line(std::string_view line) {
  if (line.size() < 5) return false;
  std::uint32_t diff = 0;
  for (std::size_t k = 0; k < 5; ++k) diff |= static_cast<std::uint32_t>(line[k] ^ '-');
  return declassify(diff == 0);
}

/// Holds a ':' (decided in constant time, then declassified).
bool has_colon(std::string_view line) {
  std::uint32_t found = 0;
  for (char c : line) found |= static_cast<std::uint32_t>(c == ':');  // setcc, no branch
  return declassify(found != 0);
}

/// A public line made defined for the checker (armor and header lines).
std::string_view public_line(std::string_view line) {
  ct::unpoison(line.data(), line.size());
  return trim(line);
}

}  // namespace

namespace {

/// An armored block before its Base64 is decoded.
struct Armor {
  std::string label;
  Headers headers;
  Text body;  ///< the Base64 lines
};

Armor parse_armor(std::string_view text) {
  const std::vector<std::string_view> lines = split_lines(text);
  std::size_t i = 0;
  while (i < lines.size() && blank(lines[i])) ++i;
  const std::string_view begin = "-----BEGIN ";
  if (i == lines.size() || !armor_line(lines[i])) {
    throw_invalid(i == lines.size() ? "no '-----BEGIN' line" : "text before the '-----BEGIN' line");
  }
  const std::string_view first = public_line(lines[i++]);
  if (first.substr(0, begin.size()) != begin || first.size() < begin.size() + 5 ||
      first.substr(first.size() - 5) != "-----") {
    throw_invalid("malformed BEGIN line");
  }
  Armor a;
  a.label = std::string(first.substr(begin.size(), first.size() - begin.size() - 5));
  const std::string end_line = "-----END " + a.label + "-----";
  // Headers: "Name: value" lines up to a blank line, only if the first line has a colon.
  if (i < lines.size() && !armor_line(lines[i]) && has_colon(lines[i])) {
    for (; i < lines.size() && !blank(lines[i]); ++i) {
      const std::string_view line = public_line(lines[i]);
      const auto colon = line.find(':');
      if (colon == std::string_view::npos) throw_invalid("armor header line without ':'");
      a.headers.emplace_back(std::string(trim(line.substr(0, colon))), std::string(trim(line.substr(colon + 1))));
    }
  }
  a.body.reserve(text.size() + lines.size());
  for (; i < lines.size() && !armor_line(lines[i]); ++i) {
    a.body.insert(a.body.end(), lines[i].begin(), lines[i].end());
    a.body.push_back('\n');
  }
  if (i == lines.size() || public_line(lines[i]) != end_line) throw_invalid("no matching '" + end_line + "' line");
  for (++i; i < lines.size(); ++i) {
    if (!blank(lines[i])) throw_invalid("text after the '" + end_line + "' line");
  }
  return a;
}

std::string_view view(const Text& t) { return {t.data(), t.size()}; }

}  // namespace

Block decode(std::string_view text) {
  Armor a = parse_armor(text);
  return Block{std::move(a.label), std::move(a.headers), base64_decode(view(a.body))};
}

SecretBlock decode_secret(std::string_view text) {
  Armor a = parse_armor(text);
  return SecretBlock{std::move(a.label), std::move(a.headers), base64_decode_secret(view(a.body))};
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
