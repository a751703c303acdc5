// Internal: Keccak-f[1600] (FIPS 202 §3.3) and the sponge's absorbing of whole blocks,
// for sha3.cpp. A state is 25 lanes, lane (x, y) = s[x + 5y], each lane's octets
// little-endian (§3.1.2). Every kernel is constant time (no table index or branch on the
// state); they differ in speed only.
#pragma once

#include <cstddef>
#include <cstdint>

namespace dstu::hash::detail {

/// The permutation, chosen at call time (cpu::active()).
void keccak_f1600(std::uint64_t s[25]);

/// For each of `blocks` blocks of rate_words * 8 octets at p: s ^= block, then the
/// permutation (the absorbing loop of §4, steps 6). Chosen at call time.
void keccak_absorb(std::uint64_t s[25], const std::uint8_t* p, std::size_t blocks, std::size_t rate_words);

/// The kernels behind the choice: portable C++ (lane complementing, no ISA extension) and
/// the rounds as written compiled for BMI1/BMI2 (andn, rorx).
void keccak_absorb_portable(std::uint64_t s[25], const std::uint8_t* p, std::size_t blocks, std::size_t rate_words);
void keccak_absorb_bmi2(std::uint64_t s[25], const std::uint8_t* p, std::size_t blocks, std::size_t rate_words);

}  // namespace dstu::hash::detail
