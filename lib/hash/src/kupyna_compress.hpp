// Internal: the Kupyna compression and output functions on the chaining state
// (column j of the state = little-endian word j; row i = octet i of each word).
#pragma once

#include <cstddef>
#include <cstdint>

namespace dstu::hash::detail {

/// H <- T_xor(H xor M) xor T_plus(M) xor H for n consecutive 64-octet blocks (8 words).
void kupyna512_compress(std::uint64_t h[8], const std::uint8_t* blocks, std::size_t n);
/// H <- T_xor(H) xor H.
void kupyna512_output(std::uint64_t h[8]);

/// The same for the 1024-bit state (16 words, 128-octet blocks, 14 rounds).
void kupyna1024_compress(std::uint64_t h[16], const std::uint8_t* blocks, std::size_t n);
void kupyna1024_output(std::uint64_t h[16]);

/// True when the constant-time vector layer (lib/cipher's kalyna_spn.hpp) hashes public
/// messages faster than the tables on the active CPU path.
bool vector_faster();

}  // namespace dstu::hash::detail
