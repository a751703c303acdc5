// External forms of elements: big- and little-endian bytes of exactly ceil(m/8)
// bytes, and big-endian hex. Inputs are checked (length, value < 2^m) and rejected
// with Error(invalid_input). Time depends only on lengths, not on the value.
#include <cctype>
#include <string>

#include "dstu/base/error.hpp"
#include "dstu/gf2m/ops.hpp"

namespace dstu::gf2m {
namespace {

void check_length(const Field& f, std::size_t n) {
  if (n != static_cast<std::size_t>(f.bytes())) {
    throw_invalid("a GF(2^" + std::to_string(f.m()) + ") element takes " +
                  std::to_string(f.bytes()) + " bytes, got " + std::to_string(n));
  }
}

/// Throws unless a < 2^m (the bits of the top word above m are zero, and no word beyond).
void check_range(const Field& f, const Element& a) {
  Word over = a.w[f.words() - 1] & ~f.top_mask();
  for (int i = f.words(); i < kMaxWords; ++i) over |= a.w[i];
  if (over != 0) {
    throw_invalid("value does not fit GF(2^" + std::to_string(f.m()) + "): it is >= 2^m");
  }
}

/// Byte i (least significant first) of a.
std::uint8_t byte_at(const Element& a, int i) {
  return static_cast<std::uint8_t>(a.w[i / 8] >> (8 * (i % 8)));
}

}  // namespace

Element from_bytes_le(const Field& f, std::span<const std::uint8_t> in) {
  check_length(f, in.size());
  Element a;
  for (std::size_t i = 0; i < in.size(); ++i) a.w[i / 8] |= Word(in[i]) << (8 * (i % 8));
  check_range(f, a);
  return a;
}

Element from_bytes_be(const Field& f, std::span<const std::uint8_t> in) {
  check_length(f, in.size());
  Element a;
  const std::size_t n = in.size();
  for (std::size_t i = 0; i < n; ++i) a.w[i / 8] |= Word(in[n - 1 - i]) << (8 * (i % 8));
  check_range(f, a);
  return a;
}

Bytes to_bytes_le(const Field& f, const Element& a) {
  Bytes out(static_cast<std::size_t>(f.bytes()));
  for (int i = 0; i < f.bytes(); ++i) out[static_cast<std::size_t>(i)] = byte_at(a, i);
  return out;
}

Bytes to_bytes_be(const Field& f, const Element& a) {
  Bytes out(static_cast<std::size_t>(f.bytes()));
  const int n = f.bytes();
  for (int i = 0; i < n; ++i) out[static_cast<std::size_t>(n - 1 - i)] = byte_at(a, i);
  return out;
}

Element from_hex(const Field& f, std::string_view hex) {
  if (hex.empty() || hex.size() > 2 * static_cast<std::size_t>(f.bytes())) {
    throw_invalid("hex for a GF(2^" + std::to_string(f.m()) + ") element needs 1 to " +
                  std::to_string(2 * f.bytes()) + " digits, got " + std::to_string(hex.size()));
  }
  Element a;
  const std::size_t n = hex.size();
  for (std::size_t i = 0; i < n; ++i) {
    const char ch = hex[n - 1 - i];  // digit i, least significant first
    Word v;
    if (ch >= '0' && ch <= '9') v = static_cast<Word>(ch - '0');
    else if (ch >= 'a' && ch <= 'f') v = static_cast<Word>(ch - 'a' + 10);
    else if (ch >= 'A' && ch <= 'F') v = static_cast<Word>(ch - 'A' + 10);
    else throw_invalid("not a hex digit in field element: '" + std::string(1, ch) + "'");
    a.w[i / 16] |= v << (4 * (i % 16));
  }
  check_range(f, a);
  return a;
}

std::string to_hex(const Field& f, const Element& a) {
  static constexpr char kDigits[] = "0123456789abcdef";
  const int n = 2 * f.bytes();
  std::string s(static_cast<std::size_t>(n), '0');
  for (int i = 0; i < n; ++i) {
    s[static_cast<std::size_t>(n - 1 - i)] = kDigits[(a.w[i / 16] >> (4 * (i % 16))) & 15];
  }
  return s;
}

}  // namespace dstu::gf2m
