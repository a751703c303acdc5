// Internal: the steps of signing and verification shared by the one-at-a-time
// functions (sign.cpp) and the batch (batch.cpp), so both compute exactly the same.
#pragma once

#include <optional>
#include <span>

#include "dstu/dstu4145/sign.hpp"
#include "dstu/ec2m/curve.hpp"

namespace dstu::dstu4145::detail {

/// r = trunc(h x(F)), s = e + d r mod n for the nonce e and F = e G (§12 steps after
/// the scalar multiplication); nothing when r or s is 0 (draw another nonce). Wipes e
/// and F. Constant time in d, e and F up to the public outcome.
std::optional<Signature> finish_signature(const PrivateKey& key, const gf2m::Element& h, ec2m::Scalar& e,
                                          ec2m::AffinePoint& big_f);

/// The range check of §13: 0 < r, s < n.
bool in_range(const ec2m::Curve& c, const Signature& sig);

/// The final comparison of §13 for R = s G + r Q: R != O and r == trunc(h x(R)).
bool check_point(const ec2m::Curve& c, std::span<const std::uint8_t> digest, const Signature& sig,
                 const ec2m::AffinePoint& big_r);

}  // namespace dstu::dstu4145::detail
