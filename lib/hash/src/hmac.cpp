// HMAC (RFC 2104) over a Hasher, and PBKDF2 (RFC 8018 §5.2) over HMAC.
#include "dstu/hash/hmac.hpp"

#include <algorithm>
#include <array>
#include <string>

#include "dstu/base/ct.hpp"
#include "dstu/base/error.hpp"

namespace dstu::hash {
namespace {

/// The largest block (SHA3-224's rate) and digest (SHA-512, Kupyna-512) of the registry.
constexpr std::size_t kMaxBlock = 144;
constexpr std::size_t kMaxDigest = 64;

}  // namespace

Hmac::Hmac(std::string_view hash_name, std::span<const std::uint8_t> key)
    : Hmac(make_hasher(hash_name, Use::keyed), key) {}

Hmac::Hmac(std::unique_ptr<Hasher> hash, std::span<const std::uint8_t> key) : inner_(std::move(hash)) {
  if (!inner_) throw_invalid("HMAC: no hash");
  const std::size_t b = inner_->block_size();
  if (b == 0 || b > kMaxBlock || inner_->digest_size() > kMaxDigest || inner_->digest_size() > b) {
    throw_invalid("HMAC: " + std::string(inner_->name()) + " has no usable block size");
  }
  inner_->reset();
  std::array<std::uint8_t, kMaxBlock> pad{};
  ScopedWipe wipe_pad(pad);
  const std::span<std::uint8_t> block(pad.data(), b);
  if (key.size() > b) {
    inner_->update(key);
    inner_->final(block.first(inner_->digest_size()));
  } else {
    std::copy(key.begin(), key.end(), block.begin());
  }
  outer_ = inner_->clone();
  for (auto& x : block) x ^= 0x36;
  inner_->update(block);
  for (auto& x : block) x ^= 0x36 ^ 0x5c;
  outer_->update(block);
  inner_keyed_ = inner_->clone();
  outer_keyed_ = outer_->clone();
}

Hmac::~Hmac() = default;  // each hasher wipes its own state
Hmac::Hmac(Hmac&&) noexcept = default;
Hmac& Hmac::operator=(Hmac&&) noexcept = default;

void Hmac::reset() { inner_->assign(*inner_keyed_); }

void Hmac::final(std::span<std::uint8_t> out) {
  if (out.size() != mac_size()) throw_invalid("HMAC: MAC buffer of the wrong size");
  std::array<std::uint8_t, kMaxDigest> inner_digest{};
  ScopedWipe wipe_digest(inner_digest);
  const std::span<std::uint8_t> d(inner_digest.data(), mac_size());
  inner_->final(d);
  outer_->assign(*outer_keyed_);
  outer_->update(d);
  outer_->final(out);
  reset();
}

SecureBytes Hmac::final() {
  SecureBytes out(mac_size());
  final(out);
  return out;
}

bool Hmac::verify(std::span<const std::uint8_t> tag) {
  if (tag.size() > mac_size() || tag.size() < 10 || 2 * tag.size() < mac_size()) {
    reset();
    throw_invalid("HMAC: a tag of " + std::to_string(tag.size()) + " octets for a MAC of " +
                  std::to_string(mac_size()));
  }
  std::array<std::uint8_t, kMaxDigest> mac{};
  ScopedWipe wipe_mac(mac);
  final(std::span<std::uint8_t>(mac.data(), mac_size()));
  return ct::bytes_equal(mac.data(), tag.data(), tag.size());
}

SecureBytes Hmac::mac(std::string_view hash_name, std::span<const std::uint8_t> key,
                      std::span<const std::uint8_t> data) {
  Hmac h(hash_name, key);
  h.update(data);
  return h.final();
}

void pbkdf2(std::span<std::uint8_t> out, Hmac& prf, std::span<const std::uint8_t> salt, std::uint64_t iterations) {
  if (iterations == 0) throw_invalid("PBKDF2: the iteration count must be at least 1");
  if (out.empty()) throw_invalid("PBKDF2: the output must not be empty");
  const std::size_t h_len = prf.mac_size();
  std::array<std::uint8_t, kMaxDigest> u{}, t{};
  ScopedWipe wipe(u, t);
  const std::span<std::uint8_t> us(u.data(), h_len);
  prf.reset();
  // T_i = U_1 ^ ... ^ U_c with U_1 = PRF(P, S || INT(i)), U_j = PRF(P, U_{j-1}).
  for (std::size_t done = 0, block = 1; done < out.size(); done += h_len, ++block) {
    const std::array<std::uint8_t, 4> index = {static_cast<std::uint8_t>(block >> 24),
                                               static_cast<std::uint8_t>(block >> 16),
                                               static_cast<std::uint8_t>(block >> 8),
                                               static_cast<std::uint8_t>(block)};
    prf.update(salt);
    prf.update(index);
    prf.final(us);
    t = u;
    for (std::uint64_t j = 1; j < iterations; ++j) {
      prf.update(us);
      prf.final(us);
      for (std::size_t i = 0; i < h_len; ++i) t[i] ^= u[i];
    }
    const std::size_t n = std::min(h_len, out.size() - done);
    std::copy_n(t.begin(), n, out.begin() + static_cast<std::ptrdiff_t>(done));
  }
}

void pbkdf2(std::span<std::uint8_t> out, std::string_view hash_name, std::span<const std::uint8_t> password,
            std::span<const std::uint8_t> salt, std::uint64_t iterations) {
  Hmac prf(hash_name, password);
  pbkdf2(out, prf, salt, iterations);
}

}  // namespace dstu::hash
