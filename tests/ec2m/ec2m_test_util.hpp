// Test helpers for ec: random scalars with edge shapes, random points of order n.
#pragma once

#include "dstu/ec2m/curve.hpp"
#include "dstu/ec2m/scalar_mul.hpp"
#include "dstu/mp/nat.hpp"
#include "test_random.hpp"

namespace dstu::test {

/// Scalars to try on a curve: 0, 1, 2, n-1, n, n+1, 2n-1, powers of two, values with
/// long runs of zeros or ones, then random ones below n.
inline std::vector<mp::Nat> edge_scalars(const ec2m::Curve& c, TestRng& rng, int random_count) {
  const mp::Nat n = c.order();
  std::vector<mp::Nat> out{mp::Nat(), mp::Nat(1), mp::Nat(2), mp::Nat(3), n - mp::Nat(1), n, n + mp::Nat(1),
                           n + n - mp::Nat(1), n - mp::Nat(2), (n >> 1), (n >> 1) + mp::Nat(1)};
  const std::size_t t = c.order_bits();
  out.push_back(mp::Nat::power_of_two(t - 1));
  out.push_back(mp::Nat::power_of_two(t - 2) + mp::Nat(1));
  out.push_back(mp::Nat::power_of_two(t / 2));
  out.push_back((mp::Nat::power_of_two(t - 1) - mp::Nat(1)) % n);  // all ones
  for (int i = 0; i < random_count; ++i) {
    mp::Nat k = mp::Nat::from_limbs(rng.number(rng.range(1, t))) % n;
    out.push_back(k);
  }
  return out;
}

/// The scalars e' = n - 2 |D_0| whose own column 0 is the digit D_0 < 0 of the signed
/// comb of window w, where its last addition meets its own operand (lib/ec2m's
/// comb_internal.hpp): for each choice of the w signs of column 0, e' from D_0, kept
/// when e''s recoding m = (e' - 1) / 2 + 2^(t - 1) has those signs in column 0.
inline std::vector<mp::Nat> last_column_doublings(const ec2m::Curve& c, int w) {
  const std::size_t bits = c.order_bits(), wu = static_cast<std::size_t>(w), d = (bits + wu - 1) / wu;
  std::vector<mp::Nat> out;
  for (unsigned signs = 0; signs < (1u << w); ++signs) {
    mp::Nat plus, minus;  // D_0 = plus - minus
    for (std::size_t i = 0; i < wu; ++i) {
      mp::Nat& side = ((signs >> i) & 1) != 0 ? plus : minus;
      side = side + mp::Nat::power_of_two(i * d);
    }
    if (!(minus > plus)) continue;
    const mp::Nat e = c.order() - (minus - plus) - (minus - plus);
    const mp::Nat m = ((e - mp::Nat(1)) >> 1) + mp::Nat::power_of_two(wu * d - 1);
    bool match = true;
    for (std::size_t i = 0; i < wu; ++i) match = match && m.bit(i * d) == (((signs >> i) & 1) != 0);
    if (match) out.push_back(e);
  }
  return out;
}

/// A random point of order n: h * (a random curve point), via decompression of a
/// random x (retried until it is on the curve).
inline ec2m::AffinePoint random_point(const ec2m::Curve& c, TestRng& rng);

}  // namespace dstu::test

#include "dstu/ec2m/point.hpp"
#include "dstu/gf2m/ops.hpp"

inline dstu::ec2m::AffinePoint dstu::test::random_point(const ec2m::Curve& c, TestRng& rng) {
  for (;;) {
    gf2m::Element x;
    const auto& f = c.field();
    for (int i = 0; i < f.words(); ++i) x.w[i] = rng.u64();
    x.w[f.words() - 1] &= f.top_mask();
    try {
      ec2m::AffinePoint p = ec2m::decompress(c, x);
      p = ec2m::mul_reference_vartime(c, mp::Nat(c.cofactor()), p);
      if (!p.infinity) return p;
    } catch (const std::exception&) {
    }
  }
}
