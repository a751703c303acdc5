// Key pairs: d uniform in [1, n-1], Q = -d G (DSTU 4145-2002 §9).
#include "dstu/dstu4145/keys.hpp"

#include <vector>

#include "dstu/base/ctgrind.hpp"
#include "dstu/base/error.hpp"
#include "dstu/base/wipe.hpp"
#include "dstu/ec2m/point.hpp"
#include "dstu/ec2m/curve.hpp"
#include "dstu/ec2m/scalar_mul.hpp"

namespace dstu::dstu4145 {

ec2m::Scalar random_scalar(const ec2m::Curve& curve, RandomSource& rng) {
  const std::size_t bits = curve.order_bits();
  std::vector<std::uint8_t> buf((bits + 7) / 8);
  ec2m::Scalar k;
  for (;;) {
    rng.fill(buf);
    (void)k.set_bytes_le(buf);  // buf is never wider than a Scalar
    mp::truncate_bits(k, bits);
    // Accept 0 < k < n. Whether a draw is rejected does not depend on the value
    // finally accepted, so this one bit is declassified.
    bool accept = curve.scalar_field().in_range(k) != 0;
    ct::unpoison(&accept, sizeof accept);
    if (accept) break;
  }
  secure_wipe(buf.data(), buf.size());
  return k;
}

PrivateKey::PrivateKey(const ec2m::Curve& curve, const ec2m::Scalar& d, std::optional<Dke> dke)
    : curve_(&curve), d_(d), dke_(dke) {
  bool ok = curve.scalar_field().in_range(d) != 0;
  ct::unpoison(&ok, sizeof ok);  // a malformed key is reported, not hidden
  if (!ok) {
    d_.wipe();
    throw_invalid("private key out of range (need 0 < d < n)");
  }
}

PrivateKey::~PrivateKey() { d_.wipe(); }

PrivateKey::PrivateKey(const PrivateKey& other) = default;

PrivateKey& PrivateKey::operator=(const PrivateKey& other) = default;

PublicKey PrivateKey::public_key() const {
  PublicKey pub;
  pub.curve = curve_;
  pub.q = ec2m::negate(*curve_, ec2m::mul_base(*curve_, d_));
  ct::unpoison(&pub.q, sizeof pub.q);  // Q is public
  pub.dke = dke_;
  return pub;
}

PrivateKey generate_key(const ec2m::Curve& curve, RandomSource& rng) {
  ec2m::Scalar d = random_scalar(curve, rng);
  PrivateKey key(curve, d);
  d.wipe();
  return key;
}

bool valid_public_key(const PublicKey& key) {
  return key.curve != nullptr && ec2m::valid_public_point(*key.curve, key.q);
}

bool keys_match(const PrivateKey& priv, const PublicKey& pub) {
  return pub.curve == &priv.curve() && ec2m::same_point(priv.curve(), priv.public_key().q, pub.q);
}

}  // namespace dstu::dstu4145
