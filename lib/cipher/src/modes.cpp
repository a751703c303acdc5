// The generic modes of SP 800-38A over BlockCipher (modes.hpp), and PKCS#7 padding.
#include "dstu/cipher/modes.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <string>

#include "dstu/base/ct.hpp"
#include "dstu/base/error.hpp"

namespace dstu::cipher {
namespace {

/// The longest block of any cipher here (Kalyna-512).
constexpr std::size_t kMaxBlock = 64;

/// A run of kRunBlocks blocks of keystream or ciphertext, wiped when it goes.
struct RunBuffer {
  std::array<std::uint8_t, kRunBlocks * kMaxBlock> bytes{};
  ~RunBuffer() { secure_wipe(bytes.data(), bytes.size()); }
  std::uint8_t* data() { return bytes.data(); }
};

/// One block of state (an IV, a feedback register), wiped when it goes.
struct BlockBuffer {
  std::array<std::uint8_t, kMaxBlock> bytes{};
  ~BlockBuffer() { secure_wipe(bytes.data(), bytes.size()); }
  std::uint8_t* data() { return bytes.data(); }
};

[[noreturn]] void bad(const BlockCipher& c, const char* mode, const std::string& what) {
  throw_invalid(std::string(c.name()) + " " + mode + ": " + what);
}

void check_lengths(const BlockCipher& c, const char* mode, std::span<std::uint8_t> out,
                   std::span<const std::uint8_t> in, bool whole_blocks) {
  if (out.size() != in.size()) bad(c, mode, "output length differs from input length");
  if (whole_blocks && in.size() % c.block_size() != 0) {
    bad(c, mode, "input of " + std::to_string(in.size()) + " octets is not a whole number of " +
                     std::to_string(c.block_size()) + "-octet blocks");
  }
}

void check_iv(const BlockCipher& c, const char* mode, std::span<const std::uint8_t> iv) {
  if (iv.size() != c.block_size()) {
    bad(c, mode, "IV of " + std::to_string(iv.size()) + " octets (" + std::to_string(c.block_size()) + " expected)");
  }
}

void xor_into(std::uint8_t* out, const std::uint8_t* a, const std::uint8_t* b, std::size_t n) {
  // Word by word (out may be a, so each word is read whole before it is written).
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    std::uint64_t x, y;
    std::memcpy(&x, a + i, 8);
    std::memcpy(&y, b + i, 8);
    x ^= y;
    std::memcpy(out + i, &x, 8);
  }
  for (; i < n; ++i) out[i] = static_cast<std::uint8_t>(a[i] ^ b[i]);
}

void step_counter(std::uint8_t* block, std::size_t n, Counter step) {
  // The counter is public: the carry stops at the first octet that does not wrap.
  if (step == Counter::little_endian) {
    for (std::size_t i = 0; i < n && ++block[i] == 0; ++i) {
    }
    return;
  }
  const std::size_t low = step == Counter::big_endian_32 ? n - std::min<std::size_t>(n, 4) : 0;
  for (std::size_t i = n; i-- > low && ++block[i] == 0;) {
  }
}

}  // namespace

void ecb_encrypt(const BlockCipher& c, std::span<std::uint8_t> out, std::span<const std::uint8_t> in) {
  check_lengths(c, "ECB", out, in, true);
  c.encrypt_blocks(out.data(), in.data(), in.size() / c.block_size());
}

void ecb_decrypt(const BlockCipher& c, std::span<std::uint8_t> out, std::span<const std::uint8_t> in) {
  check_lengths(c, "ECB", out, in, true);
  c.decrypt_blocks(out.data(), in.data(), in.size() / c.block_size());
}

void cbc_encrypt(const BlockCipher& c, std::span<const std::uint8_t> iv, std::span<std::uint8_t> out,
                 std::span<const std::uint8_t> in) {
  check_lengths(c, "CBC", out, in, true);
  check_iv(c, "CBC", iv);
  const std::size_t b = c.block_size();
  BlockBuffer x;
  std::memcpy(x.data(), iv.data(), b);
  for (std::size_t at = 0; at < in.size(); at += b) {
    xor_into(x.data(), x.data(), in.data() + at, b);
    c.encrypt_blocks(out.data() + at, x.data(), 1);
    std::memcpy(x.data(), out.data() + at, b);
  }
}

void cbc_decrypt(const BlockCipher& c, std::span<const std::uint8_t> iv, std::span<std::uint8_t> out,
                 std::span<const std::uint8_t> in) {
  check_lengths(c, "CBC", out, in, true);
  check_iv(c, "CBC", iv);
  const std::size_t b = c.block_size();
  BlockBuffer prev;
  std::memcpy(prev.data(), iv.data(), b);
  RunBuffer cipher_run;  // the run's ciphertext: out may be in, and decryption overwrites it
  for (std::size_t at = 0; at < in.size();) {
    const std::size_t blocks = std::min(kRunBlocks, (in.size() - at) / b);
    const std::size_t len = blocks * b;
    std::memcpy(cipher_run.data(), in.data() + at, len);
    c.decrypt_blocks(out.data() + at, cipher_run.data(), blocks);
    xor_into(out.data() + at, out.data() + at, prev.data(), b);
    xor_into(out.data() + at + b, out.data() + at + b, cipher_run.data(), len - b);
    std::memcpy(prev.data(), cipher_run.data() + len - b, b);
    at += len;
  }
}

