// Signing and verification, DSTU 4145-2002 §12-13 (the digest to a field element by §5.9,
// r from a field element by §5.8).
#include "dstu/dstu4145/sign.hpp"

#include "dstu/base/ctgrind.hpp"
#include "dstu/base/error.hpp"
#include "dstu/ec2m/chosen.hpp"
#include "dstu/ec2m/point.hpp"
#include "dstu/ec2m/curve.hpp"
#include "dstu/ec2m/scalar_mul.hpp"
#include "dstu/gf2m/ops.hpp"
#include "dstu/parallel/team.hpp"
#include "sign_steps.hpp"

namespace dstu::dstu4145 {
namespace {

/// trunc(y, L(n) - 1) as a scalar: the low L(n) - 1 bits of the field element.
ec2m::Scalar truncate_to_r(const ec2m::Curve& c, const gf2m::Element& y) {
  ec2m::Scalar r;
  static_assert(gf2m::kMaxWords == ec2m::kScalarLimbs);
  for (std::size_t i = 0; i < ec2m::kScalarLimbs; ++i) r.v[i] = y.w[i];
  mp::truncate_bits(r, c.order_bits() - 1);
  return r;
}

}  // namespace

gf2m::Element hash_to_field(const ec2m::Curve& curve, std::span<const std::uint8_t> digest) {
  const gf2m::Field& f = curve.field();
  gf2m::Element h;
  const std::size_t take = std::min<std::size_t>(digest.size(), f.bytes());
  for (std::size_t i = 0; i < take; ++i) h.w[i / 8] |= static_cast<gf2m::Word>(digest[i]) << (8 * (i % 8));
  h.w[f.words() - 1] &= f.top_mask();  // mod 2^m
  if (gf2m::is_zero(f, h)) h.w[0] = 1;
  return h;
}

namespace detail {

std::optional<Signature> finish_signature(const PrivateKey& key, const gf2m::Element& h, ec2m::Scalar& e,
                                          ec2m::AffinePoint& big_f) {
  const ec2m::Curve& c = key.curve();
  gf2m::Element y;
  gf2m::mul(c.field(), y, h, big_f.x);  // F = x(eP) never 0: eP has odd order
  ec2m::Scalar r = truncate_to_r(c, y);
  ec2m::Scalar dr = c.scalar_field().mul(key.d(), r);  // d r: a secret, wiped below
  ec2m::Scalar s = c.scalar_field().add(e, dr);
  dr.wipe();
  e.wipe();
  secure_wipe(&big_f, sizeof big_f);
  secure_wipe(&y, sizeof y);
  // r and s are the public output: declassify them, then retry on a zero.
  ct::unpoison(&r, sizeof r);
  ct::unpoison(&s, sizeof s);
  if (mp::ct_is_zero(r) || mp::ct_is_zero(s)) return std::nullopt;
  return Signature{ec2m::scalar_to_nat(r), ec2m::scalar_to_nat(s)};
}

bool in_range(const ec2m::Curve& c, const Signature& sig) {
  const mp::Nat& n = c.order();
  return !sig.r.is_zero() && !sig.s.is_zero() && sig.r < n && sig.s < n;
}

bool check_point(const ec2m::Curve& c, std::span<const std::uint8_t> digest, const Signature& sig,
                 const ec2m::AffinePoint& big_r) {
  if (big_r.infinity) return false;
  gf2m::Element y;
  gf2m::mul(c.field(), y, hash_to_field(c, digest), big_r.x);
  return ec2m::scalar_to_nat(truncate_to_r(c, y)) == sig.r;
}

}  // namespace detail

Signature sign_digest(const PrivateKey& key, std::span<const std::uint8_t> digest, RandomSource& nonce_source,
                      int threads) {
  const ec2m::Curve& c = key.curve();
  const gf2m::Element h = hash_to_field(c, digest);
  for (;;) {
    ec2m::Scalar e = random_scalar(c, nonce_source);
    ec2m::AffinePoint big_f = ec2m::mul_base_chosen(c, e, threads);
    if (std::optional<Signature> sig = detail::finish_signature(key, h, e, big_f)) return *sig;
  }
}

Signature sign_digest(const PrivateKey& key, std::span<const std::uint8_t> digest, RandomSource& nonce_source) {
  return sign_digest(key, digest, nonce_source, parallel::available());
}

bool signature_in_range(const ec2m::Curve& curve, const Signature& sig) { return detail::in_range(curve, sig); }

bool verify_digest(const PublicKey& key, std::span<const std::uint8_t> digest, const Signature& sig, int threads) {
  if (key.curve == nullptr || !detail::in_range(*key.curve, sig)) return false;
  const ec2m::Curve& c = *key.curve;
  const ec2m::Scalar s = ec2m::scalar_from_nat(sig.s), r = ec2m::scalar_from_nat(sig.r);
  return detail::check_point(c, digest, sig, ec2m::mul_double_chosen_vartime(c, s, r, key.q, threads));
}

bool verify_digest(const PublicKey& key, std::span<const std::uint8_t> digest, const Signature& sig) {
  return verify_digest(key, digest, sig, parallel::available());
}

}  // namespace dstu::dstu4145
