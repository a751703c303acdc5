// dstu::dstu4145 — hedged nonces: a weak random source alone cannot leak the key.
//
// DSTU 4145-2002 §12 draws the nonce e uniformly from [1, n-1]. Drawn straight from a
// random source, a source that repeats or is predictable gives away d from one or two
// signatures. Hedged (in the manner of RFC 6979 §3.6, "additional data"), each
// signature's nonce comes from a ChaCha20 generator keyed with
//   HMAC-GOST34.311(key = d, "DSTU 4145 hedged nonce" || 32 octets of fresh entropy || digest)
// so the nonce stays unpredictable without d even if the entropy fails, and stays fresh
// for a repeated digest while the entropy works. The draw from the generator is the
// standard's uniform rejection sampling (random_scalar), so e is still uniform in
// [1, n-1] as far as anyone without d can tell.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>

#include "dstu/base/random.hpp"
#include "dstu/dstu4145/keys.hpp"

namespace dstu::rng {
class ChaCha20Drbg;
}

namespace dstu::dstu4145 {

/// How signing draws its nonces: exactly from the source given (known-answer tests,
/// a source that already mixes in the key), or hedged through HedgedNonces.
enum class NonceMode { exact, hedged };

/// The nonce source of one signature, hedged as the file comment says. Constant time in
/// d; wipes its state when destroyed.
class HedgedNonces final : public RandomSource {
 public:
  /// Draws 32 octets from `entropy` now.
  HedgedNonces(RandomSource& entropy, const PrivateKey& key, std::span<const std::uint8_t> digest);
  /// With the 32 octets of entropy already drawn (a batch draws every signature's in
  /// order, then derives the nonces on the team). The octets stay the caller's, to wipe.
  HedgedNonces(std::span<const std::uint8_t, 32> fresh, const PrivateKey& key, std::span<const std::uint8_t> digest);
  ~HedgedNonces() override;
  HedgedNonces(const HedgedNonces&) = delete;
  HedgedNonces& operator=(const HedgedNonces&) = delete;

  void fill(std::span<std::uint8_t> out) override;

 private:
  std::unique_ptr<rng::ChaCha20Drbg> drbg_;
};

}  // namespace dstu::dstu4145
