// dstu::RandomSource — the interface every consumer of randomness takes.
//
// It lives in base so that mp (prime search) and later modules can accept any
// source without depending on the rng module; the implementations (OS CSPRNG,
// ChaCha20 DRBG) are in rng.
#pragma once

#include <cstdint>
#include <span>

namespace dstu {

class RandomSource {
 public:
  virtual ~RandomSource() = default;
  /// Fills out with random bytes; throws Error(io) if the source fails.
  virtual void fill(std::span<std::uint8_t> out) = 0;
  /// A uniformly random 64-bit word.
  std::uint64_t next_u64();
  /// A uniformly random integer in [0, bound), bound > 0 (rejection sampling).
  std::uint64_t uniform(std::uint64_t bound);
};

}  // namespace dstu
