// dstu::cipher — AES key wrap: KW (RFC 3394) and KWP, with padding (RFC 5649); NIST SP
// 800-38F §6.2-6.3 (KW-AE/KW-AD, KWP-AE/KWP-AD).
//
// What it is: the wrapping function W (six passes of AES over 64-bit semiblocks) with
// the default ICV A6A6A6A6A6A6A6A6 (KW) or the alternative ICV A65959A6 || [length]_32
// and zero padding (KWP). Any cipher of a 128-bit block may serve; AES is the standard's.
// Unwrapping checks the ICV (and for KWP the length and the padding) in constant time
// and releases nothing on failure.
// Depends on: base, cipher's BlockCipher.
// Secret: the key-encryption key (in the cipher), the key data.
#pragma once

#include <cstdint>
#include <optional>
#include <span>

#include "dstu/base/bytes.hpp"
#include "dstu/base/wipe.hpp"
#include "dstu/cipher/block_cipher.hpp"

namespace dstu::cipher {

/// KW-AE: `key_data` (a multiple of 8 octets, at least 16) wrapped under `kek`, 8 octets
/// longer. Throws Error(invalid_input) for another length or a block other than 16.
Bytes aes_kw_wrap(const BlockCipher& kek, std::span<const std::uint8_t> key_data);

/// KW-AD: the key data, or nothing when `wrapped` is not a multiple of 8 octets of at
/// least 24 or its integrity check fails.
std::optional<SecureBytes> aes_kw_unwrap(const BlockCipher& kek, std::span<const std::uint8_t> wrapped);

/// KWP-AE: `key_data` (1 octet or more) padded with zeros to a multiple of 8 and
/// wrapped; 16 octets for up to 8 octets of key data, else 8 more than the padded length.
Bytes aes_kwp_wrap(const BlockCipher& kek, std::span<const std::uint8_t> key_data);

/// KWP-AD: the key data, or nothing when `wrapped` is not a multiple of 8 octets of at
/// least 16, or its ICV, length or padding is wrong.
std::optional<SecureBytes> aes_kwp_unwrap(const BlockCipher& kek, std::span<const std::uint8_t> wrapped);

}  // namespace dstu::cipher
