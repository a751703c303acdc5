// Schemes, private keys, public keys (keys.hpp).
#include "dstu/ecdsa/keys.hpp"

#include <array>
#include <string>

#include "dstu/base/ctgrind.hpp"
#include "dstu/base/error.hpp"
#include "dstu/base/wipe.hpp"

namespace dstu::ecdsa {

std::string_view scheme_name(Scheme s) { return s == Scheme::ecdsa ? "ecdsa" : "ecgdsa"; }

Scheme scheme_from_name(std::string_view name) {
  if (name == "ecdsa") return Scheme::ecdsa;
  if (name == "ecgdsa") return Scheme::ecgdsa;
  throw_invalid("unknown signature scheme '" + std::string(name) + "' (ecdsa, ecgdsa)");
}

bool scalar_in_range(const Group& group, const Scalar& x) {
  bool ok = group.scalar_field().in_range(x) != 0;
  ct::unpoison(&ok, sizeof ok);  // an out-of-range key is reported; a rejected draw says nothing
  return ok;
}

PrivateKey::PrivateKey(const Group& group, const Scalar& d) : group_(&group), d_(d) {
  if (!scalar_in_range(group, d)) {
    d_.wipe();
    throw_invalid("private key of " + group.name() + " not in [1, n-1]");
  }
}

Scalar random_scalar(const Group& group, RandomSource& rng) {
  const std::size_t bits = group.order_bits();
  std::array<std::uint8_t, 8 * Scalar::kLimbs> buf{};
  ScopedWipe wipe_buf(buf);
  const std::span<std::uint8_t> octets(buf.data(), (bits + 7) / 8);
  Scalar x;
  for (;;) {
    rng.fill(octets);
    x.set_bytes_be(octets);
    mp::truncate_bits(x, bits);
    if (scalar_in_range(group, x)) return x;  // the only decision: whether this draw is kept
  }
}

PrivateKey PrivateKey::generate(const Group& group, RandomSource& rng) {
  Scalar d = random_scalar(group, rng);
  ScopedWipe wipe_d(d);
  return PrivateKey(group, d);
}

PublicKey public_key(Scheme s, const PrivateKey& key) {
  const Group& g = key.group();
  PublicKey pub{&g, {}};
  if (s == Scheme::ecdsa) {
    pub.q = g.mul_base(key.d());
  } else {
    Scalar w = g.scalar_field().inv(key.d());
    ScopedWipe wipe(w);
    pub.q = g.mul_base(w);
  }
  ct::unpoison(&pub.q, sizeof pub.q);  // the public key is published
  return pub;
}

}  // namespace dstu::ecdsa
