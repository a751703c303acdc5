// KW and KWP (aes_kw.hpp): NIST SP 800-38F §6.1 (W and W^-1 in the indexed form of
// RFC 3394 §2.2), §6.2 (KW) and §6.3 (KWP, RFC 5649 §4).
#include "dstu/cipher/aes_kw.hpp"

#include <cstring>
#include <string>

#include "dstu/base/ct.hpp"
#include "dstu/base/ctgrind.hpp"
#include "dstu/base/error.hpp"

namespace dstu::cipher {
namespace {

constexpr std::uint8_t kIcv1[8] = {0xa6, 0xa6, 0xa6, 0xa6, 0xa6, 0xa6, 0xa6, 0xa6};
constexpr std::uint8_t kIcv2[4] = {0xa6, 0x59, 0x59, 0xa6};

void need_128(const BlockCipher& c, const char* what) {
  if (c.block_size() != 16) {
    throw_invalid(std::string(what) + ": " + std::string(c.name()) + " has a block of " +
                  std::to_string(c.block_size()) + " octets (16 expected)");
  }
}

/// A ^= t (the step counter, big-endian over the 64 bits).
void xor_counter(std::uint8_t a[8], std::uint64_t t) {
  for (int i = 7; i >= 0; --i, t >>= 8) a[i] ^= static_cast<std::uint8_t>(t);
}

/// W (§6.1 Algorithm 1): `buf` holds A || R_1 .. R_n (n >= 2) and becomes the ciphertext.
void wrap(const BlockCipher& c, std::uint8_t* buf, std::size_t n) {
  std::uint8_t b[16];
  for (std::uint64_t j = 0; j < 6; ++j) {
    for (std::size_t i = 1; i <= n; ++i) {
      std::memcpy(b, buf, 8);
      std::memcpy(b + 8, buf + 8 * i, 8);
      c.encrypt_blocks(b, b, 1);
      xor_counter(b, n * j + i);
      std::memcpy(buf, b, 8);
      std::memcpy(buf + 8 * i, b + 8, 8);
    }
  }
  secure_wipe(b, sizeof b);
}

/// W^-1 (§6.1 Algorithm 2): `buf` holds the ciphertext (n + 1 semiblocks) and becomes
/// A || R_1 .. R_n.
void unwrap(const BlockCipher& c, std::uint8_t* buf, std::size_t n) {
  std::uint8_t b[16];
  for (std::uint64_t j = 6; j-- > 0;) {
    for (std::size_t i = n; i >= 1; --i) {
      std::memcpy(b, buf, 8);
      xor_counter(b, n * j + i);
      std::memcpy(b + 8, buf + 8 * i, 8);
      c.decrypt_blocks(b, b, 1);
      std::memcpy(buf, b, 8);
      std::memcpy(buf + 8 * i, b + 8, 8);
    }
  }
  secure_wipe(b, sizeof b);
}

}  // namespace

Bytes aes_kw_wrap(const BlockCipher& kek, std::span<const std::uint8_t> key_data) {
  need_128(kek, "KW");
  if (key_data.size() < 16 || key_data.size() % 8 != 0) {
    throw_invalid("KW: key data of " + std::to_string(key_data.size()) + " octets (a multiple of 8, at least 16)");
  }
  SecureBytes buf(8 + key_data.size());
  std::memcpy(buf.data(), kIcv1, 8);
  std::memcpy(buf.data() + 8, key_data.data(), key_data.size());
  wrap(kek, buf.data(), key_data.size() / 8);
  return Bytes(buf.begin(), buf.end());
}

std::optional<SecureBytes> aes_kw_unwrap(const BlockCipher& kek, std::span<const std::uint8_t> wrapped) {
  need_128(kek, "KW");
  if (wrapped.size() < 24 || wrapped.size() % 8 != 0) return std::nullopt;
  SecureBytes buf(wrapped.begin(), wrapped.end());
  unwrap(kek, buf.data(), wrapped.size() / 8 - 1);
  bool ok = ct::bytes_equal(buf.data(), kIcv1, 8);
  ct::unpoison(&ok, sizeof ok);  // the verdict is public
  if (!ok) return std::nullopt;  // buf wipes itself
  return SecureBytes(buf.begin() + 8, buf.end());
}

Bytes aes_kwp_wrap(const BlockCipher& kek, std::span<const std::uint8_t> key_data) {
  need_128(kek, "KWP");
  if (key_data.empty() || key_data.size() > 0xffffffffu) {
    throw_invalid("KWP: key data of " + std::to_string(key_data.size()) + " octets (1 to 2^32 - 1)");
  }
  const std::size_t padded = (key_data.size() + 7) / 8 * 8;
  SecureBytes buf(8 + padded, 0);
  std::memcpy(buf.data(), kIcv2, 4);
  for (int i = 0; i < 4; ++i) buf[4 + i] = static_cast<std::uint8_t>(key_data.size() >> (24 - 8 * i));
  std::memcpy(buf.data() + 8, key_data.data(), key_data.size());
  if (padded == 8) {
    kek.encrypt_blocks(buf.data(), buf.data(), 1);  // one block: C = E(AIV || P)
  } else {
    wrap(kek, buf.data(), padded / 8);
  }
  return Bytes(buf.begin(), buf.end());
}

std::optional<SecureBytes> aes_kwp_unwrap(const BlockCipher& kek, std::span<const std::uint8_t> wrapped) {
  need_128(kek, "KWP");
  if (wrapped.size() < 16 || wrapped.size() % 8 != 0) return std::nullopt;
  const std::size_t n = wrapped.size() / 8 - 1;  // semiblocks of padded key data
  SecureBytes buf(wrapped.begin(), wrapped.end());
  if (n == 1) {
    kek.decrypt_blocks(buf.data(), buf.data(), 1);
  } else {
    unwrap(kek, buf.data(), n);
  }
  // Every check as a mask: the ICV's first half, 8(n-1) < length <= 8n, zero padding.
  std::uint64_t len = static_cast<std::uint64_t>(buf[4]) << 24 | static_cast<std::uint64_t>(buf[5]) << 16 |
                            static_cast<std::uint64_t>(buf[6]) << 8 | buf[7];
  ct::Mask bad = 0;
  for (int i = 0; i < 4; ++i) bad |= ~ct::eq(buf[i], kIcv2[i]);
  bad |= ct::lt(len, 8 * n - 7) | ~ct::lt(len, 8 * n + 1);
  for (std::size_t i = 8 * n - 7; i <= 8 * n; ++i) {  // the last semiblock's octets past the length
    bad |= ~ct::lt(i - 1, len) & ~ct::is_zero(buf[8 + i - 1]);
  }
  ct::unpoison(&bad, sizeof bad);  // the verdict is public, and with it the length it releases
  if (ct::value_barrier(bad) != 0) return std::nullopt;
  ct::unpoison(&len, sizeof len);
  return SecureBytes(buf.begin() + 8, buf.begin() + 8 + static_cast<long>(len));
}

}  // namespace dstu::cipher
