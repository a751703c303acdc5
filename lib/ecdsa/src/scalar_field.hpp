// Secret scalars in and out of the field of integers mod n (Group::scalar_field()),
// constant time: through big-endian octets of n's length, never through mp::Nat.
#pragma once

#include <array>

#include "dstu/base/error.hpp"
#include "dstu/base/wipe.hpp"
#include "dstu/ecdsa/group.hpp"

namespace dstu::ecdsa::detail {

/// x < n into Montgomery form.
inline gfp::Element to_field(const gfp::Field& f, const Scalar& x) {
  std::array<std::uint8_t, 8 * gfp::kMaxLimbs> be{};
  ScopedWipe wipe_be(be);
  const std::span<std::uint8_t> octets(be.data(), f.bytes());
  x.get_bytes_be(octets);
  gfp::Element r;
  if (!f.from_bytes_be(octets, r)) throw_invalid("scalar not below the group order");  // x is in range by contract
  return r;
}

/// The canonical value of a as a Scalar.
inline Scalar from_field(const gfp::Field& f, const gfp::Element& a) {
  std::array<std::uint8_t, 8 * gfp::kMaxLimbs> be{};
  ScopedWipe wipe_be(be);
  const std::span<std::uint8_t> octets(be.data(), f.bytes());
  f.to_bytes_be(a, octets);
  Scalar r;
  r.set_bytes_be(octets);
  return r;
}

}  // namespace dstu::ecdsa::detail
