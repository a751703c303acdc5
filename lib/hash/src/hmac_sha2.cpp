// HMAC over SHA-2 (hmac_sha2.hpp): RFC 2104 with the hash's block size (64 octets for
// SHA-224/256, 128 for SHA-384/512), ipad 0x36, opad 0x5c, longer keys hashed first.
#include "dstu/hash/hmac_sha2.hpp"

#include <algorithm>
#include <array>
#include <string>

#include "dstu/base/error.hpp"
#include "dstu/hash/sha2.hpp"

namespace dstu::hash {

struct HmacSha2::State {
  virtual ~State() = default;
  virtual std::size_t mac_size() const = 0;
  virtual void update(std::span<const std::uint8_t> data) = 0;
  virtual void final(std::span<std::uint8_t> out) = 0;
};

namespace {

template <class H>
class Keyed final : public HmacSha2::State {
 public:
  Keyed(std::size_t bits, std::span<const std::uint8_t> key) : inner_(bits), outer_(bits), inner_keyed_(bits), outer_keyed_(bits) {
    std::array<std::uint8_t, H::block_size()> block{};
    ScopedWipe wipe_block(block);
    if (key.size() > block.size()) {
      H h(bits);
      h.update(key);
      h.final(std::span<std::uint8_t>(block.data(), h.digest_size()));
    } else {
      std::copy(key.begin(), key.end(), block.begin());
    }
    for (auto& b : block) b ^= 0x36;
    inner_keyed_.update(block);
    for (auto& b : block) b ^= 0x36 ^ 0x5c;
    outer_keyed_.update(block);
    inner_ = inner_keyed_;
  }

  std::size_t mac_size() const override { return inner_.digest_size(); }
  void update(std::span<const std::uint8_t> data) override { inner_.update(data); }
  void final(std::span<std::uint8_t> out) override {
    if (out.size() != mac_size()) throw_invalid("HMAC: MAC buffer of the wrong size");
    std::array<std::uint8_t, 64> inner_digest{};
    ScopedWipe wipe_digest(inner_digest);
    const std::span<std::uint8_t> d(inner_digest.data(), mac_size());
    inner_.final(d);
    outer_ = outer_keyed_;
    outer_.update(d);
    outer_.final(out);
    inner_ = inner_keyed_;
  }

 private:
  H inner_, outer_, inner_keyed_, outer_keyed_;  // each wipes itself
};

std::size_t digest_bits(std::string_view name) {
  if (name == "sha224") return 224;
  if (name == "sha256") return 256;
  if (name == "sha384") return 384;
  if (name == "sha512") return 512;
  return 0;
}

}  // namespace

HmacSha2::HmacSha2(std::string_view hash_name, std::span<const std::uint8_t> key) {
  const std::size_t bits = digest_bits(hash_name);
  if (bits == 0) throw_invalid("HMAC: no SHA-2 hash called '" + std::string(hash_name) + "' (sha224, sha256, sha384, sha512)");
  if (bits <= 256) {
    s_ = std::make_unique<Keyed<Sha256>>(bits, key);
  } else {
    s_ = std::make_unique<Keyed<Sha512>>(bits, key);
  }
}

HmacSha2::~HmacSha2() = default;

std::size_t HmacSha2::mac_size() const { return s_->mac_size(); }
void HmacSha2::update(std::span<const std::uint8_t> data) { s_->update(data); }
void HmacSha2::final(std::span<std::uint8_t> out) { s_->final(out); }

SecureBytes HmacSha2::final() {
  SecureBytes out(mac_size());
  final(out);
  return out;
}

bool HmacSha2::supports(std::string_view hash_name) { return digest_bits(hash_name) != 0; }

}  // namespace dstu::hash
