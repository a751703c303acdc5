// Signing and verification, DSTU 4145-2002 §12-13 (spec digest §2.2-2.5).
#include "dstu/dstu4145/sign.hpp"

#include "dstu/base/ctgrind.hpp"
#include "dstu/base/error.hpp"
#include "dstu/ec/point.hpp"
#include "dstu/ec/scalar.hpp"
#include "dstu/ec/scalar_mul.hpp"
#include "dstu/gf2m/ops.hpp"

namespace dstu::dstu4145 {
namespace {

/// trunc(y, L(n) - 1) as a scalar: the low L(n) - 1 bits of the field element.
ec::Scalar truncate_to_r(const ec::Curve& c, const gf2m::Element& y) {
  ec::Scalar r;
  static_assert(gf2m::kMaxWords == ec::kScalarLimbs);
  for (std::size_t i = 0; i < ec::kScalarLimbs; ++i) r.v[i] = y.w[i];
  mp::truncate_bits(r, c.order_bits() - 1);
  return r;
}

}  // namespace

gf2m::Element hash_to_field(const ec::Curve& curve, std::span<const std::uint8_t> digest) {
  const gf2m::Field& f = curve.field();
  gf2m::Element h;
  const std::size_t take = std::min<std::size_t>(digest.size(), f.bytes());
  for (std::size_t i = 0; i < take; ++i) h.w[i / 8] |= static_cast<gf2m::Word>(digest[i]) << (8 * (i % 8));
  h.w[f.words() - 1] &= f.top_mask();  // mod 2^m
  if (gf2m::is_zero(f, h)) h.w[0] = 1;
  return h;
}

Signature sign_digest(const PrivateKey& key, std::span<const std::uint8_t> digest, RandomSource& nonce_source) {
  const ec::Curve& c = key.curve();
  const gf2m::Field& f = c.field();
  const gf2m::Element h = hash_to_field(c, digest);
  for (;;) {
    ec::Scalar e = random_scalar(c, nonce_source);
    ec::AffinePoint big_r = ec::mul_base(c, e);  // F = x(eP) never 0: eP has odd order
    gf2m::Element y;
    gf2m::mul(f, y, h, big_r.x);
    ec::Scalar r = truncate_to_r(c, y);
    ec::Scalar s = ec::scalar_add(c, e, ec::scalar_mul(c, key.d(), r));
    e.wipe();
    secure_wipe(&big_r, sizeof big_r);
    secure_wipe(&y, sizeof y);
    // r and s are the public output: declassify them, then retry on a zero.
    ct::unpoison(&r, sizeof r);
    ct::unpoison(&s, sizeof s);
    if (mp::ct_is_zero(r) || mp::ct_is_zero(s)) continue;
    return {ec::scalar_to_nat(r), ec::scalar_to_nat(s)};
  }
}

bool verify_digest(const PublicKey& key, std::span<const std::uint8_t> digest, const Signature& sig) {
  if (key.curve == nullptr) return false;
  const ec::Curve& c = *key.curve;
  const mp::Nat& n = c.order();
  if (sig.r.is_zero() || sig.s.is_zero() || sig.r >= n || sig.s >= n) return false;
  const ec::AffinePoint big_r = ec::mul_double_vartime(c, sig.s, sig.r, key.q);
  if (big_r.infinity) return false;
  gf2m::Element y;
  gf2m::mul(c.field(), y, hash_to_field(c, digest), big_r.x);
  return ec::scalar_to_nat(truncate_to_r(c, y)) == sig.r;
}

}  // namespace dstu::dstu4145
