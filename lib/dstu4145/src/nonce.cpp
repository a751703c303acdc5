// Hedged nonces (nonce.hpp).
#include "dstu/dstu4145/nonce.hpp"

#include <string_view>

#include "dstu/base/wipe.hpp"
#include "dstu/hash/gost34311.hpp"
#include "dstu/rng/random.hpp"

namespace dstu::dstu4145 {
namespace {

constexpr std::string_view kLabel = "DSTU 4145 hedged nonce";

/// The ChaCha20 generator keyed with HMAC-GOST34.311(d, label || fresh || digest).
std::unique_ptr<rng::ChaCha20Drbg> hedged_generator(std::span<const std::uint8_t, 32> fresh, const PrivateKey& key,
                                                    std::span<const std::uint8_t> digest) {
  std::array<std::uint8_t, 8 * ec2m::kScalarLimbs> d{};
  std::array<std::uint8_t, 32> seed{};
  const ScopedWipe wipe(d, seed);  // also when the MAC or the allocation throws
  const std::size_t d_size = (key.curve().order_bits() + 7) / 8;
  key.d().get_bytes_le(std::span<std::uint8_t>(d.data(), d_size));
  hash::HmacGost34311 mac(std::span<const std::uint8_t>(d.data(), d_size));
  mac.update({reinterpret_cast<const std::uint8_t*>(kLabel.data()), kLabel.size()});
  mac.update(fresh);
  mac.update(digest);
  seed = mac.final();
  return std::make_unique<rng::ChaCha20Drbg>(seed, 0);
}

}  // namespace

HedgedNonces::HedgedNonces(RandomSource& entropy, const PrivateKey& key, std::span<const std::uint8_t> digest) {
  std::array<std::uint8_t, 32> fresh{};
  const ScopedWipe wipe(fresh);
  entropy.fill(fresh);
  drbg_ = hedged_generator(fresh, key, digest);
}

HedgedNonces::HedgedNonces(std::span<const std::uint8_t, 32> fresh, const PrivateKey& key,
                           std::span<const std::uint8_t> digest)
    : drbg_(hedged_generator(fresh, key, digest)) {}

HedgedNonces::~HedgedNonces() = default;

void HedgedNonces::fill(std::span<std::uint8_t> out) { drbg_->fill(out); }

}  // namespace dstu::dstu4145
