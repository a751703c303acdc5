// dstu::ecdsa — the nonce generator of RFC 6979 §3.2 (HMAC_DRBG over the key and the
// message), with the additional data of §3.6 for hedged signatures.
//
// Constant time in d and in the candidates; whether a candidate falls outside [1, n-1]
// is the only decision taken on them (probability below 2^-32 on the named prime curves,
// about 1/2 on binary curves such as B-233, whose n is just above 2^(qlen-1)).
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "dstu/base/wipe.hpp"
#include "dstu/ecdsa/group.hpp"
#include "dstu/hash/hmac_sha2.hpp"

namespace dstu::ecdsa {

class Rfc6979 {
 public:
  /// The generator for private key d on `curve`, message digest h1 (from the hash
  /// `hash_name`, which is also HMAC's hash), and additional data k' (empty for the
  /// deterministic signatures of §3.2).
  Rfc6979(const Group& curve, std::string_view hash_name, const Scalar& d,
          std::span<const std::uint8_t> h1, std::span<const std::uint8_t> extra = {});
  ~Rfc6979();
  Rfc6979(const Rfc6979&) = delete;
  Rfc6979& operator=(const Rfc6979&) = delete;

  /// The next k in [1, n-1] (§3.2 steps h.1-h.3, then the K, V update of h.3 for the
  /// candidate after it).
  Scalar next();

  /// A secret b uniform in [1, n-1] that blinds the inversion of the nonce from next()
  /// (sign.cpp): the leftmost qlen bits of HMAC_K(V || 0x02 || c || j) for blocks j = 0,
  /// 1, ... (as many as qlen needs), the first counter c whose value is in range. K and V
  /// are left as they are, so the nonces, and the signatures, do not change. Not part of
  /// RFC 6979: 0x02 keeps these inputs apart from its own, which end V in 0x00 or 0x01
  /// or are V alone.
  Scalar blinding();

 private:
  void update(std::uint8_t sep, std::span<const std::uint8_t> d_octets, std::span<const std::uint8_t> h_octets,
              std::span<const std::uint8_t> extra);
  void hmac_into(SecureBytes& out, std::span<const std::uint8_t> a, std::span<const std::uint8_t> b = {},
                 std::span<const std::uint8_t> c = {}, std::span<const std::uint8_t> d = {},
                 std::span<const std::uint8_t> e = {});

  const Group* curve_;
  std::string hash_;
  SecureBytes k_, v_;
  std::unique_ptr<hash::HmacSha2> mac_;  ///< HMAC keyed with K (its padded-key states kept)
  bool first_ = true;
};

}  // namespace dstu::ecdsa
