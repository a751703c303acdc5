// dstu::dstu4145 — the random bit generator of DSTU 4145-2002 Annex A, on GOST
// 28147-89, offered as `dstu sign --rng dstu`.
//
// State: a 256-bit key K, a 64-bit seed s and a 64-bit date-time D; I = E_K(D); per
// output bit x = E_K(I xor s), s = E_K(x xor I), bit = lowest bit of x; bits are
// packed least significant first. The cipher runs in its constant-time form. All of
// the state is secret and is wiped on destruction.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "dstu/base/random.hpp"
#include "dstu/cipher/gost28147.hpp"

namespace dstu::dstu4145 {

class AnnexARandom final : public RandomSource {
 public:
  /// From explicit state (tests).
  AnnexARandom(std::span<const std::uint8_t, 32> key, std::uint64_t seed, std::uint64_t datetime);
  /// K and s from the operating system's CSPRNG, D from the clock.
  static AnnexARandom from_os();
  ~AnnexARandom() override;

  void fill(std::span<std::uint8_t> out) override;

 private:
  cipher::Gost28147 cipher_;
  std::uint64_t i_ = 0, s_ = 0;
};

}  // namespace dstu::dstu4145
