// Internal: what the Kalyna mode files share: a wiped block buffer, argument checks that
// name the cipher and mode, and the run length handed to the cipher at once.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "dstu/base/error.hpp"
#include "dstu/base/wipe.hpp"
#include "dstu/cipher/kalyna.hpp"

namespace dstu::cipher::kalyna_modes {

/// Blocks handed to the cipher at once where a mode has independent blocks.
inline constexpr std::size_t kRun = 16;

/// One block of secret state, wiped when it goes.
struct Block {
  std::array<std::uint8_t, 64> bytes{};
  ~Block() { secure_wipe(bytes.data(), bytes.size()); }
  std::uint8_t* data() { return bytes.data(); }
  const std::uint8_t* data() const { return bytes.data(); }
};

/// A run of kRun blocks of secret state, wiped when it goes.
struct Run {
  std::array<std::uint8_t, kRun * 64> bytes{};
  ~Run() { secure_wipe(bytes.data(), bytes.size()); }
  std::uint8_t* data() { return bytes.data(); }
};

[[noreturn]] inline void bad(const Kalyna& c, const char* mode, const std::string& what) {
  throw_invalid(std::string(c.name()) + " " + mode + ": " + what);
}

inline void check_length(const Kalyna& c, const char* mode, const char* what, std::size_t got, std::size_t want) {
  if (got != want) {
    bad(c, mode, std::string(what) + " of " + std::to_string(got) + " octets (" + std::to_string(want) + " expected)");
  }
}

inline void xor_bytes(std::uint8_t* out, const std::uint8_t* a, const std::uint8_t* b, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<std::uint8_t>(a[i] ^ b[i]);
}

}  // namespace dstu::cipher::kalyna_modes
