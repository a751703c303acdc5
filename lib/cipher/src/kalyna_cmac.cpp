// DSTU 7624:2014's MAC ("imitovstavka", §9, the standard's CMAC): CBC over every block
// but the last; the last block, padded by annex B.2 when it is partial, is XORed with the
// encryption of the zero block (whole last block) or of 01 00 .. 00 (padded) and encrypted
// once more; the tag is the head of the result. This is how UAPKI computes it and how the
// standard's example with a partial block (94 octets under Kalyna-128/256) comes out;
// BouncyCastle's DSTU7624Mac computes the same on whole blocks and refuses the rest.
#include <cstring>

#include "dstu/base/ct.hpp"
#include "dstu/base/ctgrind.hpp"
#include "dstu/cipher/kalyna.hpp"
#include "kalyna_modes.hpp"

namespace dstu::cipher {
namespace {

using kalyna_modes::Block;

/// The whole last-stage block of msg's MAC.
void mac_block(const Kalyna& c, std::span<const std::uint8_t> msg, Block& out) {
  if (msg.empty()) kalyna_modes::bad(c, "MAC", "an empty message (the MAC of DSTU 7624:2014 takes one octet or more)");
  const std::size_t b = c.block_size(), chained = (msg.size() - 1) / b, tail = msg.size() - chained * b;
  Block last, key;
  for (std::size_t i = 0; i < chained; ++i) {
    kalyna_modes::xor_bytes(out.data(), out.data(), msg.data() + i * b, b);
    c.encrypt_blocks(out.data(), out.data(), 1);
  }
  std::memcpy(last.data(), msg.data() + chained * b, tail);
  if (tail < b) {
    last.bytes[tail] = 0x80;  // annex B.2
    key.bytes[0] = 1;
  }
  c.encrypt_blocks(key.data(), key.data(), 1);
  kalyna_modes::xor_bytes(out.data(), out.data(), last.data(), b);
  kalyna_modes::xor_bytes(out.data(), out.data(), key.data(), b);
  c.encrypt_blocks(out.data(), out.data(), 1);
}

void check_tag(const Kalyna& c, std::size_t q) {
  if (q == 0 || q > c.block_size()) {
    kalyna_modes::bad(c, "MAC", "a tag of " + std::to_string(q) + " octets (1 to " + std::to_string(c.block_size()) + ")");
  }
}

}  // namespace

void kalyna_cmac(const Kalyna& c, std::span<const std::uint8_t> msg, std::span<std::uint8_t> tag) {
  check_tag(c, tag.size());
  Block full;
  mac_block(c, msg, full);
  std::memcpy(tag.data(), full.data(), tag.size());
}

bool kalyna_cmac_verify(const Kalyna& c, std::span<const std::uint8_t> msg, std::span<const std::uint8_t> tag) {
  check_tag(c, tag.size());
  Block full;
  mac_block(c, msg, full);
  const bool ok = ct::bytes_equal(full.data(), tag.data(), tag.size());
  ct::unpoison(&ok, sizeof ok);  // the verdict is public
  return ok;
}

}  // namespace dstu::cipher
