// ECDSA and ECGDSA verification (sign.hpp): public values only.
#include "dstu/ecdsa/sign.hpp"

#include "dstu/curve/scalar.hpp"

namespace dstu::ecdsa {

bool signature_in_range(const Group& group, const Signature& sig) {
  const mp::Nat& n = group.order();
  return !sig.r.is_zero() && !sig.s.is_zero() && sig.r < n && sig.s < n;
}

bool verify(Scheme scheme, const PublicKey& key, std::span<const std::uint8_t> digest, const Signature& sig) {
  if (key.group == nullptr || !key.group->matches(key.q) || key.group->is_infinity(key.q)) return false;
  const Group& c = *key.group;
  if (!signature_in_range(c, sig)) return false;
  const curve::ScalarField& fn = c.scalar_field();
  const Scalar e = fn.reduce(curve::scalar_from_nat(digest_to_integer(c, digest)));
  const Scalar r = curve::scalar_from_nat(sig.r), s = curve::scalar_from_nat(sig.s);
  // ECDSA:  R = (e G + r Q) / s.   ECGDSA: R = (e G + s Q) / r, with Q = d^-1 G.
  const Scalar w = fn.inv_vartime(scheme == Scheme::ecdsa ? s : r);
  return c.mul_double_x_equals_vartime(fn.mul(e, w), fn.mul(scheme == Scheme::ecdsa ? r : s, w), key.q, sig.r);
}

}  // namespace dstu::ecdsa
