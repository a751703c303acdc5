// Helpers shared by the GOST 28147-89 tests: the S-boxes named in the vector files, and
// the modes written out one block at a time (the oracles of the differential tests).
#pragma once

#include <map>
#include <stdexcept>
#include <string>

#include "dstu/base/bytes.hpp"
#include "dstu/cipher/gost28147.hpp"
#include "vec.hpp"

namespace dstu::test {

/// The S-box called `name` in the vector files: dke1, test, or one of a [sbox] section of
/// test-vectors/cipher/gost28147_published.vec.
inline cipher::SBox gost28147_sbox(const std::string& name) {
  if (name == "dke1") return cipher::SBox::dke1();
  if (name == "test") return cipher::SBox::test_paramset();
  static const std::map<std::string, cipher::SBox> published = [] {
    std::map<std::string, cipher::SBox> m;
    for (const auto& v : load_vectors("cipher/gost28147_published.vec", "sbox")) {
      Bytes nibbles;
      for (char c : v.get("Rows")) nibbles.push_back(static_cast<std::uint8_t>(std::stoi(std::string(1, c), nullptr, 16)));
      m.emplace(v.get("Name"), cipher::SBox::from_nibbles(nibbles));
    }
    return m;
  }();
  const auto it = published.find(name);
  if (it == published.end()) throw std::runtime_error("no S-box named " + name);
  return it->second;
}

/// Gamma (§3) one block at a time, the counter stepped as the standard writes it.
inline Bytes ctr_one_by_one(const cipher::Gost28147& c, const Bytes& in, const Bytes& iv) {
  const std::uint64_t s = c.encrypt_word(load_le64(iv.data()));
  std::uint32_t n3 = static_cast<std::uint32_t>(s), n4 = static_cast<std::uint32_t>(s >> 32);
  Bytes out(in.size());
  for (std::size_t i = 0; i < in.size(); i += 8) {
    n3 += 0x01010101u;
    // N4 + C1 mod 2^32 - 1, kept in 1..2^32-1: a sum that overflows drops 2^32 and gains 1.
    const std::uint32_t sum = n4 + 0x01010104u;
    n4 = sum < n4 ? sum + 1 : sum;
    const std::uint64_t g = c.encrypt_word(n3 | static_cast<std::uint64_t>(n4) << 32);
    for (std::size_t j = 0; j < 8 && i + j < in.size(); ++j) out[i + j] = static_cast<std::uint8_t>(in[i + j] ^ (g >> (8 * j)));
  }
  return out;
}

/// Gamma with feedback (§4) one block at a time.
inline Bytes cfb_one_by_one(const cipher::Gost28147& c, const Bytes& in, const Bytes& iv, bool decrypt) {
  std::uint64_t feedback = load_le64(iv.data());
  Bytes out(in.size());
  for (std::size_t i = 0; i < in.size(); i += 8) {
    const std::uint64_t g = c.encrypt_word(feedback);
    std::uint64_t next = 0;
    for (std::size_t j = 0; j < 8 && i + j < in.size(); ++j) {
      out[i + j] = static_cast<std::uint8_t>(in[i + j] ^ (g >> (8 * j)));
      next |= static_cast<std::uint64_t>(decrypt ? in[i + j] : out[i + j]) << (8 * j);
    }
    feedback = next;
  }
  return out;
}

}  // namespace dstu::test
