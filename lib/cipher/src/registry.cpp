// The registry of block ciphers by name (block_cipher.hpp): one line per cipher, each
// family's factory declared in its own header.
#include <algorithm>
#include <span>

#include "dstu/base/error.hpp"
#include "dstu/cipher/aes.hpp"
#include "dstu/cipher/block_cipher.hpp"
#include "dstu/cipher/des.hpp"
#include "dstu/cipher/kalyna.hpp"
#include "dstu/cipher/gost28147.hpp"

namespace dstu::cipher {
namespace {

struct Entry {
  const char* name;
  std::size_t key_size;
  std::unique_ptr<BlockCipher> (*make)(std::span<const std::uint8_t> key);
};

/// Filled by the families as they land, in the order block_cipher_names() lists them.
std::span<const Entry> entries() {
  static const std::vector<Entry> table{
      {"aes128", 16, &make_aes},
      {"aes192", 24, &make_aes},
      {"aes256", 32, &make_aes},
      {"des", 8, &make_des},
      {"tdes2", 16, &make_tdes},
      {"tdes", 24, &make_tdes},
      {"kalyna128-128", 16, [](std::span<const std::uint8_t> k) { return make_kalyna(128, k); }},
      {"kalyna128-256", 32, [](std::span<const std::uint8_t> k) { return make_kalyna(128, k); }},
      {"kalyna256-256", 32, [](std::span<const std::uint8_t> k) { return make_kalyna(256, k); }},
      {"kalyna256-512", 64, [](std::span<const std::uint8_t> k) { return make_kalyna(256, k); }},
      {"kalyna512-512", 64, [](std::span<const std::uint8_t> k) { return make_kalyna(512, k); }},
      {"gost28147", 32, make_gost28147},
  };
  return table;
}

}  // namespace

std::unique_ptr<BlockCipher> make_block_cipher(std::string_view name, std::span<const std::uint8_t> key) {
  for (const Entry& e : entries()) {
    if (name != e.name) continue;
    if (key.size() != e.key_size) {
      throw_invalid(std::string(e.name) + ": a key of " + std::to_string(key.size()) + " octets (" +
                    std::to_string(e.key_size) + " expected)");
    }
    return e.make(key);
  }
  std::string known;
  for (const Entry& e : entries()) known += (known.empty() ? "" : ", ") + std::string(e.name);
  throw_invalid("unknown block cipher '" + std::string(name) + "' (known: " + (known.empty() ? "none" : known) + ")");
}

std::vector<std::string> block_cipher_names() {
  std::vector<std::string> out;
  for (const Entry& e : entries()) out.emplace_back(e.name);
  return out;
}

}  // namespace dstu::cipher
