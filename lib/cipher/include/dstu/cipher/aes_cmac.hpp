// dstu::cipher — CMAC (NIST SP 800-38B) over a block cipher of 64 or 128 bits.
//
// What it is: the one-key CBC-MAC with subkeys K1, K2 derived by doubling E_K(0) in
// GF(2^b) (§6.1), for AES (and TDES, whose 64-bit block the standard also defines).
// Depends on: base, cipher's BlockCipher.
// Secret: the key (in the cipher) and the subkeys (wiped); the message and the tag are
// public. Constant time in the key.
#pragma once

#include <cstdint>
#include <span>

#include "dstu/base/bytes.hpp"
#include "dstu/cipher/block_cipher.hpp"

namespace dstu::cipher {

/// The CMAC of `msg` under the cipher's key (§6.2), its first `tag_len` octets (1 to the
/// block; 0 means the whole block). Throws Error(invalid_input) for a cipher whose block
/// is neither 8 nor 16 octets, or a longer tag.
Bytes cmac(const BlockCipher& c, std::span<const std::uint8_t> msg, std::size_t tag_len = 0);

/// True when `tag` (1 octet to a block) is the CMAC of `msg` truncated to its length
/// (§6.3), compared in constant time. False for an empty or over-long tag.
bool cmac_verify(const BlockCipher& c, std::span<const std::uint8_t> msg, std::span<const std::uint8_t> tag);

}  // namespace dstu::cipher
