// dstu::dstu4145 — DSTU 4145-2002 key pairs (§9-10).
//
// What it is: private keys d in [1, n-1], public keys Q = -d G,
// key generation from any RandomSource, and the checks of §10.
// Depends on: ec (curves, comb), mp, rng. Key identifiers and encodings: lib/pkix.
// Secret: d, and everything derived from it before Q.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "dstu/base/random.hpp"
#include "dstu/ec2m/curve.hpp"

namespace dstu::dstu4145 {

/// The 64-byte packed GOST 28147 S-box ("DKE") a key may carry for GOST 34.311.
using Dke = std::array<std::uint8_t, 64>;

/// A public key: a curve point of order n (validated whenever a key is loaded).
struct PublicKey {
  const ec2m::Curve* curve = nullptr;
  ec2m::AffinePoint q;
  std::optional<Dke> dke;  ///< the S-box of the key's parameters, when it names one
};

/// A private key. Wipes d when destroyed; no comparison operators (house style).
class PrivateKey {
 public:
  /// d must satisfy 0 < d < n (checked in constant time; Error(invalid_input) otherwise).
  PrivateKey(const ec2m::Curve& curve, const ec2m::Scalar& d, std::optional<Dke> dke = std::nullopt);
  ~PrivateKey();
  PrivateKey(const PrivateKey& other);
  PrivateKey& operator=(const PrivateKey& other);

  const ec2m::Curve& curve() const { return *curve_; }
  const ec2m::Scalar& d() const { return d_; }
  const std::optional<Dke>& dke() const { return dke_; }
  /// Q = -d G (constant time).
  PublicKey public_key() const;

 private:
  const ec2m::Curve* curve_;
  ec2m::Scalar d_;
  std::optional<Dke> dke_;
};

/// A fresh key pair: d uniform in [1, n-1] by rejection sampling from rng (the
/// rejections do not depend on the accepted value), Q = -d G by the comb.
PrivateKey generate_key(const ec2m::Curve& curve, RandomSource& rng);

/// A uniform integer in [1, n-1] from rng (the nonce of signing uses it too).
ec2m::Scalar random_scalar(const ec2m::Curve& curve, RandomSource& rng);

/// §10.1: Q != O, on the curve, n Q = O. Variable time (public data).
bool valid_public_key(const PublicKey& key);

/// §10.2: -d G == Q.
bool keys_match(const PrivateKey& priv, const PublicKey& pub);

}  // namespace dstu::dstu4145
