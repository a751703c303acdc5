// ECDSA and ECGDSA signing (sign.hpp).
#include "dstu/ecdsa/sign.hpp"

#include <array>

#include "dstu/base/ctgrind.hpp"
#include "dstu/base/error.hpp"
#include "dstu/base/wipe.hpp"
#include "dstu/ecdsa/rfc6979.hpp"
#include "sign_steps.hpp"

namespace dstu::ecdsa {

const char* default_hash(const Group& group) {
  const std::size_t bits = group.order_bits();
  return bits <= 256 ? "sha256" : bits <= 384 ? "sha384" : "sha512";
}

mp::Nat digest_to_integer(const Group& group, std::span<const std::uint8_t> digest) {
  const std::size_t qlen = group.order_bits();
  mp::Nat e = mp::Nat::from_bytes_be(digest);
  if (8 * digest.size() > qlen) e = e >> (8 * digest.size() - qlen);
  return e;
}

namespace {

/// u = k^-1 mod n. With a blinding factor b (uniform in [1, n-1], secret): k^-1 =
/// b (k b)^-1, where k b is uniform and independent of k, so it is published and
/// inverted by the variable-time twin of Bernstein and Yang's divsteps, faster than the
/// constant-time ones. Without b (sign_with_nonce: no generator to draw it from), the
/// constant-time inverse.
Scalar nonce_inverse(const curve::ScalarField& fn, const Scalar& k, const Scalar* blind) {
  if (blind == nullptr) return fn.inv(k);
  Scalar w = fn.mul(k, *blind);
  ct::unpoison(&w, sizeof w);  // k b: uniform, says nothing about k without b
  Scalar u = fn.inv_vartime(w);
  Scalar out = fn.mul(u, *blind);
  u.wipe();
  return out;
}

/// The signature for nonce k, or r = s = 0 when either comes out 0 (the caller draws
/// another k). Constant time in d and k; r is public once computed. `blind`: as for
/// nonce_inverse (ECDSA only).
Signature sign_once(Scheme scheme, const PrivateKey& key, const mp::Nat& e, const Scalar& k,
                    const Scalar* blind = nullptr) {
  const Group& g = key.group();
  const curve::ScalarField& fn = g.scalar_field();
  Point big_r = g.mul_base(k);
  ct::unpoison(&big_r, sizeof big_r);  // r = x(R) mod n is published
  Signature sig;
  sig.r = g.x_integer(big_r) % g.order();
  if (sig.r.is_zero()) return {};
  const Scalar rr = curve::scalar_from_nat(sig.r), ee = fn.reduce(curve::scalar_from_nat(e));
  Scalar t, u;
  ScopedWipe wipe(t, u);
  if (scheme == Scheme::ecdsa) {  // s = k^-1 (e + r d)
    t = fn.add(fn.mul(rr, key.d()), ee);
    u = nonce_inverse(fn, k, blind);
    t = fn.mul(t, u);
  } else {  // s = (k r - e) d
    t = fn.mul(fn.sub(fn.mul(k, rr), ee), key.d());
  }
  ct::unpoison(&t, sizeof t);  // s is published
  sig.s = curve::scalar_to_nat(t);
  if (sig.s.is_zero()) return {};
  return sig;
}

}  // namespace

Signature sign_with_nonce(Scheme scheme, const PrivateKey& key, std::span<const std::uint8_t> digest,
                          const Scalar& k) {
  const Group& c = key.group();
  if (!scalar_in_range(c, k)) throw_invalid("nonce not in [1, n-1]");
  Signature sig = sign_once(scheme, key, digest_to_integer(c, digest), k);
  if (sig.r.is_zero()) throw_invalid("this nonce gives r = 0 or s = 0");
  return sig;
}

Signature detail::sign_rfc6979(Scheme scheme, const PrivateKey& key, std::string_view hash_name,
                               std::span<const std::uint8_t> digest, std::span<const std::uint8_t> extra) {
  const Group& c = key.group();
  const mp::Nat e = digest_to_integer(c, digest);
  Rfc6979 gen(c, hash_name, key.d(), digest, extra);
  for (;;) {
    Scalar k = gen.next();
    ScopedWipe wipe_k(k);
    Scalar blind;
    ScopedWipe wipe_blind(blind);
    const Scalar* blinding = nullptr;  // ECDSA only: ECGDSA inverts nothing
    if (scheme == Scheme::ecdsa) {
      blind = gen.blinding();
      blinding = &blind;
    }
    Signature sig = sign_once(scheme, key, e, k, blinding);
    if (!sig.r.is_zero()) return sig;
  }
}

Signature sign(Scheme scheme, const PrivateKey& key, std::string_view hash_name, std::span<const std::uint8_t> digest,
               RandomSource& entropy, Nonces nonces) {
  if (nonces == Nonces::deterministic) return detail::sign_rfc6979(scheme, key, hash_name, digest, {});
  std::array<std::uint8_t, detail::kFreshOctets> fresh{};
  ScopedWipe wipe_fresh(fresh);
  entropy.fill(fresh);
  return detail::sign_rfc6979(scheme, key, hash_name, digest, fresh);
}

}  // namespace dstu::ecdsa
