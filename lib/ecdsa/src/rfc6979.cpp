// RFC 6979 §3.2 nonce generation (rfc6979.hpp).
#include "dstu/ecdsa/rfc6979.hpp"

#include <array>

#include "dstu/base/bytes.hpp"

#include "dstu/ecdsa/keys.hpp"
#include "dstu/ecp/scalar_mul.hpp"
#include "dstu/hash/hmac_sha2.hpp"
#include "dstu/mp/nat.hpp"

namespace dstu::ecdsa {
namespace {

std::size_t rlen_octets(const Group& c) { return (c.order_bits() + 7) / 8; }

/// bits2octets(h1) of §2.3.4: the leftmost L(n) bits of h1 as an integer, reduced mod n
/// once, as rlen octets (the digest is public).
Bytes bits2octets(const Group& c, std::span<const std::uint8_t> h1) {
  const std::size_t qlen = c.order_bits();
  mp::Nat z = mp::Nat::from_bytes_be(h1);
  if (8 * h1.size() > qlen) z = z >> (8 * h1.size() - qlen);
  if (z >= c.order()) z = z - c.order();
  return z.to_bytes_be(rlen_octets(c));
}

}  // namespace

Rfc6979::Rfc6979(const Group& curve, std::string_view hash_name, const Scalar& d,
                 std::span<const std::uint8_t> h1, std::span<const std::uint8_t> extra)
    : curve_(&curve), hash_(hash_name) {
  // Keyed with K = 0x00 ... 0x00 (step c): HMAC pads a key with zeros to its block, so
  // the empty key is the same key. Also validates the name.
  mac_ = std::make_unique<hash::HmacSha2>(hash_name, std::span<const std::uint8_t>());
  const std::size_t hlen = mac_->mac_size();
  v_.assign(hlen, 0x01);
  k_.assign(hlen, 0x00);
  SecureBytes x(rlen_octets(curve));  // int2octets(d), §2.3.3
  d.get_bytes_be(x);
  const Bytes h = bits2octets(curve, h1);
  update(0x00, x, h, extra);  // steps d, e
  update(0x01, x, h, extra);  // steps f, g
}

Rfc6979::~Rfc6979() = default;

void Rfc6979::hmac_into(SecureBytes& out, std::span<const std::uint8_t> a, std::span<const std::uint8_t> b,
                        std::span<const std::uint8_t> c, std::span<const std::uint8_t> d,
                        std::span<const std::uint8_t> e) {
  for (auto part : {a, b, c, d, e}) mac_->update(part);
  mac_->final(out);  // out has the MAC's size (K and V always do) and may be one of the
                     // parts, all read by now; mac_ is keyed again
}

void Rfc6979::update(std::uint8_t sep, std::span<const std::uint8_t> d_octets, std::span<const std::uint8_t> h_octets,
                     std::span<const std::uint8_t> extra) {
  const std::array<std::uint8_t, 1> s{sep};
  hmac_into(k_, v_, s, d_octets, h_octets, extra);  // K = HMAC_K(V || sep || x || h1 [|| k'])
  mac_ = std::make_unique<hash::HmacSha2>(hash_, k_);  // the new K's pads, once for its MACs
  hmac_into(v_, v_);                                 // V = HMAC_K(V)
}

Scalar Rfc6979::next() {
  const Group& c = *curve_;
  const std::size_t qlen = c.order_bits(), rlen = rlen_octets(c);
  if (!first_) update(0x00, {}, {}, {});  // §3.2 h.3: K = HMAC_K(V || 0x00), V = HMAC_K(V)
  first_ = false;
  for (;;) {
    SecureBytes t;
    t.reserve(rlen + v_.size());
    while (t.size() < rlen) {  // h.2: T = T || V with V = HMAC_K(V), until tlen >= qlen
      hmac_into(v_, v_);
      t.insert(t.end(), v_.begin(), v_.end());
    }
    Scalar k;  // bits2int(T): the leftmost qlen bits
    k.set_bytes_be(std::span<const std::uint8_t>(t.data(), rlen));
    k = mp::shift_right(k, 8 * rlen - qlen);
    if (scalar_in_range(c, k)) return k;  // h.3: k in [1, n-1]
    k.wipe();
    update(0x00, {}, {}, {});
  }
}

Scalar Rfc6979::blinding() {
  const Group& c = *curve_;
  const std::size_t qlen = c.order_bits(), rlen = rlen_octets(c);
  SecureBytes t, block(v_.size());
  t.reserve(rlen + v_.size());
  for (std::uint8_t counter = 0;; ++counter) {
    t.clear();
    for (std::uint8_t j = 0; t.size() < rlen; ++j) {
      const std::array<std::uint8_t, 3> tag{0x02, counter, j};
      hmac_into(block, v_, tag);
      t.insert(t.end(), block.begin(), block.end());
    }
    Scalar b;
    b.set_bytes_be(std::span<const std::uint8_t>(t.data(), rlen));
    b = mp::shift_right(b, 8 * rlen - qlen);
    if (scalar_in_range(c, b)) return b;
    b.wipe();
  }
}

}  // namespace dstu::ecdsa
