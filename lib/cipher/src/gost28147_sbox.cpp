// GOST 28147-89 S-boxes: the Ukrainian default DKE No.1, the GOST R 34.11-94 test
// parameter set, and the packed 64-octet DKE form.
#include <string_view>

#include "dstu/base/error.hpp"
#include "dstu/cipher/gost28147.hpp"

namespace dstu::cipher {
namespace {

// Rows K1..K8 as 16 hex nibbles each: DKE No.1 = BouncyCastle DSTU4145Params.DEFAULT_DKE /
// UAPKI HEX_DKE_BY_DEFAULT; test set = RFC 4357 id-GostR3411-94-TestParamSet.
constexpr std::string_view kDke1Rows[8] = {
    "a9d6eb45f13c7082", "80c4967b231f5ead", "f658eba4c037291d", "38d96bf025ca4e17",
    "f8e9720dc615b43a", "28975f0bc1dea364", "38b564ea2c179fd0", "123e6db8fac57904"};
constexpr std::string_view kTestRows[8] = {
    "4a92d80e6b1c7f53", "eb4c6dfa23810759", "581da342efc7609b", "7da1089fe46cb253",
    "6c715fd84a9e03b2", "4ba0721d36859cfe", "db413f590ae7682c", "1fd057a4923e6b8c"};

std::uint8_t nibble_of(char c) {
  return static_cast<std::uint8_t>(c <= '9' ? c - '0' : c - 'a' + 10);
}

SBox from_rows(const std::string_view (&rows)[8]) {
  std::array<std::uint8_t, 128> n{};
  for (int r = 0; r < 8; ++r) {
    for (int c = 0; c < 16; ++c) n[16 * r + c] = nibble_of(rows[r][c]);
  }
  return SBox::from_nibbles(n);
}

}  // namespace

const SBox& SBox::dke1() {
  static const SBox s = from_rows(kDke1Rows);
  return s;
}

const SBox& SBox::test_paramset() {
  static const SBox s = from_rows(kTestRows);
  return s;
}

SBox SBox::from_nibbles(std::span<const std::uint8_t> nibbles) {
  if (nibbles.size() != 128) {
    throw_invalid("GOST 28147 S-box: expected 128 entries (8 rows of 16), got " +
                  std::to_string(nibbles.size()));
  }
  SBox s;
  for (int r = 0; r < 8; ++r) {
    for (int c = 0; c < 16; ++c) {
      const std::uint8_t v = nibbles[16 * r + c];
      if (v > 15) throw_invalid("GOST 28147 S-box: entry " + std::to_string(16 * r + c) + " is not a nibble");
      s.rows_[r][c] = v;
    }
  }
  return s;
}

SBox SBox::from_packed(std::span<const std::uint8_t> packed) {
  if (packed.size() != 64) {
    throw_invalid("GOST 28147 packed S-box (DKE): expected 64 octets, got " +
                  std::to_string(packed.size()));
  }
  std::array<std::uint8_t, 128> n{};
  for (int i = 0; i < 64; ++i) {
    n[2 * i] = packed[i] >> 4;
    n[2 * i + 1] = packed[i] & 0x0f;
  }
  return from_nibbles(n);
}

std::array<std::uint8_t, 64> SBox::packed() const {
  std::array<std::uint8_t, 64> out{};
  for (int i = 0; i < 64; ++i) {
    const int r = i / 8, c = 2 * (i % 8);
    out[i] = static_cast<std::uint8_t>(rows_[r][c] << 4 | rows_[r][c + 1]);
  }
  return out;
}

}  // namespace dstu::cipher
