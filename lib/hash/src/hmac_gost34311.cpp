// HMAC-GOST34.311 (RFC 2104, block 32 octets), always on the constant-time round.
#include <algorithm>

#include "dstu/base/wipe.hpp"
#include "dstu/hash/gost34311.hpp"

namespace dstu::hash {
namespace {

Gost34311Params ct_params(Gost34311Params p) {
  p.impl = cipher::Gost28147Impl::constant_time;
  return p;
}

}  // namespace

HmacGost34311::HmacGost34311(std::span<const std::uint8_t> key, const Gost34311Params& params)
    : inner_(ct_params(params)), outer_(ct_params(params)) {
  std::array<std::uint8_t, 32> k{};
  if (key.size() > 32) {
    inner_.update(key);
    inner_.final(k);
  } else {
    std::copy(key.begin(), key.end(), k.begin());
  }
  std::array<std::uint8_t, 32> pad{};
  for (int i = 0; i < 32; ++i) pad[i] = k[i] ^ 0x36;
  inner_.update(pad);
  for (int i = 0; i < 32; ++i) pad[i] = k[i] ^ 0x5c;
  outer_.update(pad);
  secure_wipe(k.data(), k.size());
  secure_wipe(pad.data(), pad.size());
  inner_keyed_ = inner_;
  outer_keyed_ = outer_;
}

void HmacGost34311::reset() {
  inner_ = inner_keyed_;
  outer_ = outer_keyed_;
}

void HmacGost34311::update(std::span<const std::uint8_t> data) { inner_.update(data); }

void HmacGost34311::final(std::span<std::uint8_t> out) {
  std::array<std::uint8_t, 32> ih = inner_.final();
  outer_.update(ih);
  outer_.final(out);
  secure_wipe(ih.data(), ih.size());
  reset();
}

std::array<std::uint8_t, 32> HmacGost34311::final() {
  std::array<std::uint8_t, 32> out{};
  final(out);
  return out;
}

std::array<std::uint8_t, 32> HmacGost34311::mac(std::span<const std::uint8_t> key,
                                                std::span<const std::uint8_t> data,
                                                const Gost34311Params& params) {
  HmacGost34311 h(key, params);
  h.update(data);
  return h.final();
}

}  // namespace dstu::hash
