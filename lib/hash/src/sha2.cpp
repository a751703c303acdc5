// The FIPS 180-4 streaming front end (§5.1 padding), shared by the SHA-1 and SHA-2 cores.
#include "dstu/hash/sha1.hpp"
#include "dstu/hash/sha2.hpp"

#include <algorithm>
#include <cstring>

#include "dstu/base/error.hpp"
#include "dstu/base/wipe.hpp"

namespace dstu::hash {

template <class Core>
Fips180<Core>::Fips180(std::size_t digest_bits) : bits_(digest_bits) {
  reset();
}

template <class Core>
Fips180<Core>::~Fips180() {
  secure_wipe(h_, sizeof h_);  // HMAC over a key passes through here
  secure_wipe(buf_, sizeof buf_);
}

template <class Core>
void Fips180<Core>::reset() {
  Core::init(h_, bits_);
  buf_len_ = 0;
  total_ = 0;
}

template <class Core>
void Fips180<Core>::update(std::span<const std::uint8_t> data) {
  if (data.empty()) return;  // an empty span may hold a null pointer, which memcpy must not get
  const std::uint8_t* p = data.data();
  std::size_t n = data.size();
  total_ += n;
  if (buf_len_ > 0) {
    const std::size_t take = std::min(n, Core::kBlock - buf_len_);
    std::memcpy(buf_ + buf_len_, p, take);
    buf_len_ += take;
    p += take;
    n -= take;
    if (buf_len_ < Core::kBlock) return;
    Core::compress(h_, buf_, 1);
    buf_len_ = 0;
  }
  if (n >= Core::kBlock) {
    Core::compress(h_, p, n / Core::kBlock);
    p += n / Core::kBlock * Core::kBlock;
    n %= Core::kBlock;
  }
  if (n > 0) std::memcpy(buf_, p, n);
  buf_len_ = n;
}

template <class Core>
void Fips180<Core>::final(std::span<std::uint8_t> out) {
  if (out.size() != digest_size()) throw_invalid("SHA-1/SHA-2: digest buffer of the wrong size");
  // 0x80, zeros, then the length in bits as a big-endian integer of 8 (SHA-256) or 16
  // (SHA-512) octets at the end of the last block.
  constexpr std::size_t len_bytes = Core::kBlock / 8;
  const std::uint64_t bits = total_ * 8;
  buf_[buf_len_++] = 0x80;
  if (buf_len_ > Core::kBlock - len_bytes) {
    std::memset(buf_ + buf_len_, 0, Core::kBlock - buf_len_);
    Core::compress(h_, buf_, 1);
    buf_len_ = 0;
  }
  std::memset(buf_ + buf_len_, 0, Core::kBlock - buf_len_);
  store_be64(buf_ + Core::kBlock - 8, bits);
  if constexpr (len_bytes == 16) store_be64(buf_ + Core::kBlock - 16, total_ >> 61);
  Core::compress(h_, buf_, 1);
  constexpr std::size_t word = sizeof(typename Core::Word);
  for (std::size_t i = 0; i < out.size(); ++i) {
    out[i] = static_cast<std::uint8_t>(h_[i / word] >> (8 * (word - 1 - i % word)));
  }
  reset();
}

template <class Core>
Bytes Fips180<Core>::final() {
  Bytes out(digest_size());
  final(out);
  return out;
}

template <class Core>
Bytes Fips180<Core>::hash(std::size_t digest_bits, std::span<const std::uint8_t> data) {
  Fips180 h(digest_bits);
  h.update(data);
  return h.final();
}

template class Fips180<detail::Sha1Core>;
template class Fips180<detail::Sha256Core>;
template class Fips180<detail::Sha512Core>;

}  // namespace dstu::hash
