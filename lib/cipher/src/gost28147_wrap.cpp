// The GOST 28147-89 key wrap of Ukrainian CMS (gost28147.hpp): the content-encryption
// key and its MAC under CFB with a random IV, the IV in front, the whole reversed and
// encrypted again under CFB with a fixed IV. The structure of the CMS triple-DES key
// wrap (RFC 3217), with GOST 28147's MAC as the integrity check.
#include <algorithm>
#include <cstring>
#include <string>

#include "dstu/base/ct.hpp"
#include "dstu/base/error.hpp"
#include "dstu/base/wipe.hpp"
#include "dstu/cipher/gost28147.hpp"

namespace dstu::cipher {
namespace {

/// The IV of the outer CFB pass.
constexpr std::uint8_t kWrapIv[8] = {0x4a, 0xdd, 0xa2, 0x2c, 0x79, 0xe8, 0x21, 0x05};

/// The key and its MAC (36 octets), then IV || that (44), wiped when they go.
struct WrapState {
  std::uint8_t key_mac[36];
  std::uint8_t inner[kGost28147WrappedSize];
  ~WrapState() {
    secure_wipe(key_mac, sizeof key_mac);
    secure_wipe(inner, sizeof inner);
  }
};

}  // namespace

std::array<std::uint8_t, kGost28147WrappedSize> gost28147_wrap(const Gost28147& kek,
                                                               std::span<const std::uint8_t, 32> cek,
                                                               std::span<const std::uint8_t, 8> iv) {
  WrapState st;
  std::array<std::uint8_t, 4> mac = kek.mac(cek);
  std::memcpy(st.key_mac, cek.data(), 32);
  std::memcpy(st.key_mac + 32, mac.data(), 4);
  secure_wipe(mac.data(), mac.size());
  std::memcpy(st.inner, iv.data(), 8);
  kek.cfb_encrypt(std::span(st.inner + 8, 36), st.key_mac, iv);
  std::reverse(std::begin(st.inner), std::end(st.inner));
  std::array<std::uint8_t, kGost28147WrappedSize> out{};
  kek.cfb_encrypt(out, st.inner, kWrapIv);
  return out;
}

bool gost28147_unwrap(const Gost28147& kek, std::span<const std::uint8_t> wrapped,
                      std::span<std::uint8_t, 32> cek) {
  if (wrapped.size() != kGost28147WrappedSize) {
    throw_invalid("GOST 28147 key unwrap: a wrapped key has " + std::to_string(kGost28147WrappedSize) +
                  " octets, got " + std::to_string(wrapped.size()));
  }
  WrapState st;
  kek.cfb_decrypt(st.inner, wrapped, kWrapIv);
  std::reverse(std::begin(st.inner), std::end(st.inner));
  kek.cfb_decrypt(st.key_mac, std::span<const std::uint8_t>(st.inner + 8, 36),
                  std::span<const std::uint8_t>(st.inner, 8));
  std::array<std::uint8_t, 4> mac = kek.mac(std::span<const std::uint8_t>(st.key_mac, 32));
  const bool ok = ct::bytes_equal(mac.data(), st.key_mac + 32, 4);
  secure_wipe(mac.data(), mac.size());
  // The key only when the MAC matched, without a branch on it.
  const auto keep = static_cast<std::uint8_t>(ct::mask_from_bit(static_cast<std::uint64_t>(ok)));
  for (std::size_t i = 0; i < 32; ++i) cek[i] = static_cast<std::uint8_t>(st.key_mac[i] & keep);
  return ok;
}

}  // namespace dstu::cipher
