// Scalar multiplication: 4-bit fixed windows with a masked table scan (constant time),
// Shamir's simultaneous double-and-add for verification (variable time).
#include "dstu/ecp/scalar_mul.hpp"

#include "dstu/base/ctgrind.hpp"
#include "dstu/base/error.hpp"
#include "dstu/base/wipe.hpp"
#include "projective.hpp"

namespace dstu::ecp {
namespace detail {

AffinePoint to_affine(const Curve& c, const Proj& p) {
  const gfp::Field& f = c.field();
  ct::Mask inf = f.is_zero(p.Z);
  ct::unpoison(&inf, sizeof inf);
  if (inf) return AffinePoint::at_infinity();
  gfp::Element zi;
  f.inv(zi, p.Z);
  AffinePoint r;
  f.mul(r.x, p.X, zi);
  f.mul(r.y, p.Y, zi);
  secure_wipe(&zi, sizeof zi);
  return r;
}

}  // namespace detail

namespace {

using detail::Proj;
constexpr int kWindow = 4;
constexpr int kTable = 1 << kWindow;

/// The 4-bit digit of k at window j (bits 4j .. 4j + 3).
unsigned digit(const Scalar& k, std::size_t j) {
  const std::size_t bit = kWindow * j;
  return static_cast<unsigned>(k.v[bit / 64] >> (bit % 64)) & (kTable - 1);  // 64 is a multiple of 4
}

void cmov(const gfp::Field& f, Proj& r, const Proj& a, ct::Mask m) {
  f.cmov(r.X, a.X, m);
  f.cmov(r.Y, a.Y, m);
  f.cmov(r.Z, a.Z, m);
}

}  // namespace

Scalar scalar_from_nat(const mp::Nat& x) {
  if (x.bits() > Scalar::kBits) throw_invalid("scalar wider than 576 bits");
  Scalar s;
  x.to_limbs(s.data(), Scalar::kLimbs);
  return s;
}

AffinePoint mul(const Curve& c, const Scalar& k, const AffinePoint& p) {
  const gfp::Field& f = c.field();
  // table[i] = i P, for i < 16.
  Proj table[kTable];
  table[0] = detail::infinity(c);
  table[1] = detail::from_affine(c, p);
  for (int i = 2; i < kTable; ++i) detail::add(c, table[i], table[i - 1], table[1]);
  const std::size_t windows = (c.order_bits() + kWindow - 1) / kWindow;
  Proj acc = detail::infinity(c), entry;
  for (std::size_t j = windows; j-- > 0;) {
    for (int s = 0; s < kWindow; ++s) detail::add(c, acc, acc, acc);
    const unsigned d = digit(k, j);
    entry = table[0];
    for (int i = 1; i < kTable; ++i) cmov(f, entry, table[i], ct::eq(static_cast<std::uint64_t>(i), d));
    detail::add(c, acc, acc, entry);
  }
  const AffinePoint out = detail::to_affine(c, acc);
  secure_wipe(table, sizeof table);
  secure_wipe(&acc, sizeof acc);
  secure_wipe(&entry, sizeof entry);
  return out;
}

AffinePoint mul_base(const Curve& c, const Scalar& k) { return mul(c, k, c.generator()); }

AffinePoint add_vartime(const Curve& c, const AffinePoint& p, const AffinePoint& q) {
  Proj r;
  detail::add(c, r, detail::from_affine(c, p), detail::from_affine(c, q));
  return detail::to_affine(c, r);
}

AffinePoint mul_double_vartime(const Curve& c, const Scalar& u1, const Scalar& u2, const AffinePoint& q) {
  const Proj g = detail::from_affine(c, c.generator()), pq = detail::from_affine(c, q);
  Proj sum;
  detail::add(c, sum, g, pq);
  Proj acc = detail::infinity(c);
  const std::size_t bits = Scalar::kBits;
  std::size_t top = bits;
  while (top > 0 && !mp::bit(u1, top - 1) && !mp::bit(u2, top - 1)) --top;
  for (std::size_t i = top; i-- > 0;) {
    detail::add(c, acc, acc, acc);
    const bool b1 = mp::bit(u1, i), b2 = mp::bit(u2, i);
    if (b1 && b2) {
      detail::add(c, acc, acc, sum);
    } else if (b1) {
      detail::add(c, acc, acc, g);
    } else if (b2) {
      detail::add(c, acc, acc, pq);
    }
  }
  return detail::to_affine(c, acc);
}

}  // namespace dstu::ecp
