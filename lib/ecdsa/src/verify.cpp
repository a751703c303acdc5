// ECDSA and ECGDSA verification (sign.hpp): public values only.
#include "dstu/ecdsa/sign.hpp"

#include "dstu/ecp/scalar_mul.hpp"

namespace dstu::ecdsa {

bool signature_in_range(const Group& group, const Signature& sig) {
  const mp::Nat& n = group.order();
  return !sig.r.is_zero() && !sig.s.is_zero() && sig.r < n && sig.s < n;
}

bool verify(Scheme scheme, const PublicKey& key, std::span<const std::uint8_t> digest, const Signature& sig) {
  if (key.group == nullptr || !key.group->matches(key.q) || key.group->is_infinity(key.q)) return false;
  const Group& c = *key.group;
  if (!signature_in_range(c, sig)) return false;
  const gfp::Field& fn = c.scalar_field();
  const gfp::Element e = fn.from_nat(digest_to_integer(c, digest)), r = fn.from_nat(sig.r), s = fn.from_nat(sig.s);
  // ECDSA:  R = (e G + r Q) / s.   ECGDSA: R = (e G + s Q) / r, with Q = d^-1 G.
  gfp::Element w, u1, u2;
  fn.inv_vartime(w, scheme == Scheme::ecdsa ? s : r);
  fn.mul(u1, e, w);
  fn.mul(u2, scheme == Scheme::ecdsa ? r : s, w);
  return c.mul_double_x_equals_vartime(ecp::scalar_from_nat(fn.to_nat(u1)), ecp::scalar_from_nat(fn.to_nat(u2)),
                                       key.q, sig.r);
}

}  // namespace dstu::ecdsa
