// dstu::hash — SHA-1 (FIPS 180-4 §6.1), for reading old files only: PKCS#12 MACs, Java key
// stores, pbeWithSHA1And3-KeyTripleDES. Collisions are practical, so it makes no new
// signatures (hasher.hpp's may_sign_with says false).
//
// Compresses with the x86 SHA extensions (SHA-NI) where cpu::active().sha says so, else
// portably; both are constant time (no table index or branch on the data).
#pragma once

#include <cstddef>
#include <cstdint>

#include "dstu/hash/sha2.hpp"

namespace dstu::hash {

namespace detail {

struct Sha1Core {
  using Word = std::uint32_t;
  static constexpr std::size_t kBlock = 64;
  static constexpr std::size_t kDefaultBits = 160;
  /// The initial value (bits must be 160; Error(invalid_input) else). h[5..7] unused.
  static void init(Word h[8], std::size_t bits);
  /// Compresses `blocks` consecutive 64-octet blocks into h[0..4] (SHA-NI or portable).
  static void compress(Word h[8], const std::uint8_t* p, std::size_t blocks);
};

}  // namespace detail

/// Streaming SHA-1: Sha1 h; h.update(...); h.final(out) (20 octets).
using Sha1 = Fips180<detail::Sha1Core>;

extern template class Fips180<detail::Sha1Core>;

}  // namespace dstu::hash
