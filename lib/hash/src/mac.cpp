// HMAC and Kupyna-KMAC as Hashers (mac.hpp): thin adapters, so that hash_file and hash_fd
// MAC a file with the reads they hash it with.
#include "dstu/hash/mac.hpp"

#include <string>
#include <utility>

#include "dstu/base/error.hpp"
#include "dstu/hash/hmac.hpp"
#include "dstu/hash/kupyna_kmac.hpp"

namespace dstu::hash {
namespace {

/// A MAC class (Hmac, KupynaKmac) behind Hasher: update, final (writing the MAC and going
/// back to the keyed state) and mac_size are all it needs.
template <class M>
class MacHasher final : public Hasher {
 public:
  MacHasher(std::string name, M mac) : name_(std::move(name)), mac_(std::move(mac)) {}
  std::string_view name() const override { return name_; }
  std::size_t digest_size() const override { return mac_.mac_size(); }
  void reset() override {
    if constexpr (requires(M& m) { m.reset(); }) {
      mac_.reset();
    } else {  // KupynaKmac goes back to the keyed state by finishing a MAC, dropped here
      SecureBytes drop(mac_.mac_size());
      mac_.final(drop);
    }
  }
  void update(std::span<const std::uint8_t> data) override { mac_.update(data); }
  void final(std::span<std::uint8_t> out) override { mac_.final(out); }

 private:
  std::string name_;
  M mac_;
};

/// Kupyna-KMAC's MAC length in bits for a Kupyna hash name, or 0.
std::size_t kmac_bits(std::string_view hash_name) {
  if (hash_name == "kupyna256") return 256;
  if (hash_name == "kupyna384") return 384;
  if (hash_name == "kupyna512") return 512;
  return 0;
}

}  // namespace

std::optional<Mac> mac_from_name(std::string_view name) {
  if (name == "hmac") return Mac::hmac;
  if (name == "kmac") return Mac::kmac;
  return std::nullopt;
}

std::string_view mac_name(Mac mac) { return mac == Mac::hmac ? "hmac" : "kmac"; }

std::string_view default_mac_hash(Mac mac) { return mac == Mac::hmac ? "gost34311" : "kupyna256"; }

std::optional<std::size_t> mac_key_size(Mac mac, std::string_view hash_name) {
  if (mac == Mac::hmac) {
    make_hasher(hash_name);  // an unknown name throws, naming the known ones
    return std::nullopt;
  }
  const std::size_t bits = kmac_bits(hash_name);
  if (bits == 0) {
    throw_invalid("KMAC is Kupyna's MAC (kupyna256, kupyna384 or kupyna512), not " + std::string(hash_name));
  }
  return bits / 8;
}

std::unique_ptr<Hasher> make_mac_hasher(Mac mac, std::string_view hash_name, std::span<const std::uint8_t> key) {
  const std::string name = std::string(mac_name(mac)) + "-" + std::string(hash_name);
  if (mac == Mac::hmac) return std::make_unique<MacHasher<Hmac>>(name, Hmac(hash_name, key));
  const std::size_t octets = *mac_key_size(mac, hash_name);
  if (key.size() != octets) {
    throw_invalid("KMAC over " + std::string(hash_name) + ": a key of " + std::to_string(key.size()) + " octets (" +
                  std::to_string(octets) + " expected)");
  }
  return std::make_unique<MacHasher<KupynaKmac>>(name, KupynaKmac(octets * 8, key));
}

}  // namespace dstu::hash
