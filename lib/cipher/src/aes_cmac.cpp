// CMAC (aes_cmac.hpp), NIST SP 800-38B §6.
#include "dstu/cipher/aes_cmac.hpp"

#include <array>
#include <cstring>
#include <string>

#include "dstu/base/ct.hpp"
#include "dstu/base/ctgrind.hpp"
#include "dstu/base/error.hpp"
#include "dstu/base/wipe.hpp"

namespace dstu::cipher {
namespace {

/// x * 2 in GF(2^b): a left shift by one bit, the reduction R_b (0x87 for b = 128, 0x1b
/// for b = 64, §5.3) added without a branch on the shifted-out bit.
void dbl(std::uint8_t* out, const std::uint8_t* x, std::size_t b) {
  const std::uint8_t r = b == 16 ? 0x87 : 0x1b;
  const std::uint8_t carry = static_cast<std::uint8_t>(0 - (x[0] >> 7));
  for (std::size_t i = 0; i + 1 < b; ++i) out[i] = static_cast<std::uint8_t>((x[i] << 1) | (x[i + 1] >> 7));
  out[b - 1] = static_cast<std::uint8_t>((x[b - 1] << 1) ^ (carry & r));
}

}  // namespace

Bytes cmac(const BlockCipher& c, std::span<const std::uint8_t> msg, std::size_t tag_len) {
  const std::size_t b = c.block_size();
  if (b != 8 && b != 16) throw_invalid("CMAC: " + std::string(c.name()) + " has a block of " + std::to_string(b) + " octets");
  if (tag_len == 0) tag_len = b;
  if (tag_len > b) throw_invalid("CMAC: a tag of " + std::to_string(tag_len) + " octets from a " + std::to_string(b) + "-octet block");
  std::array<std::uint8_t, 16> k{}, x{}, last{};
  c.encrypt_blocks(k.data(), k.data(), 1);  // L = E(0^b)
  dbl(k.data(), k.data(), b);               // K1
  const std::size_t n = msg.empty() ? 1 : (msg.size() + b - 1) / b;
  const std::size_t tail = msg.size() - (n - 1) * b;  // 0 .. b octets in the last block
  if (tail != b) dbl(k.data(), k.data(), b);          // K2 for an incomplete last block
  if (tail != 0) std::memcpy(last.data(), msg.data() + (n - 1) * b, tail);  // msg may be empty (null)
  if (tail != b) last[tail] = 0x80;
  for (std::size_t i = 0; i < b; ++i) last[i] ^= k[i];
  for (std::size_t i = 0; i + 1 < n; ++i) {
    for (std::size_t j = 0; j < b; ++j) x[j] ^= msg[i * b + j];
    c.encrypt_blocks(x.data(), x.data(), 1);
  }
  for (std::size_t j = 0; j < b; ++j) x[j] ^= last[j];
  c.encrypt_blocks(x.data(), x.data(), 1);
  Bytes tag(x.begin(), x.begin() + static_cast<long>(tag_len));
  secure_wipe(k.data(), k.size());
  secure_wipe(x.data(), x.size());
  secure_wipe(last.data(), last.size());
  return tag;
}

bool cmac_verify(const BlockCipher& c, std::span<const std::uint8_t> msg, std::span<const std::uint8_t> tag) {
  if (tag.empty() || tag.size() > c.block_size()) return false;
  const Bytes expected = cmac(c, msg, tag.size());
  bool ok = ct::bytes_equal(expected.data(), tag.data(), tag.size());
  ct::unpoison(&ok, sizeof ok);  // the verdict is public
  return ok;
}

}  // namespace dstu::cipher
