// The Keccak sponge (FIPS 202 §4, §5.1 pad10*1, §6) and SHA-3/SHAKE over it.
#include "dstu/hash/sha3.hpp"

#include <algorithm>
#include <string>

#include "dstu/base/error.hpp"
#include "dstu/base/wipe.hpp"
#include "keccak.hpp"

namespace dstu::hash {
namespace detail {

namespace {

/// Octet i of the state (lanes little-endian, §3.1.2).
inline std::uint8_t state_octet(const std::uint64_t s[25], std::size_t i) {
  return static_cast<std::uint8_t>(s[i / 8] >> (8 * (i % 8)));
}

inline void xor_octet(std::uint64_t s[25], std::size_t i, std::uint8_t v) {
  s[i / 8] ^= static_cast<std::uint64_t>(v) << (8 * (i % 8));
}

}  // namespace

KeccakSponge::KeccakSponge(std::size_t rate, std::uint8_t domain_and_pad) : rate_(rate), domain_(domain_and_pad) {
  reset();
}

KeccakSponge::~KeccakSponge() { secure_wipe(s_, sizeof s_); }

void KeccakSponge::reset() {
  std::fill(s_, s_ + 25, 0);
  pos_ = 0;
  squeezing_ = false;
}

void KeccakSponge::absorb(std::span<const std::uint8_t> data) {
  if (squeezing_) throw_invalid("SHA-3/SHAKE: no input after output (reset first)");
  const std::uint8_t* p = data.data();
  std::size_t n = data.size();
  // Octet by octet up to a lane boundary, whole blocks from the input, the rest octets.
  while (n > 0 && pos_ > 0) {
    xor_octet(s_, pos_++, *p++);
    --n;
    if (pos_ == rate_) {
      keccak_f1600(s_);
      pos_ = 0;
    }
  }
  if (n >= rate_) {
    keccak_absorb(s_, p, n / rate_, rate_ / 8);
    p += n / rate_ * rate_;
    n %= rate_;
  }
  for (; n > 0; --n) xor_octet(s_, pos_++, *p++);
}

void KeccakSponge::pad() {
  // pad10*1 after the domain bits (§5.1, §B.2): the first octet holds them with the
  // first 1, the last octet of the block gets the final 1 (the same octet if pos_ is last).
  xor_octet(s_, pos_, domain_);
  xor_octet(s_, rate_ - 1, 0x80);
  keccak_f1600(s_);
  pos_ = 0;
  squeezing_ = true;
}

void KeccakSponge::squeeze(std::span<std::uint8_t> out) {
  if (!squeezing_) pad();
  for (std::uint8_t& o : out) {
    if (pos_ == rate_) {
      keccak_f1600(s_);
      pos_ = 0;
    }
    o = state_octet(s_, pos_++);
  }
}

}  // namespace detail

namespace {

std::size_t sha3_rate(std::size_t bits) {
  if (bits != 224 && bits != 256 && bits != 384 && bits != 512) {
    throw_invalid("SHA-3: digest of 224, 256, 384 or 512 bits, not " + std::to_string(bits));
  }
  return 200 - 2 * bits / 8;  // c = 2d (§6.1)
}

std::size_t shake_rate(std::size_t bits) {
  if (bits != 128 && bits != 256) throw_invalid("SHAKE: 128 or 256, not " + std::to_string(bits));
  return 200 - 2 * bits / 8;  // c = 2 * security (§6.2)
}

}  // namespace

Sha3::Sha3(std::size_t digest_bits) : bits_(digest_bits), sponge_(sha3_rate(digest_bits), 0x06) {}

void Sha3::final(std::span<std::uint8_t> out) {
  if (out.size() != digest_size()) throw_invalid("SHA-3: digest buffer of the wrong size");
  sponge_.squeeze(out);
  sponge_.reset();
}

Bytes Sha3::final() {
  Bytes out(digest_size());
  final(out);
  return out;
}

Bytes Sha3::hash(std::size_t digest_bits, std::span<const std::uint8_t> data) {
  Sha3 h(digest_bits);
  h.update(data);
  return h.final();
}

Shake::Shake(std::size_t security_bits) : bits_(security_bits), sponge_(shake_rate(security_bits), 0x1f) {}

Bytes Shake::hash(std::size_t security_bits, std::span<const std::uint8_t> data, std::size_t out_len) {
  Shake x(security_bits);
  x.update(data);
  Bytes out(out_len);
  x.squeeze(out);
  return out;
}

}  // namespace dstu::hash
