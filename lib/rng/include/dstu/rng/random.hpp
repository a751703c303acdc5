// dstu::rng — sources of random bytes.
//
// OsRandom reads the kernel CSPRNG (getrandom). ChaCha20Drbg is a deterministic
// generator: the same seed and stream give the same bytes on every machine, which
// makes `primegen --seed` reproducible and lets tests inject known nonces.
// Secret: the DRBG's key and output when used for keys or nonces.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "dstu/base/random.hpp"

namespace dstu::rng {

/// The interface, defined in base so lower modules can take it.
using dstu::RandomSource;

/// The operating system's CSPRNG (getrandom(2), blocking until seeded).
class OsRandom final : public RandomSource {
 public:
  void fill(std::span<std::uint8_t> out) override;
};

/// Fills out from the OS CSPRNG.
void os_random(std::span<std::uint8_t> out);

/// ChaCha20 (RFC 8439 block function) in counter mode as a deterministic generator.
/// Key = 32-byte seed; the 64-bit stream number selects an independent stream.
class ChaCha20Drbg final : public RandomSource {
 public:
  ChaCha20Drbg(std::span<const std::uint8_t, 32> key, std::uint64_t stream);
  /// Key derived from a 64-bit seed (for --seed); stream as above.
  ChaCha20Drbg(std::uint64_t seed, std::uint64_t stream);
  ~ChaCha20Drbg() override;
  ChaCha20Drbg(const ChaCha20Drbg&) = delete;
  ChaCha20Drbg& operator=(const ChaCha20Drbg&) = delete;

  void fill(std::span<std::uint8_t> out) override;

 private:
  void refill();

  std::array<std::uint32_t, 16> state_{};
  std::array<std::uint8_t, 64> block_{};
  std::size_t used_ = 64;
};

/// The ChaCha20 block function (RFC 8439 §2.3): 64 output bytes from a 16-word state.
void chacha20_block(std::uint8_t out[64], const std::uint32_t state[16]);

}  // namespace dstu::rng
