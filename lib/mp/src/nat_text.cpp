// Nat conversions: hex and decimal text, big- and little-endian bytes.
#include <algorithm>

#include "dstu/base/error.hpp"
#include "dstu/mp/nat.hpp"

namespace dstu::mp {
namespace {

constexpr Limb kTen19 = 10000000000000000000ULL;  // the largest power of ten in a limb

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

void check_length(std::string_view text) {
  if (text.empty()) throw_invalid("empty number");
  if (text.size() > kMaxTextDigits) throw_invalid("number has too many digits");
}

}  // namespace

Nat Nat::from_hex(std::string_view text) {
  check_length(text);
  Nat r;
  r.v_.assign((text.size() + 15) / 16, 0);
  for (std::size_t i = 0; i < text.size(); ++i) {
    int d = hex_digit(text[text.size() - 1 - i]);
    if (d < 0) throw_invalid("'" + std::string(1, text[text.size() - 1 - i]) + "' is not a hex digit");
    r.v_[i / 16] |= static_cast<Limb>(d) << (4 * (i % 16));
  }
  r.normalize();
  return r;
}

Nat Nat::from_dec(std::string_view text) {
  check_length(text);
  Nat r;
  r.v_.reserve(text.size() / 19 + 1);
  std::size_t pos = 0;
  while (pos < text.size()) {
    // Take up to 19 digits at a time: r = r * 10^k + chunk.
    std::size_t take = std::min<std::size_t>(19, text.size() - pos);
    Limb chunk = 0, scale = 1;
    for (std::size_t i = 0; i < take; ++i) {
      char c = text[pos + i];
      if (c < '0' || c > '9') throw_invalid("'" + std::string(1, c) + "' is not a decimal digit");
      chunk = chunk * 10 + static_cast<Limb>(c - '0');
      scale *= 10;
    }
    Limb carry = ln::mul_1(r.v_.data(), r.v_.data(), r.v_.size(), scale);
    if (carry) r.v_.push_back(carry);
    carry = ln::add_1(r.v_.data(), r.v_.data(), r.v_.size(), chunk);
    if (carry) r.v_.push_back(carry);
    pos += take;
  }
  r.normalize();
  return r;
}

Nat Nat::parse(std::string_view text) {
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
    return from_hex(text.substr(2));
  }
  return from_dec(text);
}

std::string Nat::to_hex() const {
  if (v_.empty()) return "0";
  static constexpr char digits[] = "0123456789abcdef";
  std::string s;
  const std::size_t nibbles = (bits() + 3) / 4;
  s.reserve(nibbles);
  for (std::size_t i = nibbles; i-- > 0;) s.push_back(digits[(v_[i / 16] >> (4 * (i % 16))) & 15]);
  return s;
}

std::string Nat::to_dec() const {
  if (v_.empty()) return "0";
  std::vector<Limb> t = v_;
  std::size_t n = t.size();
  std::vector<Limb> chunks;  // base-10^19 digits, least significant first
  while (n > 0) {
    chunks.push_back(ln::divrem_1_vartime(t.data(), t.data(), n, kTen19));
    n = ln::normalized_size_vartime(t.data(), n);
  }
  std::string s = std::to_string(chunks.back());
  for (std::size_t i = chunks.size() - 1; i-- > 0;) {
    std::string part = std::to_string(chunks[i]);
    s.append(19 - part.size(), '0');
    s += part;
  }
  return s;
}

Nat Nat::from_bytes_le(std::span<const std::uint8_t> bytes) {
  Nat r;
  r.v_.assign((bytes.size() + 7) / 8, 0);
  for (std::size_t i = 0; i < bytes.size(); ++i) r.v_[i / 8] |= static_cast<Limb>(bytes[i]) << (8 * (i % 8));
  r.normalize();
  return r;
}

Nat Nat::from_bytes_be(std::span<const std::uint8_t> bytes) {
  std::vector<std::uint8_t> le(bytes.rbegin(), bytes.rend());
  return from_bytes_le(le);
}

std::vector<std::uint8_t> Nat::to_bytes_le(std::size_t len) const {
  const std::size_t need = (bits() + 7) / 8;
  if (len == 0) len = need;
  if (need > len) throw_invalid("number does not fit in " + std::to_string(len) + " bytes");
  std::vector<std::uint8_t> out(len, 0);
  for (std::size_t i = 0; i < need; ++i) out[i] = static_cast<std::uint8_t>(v_[i / 8] >> (8 * (i % 8)));
  return out;
}

std::vector<std::uint8_t> Nat::to_bytes_be(std::size_t len) const {
  std::vector<std::uint8_t> out = to_bytes_le(len);
  std::reverse(out.begin(), out.end());
  return out;
}

}  // namespace dstu::mp
