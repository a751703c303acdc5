// dstu::hash — Kupyna-KMAC, the message authentication code of DSTU 7564:2014: for a key K
// of the MAC's length (256, 384 or 512 bits), MAC(M) = Kupyna(pad(K) || pad(M) || ~K),
// pad(X) being Kupyna's own padding of X (a 1 bit, zeros, the 96-bit length of X) to whole
// blocks and ~K the complement of the key.
//
// Depends on base, cpu and cipher. Secret: the key and every chaining value after it, so
// the whole computation runs on the constant-time Kupyna (KupynaImpl::constant_time) on
// every CPU path; the key copies are wiped when the object goes. The MAC is compared in
// constant time by verify().
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "dstu/base/bytes.hpp"
#include "dstu/base/wipe.hpp"
#include "dstu/hash/kupyna.hpp"

namespace dstu::hash {

/// Streaming Kupyna-KMAC: construct with the key, update any number of times, final.
/// final() starts a new message under the same key.
class KupynaKmac {
 public:
  /// mac_bits: 256, 384 or 512; key: mac_bits / 8 octets (as DSTU 7564:2014 and UAPKI
  /// take it). Throws Error(invalid_input) otherwise.
  KupynaKmac(std::size_t mac_bits, std::span<const std::uint8_t> key);
  KupynaKmac(const KupynaKmac&) = default;
  KupynaKmac& operator=(const KupynaKmac&) = default;
  ~KupynaKmac();

  std::size_t mac_size() const { return mac_bits_ / 8; }

  /// Absorbs message octets.
  void update(std::span<const std::uint8_t> data);
  /// Writes the MAC (exactly mac_size() octets) and starts a new message.
  void final(std::span<std::uint8_t> out);
  Bytes final();
  /// True when `mac` (mac_size() octets) is the MAC of the message absorbed so far,
  /// compared in constant time; starts a new message.
  bool verify(std::span<const std::uint8_t> mac);

  /// One-shot MAC.
  static Bytes mac(std::size_t mac_bits, std::span<const std::uint8_t> key, std::span<const std::uint8_t> msg);

 private:
  void start();

  std::size_t mac_bits_;
  SecureBytes key_;
  Kupyna h_;
  std::uint64_t msg_octets_ = 0;
};

}  // namespace dstu::hash
