// DSTU 7564:2014 Kupyna: IV, buffering, bit-length padding and the digest cut.
#include "dstu/hash/kupyna.hpp"

#include <cstring>

#include "dstu/base/error.hpp"
#include "dstu/base/wipe.hpp"
#include "kalyna_spn.hpp"
#include "kupyna_compress.hpp"

namespace dstu::hash {

Kupyna::Kupyna(std::size_t digest_bits, KupynaImpl impl) : digest_bits_(digest_bits), impl_(impl) {
  if (digest_bits < 8 || digest_bits > 512 || digest_bits % 8 != 0) {
    throw_invalid("Kupyna: the digest length must be 8..512 bits in steps of 8, got " +
                  std::to_string(digest_bits));
  }
  state_bytes_ = digest_bits <= 256 ? 64 : 128;
  reset();
}

Kupyna::~Kupyna() {
  secure_wipe(h_.data(), sizeof h_);
  secure_wipe(buf_.data(), buf_.size());
  secure_wipe(&tail_, sizeof tail_);
}

void Kupyna::reset() {
  h_.fill(0);
  h_[0] = state_bytes_;  // IV: octet 0 = state size in octets (0x40 or 0x80)
  buf_len_ = 0;
  total_bytes_ = 0;
  tail_bits_ = 0;
  tail_ = 0;
}

namespace {

using cipher::spn::Geometry;

/// The constant-time layer for this call: always for constant_time, and for public
/// messages where it is faster than the tables (see detail::vector_faster).
bool layer(KupynaImpl impl) { return impl == KupynaImpl::constant_time || detail::vector_faster(); }

}  // namespace

void Kupyna::absorb_blocks(const std::uint8_t* p, std::size_t nblocks) {
  const Geometry g = state_bytes_ == 64 ? Geometry::kupyna512 : Geometry::kupyna1024;
  if (layer(impl_)) return cipher::spn::kupyna_compress(g, h_.data(), p, nblocks);
  if (state_bytes_ == 64) {
    detail::kupyna512_compress(h_.data(), p, nblocks);
  } else {
    detail::kupyna1024_compress(h_.data(), p, nblocks);
  }
}

void Kupyna::update(std::span<const std::uint8_t> data) {
  if (tail_bits_ != 0) throw_invalid("Kupyna: no update after a partial-octet update_bits");
  const std::uint8_t* p = data.data();
  std::size_t n = data.size();
  total_bytes_ += n;
  if (buf_len_ > 0) {
    const std::size_t take = std::min(n, state_bytes_ - buf_len_);
    if (take > 0) std::memcpy(buf_.data() + buf_len_, p, take);
    buf_len_ += take;
    p += take;
    n -= take;
    if (buf_len_ < state_bytes_) return;
    absorb_blocks(buf_.data(), 1);
    buf_len_ = 0;
  }
  absorb_blocks(p, n / state_bytes_);
  p += n / state_bytes_ * state_bytes_;
  n %= state_bytes_;
  if (n > 0) std::memcpy(buf_.data(), p, n);
  buf_len_ = n;
}

void Kupyna::update_bits(std::span<const std::uint8_t> data, std::uint64_t bit_count) {
  if (data.size() != (bit_count + 7) / 8) {
    throw_invalid("Kupyna: update_bits needs exactly ceil(bit_count / 8) octets");
  }
  const std::size_t whole = static_cast<std::size_t>(bit_count / 8);
  update(data.first(whole));
  if (bit_count % 8 != 0) {
    tail_bits_ = static_cast<unsigned>(bit_count % 8);
    tail_ = static_cast<std::uint8_t>(data[whole] & (0xff00u >> tail_bits_));
  }
}

void Kupyna::final(std::span<std::uint8_t> out) {
  if (out.size() != digest_size()) {
    throw_invalid("Kupyna: the digest has " + std::to_string(digest_size()) + " octets, the output buffer " +
                  std::to_string(out.size()));
  }
  // The padding bit follows the last message bit (most significant first).
  buf_[buf_len_++] = static_cast<std::uint8_t>(tail_ | (0x80u >> tail_bits_));
  if (buf_len_ > state_bytes_ - 12) {
    std::memset(buf_.data() + buf_len_, 0, state_bytes_ - buf_len_);
    absorb_blocks(buf_.data(), 1);
    buf_len_ = 0;
  }
  std::memset(buf_.data() + buf_len_, 0, state_bytes_ - buf_len_);
  // Message length in bits as a 96-bit little-endian integer.
  const std::uint64_t lo = total_bytes_ << 3 | tail_bits_, hi = total_bytes_ >> 61;
  std::uint8_t* len = buf_.data() + state_bytes_ - 12;
  store_le64(len, lo);
  store_le32(len + 8, static_cast<std::uint32_t>(hi));
  absorb_blocks(buf_.data(), 1);
  if (layer(impl_)) {
    cipher::spn::kupyna_output(state_bytes_ == 64 ? Geometry::kupyna512 : Geometry::kupyna1024, h_.data());
  } else if (state_bytes_ == 64) {
    detail::kupyna512_output(h_.data());
  } else {
    detail::kupyna1024_output(h_.data());
  }
  std::uint8_t full[128];
  for (std::size_t j = 0; j < state_bytes_ / 8; ++j) store_le64(full + 8 * j, h_[j]);
  std::memcpy(out.data(), full + state_bytes_ - digest_size(), digest_size());
  secure_wipe(full, sizeof full);
  reset();
}

Bytes Kupyna::final() {
  Bytes out(digest_size());
  final(out);
  return out;
}

Bytes Kupyna::hash(std::size_t digest_bits, std::span<const std::uint8_t> data) {
  Kupyna k(digest_bits);
  k.update(data);
  return k.final();
}

Bytes Kupyna::hash_bits(std::size_t digest_bits, std::span<const std::uint8_t> data,
                        std::uint64_t bit_count) {
  Kupyna k(digest_bits);
  k.update_bits(data, bit_count);
  return k.final();
}

}  // namespace dstu::hash
