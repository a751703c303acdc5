// HMAC-GOST34.311 and its PBKDF2 (gost34311.hpp): the generic Hmac and pbkdf2 over GOST
// 34.311 with the given parameters, always on the constant-time round.
#include "dstu/hash/gost34311.hpp"
#include "dstu/hash/hmac.hpp"

namespace dstu::hash {
namespace {

std::unique_ptr<Hasher> keyed_gost34311(Gost34311Params p) {
  p.impl = cipher::Gost28147Impl::constant_time;
  return make_gost34311_hasher(p);
}

}  // namespace

HmacGost34311::HmacGost34311(std::span<const std::uint8_t> key, const Gost34311Params& params)
    : mac_(std::make_unique<Hmac>(keyed_gost34311(params), key)) {}

HmacGost34311::~HmacGost34311() = default;
HmacGost34311::HmacGost34311(HmacGost34311&&) noexcept = default;
HmacGost34311& HmacGost34311::operator=(HmacGost34311&&) noexcept = default;

void HmacGost34311::reset() { mac_->reset(); }

void HmacGost34311::update(std::span<const std::uint8_t> data) { mac_->update(data); }

void HmacGost34311::final(std::span<std::uint8_t> out) { mac_->final(out); }

std::array<std::uint8_t, 32> HmacGost34311::final() {
  std::array<std::uint8_t, 32> out{};
  mac_->final(out);
  return out;
}

std::array<std::uint8_t, 32> HmacGost34311::mac(std::span<const std::uint8_t> key,
                                                std::span<const std::uint8_t> data,
                                                const Gost34311Params& params) {
  HmacGost34311 h(key, params);
  h.update(data);
  return h.final();
}

void pbkdf2_hmac_gost34311(std::span<std::uint8_t> out, std::span<const std::uint8_t> password,
                           std::span<const std::uint8_t> salt, std::uint64_t iterations,
                           const Gost34311Params& params) {
  Hmac prf(keyed_gost34311(params), password);
  pbkdf2(out, prf, salt, iterations);
}

}  // namespace dstu::hash
