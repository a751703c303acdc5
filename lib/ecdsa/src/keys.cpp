// Schemes, private keys, public keys (keys.hpp).
#include "dstu/ecdsa/keys.hpp"

#include <array>
#include <string>

#include "dstu/base/ctgrind.hpp"
#include "dstu/base/error.hpp"
#include "dstu/ecp/scalar_mul.hpp"
#include "scalar_field.hpp"

namespace dstu::ecdsa {

std::string_view scheme_name(Scheme s) { return s == Scheme::ecdsa ? "ecdsa" : "ecgdsa"; }

Scheme scheme_from_name(std::string_view name) {
  if (name == "ecdsa") return Scheme::ecdsa;
  if (name == "ecgdsa") return Scheme::ecgdsa;
  throw_invalid("unknown signature scheme '" + std::string(name) + "' (ecdsa, ecgdsa)");
}

bool scalar_in_range(const ecp::Curve& curve, const ecp::Scalar& x) {
  const ecp::Scalar n = ecp::scalar_from_nat(curve.order());
  bool ok = (mp::ct_lt(x, n) & ~mp::ct_is_zero(x)) != 0;
  ct::unpoison(&ok, sizeof ok);  // an out-of-range key is reported; a rejected draw says nothing
  return ok;
}

PrivateKey::PrivateKey(const ecp::Curve& curve, const ecp::Scalar& d) : curve_(&curve), d_(d) {
  if (!scalar_in_range(curve, d)) {
    d_.wipe();
    throw_invalid("private key of " + curve.name() + " not in [1, n-1]");
  }
}

ecp::Scalar random_scalar(const ecp::Curve& curve, RandomSource& rng) {
  const std::size_t bits = curve.order_bits();
  std::array<std::uint8_t, 8 * ecp::Scalar::kLimbs> buf{};
  ScopedWipe wipe_buf(buf);
  const std::span<std::uint8_t> octets(buf.data(), (bits + 7) / 8);
  ecp::Scalar x;
  for (;;) {
    rng.fill(octets);
    x.set_bytes_be(octets);
    mp::truncate_bits(x, bits);
    if (scalar_in_range(curve, x)) return x;  // the only decision: whether this draw is kept
  }
}

PrivateKey PrivateKey::generate(const ecp::Curve& curve, RandomSource& rng) {
  ecp::Scalar d = random_scalar(curve, rng);
  ScopedWipe wipe_d(d);
  return PrivateKey(curve, d);
}

PublicKey public_key(Scheme s, const PrivateKey& key) {
  const ecp::Curve& c = key.curve();
  if (s == Scheme::ecdsa) return {&c, ecp::mul_base(c, key.d())};
  const gfp::Field& f = c.scalar_field();
  gfp::Element d = detail::to_field(f, key.d()), d_inv;
  f.inv(d_inv, d);
  ecp::Scalar w = detail::from_field(f, d_inv);
  ScopedWipe wipe(d, d_inv, w);
  return {&c, ecp::mul_base(c, w)};
}

}  // namespace dstu::ecdsa
