// Test helpers for dstu4145: curves from vector fields, injected nonces.
#pragma once

#include <memory>
#include <sstream>

#include "dstu/base/error.hpp"
#include "dstu/ec2m/curve.hpp"
#include "dstu/mp/nat.hpp"
#include "vec.hpp"

namespace dstu::test {

/// The vector's curve: a named one by OID, or explicit parameters with its own base
/// point (owned by `holder`).
inline const ec2m::Curve& curve_of(const Vector& v, std::unique_ptr<ec2m::Curve>& holder) {
  if (v.has("Oid")) return ec2m::Curve::named(v.get("Oid"));
  ec2m::CurveSpec s;
  std::istringstream exps(v.get("Exponents"));
  for (int e; exps >> e;) s.exponents.push_back(e);
  s.a = std::stoi(v.get("A"));
  s.b = v.get("B");
  s.n = v.get("N");
  s.cofactor = static_cast<unsigned>(std::stoul(v.get("Cofactor")));
  s.gx = v.get("Px");
  s.gy = v.get("Py");
  holder = std::make_unique<ec2m::Curve>(s);
  return *holder;
}

/// A RandomSource that yields fixed octets, then fails: the test-only way to inject a
/// signing nonce (random_scalar reads ceil(L(n)/8) little-endian octets).
class FixedBytes final : public RandomSource {
 public:
  explicit FixedBytes(Bytes bytes) : bytes_(std::move(bytes)) {}
  void fill(std::span<std::uint8_t> out) override {
    if (out.size() > bytes_.size() - pos_) throw Error(Errc::io, "FixedBytes exhausted");
    for (auto& b : out) b = bytes_[pos_++];
  }

 private:
  Bytes bytes_;
  std::size_t pos_ = 0;
};

/// The nonce e as the octets random_scalar turns back into e.
inline FixedBytes nonce(const ec2m::Curve& c, const mp::Nat& e) {
  return FixedBytes(e.to_bytes_le((c.order_bits() + 7) / 8));
}

}  // namespace dstu::test