void cfb_encrypt(const BlockCipher& c, std::span<const std::uint8_t> iv, std::span<std::uint8_t> out,
                 std::span<const std::uint8_t> in, std::size_t segment) {
  check_lengths(c, "CFB", out, in, false);
  check_iv(c, "CFB", iv);
  const std::size_t b = c.block_size();
  if (segment == 0) segment = b;
  if (segment > b) bad(c, "CFB", "segment of " + std::to_string(segment) + " octets is longer than the block");
  BlockBuffer reg, ks;
  std::memcpy(reg.data(), iv.data(), b);
  for (std::size_t at = 0; at < in.size(); at += segment) {
    const std::size_t n = std::min(segment, in.size() - at);
    c.encrypt_blocks(ks.data(), reg.data(), 1);
    xor_into(out.data() + at, in.data() + at, ks.data(), n);
    // The register shifts left by one segment and takes in the ciphertext segment.
    std::memmove(reg.data(), reg.data() + segment, b - segment);
    std::memcpy(reg.data() + b - segment, out.data() + at, n);
  }
}

void cfb_decrypt(const BlockCipher& c, std::span<const std::uint8_t> iv, std::span<std::uint8_t> out,
                 std::span<const std::uint8_t> in, std::size_t segment) {
  check_lengths(c, "CFB", out, in, false);
  check_iv(c, "CFB", iv);
  const std::size_t b = c.block_size();
  if (segment == 0) segment = b;
  if (segment > b) bad(c, "CFB", "segment of " + std::to_string(segment) + " octets is longer than the block");
  BlockBuffer reg;
  std::memcpy(reg.data(), iv.data(), b);
  RunBuffer ks, feed;
  if (segment == b) {
    // Whole-block CFB decrypts in runs: keystream block i is E(C_{i-1}), all known.
    for (std::size_t at = 0; at < in.size();) {
      const std::size_t blocks = std::min(kRunBlocks, (in.size() - at + b - 1) / b);
      const std::size_t len = std::min(blocks * b, in.size() - at);
      std::memcpy(feed.data(), reg.data(), b);
      std::memcpy(feed.data() + b, in.data() + at, (blocks - 1) * b);
      if (len == blocks * b) std::memcpy(reg.data(), in.data() + at + len - b, b);
      c.encrypt_blocks(ks.data(), feed.data(), blocks);
      xor_into(out.data() + at, in.data() + at, ks.data(), len);
      at += len;
    }
    return;
  }
  BlockBuffer k1, seg;
  for (std::size_t at = 0; at < in.size(); at += segment) {
    const std::size_t n = std::min(segment, in.size() - at);
    c.encrypt_blocks(k1.data(), reg.data(), 1);
    std::memcpy(seg.data(), in.data() + at, n);  // in may be out
    xor_into(out.data() + at, in.data() + at, k1.data(), n);
    std::memmove(reg.data(), reg.data() + segment, b - segment);
    std::memcpy(reg.data() + b - segment, seg.data(), n);
  }
}

void ofb_crypt(const BlockCipher& c, std::span<const std::uint8_t> iv, std::span<std::uint8_t> out,
               std::span<const std::uint8_t> in) {
  check_lengths(c, "OFB", out, in, false);
  check_iv(c, "OFB", iv);
  const std::size_t b = c.block_size();
  BlockBuffer reg;
  std::memcpy(reg.data(), iv.data(), b);
  for (std::size_t at = 0; at < in.size(); at += b) {
    c.encrypt_blocks(reg.data(), reg.data(), 1);
    xor_into(out.data() + at, in.data() + at, reg.data(), std::min(b, in.size() - at));
  }
}

void ctr_crypt(const BlockCipher& c, std::span<const std::uint8_t> counter, std::span<std::uint8_t> out,
               std::span<const std::uint8_t> in, Counter step) {
  check_lengths(c, "CTR", out, in, false);
  if (counter.size() != c.block_size()) {
    bad(c, "CTR", "counter block of " + std::to_string(counter.size()) + " octets (" +
                      std::to_string(c.block_size()) + " expected)");
  }
  const std::size_t b = c.block_size();
  BlockBuffer ctr;
  std::memcpy(ctr.data(), counter.data(), b);
  RunBuffer ks;
  for (std::size_t at = 0; at < in.size();) {
    const std::size_t blocks = std::min(kRunBlocks, (in.size() - at + b - 1) / b);
    for (std::size_t i = 0; i < blocks; ++i) {
      std::memcpy(ks.data() + i * b, ctr.data(), b);
      step_counter(ctr.data(), b, step);
    }
    c.encrypt_blocks(ks.data(), ks.data(), blocks);
    const std::size_t len = std::min(blocks * b, in.size() - at);
    xor_into(out.data() + at, in.data() + at, ks.data(), len);
    at += len;
  }
}

SecureBytes pkcs7_pad(std::span<const std::uint8_t> in, std::size_t block) {
  if (block == 0 || block > 255) throw_invalid("PKCS#7 padding: block of " + std::to_string(block) + " octets");
  const std::size_t pad = block - in.size() % block;
  SecureBytes out(in.begin(), in.end());
  out.insert(out.end(), pad, static_cast<std::uint8_t>(pad));
  return out;
}

std::ptrdiff_t pkcs7_unpadded_length(std::span<const std::uint8_t> in, std::size_t block) {
  if (block == 0 || block > 255 || in.empty() || in.size() % block != 0) return -1;
  // Every one of the last `block` octets is read; those inside the pad must equal it.
  const std::uint64_t pad = in.back();
  ct::Mask bad_mask = ct::is_zero(pad) | ~ct::lt(pad, block + 1);
  for (std::size_t i = 1; i <= block; ++i) {
    const ct::Mask inside = ~ct::lt(pad, i);  // i <= pad
    bad_mask |= inside & ~ct::eq(in[in.size() - i], pad);
  }
  const std::uint64_t length = in.size() - (pad & ~bad_mask);
  return ct::value_barrier(bad_mask) != 0 ? -1 : static_cast<std::ptrdiff_t>(length);
}

}  // namespace dstu::cipher
