// DSTU 7624:2014's CCM ("imitovstavka and gamma", §13).
//
// Tag: a CBC-MAC (B <- E(B ^ X), B = 0) over G1 = the nonce's first l - N_b - 1 octets ||
// the plaintext length in N_b little-endian octets || a flag octet (bit 7: there is AAD;
// bits 4-6: the tag length code, 2 .. 6 for 8, 16, 32, 48, 64 octets; bits 0-2: N_b - 1),
// then, when there is AAD, G2 = the AAD length in N_b octets and the zeros that make
// G1 || G2 || AAD whole blocks, and the AAD, then the plaintext padded by annex B.2 when
// its last block is partial. The output is DSTU 7624 CTR (kalyna_ctr_crypt) from the
// nonce over plaintext || tag: the ciphertext, then the encrypted tag.
//
// The annex examples (all with AAD and a plaintext) agree with UAPKI and, but for the one
// with a partial plaintext block (B.9.2), with BouncyCastle's KCCMBlockCipher. The text's
// cases the examples leave open are read as the uacrypt project reads them: the flag bit
// marks AAD (UAPKI sets it for a non-empty plaintext and always appends G2), G2 holds the
// whole N_b-octet length even when it spills into another block.
#include <algorithm>
#include <cstring>

#include "dstu/base/ct.hpp"
#include "dstu/base/ctgrind.hpp"
#include "dstu/cipher/kalyna.hpp"
#include "kalyna_modes.hpp"

namespace dstu::cipher {
namespace {

using kalyna_modes::Block;

/// CBC-MAC state fed octet by octet into whole blocks.
class CbcMac {
 public:
  explicit CbcMac(const Kalyna& c) : c_(c), b_(c.block_size()) {}

  void feed(const std::uint8_t* p, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) {
      state_.bytes[fill_++] ^= p[i];
      if (fill_ == b_) flush();
    }
  }
  void zeros(std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) {
      if (++fill_ == b_) flush();
    }
  }
  /// Pads a partial block by annex B.2 and returns the state.
  const Block& finish() {
    if (fill_ != 0) {
      state_.bytes[fill_] ^= 0x80;
      flush();
    }
    return state_;
  }

 private:
  void flush() {
    c_.encrypt_blocks(state_.data(), state_.data(), 1);
    fill_ = 0;
  }
  const Kalyna& c_;
  std::size_t b_, fill_ = 0;
  Block state_;
};

void put_le(std::uint8_t* p, std::uint64_t v, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) p[i] = static_cast<std::uint8_t>(i < 8 ? v >> (8 * i) : 0);
}

int tag_code(std::size_t q) {
  switch (q) {
    case 8: return 2;
    case 16: return 3;
    case 32: return 4;
    case 48: return 5;
    case 64: return 6;
  }
  return 0;
}

void check_ccm(const Kalyna& c, std::span<const std::uint8_t> nonce, std::size_t aad, std::size_t in, std::size_t out,
               std::size_t q, std::size_t nb) {
  const std::size_t b = c.block_size();
  kalyna_modes::check_length(c, "CCM", "nonce", nonce.size(), b);
  kalyna_modes::check_length(c, "CCM", "output", out, in);
  if (tag_code(q) == 0 || q > b) {
    kalyna_modes::bad(c, "CCM", "a tag of " + std::to_string(q) + " octets (8, 16, 32, 48 or 64, at most the block)");
  }
  if (nb == 0 || nb > 8 || nb + 2 > b) {
    kalyna_modes::bad(c, "CCM", "length fields of " + std::to_string(nb) + " octets (1 to 8, below the block less one)");
  }
  const std::uint64_t limit = nb == 8 ? ~std::uint64_t{0} : (std::uint64_t{1} << (8 * nb)) - 1;
  if (in == 0) kalyna_modes::bad(c, "CCM", "an empty plaintext (DSTU 7624:2014 §13.1)");
  if (in > limit || aad > limit) {
    kalyna_modes::bad(c, "CCM", "a length over the " + std::to_string(nb) + "-octet length field");
  }
}

/// The whole MAC block of (nonce, aad, plaintext).
void ccm_mac(const Kalyna& c, std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> aad,
             std::span<const std::uint8_t> plaintext, std::size_t q, std::size_t nb, Block& out) {
  const std::size_t b = c.block_size();
  CbcMac mac(c);
  std::uint8_t g[64] = {};
  std::memcpy(g, nonce.data(), b - nb - 1);
  put_le(g + b - nb - 1, plaintext.size(), nb);
  g[b - 1] = static_cast<std::uint8_t>((aad.empty() ? 0 : 0x80) | tag_code(q) << 4 | (nb - 1));
  mac.feed(g, b);
  if (!aad.empty()) {
    put_le(g, aad.size(), nb);
    mac.feed(g, nb);
    mac.zeros((2 * b - aad.size() % b - nb) % b);  // G1 || G2 || AAD whole blocks
    mac.feed(aad.data(), aad.size());
  }
  mac.feed(plaintext.data(), plaintext.size());
  out = mac.finish();
  secure_wipe(g, sizeof g);
}

}  // namespace

void kalyna_ccm_encrypt(const Kalyna& c, std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> aad,
                        std::span<const std::uint8_t> plaintext, std::span<std::uint8_t> ciphertext,
                        std::span<std::uint8_t> tag, std::size_t length_octets) {
  check_ccm(c, nonce, aad.size(), plaintext.size(), ciphertext.size(), tag.size(), length_octets);
  Block mac;
  ccm_mac(c, nonce, aad, plaintext, tag.size(), length_octets, mac);
  SecureBytes buf(plaintext.begin(), plaintext.end());
  buf.insert(buf.end(), mac.data(), mac.data() + tag.size());
  kalyna_ctr_crypt(c, nonce, buf, buf);
  std::memcpy(ciphertext.data(), buf.data(), plaintext.size());
  std::memcpy(tag.data(), buf.data() + plaintext.size(), tag.size());
}

bool kalyna_ccm_decrypt(const Kalyna& c, std::span<const std::uint8_t> nonce, std::span<const std::uint8_t> aad,
                        std::span<const std::uint8_t> ciphertext, std::span<const std::uint8_t> tag,
                        std::span<std::uint8_t> plaintext, std::size_t length_octets) {
  check_ccm(c, nonce, aad.size(), ciphertext.size(), plaintext.size(), tag.size(), length_octets);
  SecureBytes buf(ciphertext.begin(), ciphertext.end());
  buf.insert(buf.end(), tag.begin(), tag.end());
  kalyna_ctr_crypt(c, nonce, buf, buf);
  const std::span<const std::uint8_t> recovered(buf.data(), ciphertext.size());
  Block mac;
  ccm_mac(c, nonce, aad, recovered, tag.size(), length_octets, mac);
  const bool ok = ct::bytes_equal(mac.data(), buf.data() + ciphertext.size(), tag.size());
  ct::unpoison(&ok, sizeof ok);  // the verdict is public
  // Nothing is released before the check: the plaintext is copied out only when it holds.
  if (!ok) {
    secure_wipe(plaintext.data(), plaintext.size());
    return false;
  }
  std::memcpy(plaintext.data(), buf.data(), ciphertext.size());
  return true;
}

}  // namespace dstu::cipher
