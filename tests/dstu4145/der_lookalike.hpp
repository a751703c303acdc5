// Test support: valid DSTU 4145 signatures whose raw octets begin like a DER OCTET
// STRING (04 LL, LL = the length of the rest), the form that was once unwrapped as DER
// and split wrongly (a valid signature reported invalid about once in 65,536).
//
// Made by choosing the key: for a nonce e with F = x(eG), a digest h and a chosen s,
// r = trunc(h F) and d = (s - e) / r mod n make (r, s) a valid signature of h under
// Q = -dG. Little-endian octets begin with r's two low octets: the digests are searched
// (about 65,536 field products). Big-endian octets begin with s's two high octets: s is
// chosen, where 04 LL 00... < n allows it at all.
#pragma once

#include <functional>
#include <optional>

#include "dstu/dstu4145/encoding.hpp"
#include "dstu/dstu4145/keys.hpp"
#include "dstu/dstu4145/sign.hpp"
#include "dstu/ec2m/curve.hpp"
#include "dstu/gf2m/ops.hpp"
#include "dstu/mp/modular.hpp"

namespace dstu::test {

struct DerLookalike {
  dstu4145::PrivateKey key;
  Bytes digest;
  dstu4145::Signature sig;
  Bytes octets;  ///< the raw encoding, beginning 04 LL
};

/// The octet a DER OCTET STRING header would give the rest of a raw signature.
inline std::uint8_t der_length_octet(const ec2m::Curve& c) {
  return static_cast<std::uint8_t>(2 * dstu4145::signature_half_bytes(c) - 2);
}

/// A valid signature whose encoding (big_endian: s_be || r_be, else r_le || s_le) begins
/// 04 LL, over a digest from digest_of(i) for some i; nullopt when no s < n can begin so.
inline std::optional<DerLookalike> der_lookalike(const ec2m::Curve& c, bool big_endian, RandomSource& rng,
                                                 const std::function<Bytes(std::uint64_t)>& digest_of) {
  const gf2m::Field& f = c.field();
  const mp::Nat n = c.order();
  const std::size_t half = dstu4145::signature_half_bytes(c);
  const std::uint8_t ll = der_length_octet(c);
  const mp::Nat r_limit = mp::Nat(1) << (c.order_bits() - 1);
  // s: random, or with high octets 04 LL for the big-endian form.
  mp::Nat s = ec2m::scalar_to_nat(dstu4145::random_scalar(c, rng));
  if (big_endian) {
    Bytes top = s.to_bytes_le(half);
    top[half - 1] = 0x04;
    top[half - 2] = ll;
    const mp::Nat least = (mp::Nat(0x04) << (8 * (half - 1))) + (mp::Nat(ll) << (8 * (half - 2)));
    if (least >= n) return std::nullopt;
    s = mp::Nat::from_bytes_le(top);
    for (std::size_t i = half - 2; s >= n; --i) {  // clear free octets from the top until s < n
      top[i - 1] = 0;
      s = mp::Nat::from_bytes_le(top);
    }
  }
  // The nonce and F = x(eG) = x(-eG).
  const dstu4145::PrivateKey nonce = dstu4145::generate_key(c, rng);
  const mp::Nat e = ec2m::scalar_to_nat(nonce.d());
  const gf2m::Element fe = nonce.public_key().q.x;
  for (std::uint64_t i = 0;; ++i) {
    Bytes digest = digest_of(i);
    gf2m::Element y;
    gf2m::mul(f, y, dstu4145::hash_to_field(c, digest), fe);
    const mp::Nat r = mp::Nat::from_bytes_le(gf2m::to_bytes_le(f, y)) % r_limit;
    if (r.is_zero()) continue;
    const Bytes r_le = r.to_bytes_le(half);
    if (!big_endian && (r_le[0] != 0x04 || r_le[1] != ll)) continue;
    const mp::Nat d = ((s + n - e) % n) * *mp::inverse_mod_vartime(r, n) % n;
    if (d.is_zero()) continue;
    dstu4145::PrivateKey key(c, ec2m::scalar_from_nat(d));
    const dstu4145::Signature sig{r, s};
    Bytes octets = big_endian ? dstu4145::encode_signature_be(c, sig) : dstu4145::encode_signature_le(c, sig);
    return DerLookalike{std::move(key), std::move(digest), sig, std::move(octets)};
  }
}

}  // namespace dstu::test
