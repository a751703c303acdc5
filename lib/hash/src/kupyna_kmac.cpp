// Kupyna-KMAC (DSTU 7564:2014's MAC) on the constant-time Kupyna: pad(K), the message,
// its padding, ~K, and Kupyna's own final padding over all of it.
#include "dstu/hash/kupyna_kmac.hpp"

#include <array>
#include <cstring>
#include <string>

#include "dstu/base/ct.hpp"
#include "dstu/base/ctgrind.hpp"
#include "dstu/base/error.hpp"

namespace dstu::hash {
namespace {

/// Kupyna's padding of a string of `octets` octets that started on a block boundary:
/// 0x80, zeros up to 12 octets before a block boundary, the bit length as 96 bits
/// little-endian. Returns its length (13 to block + 12 octets).
std::size_t padding(std::uint8_t* out, std::uint64_t octets, std::size_t block) {
  std::size_t n = block - octets % block;
  if (n < 13) n += block;
  std::memset(out, 0, n);
  out[0] = 0x80;
  store_le64(out + n - 12, octets << 3);
  store_le32(out + n - 4, static_cast<std::uint32_t>(octets >> 61));
  return n;
}

}  // namespace

KupynaKmac::KupynaKmac(std::size_t mac_bits, std::span<const std::uint8_t> key)
    : mac_bits_(mac_bits), key_(key.begin(), key.end()), h_(mac_bits, KupynaImpl::constant_time) {
  if (mac_bits != 256 && mac_bits != 384 && mac_bits != 512) {
    throw_invalid("Kupyna-KMAC: a MAC of " + std::to_string(mac_bits) + " bits (256, 384 or 512)");
  }
  if (key.size() != mac_bits / 8) {
    throw_invalid("Kupyna-KMAC-" + std::to_string(mac_bits) + ": a key of " + std::to_string(key.size()) + " octets (" +
                  std::to_string(mac_bits / 8) + " expected)");
  }
  start();
}

KupynaKmac::~KupynaKmac() = default;  // key_ wipes itself, h_ wipes its state

void KupynaKmac::start() {
  h_.reset();
  std::array<std::uint8_t, 256> block{};
  std::memcpy(block.data(), key_.data(), key_.size());
  const std::size_t n = padding(block.data() + key_.size(), key_.size(), h_.block_size());
  h_.update(std::span<const std::uint8_t>(block.data(), key_.size() + n));
  secure_wipe(block.data(), block.size());
  msg_octets_ = 0;
}

void KupynaKmac::update(std::span<const std::uint8_t> data) {
  h_.update(data);
  msg_octets_ += data.size();
}

void KupynaKmac::final(std::span<std::uint8_t> out) {
  if (out.size() != mac_size()) {
    throw_invalid("Kupyna-KMAC: the MAC has " + std::to_string(mac_size()) + " octets, the output buffer " +
                  std::to_string(out.size()));
  }
  std::array<std::uint8_t, 256> tail{};
  const std::size_t n = padding(tail.data(), msg_octets_, h_.block_size());
  for (std::size_t i = 0; i < key_.size(); ++i) tail[n + i] = static_cast<std::uint8_t>(~key_[i]);
  h_.update(std::span<const std::uint8_t>(tail.data(), n + key_.size()));
  secure_wipe(tail.data(), tail.size());
  h_.final(out);
  start();
}

Bytes KupynaKmac::final() {
  Bytes out(mac_size());
  final(out);
  return out;
}

bool KupynaKmac::verify(std::span<const std::uint8_t> mac) {
  Bytes mine = final();
  const bool ok = mac.size() == mine.size() && ct::bytes_equal(mine.data(), mac.data(), mine.size());
  ct::unpoison(&ok, sizeof ok);  // the verdict is public
  secure_wipe(mine.data(), mine.size());
  return ok;
}

Bytes KupynaKmac::mac(std::size_t mac_bits, std::span<const std::uint8_t> key, std::span<const std::uint8_t> msg) {
  KupynaKmac m(mac_bits, key);
  m.update(msg);
  return m.final();
}

}  // namespace dstu::hash
